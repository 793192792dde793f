import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { DEFAULT_BRANCH_ID, type BranchScope } from '@goldledger/contracts';
import type { FastifyRequest } from 'fastify';
import { sessionOf, type Session } from '../identity/access.plugin.js';
import { loadUser } from '../identity/user-commands.js';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { loadBranch } from './branch.state.js';

/**
 * Which branches a signed-in person may see and act on. Admins (and auditors, who only
 * read) see every branch; an employee sees the branches they are assigned to; a customer
 * none (their own loans are found by their account, not by branch).
 */
export function branchScopeOf(session: Session): BranchScope {
  if (session.role === 'admin' || session.role === 'auditor') return { kind: 'all' };
  if (session.role === 'customer') return { kind: 'branches', branchIds: [] };
  return { kind: 'branches', branchIds: session.branchIds };
}

export function inBranchScope(scope: BranchScope, branchId: string): boolean {
  return scope.kind === 'all' || scope.branchIds.includes(branchId);
}

/**
 * The scope narrowed to one branch (a list's `?branchId=`). Narrowing never widens: an
 * employee naming a branch that is not theirs sees nothing, as for a branch with no rows.
 */
export function narrowedTo(scope: BranchScope, branchId: string | undefined): BranchScope {
  if (branchId === undefined) return scope;
  return { kind: 'branches', branchIds: inBranchScope(scope, branchId) ? [branchId] : [] };
}

/**
 * The branches a request may read: its session's, narrowed by `?branchId=` when the route's
 * query schema takes one. Every route that reads loans or customers asks this, and hands
 * the answer to its queries (`branchIn`) or checks a single row with `inBranchScope`.
 */
export function scopeOf(request: FastifyRequest): BranchScope {
  const asked = (request.query as { branchId?: unknown } | undefined)?.branchId;
  const scope = branchScopeOf(sessionOf(request));
  if (asked === undefined) return scope;
  // A route without a query schema sees the raw text: what is no branch id matches nothing.
  const branchId = z.uuid().safeParse(asked);
  return branchId.success ? narrowedTo(scope, branchId.data) : { kind: 'branches', branchIds: [] };
}

/**
 * A query's condition that the row's branch column is within the scope: always true for
 * every branch, never true for none.
 */
export function branchIn(scope: BranchScope, column: string): RawBuilder<boolean> {
  if (scope.kind === 'all') return sql<boolean>`true`;
  if (scope.branchIds.length === 0) return sql<boolean>`false`;
  return sql<boolean>`${sql.ref(column)} = any(${[...scope.branchIds]}::uuid[])`;
}

/**
 * Whether a member of staff may act at a branch, read from their account now (not from a
 * token): the second person of dual control is checked this way. Admins act at every branch;
 * removed accounts, auditors and customers at none.
 */
export async function worksAtBranch(store: EventStore, userId: string, branchId: string): Promise<boolean> {
  const { state } = await loadUser(store, userId);
  if (!state.exists || state.removed) return false;
  if (state.role === 'admin') return true;
  return state.role === 'employee' && state.branchIds.includes(branchId);
}

/**
 * The branch a new customer relationship is recorded at. An employee's own branch; one who
 * works at several must name it (400), and a branch not theirs is not found (404). Admins
 * name any branch that exists, or get the default branch.
 */
export async function branchForNewCustomer(
  store: EventStore,
  session: Session,
  asked: string | undefined,
): Promise<string> {
  const notFound = () => new DomainError('Branch not found', 'branch_not_found', 404);
  if (session.role === 'admin') {
    if (asked === undefined) return DEFAULT_BRANCH_ID;
    if (!(await loadBranch(store, asked)).state) throw notFound();
    return asked;
  }
  const own = session.role === 'employee' ? session.branchIds : [];
  if (asked !== undefined) {
    if (!own.includes(asked)) throw notFound();
    return asked;
  }
  if (own.length === 1) return own[0]!;
  if (own.length === 0) throw notFound();
  throw new DomainError(
    'Choose the branch this customer belongs to: you work at more than one',
    'branch_required',
    400,
  );
}
