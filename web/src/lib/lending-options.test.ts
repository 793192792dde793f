import {
  CreateLoanRequest,
  LENDING_POLICY,
  RenewLoanRequest,
  type CreateLoanRequest as CreateLoanBody,
} from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import {
  DAYS_IN_YEAR,
  DEFAULT_PURITY_KARAT,
  DEFAULT_RATE_PERCENT,
  DEFAULT_TERM_MONTHS,
  FINAL_RATE_PERCENT,
  LTV_SLABS_RUPEES,
  MINIMUM_LOAN_RUPEES,
  PURITY_OPTIONS_KARAT,
  RATE_OPTIONS_PERCENT,
  RENEWAL_RATE_OPTIONS_PERCENT,
  TERM_OPTIONS_MONTHS,
} from './lending-options';

const loan = (overrides: Partial<CreateLoanBody>) =>
  CreateLoanRequest.safeParse({
    customerId: 'CUS000001',
    goldItems: [{ description: 'Chain', grossWeight: 10, netWeight: 9.5, purityKarat: 22 }],
    interestRate: 18,
    amount: 10_000,
    term: 6,
    ...overrides,
  });

describe('the options the web offers are exactly the lending policy', () => {
  it('offers the policy rates, terms and purities, in its order', () => {
    expect(RATE_OPTIONS_PERCENT.map((r) => r * 100)).toEqual(LENDING_POLICY.rateOptionsBps);
    expect(RENEWAL_RATE_OPTIONS_PERCENT.map((r) => r * 100)).toEqual(LENDING_POLICY.renewalRateOptionsBps);
    expect(TERM_OPTIONS_MONTHS).toEqual(LENDING_POLICY.termOptionsMonths);
    expect(PURITY_OPTIONS_KARAT).toEqual(LENDING_POLICY.purityOptionsKarat);
    expect(DEFAULT_PURITY_KARAT).toBe(LENDING_POLICY.defaultPurityKarat);
    expect(DEFAULT_TERM_MONTHS).toBe(LENDING_POLICY.defaultTermMonths);
    expect(MINIMUM_LOAN_RUPEES * 100).toBe(LENDING_POLICY.minimumLoanPaise);
  });

  it('starts the forms on choices the policy offers', () => {
    expect(RATE_OPTIONS_PERCENT).toContain(DEFAULT_RATE_PERCENT);
    expect(TERM_OPTIONS_MONTHS).toContain(DEFAULT_TERM_MONTHS);
    expect(PURITY_OPTIONS_KARAT).toContain(DEFAULT_PURITY_KARAT);
  });

  it('shows the policy LTV slabs, converted to rupees and percent', () => {
    expect(
      LTV_SLABS_RUPEES.map((s) => ({
        upToPaise: Number.isFinite(s.upToRupees) ? s.upToRupees * 100 : null,
        capBps: s.capPercent * 100,
      })),
    ).toEqual(LENDING_POLICY.ltvSlabs);
  });

  it('offers only what the API accepts: every rate, term and purity, and the smallest amount', () => {
    for (const interestRate of RATE_OPTIONS_PERCENT) expect(loan({ interestRate }).success).toBe(true);
    for (const term of TERM_OPTIONS_MONTHS) expect(loan({ term }).success).toBe(true);
    for (const purityKarat of PURITY_OPTIONS_KARAT) {
      const goldItems = [{ description: 'Chain', grossWeight: 10, netWeight: 9.5, purityKarat }];
      expect(loan({ goldItems }).success).toBe(true);
    }
    expect(loan({ amount: MINIMUM_LOAN_RUPEES }).success).toBe(true);
    expect(loan({ amount: MINIMUM_LOAN_RUPEES - 1 }).success).toBe(false);
  });

  it('offers a renewal only the rates and terms the renewal endpoint accepts, and its default term', () => {
    for (const interestRate of RENEWAL_RATE_OPTIONS_PERCENT) {
      for (const term of TERM_OPTIONS_MONTHS) {
        expect(RenewLoanRequest.safeParse({ amount: MINIMUM_LOAN_RUPEES, interestRate, term }).success).toBe(
          true,
        );
      }
    }
    const withoutTerm = RenewLoanRequest.parse({ amount: MINIMUM_LOAN_RUPEES, interestRate: 18 });
    expect(withoutTerm.term).toBe(DEFAULT_TERM_MONTHS);
  });
});

describe('the upgrade ladder and the day count the web shows', () => {
  it('names the top of the ladder and the days of a year as the policy does', () => {
    expect(FINAL_RATE_PERCENT * 100).toBe(Math.max(...LENDING_POLICY.upgradeLadderBps));
    expect(DAYS_IN_YEAR).toBe(LENDING_POLICY.daysInYear);
  });
});
