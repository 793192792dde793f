import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, LENDING_POLICY, nonWorkingReason } from '@goldledger/contracts';
import { goldPricesApiKit, type Caller } from '../testing/gold-prices-kit.js';

/**
 * The valuation price end to end (issue 17, point 2): the public endpoint's numbers on the
 * unit test's series (22K only, 17 October - 20 November 2026), the 409 without a previous
 * close, the staff valuation of a loan's items, and the register's list. The clock stands
 * at Saturday 21 November 2026.
 */
const { kit, post, get, importCsv } = goldPricesApiKit('goldvaluation');
const api = () => kit.api;

/** The unit test's 35 days of 22K closes: ₹10,000, a dip to ₹9,000 on 4 Nov, a spike to ₹11,500 on 12 Nov, then ₹10,200. */
function seriesCsv(): string {
  const lines = ['date,purity,pricePerGram'];
  for (let d = '2026-10-17'; d <= '2026-11-20'; d = addDays(d, 1)) {
    if (nonWorkingReason(d, LENDING_POLICY)) continue;
    lines.push(
      `${d},916,${d === '2026-11-04' ? 9000 : d === '2026-11-12' ? 11500 : d >= '2026-11-13' ? 10200 : 10000}`,
    );
  }
  return lines.join('\n');
}

describe('the valuation price on a seeded series', () => {
  beforeAll(async () => {
    const res = await importCsv(seriesCsv());
    expect(res.json()).toMatchObject({ rows: 29, recorded: 29 });
  });
  const valuation = (query: string, as: Caller = 'anonymous') =>
    get(`/api/gold-prices/valuation?${query}`, as);

  it('answers anyone: the day after the spike, the average binds', async () => {
    const res = await valuation('purity=916&date=2026-11-13');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      date: '2026-11-13',
      purity: 916,
      pricedFrom: 916,
      price: 10_022.73,
      average30: 10_022.73,
      previousClose: 11_500,
      bound: 'average30',
      from: '2026-10-14',
      to: '2026-11-12',
      previousDay: '2026-11-12',
      closesInWindow: 22,
    });
  });

  it('the day after the dip, the previous close binds', async () => {
    expect((await valuation('purity=916&date=2026-11-05')).json()).toMatchObject({
      price: 9_000,
      average30: 9_933.33,
      previousClose: 9_000,
      bound: 'previousClose',
    });
  });

  it('today (22K unless told) after a Sunday-free week; an unpublished purity scaled from 916', async () => {
    expect((await valuation('')).json()).toMatchObject({ date: '2026-11-21', purity: 916, price: 10_073.08 });
    // 18K has no closes here: the nearest published purity with one is 916, scaled by 750/916.
    expect((await valuation('purity=750')).json()).toMatchObject({
      pricedFrom: 916,
      price: 8_247.61,
      previousClose: 8_351.53,
    });
  });

  it('409 "Gold prices for {date} have not been entered" when the previous working day has none', async () => {
    const res = await valuation('purity=916&date=2026-10-17');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Gold prices for 2026-10-16 have not been entered',
      code: 'gold_prices_missing',
    });
  });

  it('refuses a future date and a purity out of range', async () => {
    expect((await valuation('date=2026-11-22')).json().message).toBe('Date cannot be in the future');
    expect((await valuation('purity=1000')).statusCode).toBe(400);
    expect((await valuation('purity=abc')).statusCode).toBe(400);
  });

  it('prices the staff valuation of a loan’s items at each item’s purity', async () => {
    const res = await post(
      '/api/loans/valuation',
      {
        goldItems: [
          { description: 'Chain', grossWeight: 50, netWeight: 48, purityKarat: 22 },
          { description: 'Ring', grossWeight: 5, netWeight: 4.5, purity: 750 },
        ],
        amount: 300_000,
      },
      'employee',
    );
    expect(res.statusCode, res.body).toBe(200);
    // 48 g × ₹10,073.08 = ₹4,83,507.84; 4.5 g × ₹8,247.61 = ₹37,114.25 (₹37,114.245 rounded half up).
    expect(res.json()).toMatchObject({
      goldValue: 5_20_622.09,
      // The borrower has no other loans: ₹3,00,000 asked puts them in the 80 % tier.
      ltvPercent: 57.62,
      valuedOn: '2026-11-21',
      previousDay: '2026-11-20',
      averageFrom: '2026-10-22',
      averageTo: '2026-11-20',
      items: [
        {
          index: 0,
          purity: 916,
          pricedFrom: 916,
          netWeight: 48,
          pricePerGram: 10_073.08,
          bound: 'average30',
          value: 4_83_507.84,
        },
        { index: 1, purity: 750, pricedFrom: 916, netWeight: 4.5, pricePerGram: 8_247.61, value: 37_114.25 },
      ],
    });
  });

  it('refuses the staff valuation with 409 on a day whose previous working day has no prices', async () => {
    api().clock.set('2026-11-24T04:30:00Z');
    try {
      const res = await post(
        '/api/loans/valuation',
        { goldItems: [{ description: 'Chain', grossWeight: 10, netWeight: 9, purityKarat: 22 }] },
        'employee',
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Gold prices for 2026-11-23 have not been entered');
    } finally {
      api().clock.set('2026-11-21T04:30:00Z');
    }
  });
});

describe('the register’s list', () => {
  it('answers staff and auditors day by day with each day’s valuation price, and today before its close', async () => {
    for (const as of ['admin', 'employee', 'auditor'] as const) {
      const res = await get('/api/admin/gold-prices?from=2026-11-11&to=2026-11-21', as);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        from: '2026-11-11',
        to: '2026-11-21',
        purities: [999, 995, 916, 750, 585],
        referencePurity: 916,
      });
      expect(body.days.map((d: { date: string }) => d.date)).toEqual([
        '2026-11-11',
        '2026-11-12',
        '2026-11-13',
        '2026-11-14',
        '2026-11-16',
        '2026-11-17',
        '2026-11-18',
        '2026-11-19',
        '2026-11-20',
        '2026-11-21',
      ]);
      expect(body.days[1]).toEqual({
        date: '2026-11-12',
        closes: [{ purity: 916, pricePerGram: 11_500, source: 'import' }],
        valuation: { price: 9_952.38, bound: 'average30' },
      });
      expect(body.days.at(-1)).toEqual({
        date: '2026-11-21',
        closes: [],
        valuation: { price: 10_073.08, bound: 'average30' },
      });
    }
  });

  it('lists a year up to today unless told, and refuses a reversed or too long range', async () => {
    const res = await get('/api/admin/gold-prices');
    expect(res.json()).toMatchObject({ from: '2025-11-22', to: '2026-11-21' });
    expect(res.json().days[0].date).toBe('2026-10-17');
    expect((await get('/api/admin/gold-prices?from=2026-11-20&to=2026-11-01')).statusCode).toBe(400);
    expect((await get('/api/admin/gold-prices?from=2020-01-01&to=2026-11-01')).json().message).toBe(
      'The register lists at most 1,100 days at once',
    );
  });
});
