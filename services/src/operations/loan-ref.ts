import type { Kysely } from 'kysely';
import { loanBook } from '../loan-queries/loan-book.queries.js';
import { DomainError } from '../platform/decider.js';
import type { Database } from '../platform/platform.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The loan stream's uuid for a path's `:loanId`: the uuid (`_id`) itself, or the loan
 * number (`GL…`) looked up in the loan book. The command that follows reads the stream,
 * so a uuid needs no read model and an unknown one is refused there.
 */
export async function resolveLoanRef(db: Kysely<Database>, ref: string): Promise<string> {
  if (UUID.test(ref)) return ref.toLowerCase();
  const row = await loanBook(db)
    .selectFrom('loans')
    .select('loan_uuid')
    .where('loan_id', '=', ref.trim().toUpperCase())
    .where('list_status', '<>', 'hidden')
    .executeTakeFirst();
  if (!row) throw new DomainError('Loan not found', 'loan_not_found', 404);
  return row.loan_uuid;
}
