import { branchesInScope as branchesOf } from '../branches/branch.state.js';
import type { Database } from '../platform/platform.js';
import type { Kysely } from 'kysely';
import { DEFAULT_BRANCH_ID, type BranchScope, type VaultRegister } from '@goldledger/contracts';
import { inBranchScope } from '../branches/branch-scope.js';
import { loadBranch } from '../branches/branch.state.js';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';

export type VaultBranch = VaultRegister['branch'];

/** Another branch's vault is answered like one that does not exist. */
const branchNotFound = () => new DomainError('Branch not found', 'branch_not_found', 404);

/** A branch's register heading, from its stream (the default branch exists before it is written). */
export async function vaultBranch(store: EventStore, branchId: string): Promise<VaultBranch | null> {
  const { state } = await loadBranch(store, branchId);
  return state && { id: state.branchId, code: state.code, name: state.name, vaultName: state.vault.name };
}

/**
 * The branch a register or audit request is about: the one asked for, when the caller's
 * scope holds it; otherwise the default branch, or an employee's first branch.
 */
export async function branchForCaller(
  store: EventStore,
  scope: BranchScope,
  asked: string | undefined,
): Promise<VaultBranch> {
  const id =
    asked ??
    (scope.kind === 'all' || scope.branchIds.includes(DEFAULT_BRANCH_ID)
      ? DEFAULT_BRANCH_ID
      : scope.branchIds[0]);
  if (!id || !inBranchScope(scope, id)) throw branchNotFound();
  const branch = await vaultBranch(store, id);
  if (!branch) throw branchNotFound();
  return branch;
}

/** The branches the caller may pick: every opened branch and the default one, within their scope, by code. */
export async function branchesInScope(
  db: Kysely<Database>,
  store: EventStore,
  scope: BranchScope,
): Promise<VaultBranch[]> {
  const branches = await branchesOf(db, store, scope);
  return branches.map((b) => ({ id: b.branchId, code: b.code, name: b.name, vaultName: b.vault.name }));
}
