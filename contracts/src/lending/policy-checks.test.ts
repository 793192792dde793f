import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLendingPolicy, policySenseProblems } from './policy-checks.js';
import { LendingPolicyDocument } from './policy-document.js';
import {
  describePolicyChanges,
  formatPolicyValue,
  formatRule,
  fromHuman,
  POLICY_FIELDS,
  toHuman,
  type PolicyUnit,
} from './policy-fields.js';
import { POLICY_RULES } from './policy-sources.js';
import { LENDING_POLICY_DOCUMENT } from './policy.js';

const problemsOf = (input: unknown) => {
  const checked = checkLendingPolicy(input);
  return checked.ok ? [] : checked.problems;
};

describe('the policy descriptor', () => {
  it('names every rule of the document, and each group by its parts', () => {
    const keys = Object.keys(LendingPolicyDocument.shape).sort();
    expect(Object.keys(POLICY_FIELDS).sort()).toEqual(keys);
    expect(Object.keys(POLICY_RULES).sort()).toEqual(keys);
    for (const [key, shape] of Object.entries(POLICY_FIELDS)) {
      if (shape.kind !== 'group') continue;
      expect(Object.keys(shape.parts).sort(), key).toEqual(
        Object.keys(LENDING_POLICY_DOCUMENT[key as keyof typeof LENDING_POLICY_DOCUMENT]).sort(),
      );
    }
  });

  it('shows values in people’s units', () => {
    expect(formatPolicyValue('rupees', 5_000)).toBe('₹50');
    expect(formatPolicyValue('rupees', 2_50_000_00)).toBe('₹2,50,000');
    expect(formatPolicyValue('rupees', 150)).toBe('₹1.50');
    expect(formatPolicyValue('percent', 1250)).toBe('12.5%');
    expect(formatPolicyValue('days', 1)).toBe('1 day');
    expect(formatPolicyValue('working_days', 7)).toBe('7 working days');
    expect(formatPolicyValue('grams', 1_000_000)).toBe('1,000 g');
    expect(formatPolicyValue('karat', 22)).toBe('22K');
    expect(formatRule('ltvSlabs', LENDING_POLICY_DOCUMENT.ltvSlabs)).toBe(
      'up to ₹2,50,000: 85%; up to ₹5,00,000: 80%; above: 75%',
    );
    expect(formatRule('minimumDays', LENDING_POLICY_DOCUMENT.minimumDays)).toBe(
      'above the threshold rate: 7 days; at or below the threshold rate: 15 days',
    );
  });

  it('turns people’s numbers back into the document’s exactly (paise, basis points, milligrams)', () => {
    const units: PolicyUnit[] = ['rupees', 'percent', 'grams', 'days', 'months', 'karat'];
    fc.assert(
      fc.property(fc.constantFrom(...units), fc.integer({ min: 0, max: 1e12 }), (unit, stored) => {
        expect(fromHuman(unit, toHuman(unit, stored))).toBe(stored);
      }),
    );
  });
});

describe('the change lines', () => {
  it('say each changed rule and part in people’s units', () => {
    const after = {
      ...LENDING_POLICY_DOCUMENT,
      minimumInterestPaise: 7_500,
      minimumDays: { ...LENDING_POLICY_DOCUMENT.minimumDays, highRate: 10 },
      ltvSlabs: [
        { upToPaise: 3_00_000_00, capBps: 8500 },
        { upToPaise: null, capBps: 7500 },
      ],
    };
    expect(describePolicyChanges(LENDING_POLICY_DOCUMENT, after)).toEqual([
      'Minimum chargeable days, above the threshold rate: 7 days → 10 days',
      'Minimum interest on closure: ₹50 → ₹75',
      "LTV cap by borrower's total consumption loans: up to ₹2,50,000: 85%; up to ₹5,00,000: 80%; above: 75% → up to ₹3,00,000: 85%; above: 75%",
    ]);
  });

  it('find nothing changed when only the order of keys differs (a document read back from the store)', () => {
    const reordered = Object.fromEntries(
      Object.entries(LENDING_POLICY_DOCUMENT).reverse(),
    ) as unknown as typeof LENDING_POLICY_DOCUMENT;
    const shuffled = {
      ...LENDING_POLICY_DOCUMENT,
      minimumDays: { lowRate: 15, highRate: 7 },
    };
    expect(describePolicyChanges(LENDING_POLICY_DOCUMENT, reordered)).toEqual([]);
    expect(describePolicyChanges(LENDING_POLICY_DOCUMENT, shuffled)).toEqual([]);
  });
});

