import { approvalStreamId, type EventMetadata } from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import type { SliceDeps } from '../slice-deps.js';
import type { ApprovalCommand } from './approval.decider.js';
import type { ApprovalState, Staff } from './approval.state.js';
import { approvalExecutorFor } from './approval-executors.js';
import { executeApprovalCommand, runAsApproval } from './approval-gate.js';

/**
 * How long an approval without an outcome is left to the request that approved it before
 * another approval takes it over: the same lease as a request's Idempotency-Key claim,
 * far beyond what carrying out one command takes.
 */
export const APPROVAL_RESUME_AFTER_MS = 15_000;

type Outcome = Extract<ApprovalCommand, { type: 'RecordOutcome' }>['outcome'];

/**
 * The command's events name the maker as their actor (it is their command) and the
 * approval as their cause; the approval's own events name the checker.
 */
const runMetadata = (s: ApprovalState, metadata: EventMetadata): EventMetadata => ({
  correlationId: metadata.correlationId,
  causationId: `approval-${s.approvalId}`,
  ...(s.maker
    ? { actor: { id: s.maker.id, name: s.maker.name, role: s.maker.role as 'admin' | 'employee' } }
    : {}),
});

async function carryOut(deps: SliceDeps, s: ApprovalState, metadata: EventMetadata): Promise<Outcome> {
  const executor = s.action ? approvalExecutorFor(s.action) : undefined;
  if (!executor || !s.maker) {
    return {
      kind: 'failed',
      error: `No way to carry out a ${s.action} request is installed`,
      code: 'no_executor',
    };
  }
  try {
    const result = await runAsApproval(s.approvalId, () =>
      executor(deps, s.command, {
        approvalId: s.approvalId,
        maker: s.maker!,
        metadata: runMetadata(s, metadata),
      }),
    );
    return { kind: 'executed', ...result };
  } catch (error) {
    if (error instanceof DomainError) return { kind: 'failed', error: error.message, code: error.code };
    throw error;
  }
}

/**
 * Approve, then carry out, then record what happened: three steps, each safe to repeat.
 * A crash after the approval leaves it approved without an outcome; approving again (any
 * admin but the maker) runs the command under the same keys, so what already committed is
 * found rather than written twice, and the outcome is recorded once.
 */
export async function approveRequest(
  deps: SliceDeps,
  approvalId: string,
  checker: Staff,
  metadata: EventMetadata,
): Promise<ApprovalState> {
  const granted = await executeApprovalCommand(
    deps,
    approvalId,
    { type: 'ApproveRequest', checker },
    metadata,
  );
  if (granted.state.outcome !== null) return granted.state;
  // Approved by an earlier request that has not recorded an outcome: it may still be running
  // the command. Only once it has had its time is it taken over (its keys make that safe).
  // This request's own approval, found again when its Idempotency-Key reruns it, goes on.
  if (granted.eventIds.length === 0) {
    const { events } = await deps.store.readStream(approvalStreamId(approvalId));
    const at = events.find((e) => e.type === 'ApprovalGranted')?.occurredAt;
    if (at && deps.clock.now().getTime() - Date.parse(at) < APPROVAL_RESUME_AFTER_MS) {
      throw new DomainError(
        'This request was just approved and is being carried out. Try again in a moment.',
        'approval_in_progress',
        409,
      );
    }
  }
  const outcome = await carryOut(deps, granted.state, metadata);
  const recorded = await executeApprovalCommand(
    deps,
    approvalId,
    { type: 'RecordOutcome', outcome },
    metadata,
  );
  return recorded.state;
}

export async function rejectRequest(
  deps: SliceDeps,
  approvalId: string,
  checker: Staff,
  reason: string,
  metadata: EventMetadata,
): Promise<ApprovalState> {
  const { state } = await executeApprovalCommand(
    deps,
    approvalId,
    { type: 'RejectRequest', checker, reason },
    metadata,
  );
  return state;
}
