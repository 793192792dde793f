import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LENDING_POLICY, type GoldItemRecord } from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import {
  checkAppraisedItems,
  checkCashReceipt,
  checkDisbursement,
  checkLtv,
  checkWeightCaps,
  formatWeight,
  largestPrincipalWithin,
  type PledgedLoan,
} from './sanction-checks.js';

const P = LENDING_POLICY;
const lakh = (n: number) => Math.round(n * 1_00_000_00);
const rupees = (n: number) => n * 100;
const emi = (p: number) => p;

/** An open loan of the borrower's: consumption unless told, with the gold it pledged. */
const loan = (o: Partial<PledgedLoan> = {}): PledgedLoan => ({
  loanId: 'GL261100001',
  purpose: 'consumption',
  principalOutstandingPaise: 0,
  pledgedMg: { ornament: 0, coin: 0 },
  ...o,
});

const refusal = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
};

const ltv = (o: {
  principal: number;
  others?: PledgedLoan[];
  value?: number;
  purpose?: 'consumption' | 'income_generating';
  basisOf?: (p: number) => number;
  repaymentType?: 'emi' | 'bullet' | 'monthly_interest';
}) =>
  checkLtv({
    purpose: o.purpose ?? 'consumption',
    repaymentType: o.repaymentType ?? 'emi',
    principalPaise: o.principal,
    basisOf: o.basisOf ?? emi,
    goldValuePaise: o.value ?? lakh(1.5),
    others: o.others ?? [],
    policy: P,
  });

describe('the LTV tier of a consumption loan (gold worth ₹1,50,000)', () => {
  it('takes 85% while the borrower’s consumption total stays up to ₹2,50,000', () => {
    const check = ltv({ principal: rupees(1_27_500) });
    expect(check).toEqual({
      purpose: 'consumption',
      basisPaise: rupees(1_27_500),
      borrowerConsumptionTotalPaise: rupees(1_27_500),
      capBps: 8500,
      maxPrincipalPaise: rupees(1_27_500),
      ltvBps: 8500,
    });
    const e = refusal(() => ltv({ principal: rupees(1_27_501) }));
    expect(e.message).toBe(
      "Loan amount ₹1,27,501 is above the loan-to-value limit: the borrower's consumption gold loans total ₹1,27,501 including this one, so the 85% tier applies (totals up to ₹2,50,000): at most ₹1,27,500 can be lent against this gold (value ₹1,50,000)",
    );
    expect(e.code).toBe('ltv_exceeded');
  });

  it('takes 80% when the total is above ₹2,50,000 up to ₹5,00,000, and says the most that passes', () => {
    const others = [loan({ principalOutstandingPaise: lakh(1.8) })];
    const e = refusal(() => ltv({ principal: lakh(1.3), others }));
    expect(e.message).toBe(
      "Loan amount ₹1,30,000 is above the loan-to-value limit: the borrower's consumption gold loans total ₹3,10,000 including this one, so the 80% tier applies (totals above ₹2,50,000 up to ₹5,00,000): at most ₹1,20,000 can be lent against this gold (value ₹1,50,000)",
    );
    expect(e.details).toMatchObject({
      purpose: 'consumption',
      capPercent: 80,
      tier: { capPercent: 80, from: 2_50_000, upTo: 5_00_000 },
      borrowerTotal: 3_10_000,
      eligibleAmount: 1_20_000,
      goldValue: 1_50_000,
    });
    expect(ltv({ principal: lakh(1.2), others }).capBps).toBe(8000);
  });

  it('takes 75% above ₹5,00,000; a smaller loan may still fall in a higher tier', () => {
    const others = [loan({ principalOutstandingPaise: lakh(4.5) })];
    const e = refusal(() => ltv({ principal: lakh(1.2), others }));
    expect(e.message).toMatch(
      /total ₹5,70,000 including this one, so the 75% tier applies \(totals above ₹5,00,000\): at most ₹1,12,500 can be lent/,
    );
    // ₹40,000 keeps the total at ₹4,90,000: the 80% tier, ₹1,20,000 of headroom.
    expect(ltv({ principal: lakh(0.4), others }).capBps).toBe(8000);
  });

  it('counts only the borrower’s consumption loans for the tier, and their outstanding principal', () => {
    const others = [
      loan({ principalOutstandingPaise: lakh(3), purpose: 'income_generating' }),
      loan({ principalOutstandingPaise: lakh(0.5) }),
    ];
    const check = ltv({ principal: lakh(1), others });
    expect(check.borrowerConsumptionTotalPaise).toBe(lakh(1.5));
    expect(check.capBps).toBe(8500);
  });
});

