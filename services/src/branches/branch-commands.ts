import { setTimeout as sleep } from 'node:timers/promises';
import {
  BRANCH_CODE_STREAM_TYPE,
  BRANCH_STREAM_TYPE,
  DEFAULT_BRANCH_DETAILS,
  DEFAULT_BRANCH_ID,
  branchCodeStreamId,
  branchStreamId,
  type BranchDetails,
  type BranchEvent,
  type EventMetadata,
} from '@goldledger/contracts';
import type { CommandDeps } from '../platform/command-handler.js';
import { DomainError, fold } from '../platform/decider.js';
import { ConcurrencyError, type EventStore, type NewEvent } from '../platform/event-store/event-store.js';
import {
  codeHolder,
  decideBranch,
  decideCodeClaim,
  decideCodeRelease,
  type BranchCodeEvent,
  type BranchCommand,
} from './branch.decider.js';
import { evolveBranch, loadBranch, type BranchState } from './branch.state.js';

const MAX_RETRIES = 30;

/** The 409 an edit gets when the branch changed after the admin opened it. */
export function staleBranch(code: string, seen: number, now: number): DomainError {
  return new DomainError(
    `Branch ${code} has changed since you opened it (you saw version ${seen}, it is now at version ${now}). Reload it to see what changed, then try again.`,
    'stale_version',
    409,
    { expectedVersion: seen, currentVersion: now },
  );
}

const expected = (version: number) => (version === 0 ? ('no_stream' as const) : version);

/** Appends a claim stream's decided events at the version they were decided on. */
async function writeCode(
  store: EventStore,
  code: string,
  decide: (holder: string | null) => BranchCodeEvent[],
  occurredAt: Date,
  metadata: EventMetadata,
): Promise<void> {
  const { version, events } = await store.readStream(branchCodeStreamId(code));
  const decided = decide(codeHolder(code, events as unknown as BranchCodeEvent[]));
  if (decided.length === 0) return;
  await store.append(
    branchCodeStreamId(code),
    decided.map((e) => ({ ...e, occurredAt })),
    { streamType: BRANCH_CODE_STREAM_TYPE, expectedVersion: expected(version), metadata },
  );
}

export interface BranchWritten {
  branchId: string;
  state: NonNullable<BranchState>;
  /** The branch stream's version after the command. */
  version: number;
}

/**
 * Load, decide, append: the branch's events and the claims of its code, in one
 * transaction. A code is unique because its claim stream (`branch-code:<CODE>`) is
 * appended at the version it was read at: of two branches racing for one code, the
 * second's transaction rolls back and, decided again, is refused. A changed code
 * releases the old claim in the same transaction. With `expectedVersion`, a branch that
 * changed since the admin saw it is refused (409) unless it already says what they ask.
 */
async function executeBranchCommand(
  { store, clock }: CommandDeps,
  command: BranchCommand,
  metadata: EventMetadata,
  expectedVersion?: number,
): Promise<BranchWritten> {
  const { branchId } = command;
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.transaction(async (trx) => {
        const { version, events } = await trx.readStream(branchStreamId(branchId));
        const state = fold(evolveBranch, null, events as unknown as BranchEvent[]);
        const decided = decideBranch(command, state);
        const after = fold(evolveBranch, state, decided);
        if (!after) throw new DomainError('Branch not found', 'branch_not_found', 404);
        if (decided.length === 0) return { branchId, state: after, version };
        if (expectedVersion !== undefined && version !== expectedVersion) {
          throw staleBranch(state?.code ?? after.code, expectedVersion, version);
        }
        const occurredAt = clock.now();
        // The default branch held its code before its stream existed (branch.decider.ts).
        const before = state ?? (branchId === DEFAULT_BRANCH_ID ? DEFAULT_BRANCH_DETAILS : null);
        if (before?.code !== after.code) {
          await writeCode(
            trx,
            after.code,
            (h) => decideCodeClaim(after.code, h, branchId),
            occurredAt,
            metadata,
          );
          if (before) {
            await writeCode(trx, before.code, (h) => decideCodeRelease(h, branchId), occurredAt, metadata);
          }
        }
        const appended: NewEvent[] = decided.map((e) => ({ ...e, occurredAt }));
        await trx.append(branchStreamId(branchId), appended, {
          streamType: BRANCH_STREAM_TYPE,
          expectedVersion: expected(version),
          metadata,
        });
        return { branchId, state: after, version: version + decided.length };
      });
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt > MAX_RETRIES) throw error;
      await sleep(Math.random() * 4 * 2 ** Math.min(attempt, 6));
    }
  }
}

/** Opens a branch under `branchId` (a request's id: the same request again changes nothing). */
export const openBranch = (
  deps: CommandDeps,
  branchId: string,
  details: BranchDetails,
  metadata: EventMetadata = {},
) => executeBranchCommand(deps, { type: 'OpenBranch', branchId, details }, metadata);

/** An admin's edit: the whole of the details, against the version they saw. */
export const updateBranch = (
  deps: CommandDeps,
  branchId: string,
  details: BranchDetails,
  expectedVersion: number,
  metadata: EventMetadata = {},
) => executeBranchCommand(deps, { type: 'UpdateBranch', branchId, details }, metadata, expectedVersion);

/** 400 "Branch not found" unless every id names a branch (the default one always does). */
export async function checkBranchesExist(store: EventStore, branchIds: readonly string[]): Promise<void> {
  for (const id of new Set(branchIds)) {
    if (!(await loadBranch(store, id)).state)
      throw new DomainError('Branch not found', 'branch_not_found', 400);
  }
}
