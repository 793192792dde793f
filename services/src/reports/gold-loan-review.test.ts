import { LENDING_POLICY, type LoanEvent } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import { quoteLoan } from '../lending/loan.rules.js';
import { evolveLoan, initialLoanState } from '../lending/loan.state.js';
import { fold } from '../platform/decider.js';
import { after, created, pay } from '../testing/loan-decider-fixtures.js';
import {
  partPaymentOf,
  quickClosureDays,
  stateBeforeRenewal,
  withoutFreshAppraisal,
} from './gold-loan-review.js';

// The shared loan: ₹1,00,000 from 31 Jan 2026.
const renewedInto = (on: string): LoanEvent => ({
  type: 'LoanRenewed',
  data: { renewedOn: on, newLoanStreamId: 'loan-new', newLoanId: 'GL260200001' },
});
const closedBy = (date: string) => {
  const state = fold(evolveLoan, initialLoanState(), created);
  return after(created, pay(0, date, { amountPaise: quoteLoan(state, date).totalDuePaise }));
};

describe('a quick closure', () => {
  it('is a closing at most the policy’s days after the loan date', () => {
    const days = LENDING_POLICY.renewal.quickClosureDays;
    expect(quickClosureDays('2026-01-31', '2026-01-31', days)).toBe(0);
    expect(quickClosureDays('2026-01-31', '2026-02-07', days)).toBe(7);
    expect(quickClosureDays('2026-01-31', '2026-02-08', days)).toBeNull();
  });
});

describe('a renewal against part payment', () => {
  it('is one whose old loan closed the same day: the borrower’s own money is what they paid less the new loan', () => {
    const events = [...closedBy('2026-03-10'), renewedInto('2026-03-10')];
    const before = stateBeforeRenewal(events, 'loan-new')!;
    expect(before.status).toBe('closed');
    const paid = before.payments[0]!.amountPaise;
    expect(partPaymentOf(before, '2026-03-10', 90_000_00)).toEqual({
      pattern: 'closed_same_day',
      duesAtRenewalPaise: 0,
      paidOnDayPaise: paid,
      borrowerOwnPaise: paid - 90_000_00,
    });
    // A new loan above what was paid: the borrower brought nothing of their own.
    expect(partPaymentOf(before, '2026-03-10', paid + 5_000_00)?.borrowerOwnPaise).toBe(0);
  });

  it('is not one whose old loan was paid off on an earlier day', () => {
    const before = stateBeforeRenewal([...closedBy('2026-03-10'), renewedInto('2026-03-12')], 'loan-new')!;
    expect(partPaymentOf(before, '2026-03-12', 90_000_00)).toBeNull();
  });

  it('is one whose old loan still owed when it was marked renewed, with what it owed', () => {
    const events = [...after(created, pay(20_000, '2026-02-28')), renewedInto('2026-03-10')];
    const part = partPaymentOf(stateBeforeRenewal(events, 'loan-new')!, '2026-03-10', 90_000_00)!;
    expect(part.pattern).toBe('open_at_renewal');
    expect(part.duesAtRenewalPaise).toBeGreaterThan(80_000_00);
    expect(part.paidOnDayPaise).toBe(0);
  });

  it('needs the renewal into that loan to be there', () => {
    expect(stateBeforeRenewal(closedBy('2026-03-10'), 'loan-new')).toBeNull();
  });
});

describe('a top-up without fresh appraisal', () => {
  it('has no appraisal, or one of another day than its sanction', () => {
    expect(withoutFreshAppraisal('2026-11-21', null)).toBe(true);
    expect(withoutFreshAppraisal('2026-11-21', '2026-11-20')).toBe(true);
    expect(withoutFreshAppraisal('2026-11-21', '2026-11-21')).toBe(false);
  });
});
