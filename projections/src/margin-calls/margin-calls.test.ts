import { describe, expect, it } from 'vitest';
import type { LoanOrCustomerEvent } from '../runtime/known-events.js';
import { toAdminNotification } from '../admin-notifications/admin-notifications.raise.js';
import { created, customerUpdated, loanEvents, LOAN } from '../testing/loan-events.js';
import { evolveMarginCallRow, type MarginCallRow } from './margin-calls.projector.js';

const fold = (events: LoanOrCustomerEvent[], from?: MarginCallRow) =>
  events.reduce<MarginCallRow | undefined>((row, e) => evolveMarginCallRow(row, e), from);

const figures = {
  asOf: '2026-11-23',
  owedPaise: 101_000_00,
  goldValuePaise: 115_000_00,
  ltvBps: 8783,
  capBps: 8500,
};

function calledLoan() {
  const e = loanEvents();
  const history = [
    e('LoanCreated', created),
    e('MarginCallRaised', {
      ...figures,
      shortfallPaise: 3_250_00,
      goldToAddMg: 712,
      pricePerGramPaise: 5_300_00,
    }),
  ];
  return { e, history };
}

describe('a margin call on the staff list', () => {
  it('is not there while the loan is within its cap', () => {
    const e = loanEvents();
    expect(fold([e('LoanCreated', created)])).toMatchObject({
      loan_uuid: LOAN,
      loan_id: 'GL261100001',
      customer_name: 'Lakshmi Customer',
      status: null,
    });
  });

  it('is listed with the figures the customer was told when it is raised', () => {
    expect(fold(calledLoan().history)).toMatchObject({
      status: 'open',
      raised_on: '2026-11-23',
      ltv_bps: 8783,
      cap_bps: 8500,
      shortfall_paise: 3_250_00,
      gold_to_add_mg: 712,
      escalated_on: null,
    });
  });

  it('is flagged when escalated, with the LTV of that day', () => {
    const { e, history } = calledLoan();
    const row = fold([
      ...history,
      e('MarginCallEscalated', { ...figures, asOf: '2026-12-08', ltvBps: 8900, daysInBreach: 15 }),
    ]);
    expect(row).toMatchObject({
      status: 'escalated',
      escalated_on: '2026-12-08',
      ltv_bps: 8900,
      shortfall_paise: 3_250_00,
    });
  });

  it('leaves the list when cured, keeping how', () => {
    const { e, history } = calledLoan();
    const row = fold([...history, e('MarginCallCured', { ...figures, asOf: '2026-11-24', by: 'payment' })]);
    expect(row).toMatchObject({
      status: null,
      shortfall_paise: null,
      last_cured_on: '2026-11-24',
      last_cured_by: 'payment',
    });
  });

  it('leaves the list when the loan closes', () => {
    const { e, history } = calledLoan();
    const row = fold([
      ...history,
      e('LoanClosed', { closedOn: '2026-11-25', reason: 'auctioned', totalInterestPaise: 0, excessPaise: 0 }),
    ]);
    expect(row?.status).toBeNull();
  });

  it("follows the customer's later edits", () => {
    const row = fold([...calledLoan().history, customerUpdated('Lakshmi R', '9000000009')]);
    expect(row).toMatchObject({ customer_name: 'Lakshmi R', customer_mobile: '9000000009', status: 'open' });
  });
});

describe("the admins' bell", () => {
  it('rings when a margin call is raised and when it is escalated', () => {
    const { e, history } = calledLoan();
    const loan = {
      loan_uuid: LOAN,
      loan_id: 'GL261100001',
      branch_id: '00000000-0000-4000-8000-000000000001',
      customer_stream_id: created.customer.customerStreamId,
      customer_name: 'Lakshmi Customer',
      customer_mobile: '9000000003',
    };
    expect(toAdminNotification(history[1]!, loan)).toMatchObject({
      type: 'margin_call',
      title: 'Margin call on GL261100001',
      message:
        'Lakshmi Customer: loan to value 87.83% at the valuation price of 23 Nov 2026, above the 85% cap. ₹3,250 to pay, or 0.712 g of 22K gold to add. The customer was told by SMS and email.',
      amount_paise: '325000',
    });
    const escalated = e('MarginCallEscalated', { ...figures, asOf: '2026-12-08', daysInBreach: 15 });
    expect(toAdminNotification(escalated, loan)).toMatchObject({
      type: 'margin_call_escalated',
      title: 'Margin call escalated on GL261100001',
    });
    expect(toAdminNotification(e('MarginCallCured', { ...figures, by: 'revaluation' }), loan)).toBeNull();
  });
});
