import { randomUUID } from 'node:crypto';
import {
  BRANCH_STREAM_TYPE,
  DEFAULT_BRANCH_DETAILS,
  branchStreamId,
  type BranchDetails,
} from '@goldledger/contracts';
import { issueToken, sessionOfUser } from '../identity/access.plugin.js';
import { loadUser } from '../identity/user-commands.js';
import { USER_STREAM_TYPE, userStreamId } from '../identity/user.decider.js';
import type { TestApi } from './test-api.js';

/**
 * Branches for tests, written as their events (the branch admin routes are a slice of
 * their own): open a branch, assign staff to branches, and sign a member of staff in.
 */

/** Opens a branch with the default branch's details under another code and name; its id. */
export async function openBranch(api: TestApi, details: Partial<BranchDetails> & { code: string }) {
  const branchId = randomUUID();
  await api.store.append(
    branchStreamId(branchId),
    [
      {
        type: 'BranchOpened',
        data: { ...DEFAULT_BRANCH_DETAILS, name: `${details.code} Branch`, ...details, branchId },
        occurredAt: api.clock.now(),
      },
    ],
    { streamType: BRANCH_STREAM_TYPE, expectedVersion: 'no_stream' },
  );
  return branchId;
}

/** Sets the branches a member of staff works at (their older tokens end with it). */
export async function assignBranches(api: TestApi, userId: string, branchIds: string[]) {
  const { version } = await loadUser(api.store, userId);
  await api.store.append(
    userStreamId(userId),
    [{ type: 'StaffBranchesAssigned', data: { branchIds }, occurredAt: api.clock.now() }],
    { streamType: USER_STREAM_TYPE, expectedVersion: version },
  );
}

/** A token for any account, valid at its current version (with its current branches). */
export async function tokenOfUser(api: TestApi, userId: string): Promise<string> {
  const { state, version } = await loadUser(api.store, userId);
  return issueToken(api.app, sessionOfUser(userId, state, version));
}
