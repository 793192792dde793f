import { describe, expect, it } from 'vitest';
import {
  chartPoints,
  csvDataRows,
  dayRequest,
  latestCloses,
  priceFromText,
  purityLabel,
  rangeDates,
  sampleCsv,
} from './gold-price-view';

const PURITIES = [999, 995, 916, 750, 585];

describe('the gold prices page', () => {
  it('names purities as a jeweller does, with the fineness the register keeps', () => {
    expect(PURITIES.map(purityLabel)).toEqual(['24K (999)', '995', '22K (916)', '18K (750)', '14K (585)']);
  });

  it('reads a period back from today', () => {
    expect(rangeDates('quarter', '2026-11-21')).toEqual({ from: '2026-08-23', to: '2026-11-21' });
    expect(rangeDates('year', '2026-11-21')).toEqual({ from: '2025-11-22', to: '2026-11-21' });
    expect(rangeDates('twoYears', '2026-11-21').from).toBe('2024-11-21');
  });

  it('draws a point per day: each purity’s close and the valuation price', () => {
    const days = [
      {
        date: '2026-11-20',
        closes: [
          { purity: 999, pricePerGram: 7_638, source: 'entry' as const },
          { purity: 916, pricePerGram: 7_003.5, source: 'import' as const },
        ],
        valuation: { price: 6_990.12, bound: 'average30' as const },
      },
      { date: '2026-11-21', closes: [], valuation: null },
    ];
    expect(chartPoints(days)).toEqual([
      { date: '2026-11-20', valuation: 6_990.12, p999: 7_638, p916: 7_003.5 },
      { date: '2026-11-21', valuation: null },
    ]);
    expect(latestCloses(days).get(916)).toEqual({ date: '2026-11-20', price: 7_003.5 });
  });
});

describe('the day’s form', () => {
  it('sends the prices typed, leaving empty purities out', () => {
    expect(
      dayRequest(
        { date: '2026-11-20', prices: { 999: '7,638', 916: ' 7003.50 ', 750: '' } },
        PURITIES,
        '2026-11-21',
      ),
    ).toEqual({
      body: {
        date: '2026-11-20',
        prices: [
          { purity: 999, pricePerGram: 7_638 },
          { purity: 916, pricePerGram: 7_003.5 },
        ],
      },
    });
  });

  it('names what is wrong: a future date, a bad price, nothing typed', () => {
    expect(dayRequest({ date: '2026-11-22', prices: { 916: '7000' } }, PURITIES, '2026-11-21')).toEqual({
      errors: { date: 'Date cannot be in the future' },
    });
    expect(dayRequest({ date: '2026-11-20', prices: { 916: '7000.123' } }, PURITIES, '2026-11-21')).toEqual({
      errors: { p916: 'Enter rupees a gram, with at most 2 decimals' },
    });
    expect(dayRequest({ date: '2026-11-20', prices: {} }, PURITIES, '2026-11-21')).toEqual({
      errors: { form: 'Enter the price of at least one purity' },
    });
    expect(dayRequest({ date: '', prices: { 916: '7000' } }, PURITIES, '2026-11-21')).toEqual({
      errors: { date: 'Please choose the date' },
    });
  });

  it('reads prices within the server’s bounds', () => {
    expect(priceFromText('0.01')).toBe(0.01);
    expect(priceFromText('1,00,000')).toBe(100_000);
    expect(priceFromText('0')).toBe('Price per gram must be a positive number');
    expect(priceFromText('100000.01')).toBe('Price per gram must be at most ₹1,00,000');
    expect(priceFromText('abc')).toBe('Enter rupees a gram, with at most 2 decimals');
  });
});

describe('the CSV import', () => {
  it('counts the rows under the header, and offers a sample in the documented columns', () => {
    expect(
      csvDataRows('date,purity,pricePerGram\r\n2026-11-20,916,7000\r\n\r\n2026-11-20,999,7600\r\n'),
    ).toBe(2);
    expect(csvDataRows('')).toBe(0);
    expect(sampleCsv([916, 750], '2026-11-21')).toBe(
      'date,purity,pricePerGram\n2026-11-21,916,7003.00\n2026-11-21,750,5734.00\n',
    );
  });
});
