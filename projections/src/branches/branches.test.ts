import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANCH_DETAILS, DEFAULT_BRANCH_ID, type RecordedEvent } from '@goldledger/contracts';
import { created as loanCreated, known, loanEvents } from '../testing/loan-events.js';
import {
  DEFAULT_BRANCH_ROW,
  evolveBranchLoanRow,
  evolveBranchRow,
  type BranchLoanRow,
} from './branches.projector.js';

const MYS = '6f1d2a40-5b1e-4c3a-9d2f-0a1b2c3d4e5f';

function branchEvent(branchId: string, position: number, type: string, data: Record<string, unknown>) {
  const event: RecordedEvent = {
    eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId: `branch-${branchId}`,
    streamType: 'branch',
    streamPosition: position,
    position: { transactionId: String(100 + position), globalPosition: String(position) },
    type,
    schemaVersion: 1,
    data,
    metadata: {},
    occurredAt: '2026-11-21T04:30:00.000Z',
    recordedAt: '2026-11-21T04:30:00.100Z',
  };
  return known(event, 'branch')!;
}

describe('the branches read model', () => {
  it('overwrites the default branch row with its first events and follows its edits', () => {
    const edited = { ...DEFAULT_BRANCH_DETAILS, phone: '+91 80 4000 0000' };
    let row = evolveBranchRow(
      DEFAULT_BRANCH_ROW,
      branchEvent(DEFAULT_BRANCH_ID, 1, 'BranchOpened', {
        ...DEFAULT_BRANCH_DETAILS,
        branchId: DEFAULT_BRANCH_ID,
      }),
    );
    row = evolveBranchRow(row, branchEvent(DEFAULT_BRANCH_ID, 2, 'BranchUpdated', edited));
    expect(row).toMatchObject({ branch_id: DEFAULT_BRANCH_ID, phone: '+91 80 4000 0000', version: 2 });
  });

  it('ignores an edit of a branch it never saw opened', () => {
    const details = { ...DEFAULT_BRANCH_DETAILS, code: 'MYS' };
    expect(evolveBranchRow(undefined, branchEvent(MYS, 2, 'BranchUpdated', details))).toBeUndefined();
  });

  it('counts a loan open at its branch (the default one when the loan names none) until it closes', () => {
    const loanEvent = loanEvents();
    const created = loanEvent('LoanCreated', loanCreated);
    let row: BranchLoanRow | undefined = evolveBranchLoanRow(undefined, created);
    expect(row).toMatchObject({ branch_id: DEFAULT_BRANCH_ID, open: true });
    row = evolveBranchLoanRow(
      row,
      loanEvent('LoanClosed', {
        closedOn: '2026-12-21',
        reason: 'repaid',
        totalInterestPaise: 0,
        excessPaise: 0,
      }),
    );
    expect(row?.open).toBe(false);
    row = evolveBranchLoanRow(row, loanEvent('LoanReopened', { reason: 'reversal' }));
    expect(row?.open).toBe(true);

    const atMysuru = loanEvents()('LoanCreated', { ...loanCreated, branchId: MYS });
    expect(evolveBranchLoanRow(undefined, atMysuru)).toMatchObject({ branch_id: MYS, open: true });
  });
});
