import { branchScopeOf, inBranchScope } from '../branches/branch-scope.js';
import type { Session } from '../identity/access.plugin.js';
import { loadLoan } from '../lending/loan-commands.js';
import type { LoanState } from '../lending/loan.state.js';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { packetOfLoan, type LoadedPacket } from './custody-commands.js';

export interface CustodyContext {
  loanUuid: string;
  loan: LoanState;
  packet: LoadedPacket | null;
  /** Whether the caller's branches include this one. */
  canActAt: (branchId: string) => boolean;
}

const loanNotFound = () => new DomainError('Loan not found', 'loan_not_found', 404);

/**
 * A loan and its packet, if the caller may see them: the loan's branch is one of theirs,
 * or the branch holding the packet, or the one it is being transferred to (the receiving
 * pair must see what they receive). Anyone else hears what they would of a loan that does
 * not exist. Customers have no custody routes.
 */
export async function custodyOf(
  store: EventStore,
  session: Session,
  loanUuid: string,
): Promise<CustodyContext> {
  const { state: loan } = await loadLoan(store, loanUuid);
  if (loan.status === 'none' || loan.status === 'deleted' || !loan.customer) throw loanNotFound();
  const scope = branchScopeOf(session);
  const canActAt = (branchId: string) => inBranchScope(scope, branchId);
  const packet = await packetOfLoan(store, loanUuid, loan);
  const visible =
    canActAt(loan.branchId) ||
    (packet !== null &&
      (canActAt(packet.state.branchId) ||
        (packet.state.toBranchId !== null && canActAt(packet.state.toBranchId))));
  if (!visible) throw loanNotFound();
  return { loanUuid, loan, packet, canActAt };
}

export function requirePacket(ctx: Pick<CustodyContext, 'loan' | 'packet'>): LoadedPacket {
  if (!ctx.packet) {
    throw new DomainError(
      `The gold of loan ${ctx.loan.loanId} is not sealed yet: seal it first`,
      'packet_not_sealed',
      404,
    );
  }
  return ctx.packet;
}
