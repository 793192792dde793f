import { describe, expect, it } from 'vitest';
import { LoanEvents } from '@goldledger/contracts';
import { fold } from '../../platform/decider.js';
import { spec, admin, created, pay, after } from '../../testing/loan-decider-fixtures.js';
import { evolveLoan, initialLoanState } from '../loan.state.js';
import { auctionWalk } from '../../testing/auction-fixtures.js';

const walk = auctionWalk();

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

  it('needs a date, the notice and a reserve of at least 90 % of the gold value, then sells and closes', () => {
    const noticed = walk.noticed();
    spec
      .given(noticed)
      .when(walk.schedule({ auctionDate: null }))
      .thenThrows('Auction date is required');
    // 24 g of 22K at ₹6,418.42/g = ₹1,54,042.08; 90 % is ₹1,38,637.88.
    spec
      .given(noticed)
      .when(walk.schedule({ reservePricePaise: 1_38_637_00 }))
      .thenThrows(
        "Reserve price must be at least ₹1,38,638 (90% of the gold's value ₹1,54,042 at the valuation price of 3 Aug 2026)",
      );
    const scheduled = after(noticed, walk.schedule());
    expect(scheduled.at(-1)).toMatchObject({
      type: 'AuctionScheduled',
      data: {
        reservePricePaise: 1_38_637_88,
        goldValuePaise: 1_54_042_08,
        reserveFloorBps: 9000,
        valuationAsOf: '2026-08-03',
        venue: { town: 'Chennai', taluka: null },
      },
    });
    const ready = walk.bidderIn(walk.publicNotice(scheduled));
    spec
      .given(ready)
      .when(walk.sale({ salePaise: 1_00_000_00 }))
      .thenThrows('Sale amount is below the reserve price of ₹1,38,638');
    spec
      .given(ready)
      .when(walk.sale({ auctionDate: '2026-09-02', today: '2026-09-02' }))
      .thenThrows('The auction was scheduled for 1 Sept 2026');
    const sold = after(ready, walk.sale({ salePaise: 1_50_000_00 }));
    expect(sold.slice(-2).map((e) => e.type)).toEqual(['Auctioned', 'LoanClosed']);
    const auctioned = LoanEvents.Auctioned.parse(sold.at(-2)!.data);
    expect(auctioned.surplusPaise).toBe(1_50_000_00 - auctioned.outstandingPaise);
    expect(auctioned.shortfallPaise).toBe(0);
    expect(auctioned.winningBidder).toEqual({ bidderId: walk.bidder.bidderId, name: 'Ravi Traders' });
    expect(sold.at(-1)).toMatchObject({ data: { reason: 'auctioned', closedOn: '2026-09-01' } });
  });

  it('is sold only at its scheduled auction: never straight from the list', () => {
    spec
      .given(walk.noticed())
      .when(walk.sale())
      .thenThrows('Schedule the auction first: gold is sold at its notified date and venue');
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
