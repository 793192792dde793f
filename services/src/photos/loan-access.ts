import type { Kysely } from 'kysely';
import { branchScopeOf, inBranchScope } from '../branches/branch-scope.js';
import type { Session } from '../identity/access.plugin.js';
import { loadLoan } from '../lending/loan-commands.js';
import type { LoanState } from '../lending/loan.state.js';
import { customerIdOfUser } from '../loan-queries/loan-book.queries.js';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';

export interface LoanAccessDeps {
  store: EventStore;
  db: Kysely<Database>;
}

export const loanNotFound = () => new DomainError('Loan not found', 'loan_not_found', 404);

/**
 * The loan, read from its stream, if the caller may see it: staff and auditors a loan that
 * was not deleted at a branch in their scope; a customer only their own, by the rule
 * `GET /api/loans/:id` uses (the account's customer id is the loan's). Anyone else hears
 * what they would for a loan that does not exist.
 */
export async function loanForCaller(
  deps: LoanAccessDeps,
  session: Session,
  loanUuid: string,
): Promise<{ state: LoanState; version: number }> {
  const [loaded, ownCustomerId] = await Promise.all([
    loadLoan(deps.store, loanUuid),
    session.role === 'customer' ? customerIdOfUser(deps.db, session.userId) : undefined,
  ]);
  const { state } = loaded;
  if (state.status === 'none' || state.status === 'deleted' || !state.customer) throw loanNotFound();
  if (session.role === 'customer') {
    if (!ownCustomerId || state.customer.customerId !== ownCustomerId) throw loanNotFound();
  } else if (!inBranchScope(branchScopeOf(session), state.branchId)) {
    throw loanNotFound();
  }
  return loaded;
}
