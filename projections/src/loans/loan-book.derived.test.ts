import { DEFAULT_BRANCH_ID } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import { newLoan } from '../testing/loan-book.js';
import { totalsDelta } from './loan-book.derived.js';

describe('the book totals', () => {
  const branch_id = DEFAULT_BRANCH_ID;

  it('count a new loan under its branch and tab, and move it when it closes or is deleted', () => {
    const open = newLoan();
    expect(totalsDelta(undefined, open)).toEqual([
      { branch_id, list_status: 'active', loans: 1, principal_paise: 100_000_00 },
    ]);
    const closedRow = { ...open, status: 'closed' as const, list_status: 'closed' as const };
    expect(totalsDelta(open, closedRow)).toEqual([
      { branch_id, list_status: 'closed', loans: 1, principal_paise: 100_000_00 },
      { branch_id, list_status: 'active', loans: -1, principal_paise: -100_000_00 },
    ]);
    expect(totalsDelta(open, { ...open, total_paid_paise: 5 })).toEqual([]);
  });

  it('keep each branch apart', () => {
    const other = '3f0b8c1e-5d2a-4c7e-9b1f-2a3c4d5e6f70';
    const open = { ...newLoan(), branch_id: other };
    expect(totalsDelta(undefined, open)).toEqual([
      { branch_id: other, list_status: 'active', loans: 1, principal_paise: 100_000_00 },
    ]);
  });
});
