import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANCH_DETAILS, LENDING_POLICY, type LendingPolicy } from '@goldledger/contracts';
import { auctionReadyDate } from '../lending/loan.rules.js';
import { createCommand, createdBeforeIssue17 } from '../testing/loan-decider-fixtures.js';
import { sanctionedLoanCreated } from '../testing/sanction-fixtures.js';
import { keyFacts, rateLadder } from './key-facts.js';

const customer = createCommand.customer;
const facts = (structure: 'emi' | 'bullet' | 'monthly_interest', policy: LendingPolicy = LENDING_POLICY) =>
  keyFacts({
    created: sanctionedLoanCreated({ loanId: 'GL261100007', structure, customer }),
    branch: DEFAULT_BRANCH_DETAILS,
    policy,
    charges: [],
  });

describe('the Key Facts Statement of a bullet loan', () => {
  const k = facts('bullet');

  it('states the sanction: amount, payout by UPI with its reference, purpose, structure, tenure', () => {
    expect(k).toMatchObject({
      loanId: 'GL261100007',
      sanctionDate: '2026-11-02',
      policyVersion: 1,
      principalPaise: 1_20_000_00,
      disbursement: { mode: 'upi', reference: 'UPI-302611020417' },
      purpose: 'consumption',
      repaymentType: 'bullet',
      termMonths: 12,
      maturityDate: '2027-11-02',
      annualRateBps: 1800,
      charges: [],
      borrower: { name: 'Lakshmi Devi', customerId: 'CUS000001', mobile: '9000000003', address: 'Chennai' },
    });
    expect(k.branch.phone).toBe(DEFAULT_BRANCH_DETAILS.phone);
  });

  it('has one payment, principal and interest at maturity, that closes the loan', () => {
    expect(k.schedule).toHaveLength(1);
    const [only] = k.schedule;
    expect(only).toMatchObject({ number: 1, dueDate: '2027-11-02', closes: true });
    expect(only!.paidPaise).toBe(only!.amountPaise);
    expect(k.paidOnSchedulePaise).toBe(k.scheduleTotalPaise);
    expect(k.costPaise).toBe(k.scheduleTotalPaise - 1_20_000_00);
    // 12 blocks of 30 days compounded, and 5 days: 18 % a year is 19.56 % once compounded.
    expect(k.apr.aprBps).toBe(1956.58);
    expect(k.apr.flows).toEqual([expect.objectContaining({ date: '2027-11-02', days: 365 })]);
  });

  it('climbs the ladder after maturity, every 3 months, and is ready for auction as loan.rules says', () => {
    expect(k.ladder).toEqual([
      { after: '2027-11-02', rateBps: 2400 },
      { after: '2028-02-02', rateBps: 3000 },
      { after: '2028-05-02', rateBps: 3600 },
    ]);
    expect(k.auctionReadyOn).toBe('2028-09-02');
  });

  it('copies the security from the appraisal and the LTV check', () => {
    expect(k.security).toEqual({
      goldValuePaise: 3_97_727_61,
      ltvBps: expect.any(Number),
      capBps: 8500,
      items: 3,
    });
    expect(k.security.ltvBps).toBe(Math.round((k.scheduleTotalPaise / 3_97_727_61) * 10_000));
  });
});

describe('the Key Facts Statement of an interest-every-month loan', () => {
  const k = facts('monthly_interest');

  it('pays the interest each month and the principal with the last, which closes the loan', () => {
    expect(k.repaymentType).toBe('monthly_interest');
    expect(k.purpose).toBe('income_generating');
    expect(k.schedule).toHaveLength(12);
    expect(
      k.schedule.slice(0, 11).every((r) => r.amountPaise < 2_000_00 && r.paidPaise === r.amountPaise),
    ).toBe(true);
    expect(k.schedule[11]).toMatchObject({ dueDate: '2027-11-02', closes: true });
    expect(k.schedule[11]!.amountPaise).toBeGreaterThan(1_20_000_00);
    expect(k.disbursement).toEqual({ mode: 'bank_transfer', reference: 'UTR-SBIN0026110200931' });
    expect(k.security.capBps).toBe(7500);
  });

  it('costs less than a bullet loan of the same rate (interest paid monthly does not compound) yet more than 18 %', () => {
    expect(k.apr.aprBps).toBeGreaterThan(1800);
    expect(k.costPaise).toBeLessThan(facts('bullet').costPaise);
  });
});

