import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANCH_DETAILS, goldValuePaise } from '@goldledger/contracts';
import { createCommand, createdBeforeIssue17 } from '../testing/loan-decider-fixtures.js';
import { sanctionedLoanCreated } from '../testing/sanction-fixtures.js';
import { appraisalCertificate } from './appraisal-certificate.js';

describe('the appraisal certificate of a loan appraised item by item', () => {
  const c = appraisalCertificate(
    sanctionedLoanCreated({
      loanId: 'GL261100007',
      structure: 'bullet',
      customer: createCommand.customer,
      photoIds: { 0: 'photo-necklace' },
    }),
    DEFAULT_BRANCH_DETAILS,
  );

  it('lists each item with its type, purity, weights, deductions and reasons, and its photo', () => {
    expect(c.fromRecordedValuation).toBe(false);
    expect(c.items.map((i) => [i.number, i.itemType, i.fineness, i.karat, i.photoId])).toEqual([
      [1, 'ornament', 916, 22, 'photo-necklace'],
      [2, 'coin', 999, 24, null],
      [3, 'ornament', 833, 20, null],
    ]);
    expect(c.items[0]).toMatchObject({
      description: 'Necklace with kundan pendant',
      grossWeightMg: 25_400,
      deductionsMg: 2_250,
      netWeightMg: 23_150,
      deductions: [
        { kind: 'stones', weightMg: 1_850, reason: 'Kundan stones set in the pendant' },
        { kind: 'other', weightMg: 400, reason: 'Lac filling in the beads' },
      ],
    });
  });

  it('gives each item its price basis: both limbs, which bound, the purity priced from, and the value', () => {
    expect(c.window).toEqual({
      previousDay: '2026-10-31',
      averageFrom: '2026-10-03',
      averageTo: '2026-11-01',
    });
    expect(c.items.map((i) => i.price)).toEqual([
      {
        kind: 'lower_of',
        pricedFrom: 916,
        average30Paise: 8_905_00,
        previousClosePaise: 8_872_50,
        bound: 'previousClose',
        pricePerGramPaise: 8_872_50,
      },
      expect.objectContaining({ pricedFrom: 999, bound: 'average30', pricePerGramPaise: 9_712_40 }),
      expect.objectContaining({ pricedFrom: 916, bound: 'previousClose', pricePerGramPaise: 8_068_24 }),
    ]);
    // 23.150 g × ₹8,872.50 = ₹2,05,398.38; 10 g × ₹9,712.40; 11.800 g × ₹8,068.24 = ₹95,205.23.
    expect(c.items.map((i) => i.valuePaise)).toEqual([2_05_398_38, 97_124_00, 95_205_23]);
  });

  it('totals the weights and the value recorded at sanction', () => {
    expect(c.totals).toEqual({
      grossWeightMg: 47_405,
      deductionsMg: 2_455,
      netWeightMg: 44_950,
      valuePaise: 3_97_727_61,
    });
  });
});

describe('the appraisal certificate of a loan made before item-wise appraisal', () => {
  const created = createdBeforeIssue17 as Parameters<typeof appraisalCertificate>[0];
  const c = appraisalCertificate(created, DEFAULT_BRANCH_DETAILS);

  it('says so, and values the items at the single rate recorded with the loan', () => {
    expect(c.fromRecordedValuation).toBe(true);
    expect(c.window).toBeNull();
    expect(c.valuedOn).toBe('2026-01-31');
    expect(c.items).toEqual([
      {
        number: 1,
        itemType: 'ornament',
        description: 'Chain',
        fineness: 916,
        karat: 22,
        grossWeightMg: 25_000,
        deductions: [
          { kind: 'other', weightMg: 1_000, reason: 'Gross less net weight (no reason recorded)' },
        ],
        deductionsMg: 1_000,
        netWeightMg: 24_000,
        photoId: null,
        // ₹7,000 a gram of 24K × 22/24.
        price: { kind: 'single_rate', ratePaisePerGram24k: 7_000_00, pricePerGramPaise: 6_416_67 },
        valuePaise: 1_54_000_00,
      },
    ]);
    expect(c.totals.valuePaise).toBe(goldValuePaise(created.goldItems, 7_000_00));
  });
});
