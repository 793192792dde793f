import { describe, expect, it } from 'vitest';
import type { LoanOrCustomerEvent } from '../runtime/known-events.js';
import { created, customerUpdated, ledger, loanEvents } from '../testing/loan-events.js';
import { evolveAuctionRow, type AuctionRow } from './auctions.projector.js';

const fold = (events: LoanOrCustomerEvent[], from?: AuctionRow) =>
  events.reduce<AuctionRow | undefined>((row, e) => evolveAuctionRow(row, e), from);

const scheduler = { metadata: { actor: { id: 'job', role: 'system' as const, name: 'Scheduler' } } };

describe('a loan on the auction screen', () => {
  it('starts not ready, with its maturity and gold', () => {
    const e = loanEvents();
    expect(fold([e('LoanCreated', created)])).toMatchObject({
      auction_status: 'not_ready',
      loan_status: 'active',
      maturity_date: '2026-11-21',
      total_net_mg: 30_000,
      principal_outstanding_paise: 100_000_00,
      overdue_installments: 0,
      history: [],
    });
  });

  it('goes ready → scheduled → auctioned with the figures of each step, and closes', () => {
    const e = loanEvents();
    const row = fold([
      e('LoanCreated', created),
      e('InstallmentOverdue', {
        installmentNumber: 1,
        dueDate: '2026-09-21',
        overdueOn: '2026-09-22',
        amountDuePaise: 34_833_33,
      }),
      e(
        'MarkedReadyForAuction',
        { readyOn: '2027-03-21', by: 'scheduler', notes: null, outstandingPaise: 112_000_00 },
        scheduler,
      ),
      e('AuctionScheduled', {
        auctionDate: '2027-04-05',
        reservePricePaise: 180_000_00,
        goldValuePaise: 192_500_00,
        notes: 'Public auction',
      }),
      e('Auctioned', {
        auctionDate: '2027-04-05',
        salePaise: 190_000_00,
        reservePricePaise: 180_000_00,
        outstandingPaise: 113_000_00,
        surplusPaise: 77_000_00,
        shortfallPaise: 0,
        notes: null,
      }),
      e('LoanClosed', {
        closedOn: '2027-04-05',
        reason: 'auctioned',
        totalInterestPaise: 13_000_00,
        excessPaise: 0,
      }),
    ]);
    expect(row).toMatchObject({
      overdue_installments: 1,
      auction_status: 'auctioned',
      loan_status: 'closed',
      ready_on: '2027-03-21',
      outstanding_at_ready_paise: 112_000_00,
      auction_date: '2027-04-05',
      reserve_price_paise: 180_000_00,
      sale_paise: 190_000_00,
      surplus_paise: 77_000_00,
      shortfall_paise: 0,
      outstanding_at_sale_paise: 113_000_00,
      notes: 'Public auction',
    });
    expect(row!.history.map((h) => [h.status, h.by])).toEqual([
      ['ready_for_auction', 'Scheduler'],
      ['auction_scheduled', 'Asha Admin'],
      ['auctioned', 'Asha Admin'],
    ]);
  });

  it('goes back to not ready when cancelled, keeping the cancellation in its history', () => {
    const e = loanEvents();
    const row = fold([
      e('LoanCreated', created),
      e('MarkedReadyForAuction', {
        readyOn: '2027-03-21',
        by: 'admin',
        notes: 'Called twice',
        outstandingPaise: 1,
      }),
      e('AuctionCancelled', { reason: 'repayment', notes: null }),
      e('PaymentRecorded', {
        paymentId: 'a3bb189e-8bf9-4888-9912-ace4e6543002',
        amountPaise: 10_000_00,
        method: 'handcash',
        paymentType: 'total',
        paymentDate: '2027-03-22',
        transactionId: null,
        bankName: null,
        status: 'success',
        installmentNumber: 1,
        enteredBy: { id: 'u2', name: 'Ravi Employee' },
        allocation: { interestPaise: 5_000_00, principalPaise: 5_000_00 },
        ledger: ledger({
          asOf: '2027-03-22',
          principalOutstandingPaise: 95_000_00,
          interestOutstandingPaise: 0,
        }),
      }),
    ]);
    expect(row).toMatchObject({
      auction_status: 'not_ready',
      ready_on: null,
      principal_outstanding_paise: 95_000_00,
      ledger_as_of: '2027-03-22',
    });
    expect(row!.history.map((h) => [h.status, h.reason])).toEqual([
      ['ready_for_auction', null],
      ['cancelled', 'repayment'],
    ]);
  });

  it("follows the customer's later edits", () => {
    const e = loanEvents();
    const row = fold([e('LoanCreated', created), customerUpdated('Lakshmi Raman', '9888877777')]);
    expect(row).toMatchObject({ customer_name: 'Lakshmi Raman', customer_mobile: '9888877777' });
  });
});