describe('the Key Facts Statement of an EMI loan', () => {
  const k = facts('emi');

  it('pays five installments in full; the sixth, smaller, closes the loan (interest only on what is owed)', () => {
    expect(k.schedule.map((r) => r.closes)).toEqual([false, false, false, false, false, true]);
    expect(k.schedule.slice(0, 5).every((r) => r.paidPaise === r.amountPaise)).toBe(true);
    const last = k.schedule[5]!;
    expect(last.paidPaise!).toBeLessThan(last.amountPaise);
    expect(k.paidOnSchedulePaise).toBeLessThan(k.scheduleTotalPaise);
    expect(k.apr.aprBps).toBe(1957.02);
  });

  it('counts a charge in the APR and in what the borrower receives', () => {
    const fee = keyFacts({
      created: sanctionedLoanCreated({ loanId: 'GL261100007', structure: 'emi', customer }),
      branch: DEFAULT_BRANCH_DETAILS,
      policy: LENDING_POLICY,
      charges: [{ name: 'Processing fee', amountPaise: 1_000_00 }],
    });
    expect(fee.apr.disbursedPaise).toBe(1_19_000_00);
    expect(fee.apr.aprBps).toBeGreaterThan(k.apr.aprBps);
    expect(fee.costPaise).toBe(k.costPaise + 1_000_00);
  });
});

describe('a loan made before issue 17', () => {
  const k = keyFacts({
    created: createdBeforeIssue17 as never,
    branch: DEFAULT_BRANCH_DETAILS,
    policy: LENDING_POLICY,
    charges: [],
  });

  it('reads as a consumption EMI loan paid out in cash, under policy version 1', () => {
    expect(k).toMatchObject({
      purpose: 'consumption',
      repaymentType: 'emi',
      disbursement: { mode: 'cash', reference: null },
      policyVersion: 1,
    });
    // 24 g of 22K at ₹7,000 a gram of 24K: ₹1,54,000; ₹1,00,000 is 64.94 % of it.
    expect(k.security).toEqual({ goldValuePaise: 1_54_000_00, ltvBps: 6494, capBps: 8500, items: 1 });
  });
});

describe('the numbers come from the policy it is given', () => {
  it('the ladder and auction readiness match loan.rules for the built-in policy, for every rate and term', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LENDING_POLICY.rateOptionsBps),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 700 }),
        (annualRateBps, termMonths, offset) => {
          const disbursementDate = new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);
          const c = sanctionedLoanCreated({
            loanId: 'GL1',
            structure: 'emi',
            customer,
            annualRateBps,
            termMonths,
            disbursementDate,
          });
          const { ladder, auctionReadyOn } = rateLadder(c, LENDING_POLICY);
          expect(auctionReadyOn).toBe(
            auctionReadyDate({ disbursementDate, termMonths, originalRateBps: annualRateBps }),
          );
          expect(ladder[0]?.after ?? c.installments.at(-1)!.dueDate).toBe(c.installments.at(-1)!.dueDate);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a later policy with another ladder and interval changes the steps', () => {
    const policy = {
      ...LENDING_POLICY,
      upgradeLadderBps: [1800, 2700],
      upgradeIntervalMonths: 2,
      auctionGraceMonths: 2,
    };
    const k = facts('bullet', policy);
    expect(k.ladder).toEqual([{ after: '2027-11-02', rateBps: 2700 }]);
    expect(k.auctionReadyOn).toBe('2028-03-02');
  });
});
