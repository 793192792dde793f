/**
 * A maker-checker request: asked by a maker, approved or rejected by a different admin,
 * then carried out once. Pure; who is asking arrives in the command.
 */
import type { ApprovalEvent } from '@goldledger/contracts';
import { DomainError, type Decider } from '../platform/decider.js';
import { evolveApproval, initialApprovalState, type ApprovalState, type Staff } from './approval.state.js';

type Requested = Extract<ApprovalEvent, { type: 'ApprovalRequested' }>['data'];

export type ApprovalCommand =
  | { type: 'RequestApproval'; request: Requested }
  | { type: 'ApproveRequest'; checker: Staff }
  | { type: 'RejectRequest'; checker: Staff; reason: string }
  | {
      type: 'RecordOutcome';
      outcome:
        | { kind: 'executed'; message: string; loanUuid: string | null; loanId: string | null }
        | { kind: 'failed'; error: string; code: string };
    };

export const OWN_REQUEST = 'You cannot approve your own request.';

function requireRequest(s: ApprovalState): void {
  if (s.status === 'none') throw new DomainError('Approval request not found', 'approval_not_found', 404);
}

/** The checker is an admin and not the maker: the same person never both makes and checks. */
function requireChecker(s: ApprovalState, checker: Staff): void {
  if (checker.id === s.maker?.id) throw new DomainError(OWN_REQUEST, 'own_request', 403);
  if (checker.role !== 'admin') {
    throw new DomainError('Only an admin can approve or reject a request', 'checker_not_admin', 403);
  }
}

const decidedBy = (s: ApprovalState) => s.checker?.name ?? 'another admin';

export function decideApproval(command: ApprovalCommand, s: ApprovalState): ApprovalEvent[] {
  switch (command.type) {
    case 'RequestApproval':
      // The same request sent again (its Idempotency-Key) finds its stream already open.
      if (s.status !== 'none') return [];
      return [{ type: 'ApprovalRequested', data: command.request }];
    case 'ApproveRequest': {
      requireRequest(s);
      requireChecker(s, command.checker);
      if (s.status === 'rejected') {
        throw new DomainError(`This request was rejected by ${decidedBy(s)}`, 'approval_rejected', 409);
      }
      if (s.status === 'approved') {
        // Approved but not carried out (the process stopped in between): approving again resumes it.
        if (s.outcome === null) return [];
        throw new DomainError(
          `This request was already approved by ${decidedBy(s)} and ${s.outcome === 'executed' ? 'carried out' : 'could not be carried out'}`,
          'approval_decided',
          409,
        );
      }
      return [{ type: 'ApprovalGranted', data: { approvalId: s.approvalId, checker: command.checker } }];
    }
    case 'RejectRequest': {
      requireRequest(s);
      requireChecker(s, command.checker);
      const reason = command.reason.trim();
      if (!reason) throw new DomainError('A reason is required to reject a request', 'reason_required');
      if (s.status !== 'pending') {
        throw new DomainError(
          `This request was already ${s.status} by ${decidedBy(s)}`,
          'approval_decided',
          409,
        );
      }
      return [
        { type: 'ApprovalRejected', data: { approvalId: s.approvalId, checker: command.checker, reason } },
      ];
    }
    case 'RecordOutcome': {
      requireRequest(s);
      if (s.status !== 'approved') {
        throw new DomainError('Only an approved request is carried out', 'approval_not_approved', 409);
      }
      if (s.outcome !== null) return [];
      const o = command.outcome;
      return o.kind === 'executed'
        ? [
            {
              type: 'ApprovalExecuted',
              data: { approvalId: s.approvalId, message: o.message, loanUuid: o.loanUuid, loanId: o.loanId },
            },
          ]
        : [
            {
              type: 'ApprovalExecutionFailed',
              data: { approvalId: s.approvalId, error: o.error, code: o.code },
            },
          ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const approvalDecider: Decider<ApprovalCommand, ApprovalEvent, ApprovalState> = {
  initialState: initialApprovalState,
  evolve: evolveApproval,
  decide: decideApproval,
};
