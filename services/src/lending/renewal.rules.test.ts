import fc from 'fast-check';
import { LENDING_POLICY, type LoanEvent } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import { fold } from '../platform/decider.js';
import { after, created, pay } from '../testing/loan-decider-fixtures.js';
import { runLedger } from './interest.js';
import { quoteLoan, termsOf } from './loan.rules.js';
import { evolveLoan, initialLoanState, successfulPayments, type LoanState } from './loan.state.js';
import {
  accruedInterestPaise,
  daysPastDue,
  exposureLimit,
  maxNewLoanPaise,
  owedPaise,
  renewalRefusals,
  requireWithinLtv,
  topUpRefusals,
} from './renewal.rules.js';

// The shared loan: ₹1,00,000 at 18 % for 6 months from 31 Jan 2026, installments of
// ₹18,210.91 due on 28 Feb, 31 Mar, 30 Apr, 31 May, 30 Jun and 31 Jul.
const P = LENDING_POLICY;
const stateOf = (events: LoanEvent[]): LoanState => fold(evolveLoan, initialLoanState(), events);
const open = stateOf(created);
const messages = (refusals: { message: string }[]) => refusals.map((r) => r.message);

/** The loan closed on `date` by one payment of everything due then (nothing paid before). */
function closedOn(date: string): LoanState {
  const due = quoteLoan(open, date).totalDuePaise;
  const s = stateOf(after(created, pay(0, date, { amountPaise: due })));
  expect(s.status).toBe('closed');
  return s;
}

describe('days past due', () => {
  it('counts from the oldest unpaid installment: 0 on its due date, then a day a day', () => {
    expect(daysPastDue(open, '2026-02-20')).toBe(0);
    expect(daysPastDue(open, '2026-02-28')).toBe(0);
    expect(daysPastDue(open, '2026-03-01')).toBe(1);
    expect(daysPastDue(open, '2026-05-29')).toBe(90);
    expect(daysPastDue(open, '2026-05-30')).toBe(91);
  });

  it('moves on to the next installment once the first is paid', () => {
    const paid = stateOf(after(created, pay(18_210.91, '2026-02-27')));
    expect(daysPastDue(paid, '2026-04-10')).toBe(10);
  });

  it('measures a closed loan on the day it closed, by what was paid before that day', () => {
    expect(daysPastDue(closedOn('2026-06-05'), '2026-11-21')).toBe(97);
    expect(daysPastDue(closedOn('2026-02-27'), '2026-11-21')).toBe(0);
  });
});

describe('a renewal', () => {
  it('is for a closed loan only', () => {
    expect(messages(renewalRefusals(open, '2026-02-20', P))).toEqual(['Only closed loans can be renewed']);
  });

  it('of a loan 90 days past due when it closed is allowed; 97 days is refused as not standard', () => {
    expect(renewalRefusals(closedOn('2026-05-29'), '2026-06-01', P)).toEqual([]);
    expect(messages(renewalRefusals(closedOn('2026-06-05'), '2026-06-05', P))).toEqual([
      'Loan GL260100001 was 97 days past due when it closed: only a standard loan (at most 90 days past due) can be renewed',
    ]);
  });

  it('takes the number of days from the policy', () => {
    const strict = { ...P, renewal: { ...P.renewal, maxDaysPastDue: 30 } };
    expect(renewalRefusals(closedOn('2026-04-01'), '2026-04-01', strict)[0]?.code).toBe('loan_not_standard');
  });
});

