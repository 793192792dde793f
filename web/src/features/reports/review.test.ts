import type { GoldLoanReview } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import { toCsv } from './derive';
import {
  forPage,
  partPaymentRenewalsTable,
  quickClosuresTable,
  reviewFileName,
  reviewRangeError,
  unappraisedTopUpsTable,
} from './review';

const borrower = { customerId: 'CUS000007', customerName: 'Lakshmi Devi', branchId: 'b' };
const review: GoldLoanReview = {
  from: '2026-09-01',
  to: '2026-11-30',
  asOf: '2026-11-21',
  quickClosureDays: 7,
  counts: { quickClosures: 1, partPaymentRenewals: 1, topUpsWithoutAppraisal: 1 },
  quickClosures: [
    {
      loanUuid: 'u1',
      loanId: 'GL261100001',
      ...borrower,
      amount: 100000,
      disbursementDate: '2026-11-14',
      closedOn: '2026-11-21',
      days: 7,
      reason: 'repaid',
      renewedTo: 'GL261100002',
    },
  ],
  partPaymentRenewals: [
    {
      loanUuid: 'u2',
      loanId: 'GL261100002',
      oldLoanUuid: 'u1',
      oldLoanId: 'GL261100001',
      ...borrower,
      renewedOn: '2026-11-21',
      newAmount: 90000,
      pattern: 'closed_same_day',
      duesAtRenewal: 0,
      paidOnDay: 100338.3,
      borrowerOwn: 10338.3,
    },
  ],
  topUpsWithoutAppraisal: [
    {
      loanUuid: 'u3',
      loanId: 'GL261099002',
      parentLoanId: 'GL261100003',
      ...borrower,
      amount: 10000,
      sanctionedOn: '2026-11-21',
      appraisedOn: null,
    },
  ],
};

describe('the gold loan review tables', () => {
  it('list each flagged loan with its figures, the CSV with plain numbers and dates', () => {
    expect(toCsv(quickClosuresTable(review))).toBe(
      'Loan,Borrower,Amount,Loan date,Closed on,Days open,Closed by,Renewed as\r\n' +
        'GL261100001,Lakshmi Devi (CUS000007),100000,2026-11-14,2026-11-21,7,Repayment,GL261100002\r\n',
    );
    expect(partPaymentRenewalsTable(review).rows[0]).toMatchObject({
      pattern: 'Closed the same day',
      paidOnDay: 100338.3,
      borrowerOwn: 10338.3,
    });
    expect(unappraisedTopUpsTable(review).rows[0]).toMatchObject({ appraisedOn: 'No appraisal' });
  });

  it('show dates on the page as people read them', () => {
    expect(forPage(quickClosuresTable(review)).rows[0]).toMatchObject({
      disbursementDate: '14/11/2026',
      closedOn: '21/11/2026',
      amount: 100000,
    });
  });

  it('name their CSV by the dates', () => {
    expect(reviewFileName('quick-closures', review)).toBe(
      'goldledger-quick-closures-2026-09-01-to-2026-11-30.csv',
    );
  });
});

describe('the review dates', () => {
  it('need both, in order, within two years', () => {
    expect(reviewRangeError('', '2026-11-30')).toBe('Choose both dates');
    expect(reviewRangeError('2026-12-01', '2026-11-30')).toBe('From date must not be after the to date');
    expect(reviewRangeError('2024-01-01', '2026-11-30')).toBe('A review covers at most 731 days');
    expect(reviewRangeError('2026-09-01', '2026-11-30')).toBeNull();
  });
});