describe('an income-generating loan', () => {
  it('takes the policy’s 75% whatever the borrower’s total', () => {
    const others = [loan({ principalOutstandingPaise: lakh(4.5) })];
    expect(ltv({ principal: rupees(1_12_500), purpose: 'income_generating', others })).toMatchObject({
      capBps: 7500,
      borrowerConsumptionTotalPaise: null,
      maxPrincipalPaise: rupees(1_12_500),
    });
    const e = refusal(() => ltv({ principal: lakh(1.2), purpose: 'income_generating', others }));
    expect(e.message).toBe(
      "Loan amount ₹1,20,000 is above the loan-to-value limit: income-generating loans are capped at 75% whatever the borrower's other loans (their gold loans total ₹5,70,000 including this one): at most ₹1,12,500 can be lent against this gold (value ₹1,50,000)",
    );
  });
});

describe('a bullet or monthly-interest loan', () => {
  it('counts what is repayable at maturity, and lends at most the principal whose maturity amount fits', () => {
    const tenPercent = (p: number) => Math.round(p * 1.1);
    const e = refusal(() => ltv({ principal: lakh(1.2), basisOf: tenPercent, repaymentType: 'bullet' }));
    expect(e.message).toBe(
      "Loan amount ₹1,20,000 (₹1,32,000 repayable at maturity, which the limit counts for a bullet loan) is above the loan-to-value limit: the borrower's consumption gold loans total ₹1,20,000 including this one, so the 85% tier applies (totals up to ₹2,50,000): at most ₹1,15,909 can be lent against this gold (value ₹1,50,000)",
    );
    const check = ltv({ principal: lakh(1.1), basisOf: tenPercent, repaymentType: 'monthly_interest' });
    expect(check.basisPaise).toBe(lakh(1.21));
    expect(tenPercent(check.maxPrincipalPaise)).toBeLessThanOrEqual(rupees(1_27_500));
    expect(tenPercent(check.maxPrincipalPaise + 1)).toBeGreaterThan(rupees(1_27_500));
  });

  it('finds the largest principal by halving, for any non-decreasing basis', () => {
    expect(largestPrincipalWithin(1000, 1000, (p) => p * 2)).toBe(500);
    expect(largestPrincipalWithin(1000, 1000, (p) => p + 5_000)).toBe(0);
    expect(largestPrincipalWithin(1000, 1000, emi)).toBe(1000);
  });
});

describe('the most that can be lent (property)', () => {
  it('passes at that most, and a paisa more is refused, whatever the borrower’s other loans', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_00, max: 20_00_000_00 }),
        fc.array(
          fc.record({
            principal: fc.integer({ min: 0, max: 8_00_000_00 }),
            purpose: fc.constantFrom('consumption' as const, 'income_generating' as const),
          }),
          { maxLength: 4 },
        ),
        fc.constantFrom('consumption' as const, 'income_generating' as const),
        (value, loans, purpose) => {
          const others = loans.map((l) =>
            loan({ principalOutstandingPaise: l.principal, purpose: l.purpose }),
          );
          const { maxPrincipalPaise } = ltv({ principal: 100, value, others, purpose });
          if (maxPrincipalPaise > 0) {
            expect(() => ltv({ principal: maxPrincipalPaise, value, others, purpose })).not.toThrow();
          }
          expect(() => ltv({ principal: maxPrincipalPaise + 1, value, others, purpose })).toThrow(
            DomainError,
          );
        },
      ),
    );
  });
});

const coin = (grams: number): GoldItemRecord => ({
  description: 'Lakshmi coin',
  grossWeightMg: grams * 1000,
  netWeightMg: grams * 1000,
  purityKarat: 24,
  itemType: 'coin',
  purity: 999,
});
const ornament = (grams: number): GoldItemRecord => ({
  description: 'Necklace',
  grossWeightMg: grams * 1000,
  netWeightMg: grams * 1000 - 500,
  purityKarat: 22,
});

