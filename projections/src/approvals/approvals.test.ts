import { describe, expect, it } from 'vitest';
import { evolveApprovalRow, type ApprovalStreamEvent } from './approvals.projector.js';

const approvalId = '0b9b1b8e-6a0f-4d3e-9a51-7c1f2f0e4a11';
const loanUuid = '5f0c8a57-2b1e-4c3d-8e9f-0a1b2c3d4e5f';
const checker = { id: 'u-checker', name: 'Chandra Checker', role: 'admin' };

let position = 0;
const event = (type: string, data: object, at = '2026-11-21T05:00:00.000Z') =>
  ({
    eventId: `00000000-0000-4000-8000-${String(++position).padStart(12, '0')}`,
    streamId: `approval-${approvalId}`,
    streamType: 'approval',
    streamPosition: position,
    position: { transactionId: String(position), globalPosition: String(position) },
    type,
    schemaVersion: 1,
    data,
    metadata: {},
    occurredAt: at,
    recordedAt: at,
  }) as unknown as ApprovalStreamEvent;

const requested = event('ApprovalRequested', {
  approvalId,
  action: 'create_loan',
  rules: ['large_loan'],
  summary: 'New loan of ₹6,00,000 for Lakshmi (CUS000001)',
  amountPaise: 6_00_000_00,
  subject: { loanUuid: null, loanId: null, customerName: 'Lakshmi' },
  command: {},
  maker: { id: 'u-emp', name: 'Ravi Employee', role: 'employee' },
  reason: null,
  requestedOn: '2026-11-21',
});

describe('the approvals read model', () => {
  it('lists a request as pending with its maker and amount', () => {
    expect(evolveApprovalRow(undefined, requested)).toMatchObject({
      approval_id: approvalId,
      status: 'pending',
      amount_paise: 6_00_000_00,
      maker_name: 'Ravi Employee',
      outcome: null,
    });
  });

  it('follows approval and execution, naming the loan the request opened', () => {
    let row = evolveApprovalRow(undefined, requested);
    row = evolveApprovalRow(
      row,
      event('ApprovalGranted', { approvalId, checker }, '2026-11-21T06:00:00.000Z'),
    );
    expect(row).toMatchObject({ status: 'approved', checker_name: 'Chandra Checker', outcome: null });
    row = evolveApprovalRow(
      row,
      event('ApprovalExecuted', {
        approvalId,
        message: 'Loan GL261100001 created.',
        loanUuid,
        loanId: 'GL261100001',
      }),
    );
    expect(row).toMatchObject({ outcome: 'executed', loan_uuid: loanUuid, loan_id: 'GL261100001' });
  });

  it('keeps a rejection with its reason, and a failure with the domain message', () => {
    const rejected = evolveApprovalRow(
      evolveApprovalRow(undefined, requested),
      event('ApprovalRejected', { approvalId, checker, reason: 'Gold not verified' }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', rejection_reason: 'Gold not verified' });
    const failed = evolveApprovalRow(
      evolveApprovalRow(
        evolveApprovalRow(undefined, requested),
        event('ApprovalGranted', { approvalId, checker }),
      ),
      event('ApprovalExecutionFailed', { approvalId, error: 'Loan has changed', code: 'stale_version' }),
    );
    expect(failed).toMatchObject({ outcome: 'failed', outcome_message: 'Loan has changed' });
  });
});
