import { describe, expect, it } from 'vitest';
import { LoanEvents } from '@goldledger/contracts';
import { fold } from '../../platform/decider.js';
import { spec, admin, created, pay, after } from '../../testing/loan-decider-fixtures.js';
import { evolveLoan, initialLoanState } from '../loan.state.js';

describe('an auction', () => {
  const scheduler = { type: 'scheduler' as const, id: null, name: 'Scheduler' };
  // 18 %, 6 months from 31 Jan 2026: ready on 31 Jan 2026 + 6 + 1 + 3 × 3 months = 2027-05-31.
  it('becomes ready on the final auction date, not before', () => {
    spec
      .given(created)
      .when({ type: 'MarkReadyForAuction', today: '2027-05-30', by: 'scheduler', notes: null })
      .then([]);
    const ready = after(created, {
      type: 'MarkReadyForAuction',
      today: '2027-05-31',
      by: 'scheduler',
      notes: null,
    });
    expect(ready.at(-1)).toMatchObject({
      type: 'MarkedReadyForAuction',
      data: { readyOn: '2027-05-31', by: 'scheduler' },
    });
    spec
      .given(ready)
      .when({ type: 'MarkReadyForAuction', today: '2027-06-01', by: 'scheduler', notes: null })
      .then([]);
  });

  it('lets an admin list only a loan in default', () => {
    spec
      .given(created)
      .when({ type: 'MarkReadyForAuction', today: '2026-03-01', by: 'admin', notes: null })
      .thenThrows('Only a loan past maturity or with an overdue installment can be put up for auction');
    spec
      .given(created)
      .when({ type: 'MarkReadyForAuction', today: '2026-08-01', by: 'admin', notes: 'Customer unreachable' })
      .then([
        {
          type: 'MarkedReadyForAuction',
          data: {
            readyOn: '2026-08-01',
            by: 'admin',
            notes: 'Customer unreachable',
            outstandingPaise: fold(evolveLoan, initialLoanState(), created) && expect.any(Number),
          },
        },
      ]);
  });

  it('needs a date and a reserve of at least 90 % of the gold value, then sells and closes', () => {
    const ready = after(created, {
      type: 'MarkReadyForAuction',
      today: '2026-08-01',
      by: 'admin',
      notes: null,
    });
    const schedule = {
      type: 'ScheduleAuction' as const,
      today: '2026-08-02',
      goldRatePaisePerGram: 7_000_00,
      notes: null,
    };
    spec
      .given(ready)
      .when({ ...schedule, auctionDate: null, reservePricePaise: null })
      .thenThrows('Auction date is required');
    // 22 g fine at ₹7,000 = ₹1,54,000; 90 % is ₹1,38,600.
    spec
      .given(ready)
      .when({ ...schedule, auctionDate: '2026-08-20', reservePricePaise: 1_38_599_00 })
      .thenThrows(/Reserve price must be at least ₹1,38,600/);
    const scheduled = after(ready, { ...schedule, auctionDate: '2026-08-20', reservePricePaise: null });
    expect(scheduled.at(-1)).toMatchObject({
      type: 'AuctionScheduled',
      data: { reservePricePaise: 1_38_600_00 },
    });
    const sale = {
      type: 'MarkAuctioned' as const,
      today: '2026-08-20',
      auctionDate: null,
      goldRatePaisePerGram: 7_000_00,
      notes: null,
    };
    spec
      .given(scheduled)
      .when({ ...sale, salePaise: 1_00_000_00 })
      .thenThrows(/below the reserve price/);
    spec
      .given(scheduled)
      .when({ ...sale, salePaise: 1_50_000_00, auctionDate: '2026-07-31' })
      .thenThrows('Auction date cannot be before the loan was listed for auction (2026-08-01)');
    // Sold straight from the list: 90 % of today's gold value is the floor.
    spec
      .given(ready)
      .when({ ...sale, salePaise: 1_38_599_00 })
      .thenThrows(/below the reserve price of ₹1,38,600/);
    const sold = after(scheduled, { ...sale, salePaise: 1_50_000_00 });
    expect(sold.slice(-2).map((e) => e.type)).toEqual(['Auctioned', 'LoanClosed']);
    const auctioned = LoanEvents.Auctioned.parse(sold.at(-2)!.data);
    expect(auctioned.surplusPaise).toBe(1_50_000_00 - auctioned.outstandingPaise);
    expect(auctioned.shortfallPaise).toBe(0);
    expect(sold.at(-1)).toMatchObject({ data: { reason: 'auctioned', closedOn: '2026-08-20' } });
  });

  it('is cancelled by an admin or by a repayment', () => {
    const ready = after(created, {
      type: 'MarkReadyForAuction',
      today: '2026-08-01',
      by: 'admin',
      notes: null,
    });
    spec
      .given(ready)
      .when({ type: 'CancelAuction', notes: 'Customer came in' })
      .then([{ type: 'AuctionCancelled', data: { reason: 'admin', notes: 'Customer came in' } }]);
    const paid = after(ready, pay(20_000, '2026-08-02'));
    expect(paid.slice(-2).map((e) => e.type)).toEqual(['AuctionCancelled', 'PaymentRecorded']);
    spec
      .given(paid)
      .when({ type: 'CancelAuction', notes: null })
      .thenThrows('This loan is not on the auction list');
    // Only a person puts it back on the list; the scheduler leaves it alone.
    spec
      .given(paid)
      .when({ type: 'MarkReadyForAuction', today: '2027-06-01', by: 'scheduler', notes: null })
      .then([]);
    // A pending transfer does not take it off the list; its approval does.
    const online = pay(20_000, '2026-08-02', { method: 'online', transactionId: 'UTR9', bankName: 'SBI' });
    const pending = after(ready, online);
    expect(pending.at(-1)!.type).toBe('PaymentRecorded');
    const approved = after(pending, {
      type: 'ApprovePayment',
      paymentId: online.paymentId,
      approvedBy: admin,
      today: '2026-08-03',
    });
    expect(approved.slice(-2).map((e) => e.type)).toEqual(['AuctionCancelled', 'PaymentApproved']);
    void scheduler;
  });
});
