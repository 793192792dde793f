import { describe, expect, it } from 'vitest';
import { newLoan } from '../testing/loan-book.js';
import { totalsDelta } from './loan-book.derived.js';

describe('the book totals', () => {
  it('count a new loan under its tab, and move it when it closes or is deleted', () => {
    const open = newLoan();
    expect(totalsDelta(undefined, open)).toEqual([
      { list_status: 'active', loans: 1, principal_paise: 100_000_00 },
    ]);
    const closedRow = { ...open, status: 'closed' as const, list_status: 'closed' as const };
    expect(totalsDelta(open, closedRow)).toEqual([
      { list_status: 'closed', loans: 1, principal_paise: 100_000_00 },
      { list_status: 'active', loans: -1, principal_paise: -100_000_00 },
    ]);
    expect(totalsDelta(open, { ...open, total_paid_paise: 5 })).toEqual([]);
  });
});
