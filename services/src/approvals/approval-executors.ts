import type { ApprovalAction, EventMetadata } from '@goldledger/contracts';
import type { SliceDeps } from '../slice-deps.js';
import type { Staff } from './approval.state.js';

/** An approved request being carried out: whose command it is, and the metadata its events get. */
export interface ApprovalRun {
  approvalId: string;
  maker: Staff;
  metadata: EventMetadata;
}

/** What the command did, for the request's record and the checker's answer. */
export interface ApprovalResult {
  message: string;
  loanUuid: string | null;
  loanId: string | null;
}

/**
 * Runs one action's stored command (`ApprovalRequested.command`) exactly as the maker sent
 * it. A refusal is a DomainError (recorded as the request's failure); anything else leaves
 * the request approved, to be resumed by approving again. Must be safe to run twice for one
 * approval: `runAsApproval` keys its appends.
 */
export type ApprovalExecutor = (
  deps: SliceDeps,
  command: Record<string, unknown>,
  run: ApprovalRun,
) => Promise<ApprovalResult>;

const executors = new Map<ApprovalAction, ApprovalExecutor>();

/** Installs the executor of an action (a slice does this when its routes are registered). */
export function defineApprovalExecutor(action: ApprovalAction, executor: ApprovalExecutor): void {
  executors.set(action, executor);
}

export const approvalExecutorFor = (action: ApprovalAction): ApprovalExecutor | undefined =>
  executors.get(action);