describe('checking a proposed document', () => {
  it('accepts the built-in policy', () => {
    expect(checkLendingPolicy(LENDING_POLICY_DOCUMENT)).toEqual({
      ok: true,
      policy: LENDING_POLICY_DOCUMENT,
    });
  });

  it('names each shape problem by its rule, in people’s units', () => {
    const { minimumLoanPaise: _gone, ...missing } = LENDING_POLICY_DOCUMENT;
    expect(problemsOf(missing)).toEqual(['Smallest loan is missing']);
    expect(problemsOf({ ...LENDING_POLICY_DOCUMENT, minimumInterestPaise: 50.5 })).toEqual([
      'Minimum interest on closure must be a whole number of paise',
    ]);
    expect(problemsOf({ ...LENDING_POLICY_DOCUMENT, reservePriceMinBps: 12_000 })).toEqual([
      'Lowest reserve price must be at most 100%',
    ]);
    expect(problemsOf({ ...LENDING_POLICY_DOCUMENT, minimumDays: { highRate: -1, lowRate: 15 } })).toEqual([
      'Minimum chargeable days, above the threshold rate cannot be negative',
    ]);
    expect(problemsOf({ ...LENDING_POLICY_DOCUMENT, ltvSlabs: [{ upToPaise: 0, capBps: 8500 }] })).toEqual([
      "LTV cap by borrower's total consumption loans, tier 1 ceiling must be more than 0",
    ]);
    expect(problemsOf({ ...LENDING_POLICY_DOCUMENT, rateOptionsBps: [] })).toEqual([
      'Interest rates offered on new loans needs at least one value',
    ]);
    expect(problemsOf({ ...LENDING_POLICY_DOCUMENT, holidays: { '2026-12-01': 'Something' } })).toEqual([
      'Holidays are no longer part of the lending policy: declare them on the Holidays page',
    ]);
    expect(problemsOf({ ...LENDING_POLICY_DOCUMENT, minimumIntrest: 5_000 })).toEqual([
      'minimumIntrest is not a rule of the lending policy',
    ]);
    expect(problemsOf(null)).toEqual(['The policy must be a document of rules']);
  });

  it('finds what makes no sense between rules', () => {
    const p = LENDING_POLICY_DOCUMENT;
    const cases: Array<[Partial<typeof p>, string]> = [
      [
        { rateOptionsBps: [1200, 10_500] },
        'Interest rates offered on new loans: every rate must be above 0% and at most 100%',
      ],
      [
        { rateOptionsBps: [0, 1200] },
        'Interest rates offered on new loans: every rate must be above 0% and at most 100%',
      ],
      [
        { upgradeLadderBps: [1200, 1200, 1800] },
        'Rate upgrade ladder must rise from each rate to the next (12%, 12%, 18%)',
      ],
      [{ termOptionsMonths: [3, 6, 6] }, 'Terms offered lists the same value twice'],
      [
        {
          minimumTermMonths: 12,
          termOptionsMonths: [12],
          defaultTermMonths: 12,
          maximumTermMonths: 6,
          maxTermMonthsByRepayment: { emi: 6, bullet: 6, monthly_interest: 6 },
        },
        'Shortest term (12 months) cannot be longer than the longest term (6 months)',
      ],
      [{ termOptionsMonths: [3, 6, 72] }, 'Terms offered must each lie within 1 month to 60 months'],
      [{ defaultTermMonths: 9 }, 'Default term (9 months) must be one of the terms offered'],
      [
        { maxTermMonthsByRepayment: { emi: 60, bullet: 72, monthly_interest: 12 } },
        'Longest term by repayment structure, bullet: must lie within 1 month to 60 months',
      ],
      [
        { defaultPurityKarat: 21 },
        'Default purity of an item (21K) must be one of the purities offered for an item',
      ],
      [
        { goldPrices: { ...p.goldPrices, referencePurity: 920 } },
        'Gold valuation price: the reference purity (920) must be one of the published purities',
      ],
      [
        {
          ltvSlabs: [
            { upToPaise: 5_00_000_00, capBps: 8000 },
            { upToPaise: 2_50_000_00, capBps: 7500 },
            { upToPaise: null, capBps: 7500 },
          ],
        },
        "LTV cap by borrower's total consumption loans: the ceilings must rise from each tier to the next",
      ],
      [
        {
          ltvSlabs: [
            { upToPaise: 2_50_000_00, capBps: 7500 },
            { upToPaise: null, capBps: 8500 },
          ],
        },
        "LTV cap by borrower's total consumption loans: a larger total cannot have a higher cap than a smaller one",
      ],
      [
        { goldReturnReminderDays: { initial: 3, followup: 15, urgent: 7, final: 30 } },
        'Gold-return reminders must come in order: first reminder, follow-up, urgent, final',
      ],
      [
        { loanDateBounds: { employeeMaxDaysBack: 60, adminMaxDaysBack: 30 } },
        'How far back a loan may be dated: an employee cannot date a loan further back than an admin',
      ],
      [{ daysInYear: 400 }, 'Days in a year for daily interest must be between 360 and 366'],
      [
        { reservePriceAfterFailedAuctionsBps: 9500 },
        'Lowest reserve price after two failed auctions (95%) cannot be above the lowest reserve price (90%)',
      ],
      [
        { highlightColours: ['other', 'purple'] },
        'Colours of upgraded loans must each be one of other, yellow, orange, red',
      ],
    ];
    for (const [change, message] of cases) {
      expect(policySenseProblems({ ...p, ...change }), message).toEqual([message]);
    }
  });
});
