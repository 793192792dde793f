import type { BranchScope } from '@goldledger/contracts';
import type { Session } from '../identity/access.plugin.js';
import { loadUser } from '../identity/user-commands.js';
import type { EventStore } from '../platform/event-store/event-store.js';

/**
 * Which branches a signed-in person may see and act on. Admins (and auditors, who only
 * read) see every branch; an employee sees the branches they are assigned to; a customer
 * none (their own loans are found by their account, not by branch).
 */
export function branchScopeOf(session: Session): BranchScope {
  if (session.role === 'admin' || (session.role as string) === 'auditor') return { kind: 'all' };
  return { kind: 'branches', branchIds: session.branchIds };
}

export function inBranchScope(scope: BranchScope, branchId: string): boolean {
  return scope.kind === 'all' || scope.branchIds.includes(branchId);
}

/**
 * Whether a member of staff may act at a branch, read from their account now (not from a
 * token): the second person of dual control is checked this way. Admins act at every branch;
 * removed accounts and customers at none.
 */
export async function worksAtBranch(store: EventStore, userId: string, branchId: string): Promise<boolean> {
  const { state } = await loadUser(store, userId);
  if (!state.exists || state.removed) return false;
  if (state.role === 'admin') return true;
  return state.role === 'employee' && state.branchIds.includes(branchId);
}
