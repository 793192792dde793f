import { describe, expect, it } from 'vitest';
import { LENDING_POLICY, type GoldPriceEvent } from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import { deciderSpec } from '../testing/decider-spec.js';
import {
  decideGoldPrices,
  evolveRegister,
  initialRegisterState,
  outcomesOf,
  registerOf,
  streamsOf,
  type RecordGoldPrices,
} from './gold-price.decider.js';

const spec = deciderSpec({
  initialState: initialRegisterState,
  evolve: evolveRegister,
  decide: (c: RecordGoldPrices, s) => decideGoldPrices(c, s, LENDING_POLICY),
});

const recorded = (
  date: string,
  purity: number,
  pricePerGramPaise: number,
  previousPricePerGramPaise: number | null = null,
  source: 'entry' | 'import' | 'gold-rate' = 'entry',
  importId: string | null = null,
): GoldPriceEvent => ({
  type: 'GoldPriceRecorded',
  data: { date, purity, pricePerGramPaise, previousPricePerGramPaise, source, importId },
});

const record = (rows: RecordGoldPrices['rows'], extra: Partial<RecordGoldPrices> = {}): RecordGoldPrices => ({
  type: 'RecordGoldPrices',
  rows,
  today: '2026-11-21',
  source: 'entry',
  importId: null,
  ...extra,
});

describe('recording a day’s closing price', () => {
  it('records a first price with no previous one', () => {
    spec
      .given([])
      .when(record([{ date: '2026-11-20', purity: 916, pricePerGramPaise: 7_250_50 }]))
      .then([recorded('2026-11-20', 916, 7_250_50)]);
  });

  it('corrects a price: the same day and purity again names the price it replaces', () => {
    spec
      .given([recorded('2026-11-20', 916, 7_250_50)])
      .when(record([{ date: '2026-11-20', purity: 916, pricePerGramPaise: 7_260_00 }]))
      .then([recorded('2026-11-20', 916, 7_260_00, 7_250_50)]);
  });

  it('records nothing for a price already recorded', () => {
    spec
      .given([recorded('2026-11-20', 916, 7_250_50), recorded('2026-11-20', 999, 7_900_00)])
      .when(record([{ date: '2026-11-20', purity: 916, pricePerGramPaise: 7_250_50 }]))
      .then([]);
  });

  it('carries the source and the import’s id', () => {
    spec
      .given([])
      .when(
        record([{ date: '2026-11-20', purity: 750, pricePerGramPaise: 5_900_00, line: 2 }], {
          source: 'import',
          importId: 'imp-1',
        }),
      )
      .then([recorded('2026-11-20', 750, 5_900_00, null, 'import', 'imp-1')]);
  });

  it('takes back-dated history and today, never a future date', () => {
    spec
      .given([])
      .when(record([{ date: '2024-01-02', purity: 916, pricePerGramPaise: 5_800_00 }]))
      .then([recorded('2024-01-02', 916, 5_800_00)]);
    spec
      .given([])
      .when(record([{ date: '2026-11-21', purity: 916, pricePerGramPaise: 7_300_00 }]))
      .then([recorded('2026-11-21', 916, 7_300_00)]);
    spec
      .given([])
      .when(record([{ date: '2026-11-22', purity: 916, pricePerGramPaise: 7_300_00 }]))
      .thenThrows('Date cannot be in the future');
    spec
      .given([])
      .when(record([{ date: '1999-12-31', purity: 916, pricePerGramPaise: 7_300_00 }]))
      .thenThrows('Date must be on or after 1 Jan 2000');
  });

  it.each([
    [958, 'Purity must be one of 999, 995, 916, 750, 585'],
    [22, 'Purity must be one of 999, 995, 916, 750, 585'],
  ])('refuses the unpublished purity %i: "%s"', (purity, message) => {
    spec
      .given([])
      .when(record([{ date: '2026-11-20', purity, pricePerGramPaise: 7_000_00 }]))
      .thenThrows(message);
  });

  it.each([
    [0, 'Price per gram must be a positive number'],
    [-1, 'Price per gram must be a positive number'],
    [1.5, 'Price per gram must be a positive number'],
    [10_000_001, 'Price per gram must be at most ₹1,00,000'],
  ])('refuses %d paise: "%s"', (paise, message) => {
    spec
      .given([])
      .when(record([{ date: '2026-11-20', purity: 916, pricePerGramPaise: paise }]))
      .thenThrows(message);
  });

  it('accepts the bounds: a paisa and ₹1,00,000', () => {
    spec
      .given([])
      .when(
        record([
          { date: '2026-11-20', purity: 916, pricePerGramPaise: 1 },
          { date: '2026-11-20', purity: 999, pricePerGramPaise: 10_000_000 },
        ]),
      )
      .then([recorded('2026-11-20', 916, 1), recorded('2026-11-20', 999, 10_000_000)]);
  });
});

describe('several prices at once', () => {
  it('is all or nothing: one bad row refuses every row, naming its line', () => {
    const run = () =>
      decideGoldPrices(
        record([
          { date: '2026-11-19', purity: 916, pricePerGramPaise: 7_200_00, line: 2 },
          { date: '2026-11-20', purity: 916, pricePerGramPaise: 7_250_00, line: 3 },
          { date: '2026-11-23', purity: 916, pricePerGramPaise: 7_250_00, line: 4 },
        ]),
        new Map(),
        LENDING_POLICY,
      );
    expect(run).toThrow('Line 4: Date cannot be in the future');
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).details).toEqual({ line: 4 });
      expect((error as DomainError).status).toBe(400);
    }
  });

  it('refuses a day and purity given twice, naming both lines', () => {
    spec
      .given([])
      .when(
        record([
          { date: '2026-11-20', purity: 916, pricePerGramPaise: 7_250_00, line: 3 },
          { date: '2026-11-20', purity: 916, pricePerGramPaise: 7_260_00, line: 9 },
        ]),
      )
      .thenThrows('Line 9: 2026-11-20 at 916 is already given on line 3');
  });

  it('tells recorded, corrected and unchanged apart', () => {
    const state = registerOf([recorded('2026-11-20', 916, 7_250_00), recorded('2026-11-20', 999, 7_900_00)]);
    const rows = [
      { date: '2026-11-20', purity: 916, pricePerGramPaise: 7_250_00 },
      { date: '2026-11-20', purity: 999, pricePerGramPaise: 7_910_00 },
      { date: '2026-11-20', purity: 750, pricePerGramPaise: 5_940_00 },
    ];
    expect(outcomesOf(rows, state).map((o) => [o.outcome, o.previousPricePerGramPaise])).toEqual([
      ['unchanged', 7_250_00],
      ['corrected', 7_900_00],
      ['recorded', null],
    ]);
    expect(decideGoldPrices(record(rows), state, LENDING_POLICY)).toEqual([
      recorded('2026-11-20', 999, 7_910_00, 7_900_00),
      recorded('2026-11-20', 750, 5_940_00),
    ]);
  });

  it('names the month streams it writes, in order', () => {
    expect(streamsOf([{ date: '2026-11-02' }, { date: '2025-12-31' }, { date: '2026-11-20' }])).toEqual([
      'gold-prices-2025-12',
      'gold-prices-2026-11',
    ]);
  });
});
