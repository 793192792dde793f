import type { Kysely } from 'kysely';
import {
  BRANCH_STREAM_TYPE,
  DEFAULT_BRANCH_DETAILS,
  DEFAULT_BRANCH_ID,
  branchStreamId,
  type BranchDetails,
  type BranchEvent,
  type BranchScope,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';
import { inBranchScope } from './branch-scope.js';

/** A branch as its stream says; null until `BranchOpened`. */
export type BranchState = (BranchDetails & { branchId: string }) | null;

export function evolveBranch(state: BranchState, event: BranchEvent): BranchState {
  switch (event.type) {
    case 'BranchOpened':
      return { ...event.data };
    case 'BranchUpdated':
      return state && { ...state, ...event.data };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/**
 * A branch and its stream version. The default branch exists before anything is written
 * about it (a single-branch installation never has to open it): until its stream has an
 * event it reads as `DEFAULT_BRANCH_DETAILS` at version 0.
 */
export async function loadBranch(
  store: EventStore,
  branchId: string,
): Promise<{ state: BranchState; version: number }> {
  const { version, events } = await store.readStream(branchStreamId(branchId));
  const state = events.reduce<BranchState>((s, e) => evolveBranch(s, e as unknown as BranchEvent), null);
  if (!state && branchId === DEFAULT_BRANCH_ID) {
    return { state: { ...DEFAULT_BRANCH_DETAILS, branchId }, version };
  }
  return { state, version };
}

/** A branch by id, for names and vault safes; 404 when it does not exist. */
export async function requireBranch(store: EventStore, branchId: string) {
  const { state } = await loadBranch(store, branchId);
  if (!state) throw new DomainError('Branch not found', 'branch_not_found', 404);
  return state;
}

/**
 * Every branch within a scope (a handful: the default one, even before it is written, and
 * those opened since), read from their streams, in code order: the branch pickers of the
 * vault register, the cash book and custody.
 */
export async function branchesInScope(
  db: Kysely<Database>,
  store: EventStore,
  scope: BranchScope = { kind: 'all' },
): Promise<Array<NonNullable<BranchState>>> {
  const rows = await db
    .selectFrom('streams')
    .select('stream_id')
    .where('stream_type', '=', BRANCH_STREAM_TYPE)
    .execute();
  const ids = new Set([DEFAULT_BRANCH_ID, ...rows.map((r) => r.stream_id.replace(/^branch-/, ''))]);
  const loaded = await Promise.all(
    [...ids].filter((id) => inBranchScope(scope, id)).map((id) => loadBranch(store, id)),
  );
  return loaded.flatMap(({ state }) => (state ? [state] : [])).sort((a, b) => a.code.localeCompare(b.code));
}
