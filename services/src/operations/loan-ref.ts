import type { Kysely } from 'kysely';
import type { BranchScope } from '@goldledger/contracts';
import { inBranchScope } from '../branches/branch-scope.js';
import { loadLoan } from '../lending/loan-commands.js';
import { loanBook } from '../loan-queries/loan-book.queries.js';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const loanNotFound = () => new DomainError('Loan not found', 'loan_not_found', 404);

/**
 * The loan stream's uuid for a path's `:loanId`: the uuid (`_id`) itself, or the loan
 * number (`GL…`) looked up in the loan book. The command that follows reads the stream,
 * so a uuid needs no read model and an unknown one is refused there. A loan at a branch
 * outside `scope` is not found (its branch is read from its stream, never a lagging read model).
 */
export async function resolveLoanRef(
  deps: { db: Kysely<Database>; store: EventStore },
  ref: string,
  scope: BranchScope,
): Promise<string> {
  let loanUuid: string;
  if (UUID.test(ref)) loanUuid = ref.toLowerCase();
  else {
    const row = await loanBook(deps.db)
      .selectFrom('loans')
      .select('loan_uuid')
      .where('loan_id', '=', ref.trim().toUpperCase())
      .where('list_status', '<>', 'hidden')
      .executeTakeFirst();
    if (!row) throw loanNotFound();
    loanUuid = row.loan_uuid;
  }
  if (scope.kind === 'all') return loanUuid;
  const { state } = await loadLoan(deps.store, loanUuid);
  if (state.status === 'none' || !inBranchScope(scope, state.branchId)) throw loanNotFound();
  return loanUuid;
}