describe('a top-up', () => {
  it('of an open EMI loan up to 90 days past due is allowed, whatever interest is accrued', () => {
    expect(accruedInterestPaise(open, '2026-05-29')).toBeGreaterThan(0);
    expect(topUpRefusals(open, '2026-05-29', P)).toEqual([]);
    expect(messages(topUpRefusals(open, '2026-05-30', P))).toEqual([
      'Loan GL260100001 is 91 days past due: only a standard loan (at most 90 days past due) can be topped up',
    ]);
  });

  it('of a bullet loan waits for its accrued interest (₹986.30 after 20 days), then is allowed', () => {
    const bullet: LoanState = { ...open, repaymentType: 'bullet' };
    expect(accruedInterestPaise(bullet, '2026-02-20')).toBe(986_30);
    expect(messages(topUpRefusals(bullet, '2026-02-20', P))).toEqual([
      'Loan GL260100001 is a bullet loan: its accrued interest of ₹986.30 must be paid before a top-up',
    ]);
    const paid: LoanState = {
      ...stateOf(after(created, pay(986.3, '2026-02-20', { paymentType: 'interest' }))),
      repaymentType: 'bullet',
    };
    expect(accruedInterestPaise(paid, '2026-02-20')).toBe(0);
    expect(topUpRefusals(paid, '2026-02-20', P)).toEqual([]);
  });

  it('of a monthly-interest loan says so', () => {
    const mi: LoanState = { ...open, repaymentType: 'monthly_interest' };
    expect(messages(topUpRefusals(mi, '2026-02-20', P))[0]).toMatch(
      /^Loan GL260100001 is a monthly-interest loan:/,
    );
  });

  it('is refused for a closed loan and for a top-up itself', () => {
    expect(messages(topUpRefusals(closedOn('2026-02-27'), '2026-03-01', P))).toEqual([
      'Only an open loan can be topped up',
    ]);
    const topUp: LoanState = { ...open, topUpOf: { loanStreamId: 'loan-x', loanId: 'GL260100009' } };
    expect(messages(topUpRefusals(topUp, '2026-02-20', P))).toEqual([
      'Loan GL260100001 is itself a top-up of GL260100009: top up GL260100009 instead',
    ]);
  });
});

describe('what a loan owes against its gold', () => {
  it('is principal and accrued interest today for an EMI loan', () => {
    expect(owedPaise(open, '2026-02-20')).toBe(100_000_00 + 986_30);
  });

  it('is what is repayable at maturity for a bullet loan', () => {
    const bullet: LoanState = { ...open, repaymentType: 'bullet' };
    const atMaturity = runLedger(termsOf(bullet), successfulPayments(bullet), '2026-07-31');
    expect(owedPaise(bullet, '2026-02-20')).toBe(
      atMaturity.principalOutstandingPaise + atMaturity.interestOutstandingPaise,
    );
    expect(owedPaise(bullet, '2026-02-20')).toBeGreaterThan(owedPaise(open, '2026-02-20'));
  });

  it('is nothing once the loan is closed', () => {
    expect(owedPaise(closedOn('2026-02-27'), '2026-03-01')).toBe(0);
  });
});

describe('the loan-to-value limit on the gold', () => {
  it('is the largest total whose own tier covers it', () => {
    // ₹3,00,000 of gold: 85 % would be ₹2,55,000, above the first tier's ₹2,50,000; 80 % is ₹2,40,000.
    expect(exposureLimit(3_00_000_00, P)).toEqual({ limitPaise: 2_50_000_00, capBps: 8500 });
    expect(exposureLimit(4_00_000_00, P)).toEqual({ limitPaise: 3_20_000_00, capBps: 8000 });
    expect(exposureLimit(10_00_000_00, P)).toEqual({ limitPaise: 7_50_000_00, capBps: 7500 });
    expect(maxNewLoanPaise(1_00_000_00, 50_000_00, P)).toEqual({ maxPaise: 35_000_00, capBps: 8500 });
    expect(maxNewLoanPaise(1_00_000_00, 90_000_00, P).maxPaise).toBe(0);
  });

  it('refuses a top-up past it with the amounts, and a renewal with the most that can be lent', () => {
    expect(() => requireWithinLtv('top_up', 40_000_00, 50_000_00, 1_00_000_00, P)).toThrow(
      "A top-up of ₹40,000 on top of ₹50,000 already owed on this gold is above the 85% loan-to-value limit: the gold is worth ₹1,00,000 at today's valuation price, so at most ₹35,000 more can be lent",
    );
    expect(() => requireWithinLtv('renewal', 85_000_01, 0, 1_00_000_00, P)).toThrow(
      "Loan amount ₹85,000 is above the 85% loan-to-value limit: the gold is worth ₹1,00,000 at today's valuation price, so at most ₹85,000 can be lent",
    );
    expect(() => requireWithinLtv('renewal', 85_000_00, 0, 1_00_000_00, P)).not.toThrow();
  });

  it('lets a new loan through exactly when it is at most the quoted maximum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_00_000_00 }),
        fc.integer({ min: 0, max: 10_00_000_00 }),
        fc.integer({ min: 1, max: 10_00_000_00 }),
        (value, existing, amount) => {
          const { maxPaise } = maxNewLoanPaise(value, existing, P);
          let allowed = true;
          try {
            requireWithinLtv('top_up', amount, existing, value, P);
          } catch {
            allowed = false;
          }
          return allowed === amount <= maxPaise;
        },
      ),
      { numRuns: 2000 },
    );
  });
});
