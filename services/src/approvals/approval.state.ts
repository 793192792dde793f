import type { ApprovalAction, ApprovalEvent, HoldingRule } from '@goldledger/contracts';

export interface Staff {
  id: string;
  name: string;
  role: string;
}

/** One maker-checker request, folded from its stream. */
export interface ApprovalState {
  status: 'none' | 'pending' | 'approved' | 'rejected';
  /** After approval: null until the command has run. */
  outcome: null | 'executed' | 'failed';
  approvalId: string;
  action: ApprovalAction | null;
  rules: HoldingRule[];
  command: Record<string, unknown>;
  summary: string;
  maker: Staff | null;
  checker: Staff | null;
  rejectionReason: string | null;
  outcomeMessage: string | null;
  /** The loan the request is about, or the one it opened. */
  loanUuid: string | null;
}

export const initialApprovalState = (): ApprovalState => ({
  status: 'none',
  outcome: null,
  approvalId: '',
  action: null,
  rules: [],
  command: {},
  summary: '',
  maker: null,
  checker: null,
  rejectionReason: null,
  outcomeMessage: null,
  loanUuid: null,
});

export function evolveApproval(s: ApprovalState, event: ApprovalEvent): ApprovalState {
  switch (event.type) {
    case 'ApprovalRequested': {
      const d = event.data;
      return {
        ...s,
        status: 'pending',
        approvalId: d.approvalId,
        action: d.action,
        rules: d.rules,
        command: d.command,
        summary: d.summary,
        maker: d.maker,
        loanUuid: d.subject.loanUuid,
      };
    }
    case 'ApprovalGranted':
      return { ...s, status: 'approved', checker: event.data.checker };
    case 'ApprovalRejected':
      return { ...s, status: 'rejected', checker: event.data.checker, rejectionReason: event.data.reason };
    case 'ApprovalExecuted':
      return {
        ...s,
        outcome: 'executed',
        outcomeMessage: event.data.message,
        loanUuid: event.data.loanUuid ?? s.loanUuid,
      };
    case 'ApprovalExecutionFailed':
      return { ...s, outcome: 'failed', outcomeMessage: event.data.error };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
