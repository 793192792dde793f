import { describe, expect, it } from 'vitest';
import { clampPage, daysUnpaidLabel, pageRange, repaymentStatus } from './derive';

describe('repaymentStatus', () => {
  it('is unpaid or upcoming; any other status shows as upcoming', () => {
    expect(repaymentStatus('unpaid')).toBe('unpaid');
    expect(repaymentStatus('upcoming')).toBe('upcoming');
    expect(repaymentStatus('pending')).toBe('upcoming');
  });
});

describe('daysUnpaidLabel', () => {
  it('counts the days an overdue installment has been unpaid', () => {
    expect(daysUnpaidLabel('unpaid', 1)).toBe('1 day');
    expect(daysUnpaidLabel('unpaid', 45)).toBe('45 days');
  });

  it('says an upcoming installment is not yet due', () => {
    expect(daysUnpaidLabel('upcoming', 0)).toBe('Not yet due');
    expect(daysUnpaidLabel('unpaid', 0)).toBe('Not yet due');
  });
});

describe('pageRange', () => {
  it('gives the rows a page shows', () => {
    expect(pageRange(1, 50, 63)).toBe('Showing 1–50 of 63');
    expect(pageRange(2, 50, 63)).toBe('Showing 51–63 of 63');
    expect(pageRange(1, 50, 7)).toBe('Showing 1–7 of 7');
    expect(pageRange(1, 50, 0)).toBe('Showing 0 of 0');
  });
});

describe('clampPage', () => {
  it('keeps the page within the pages there are', () => {
    expect(clampPage(3, 2)).toBe(2);
    expect(clampPage(0, 2)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(2, 5)).toBe(2);
  });
});