describe('the weight caps per borrower', () => {
  it('refuses coins of 25 g when 30 g are pledged already (cap 50 g), naming both', () => {
    const others = [loan({ pledgedMg: { ornament: 0, coin: 30_000 } })];
    const e = refusal(() => checkWeightCaps([coin(25)], others, P));
    expect(e.message).toBe(
      'Coins are capped at 50 g per borrower; they already have 30 g pledged, this loan adds 25 g',
    );
    expect(e.details).toEqual({ itemType: 'coin', capGrams: 50, pledgedGrams: 30, addingGrams: 25 });
    expect(() => checkWeightCaps([coin(20)], others, P)).not.toThrow();
  });

  it('refuses ornaments above 1 kg across open loans, counting gross weight', () => {
    const others = [
      loan({ pledgedMg: { ornament: 600_000, coin: 0 } }),
      loan({ pledgedMg: { ornament: 390_000, coin: 0 } }),
    ];
    expect(refusal(() => checkWeightCaps([ornament(20)], others, P)).message).toBe(
      'Ornaments are capped at 1 kg per borrower; they already have 990 g pledged, this loan adds 20 g',
    );
    expect(() => checkWeightCaps([ornament(10)], others, P)).not.toThrow();
    // Items recorded before item types count as ornaments; coins have a cap of their own.
    expect(() => checkWeightCaps([coin(50)], others, P)).not.toThrow();
  });

  it('refuses a single coin above the coin cap as bullion', () => {
    expect(refusal(() => checkAppraisedItems([coin(60)], P)).message).toBe(
      'Item 1 (Lakshmi coin) is a coin of 60 g: coins above 50 g (the coin cap per borrower) cannot be pledged',
    );
    expect(() => checkAppraisedItems([coin(50)], P)).not.toThrow();
  });

  it('writes weights as people read them', () => {
    expect([
      formatWeight(50_000),
      formatWeight(28_500),
      formatWeight(1_000_000),
      formatWeight(1_250_500),
    ]).toEqual(['50 g', '28.5 g', '1 kg', '1,250.5 g']);
  });
});

describe('an appraisal with deductions', () => {
  it('must leave exactly the net weight', () => {
    const item: GoldItemRecord = {
      ...ornament(30),
      netWeightMg: 28_000,
      deductions: [{ kind: 'stones', weightMg: 1_500, reason: 'Kempu stones' }],
    };
    expect(refusal(() => checkAppraisedItems([item], P)).message).toBe(
      'Item 1 (Necklace): net weight 28 g is not the gross weight 30 g less the deductions of 1.5 g (28.5 g)',
    );
    expect(() => checkAppraisedItems([{ ...item, netWeightMg: 28_500 }], P)).not.toThrow();
  });
});

describe('cash limits', () => {
  it('pays out up to ₹20,000 in cash; ₹20,001 is refused under s.269SS', () => {
    expect(checkDisbursement('cash', null, rupees(20_000), P)).toBeNull();
    const e = refusal(() => checkDisbursement('cash', null, rupees(20_001), P));
    expect(e.message).toBe(
      'A loan above ₹20,000 cannot be paid out in cash (Income Tax Act s.269SS); choose bank transfer or UPI',
    );
    expect(e.code).toBe('cash_disbursement_limit');
  });

  it('pays any amount by bank transfer or UPI, with its reference', () => {
    expect(checkDisbursement('bank_transfer', ' UTR123 ', lakh(5), P)).toBe('UTR123');
    expect(checkDisbursement('upi', 'UPI-77', lakh(5), P)).toBe('UPI-77');
    expect(refusal(() => checkDisbursement('bank_transfer', '', lakh(1), P)).message).toBe(
      'A bank transfer needs its reference (the UTR): please enter it in disbursementReference',
    );
    expect(refusal(() => checkDisbursement('upi', null, lakh(1), P)).message).toBe(
      'A UPI payout needs its reference (the UPI transaction id): please enter it in disbursementReference',
    );
  });

  it('takes cash from one person in a day only below ₹2,00,000 (s.269ST), naming what came in already', () => {
    const day = { date: '2026-11-21', today: '2026-11-21' };
    expect(() => checkCashReceipt(rupees(49_999), lakh(1.5), day, P)).not.toThrow();
    const e = refusal(() => checkCashReceipt(rupees(50_000), lakh(1.5), day, P));
    expect(e.message).toBe(
      'Cash received from one person in a day must stay below ₹2,00,000 (Income Tax Act s.269ST): the borrower has already paid ₹1,50,000 in cash today, so at most ₹49,999 more can be taken in cash today; take this payment online',
    );
    expect(e.details).toEqual({ receiptLimit: 2_00_000, alreadyReceived: 1_50_000 });
    expect(refusal(() => checkCashReceipt(lakh(2), 0, { ...day, date: '2026-11-20' }, P)).message).toMatch(
      /already paid ₹0 in cash on 20 Nov 2026, so at most ₹1,99,999 more/,
    );
  });
});
