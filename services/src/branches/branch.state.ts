import {
  DEFAULT_BRANCH_DETAILS,
  DEFAULT_BRANCH_ID,
  branchStreamId,
  type BranchDetails,
  type BranchEvent,
} from '@goldledger/contracts';
import type { EventStore } from '../platform/event-store/event-store.js';

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
