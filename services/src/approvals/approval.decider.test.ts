import type { ApprovalEvent } from '@goldledger/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { approvalDecider, OWN_REQUEST } from './approval.decider.js';

const spec = deciderSpec(approvalDecider);
const approvalId = '0b9b1b8e-6a0f-4d3e-9a51-7c1f2f0e4a11';
const maker = { id: 'u-maker', name: 'Mala Maker', role: 'admin' };
const checker = { id: 'u-checker', name: 'Chandra Checker', role: 'admin' };
const employee = { id: 'u-emp', name: 'Ravi Employee', role: 'employee' };

const requested: ApprovalEvent = {
  type: 'ApprovalRequested',
  data: {
    approvalId,
    action: 'reverse_payment',
    rules: ['payment_reversal'],
    summary: 'Reverse the payment of ₹10,000',
    amountPaise: 10_000_00,
    subject: { loanUuid: null, loanId: 'GL261100001', customerName: 'Lakshmi' },
    command: { loanUuid: 'x', command: { type: 'ReversePayment' } },
    maker,
    reason: 'Keyed on the wrong loan',
    requestedOn: '2026-11-21',
  },
};
const granted: ApprovalEvent = { type: 'ApprovalGranted', data: { approvalId, checker } };
const executed: ApprovalEvent = {
  type: 'ApprovalExecuted',
  data: { approvalId, message: 'Payment reversed.', loanUuid: null, loanId: 'GL261100001' },
};

describe('a maker-checker request', () => {
  it('is opened once: the same request sent again adds nothing', () => {
    spec.given([]).when({ type: 'RequestApproval', request: requested.data }).then([requested]);
    spec.given([requested]).when({ type: 'RequestApproval', request: requested.data }).then([]);
  });

  it('is approved by another admin', () => {
    spec.given([requested]).when({ type: 'ApproveRequest', checker }).then([granted]);
  });

  it(`refuses its maker approving or rejecting it with "${OWN_REQUEST}"`, () => {
    spec.given([requested]).when({ type: 'ApproveRequest', checker: maker }).thenThrows(OWN_REQUEST);
    spec
      .given([requested])
      .when({ type: 'RejectRequest', checker: maker, reason: 'no' })
      .thenThrows(OWN_REQUEST);
  });

  it('refuses a checker who is not an admin', () => {
    spec
      .given([requested])
      .when({ type: 'ApproveRequest', checker: employee })
      .thenThrows('Only an admin can approve or reject a request');
  });

  it('needs a reason to be rejected, and is rejected with it', () => {
    spec
      .given([requested])
      .when({ type: 'RejectRequest', checker, reason: '  ' })
      .thenThrows('A reason is required to reject a request');
    spec
      .given([requested])
      .when({ type: 'RejectRequest', checker, reason: ' Not this loan ' })
      .then([{ type: 'ApprovalRejected', data: { approvalId, checker, reason: 'Not this loan' } }]);
  });

  it('cannot be approved once rejected, nor rejected once approved', () => {
    const rejected: ApprovalEvent = { type: 'ApprovalRejected', data: { approvalId, checker, reason: 'No' } };
    spec
      .given([requested, rejected])
      .when({ type: 'ApproveRequest', checker })
      .thenThrows('This request was rejected by Chandra Checker');
    spec
      .given([requested, granted])
      .when({ type: 'RejectRequest', checker, reason: 'late' })
      .thenThrows('This request was already approved by Chandra Checker');
  });

  it('approved but not yet carried out, is resumed by approving again (nothing new to record)', () => {
    spec.given([requested, granted]).when({ type: 'ApproveRequest', checker }).then([]);
  });

  it('once carried out, refuses a second approval', () => {
    spec
      .given([requested, granted, executed])
      .when({ type: 'ApproveRequest', checker })
      .thenThrows('This request was already approved by Chandra Checker and carried out');
  });

  it('records its outcome once, and only after approval', () => {
    const outcome = {
      kind: 'executed' as const,
      message: 'Payment reversed.',
      loanUuid: null,
      loanId: 'GL261100001',
    };
    spec.given([requested]).when({ type: 'RecordOutcome', outcome }).thenThrows('Only an approved request');
    spec.given([requested, granted]).when({ type: 'RecordOutcome', outcome }).then([executed]);
    spec.given([requested, granted, executed]).when({ type: 'RecordOutcome', outcome }).then([]);
    spec
      .given([requested, granted])
      .when({
        type: 'RecordOutcome',
        outcome: { kind: 'failed', error: 'Loan changed', code: 'stale_version' },
      })
      .then([
        {
          type: 'ApprovalExecutionFailed',
          data: { approvalId, error: 'Loan changed', code: 'stale_version' },
        },
      ]);
  });

  it('is not found before it is asked for', () => {
    spec.given([]).when({ type: 'ApproveRequest', checker }).thenThrows('Approval request not found');
  });
});
