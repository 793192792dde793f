import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, nonWorkingReason, LENDING_POLICY, type Role } from '@goldledger/contracts';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

/**
 * The gold price register end to end on Postgres (issue 17, point 2). The clock stands at
 * Saturday 21 November 2026. Entries and imports are dated July-August; the valuation series
 * (22K only) runs 17 October - 20 November, as in the unit test of the valuation price.
 */
let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('goldprices');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

type Caller = Role | 'anonymous';
const headers = async (as: Caller): Promise<Record<string, string>> =>
  as === 'anonymous' ? {} : { 'x-auth-token': await api.tokenFor(as) };
const post = async (url: string, payload: object, as: Caller = 'admin') =>
  api.app.inject({ method: 'POST', url, payload, headers: await headers(as) });
const get = async (url: string, as: Caller = 'admin') =>
  api.app.inject({ method: 'GET', url, headers: await headers(as) });
const record = (payload: object, as: Caller = 'admin') => post('/api/admin/gold-prices', payload, as);
const importCsv = (csv: string, as: Caller = 'admin') => post('/api/admin/gold-prices/import', { csv }, as);
const month = async (m: string) => (await api.store.readStream(`gold-prices-${m}`)).events;
const version = (m: string) => api.store.streamVersion(`gold-prices-${m}`);

describe('an admin recording a day’s closing price', () => {
  it('records it with the admin as actor, and no previous price', async () => {
    const res = await record({ date: '2026-08-14', purity: 916, pricePerGram: 6_850.5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Gold price recorded',
      date: '2026-08-14',
      prices: [{ purity: 916, pricePerGram: 6_850.5, previousPricePerGram: null, outcome: 'recorded' }],
    });
    const [event] = await month('2026-08');
    expect(event).toMatchObject({
      streamType: 'gold-prices',
      type: 'GoldPriceRecorded',
      data: {
        date: '2026-08-14',
        purity: 916,
        pricePerGramPaise: 6_850_50,
        previousPricePerGramPaise: null,
        source: 'entry',
        importId: null,
      },
      metadata: { actor: { id: api.users.admin, role: 'admin', name: 'Asha Admin' } },
    });
  });

  it('corrects it: the same day and purity again names the price it replaces; the same price changes nothing', async () => {
    const res = await record({ date: '2026-08-14', purity: 916, pricePerGram: 6_860 });
    expect(res.json()).toMatchObject({
      message: 'Gold price corrected',
      prices: [{ pricePerGram: 6_860, previousPricePerGram: 6_850.5, outcome: 'corrected' }],
    });
    expect((await month('2026-08')).at(-1)!.data).toMatchObject({
      pricePerGramPaise: 6_860_00,
      previousPricePerGramPaise: 6_850_50,
    });
    const before = await version('2026-08');
    const again = await record({ date: '2026-08-14', purity: 916, pricePerGram: 6_860 });
    expect(again.json().message).toBe('Gold price unchanged');
    expect(await version('2026-08')).toBe(before);
  });

  it('records a day’s prices for every published purity at once', async () => {
    const res = await record({
      date: '2026-08-14',
      prices: [
        { purity: 999, pricePerGram: 7_480 },
        { purity: 995, pricePerGram: 7_450 },
        { purity: 916, pricePerGram: 6_860 },
        { purity: 750, pricePerGram: 5_615 },
        { purity: 585, pricePerGram: 4_380 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Gold prices for 14 Aug 2026: 4 recorded, 1 unchanged');
    expect(res.json().prices.map((p: { outcome: string }) => p.outcome)).toEqual([
      'recorded',
      'recorded',
      'unchanged',
      'recorded',
      'recorded',
    ]);
  });

  it.each([
    [{ date: '2026-11-22', purity: 916, pricePerGram: 7_000 }, 'Date cannot be in the future'],
    [
      { date: '2026-08-15', purity: 958, pricePerGram: 7_000 },
      'Purity must be one of 999, 995, 916, 750, 585',
    ],
    [{ date: '2026-08-15', purity: 916, pricePerGram: 0 }, 'Price per gram must be a positive number'],
    [
      { date: '2026-08-15', purity: 916, pricePerGram: 100_000.01 },
      'Price per gram must be at most ₹1,00,000',
    ],
    [
      { date: '2026-08-15', purity: 916, pricePerGram: 7_000.123 },
      'Price per gram can have at most 2 decimal places',
    ],
    [{ date: '2026-08-15', purity: 916 }, 'Please enter the price per gram'],
    [{ date: '15-08-2026', purity: 916, pricePerGram: 7_000 }, 'Date must be in the form YYYY-MM-DD'],
    [{ purity: 916, pricePerGram: 7_000 }, 'Please enter the date'],
    [
      {
        date: '2026-08-15',
        prices: [
          { purity: 916, pricePerGram: 7_000 },
          { purity: 123, pricePerGram: 1 },
        ],
      },
      'Purity must be one of 999, 995, 916, 750, 585',
    ],
  ])('refuses %o with 400 "%s" and records nothing', async (payload, message) => {
    const before = await version('2026-08');
    const res = await record(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await version('2026-08')).toBe(before);
  });
});

describe('importing a CSV', () => {
  const header = 'date,purity,pricePerGram';

  it('is all or nothing: a bad line is named, with its number, and no month is written', async () => {
    const csv = [
      header,
      '2026-07-30,916,6800',
      '2026-07-31,916,6810.25',
      '2026-08-01,916,6820',
      '2026-08-03,22K,6830',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Line 5: purity "22K" must be a fineness such as 916',
      code: 'gold_price_csv_invalid',
      line: 5,
    });
    const future = await importCsv([header, '2026-07-30,916,6800', '2026-12-01,916,7000'].join('\n'));
    expect(future.json()).toMatchObject({ message: 'Line 3: Date cannot be in the future', line: 3 });
    expect(await version('2026-07')).toBe(0);
  });

  it('records every row across months in one transaction, each with the import’s id', async () => {
    const csv = [
      header,
      '2026-07-30,916,6800',
      '2026-07-31,916,6810.25',
      '2026-08-01,916,6820',
      '2026-08-14,916,6860',
      '2026-08-14,999,7490',
    ].join('\r\n');
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      message: '5 prices imported: 3 recorded, 1 corrected, 1 unchanged',
      rows: 5,
      recorded: 3,
      corrected: 1,
      unchanged: 1,
      from: '2026-07-30',
      to: '2026-08-14',
    });
    const july = await month('2026-07');
    const august = (await month('2026-08')).slice(-2);
    expect(july.map((e) => e.data.pricePerGramPaise)).toEqual([6_800_00, 6_810_25]);
    expect(august.map((e) => [e.data.date, e.data.purity, e.data.previousPricePerGramPaise])).toEqual([
      ['2026-08-01', 916, null],
      ['2026-08-14', 999, 7_480_00],
    ]);
    const written = [...july, ...august];
    expect(new Set(written.map((e) => e.data.importId))).toEqual(new Set([body.importId]));
    expect(new Set(written.map((e) => e.data.source))).toEqual(new Set(['import']));
    // One commit: every event of the import carries the same transaction id.
    expect(new Set(written.map((e) => e.position.transactionId)).size).toBe(1);
  });

  it('refuses an empty file, a wrong header and the same day twice', async () => {
    expect((await importCsv('')).json().message).toBe('The file is empty');
    expect((await importCsv('day,fineness,rate\n2026-07-30,916,6800')).json().message).toBe(
      'Line 1: the header must name the columns date,purity,pricePerGram',
    );
    const twice = await importCsv([header, '2026-07-29,916,6800', '2026-07-29,916,6801'].join('\n'));
    expect(twice.json().message).toBe('Line 3: 2026-07-29 at 916 is already given on line 2');
  });
});

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
      // 85 % stops at ₹2.5 lakh; 80 % of the value is ₹4,16,497.67 (≤ ₹5 lakh): the most that may be lent.
      eligibleAmount: 4_16_497.67,
      ltvCapPercent: 80,
      ltvPercent: 57.62,
      fineGoldGrams: 47.343,
      priceBasis: {
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
          {
            index: 1,
            purity: 750,
            pricedFrom: 916,
            netWeight: 4.5,
            pricePerGram: 8_247.61,
            value: 37_114.25,
          },
        ],
      },
    });
  });

  it('refuses the staff valuation with 409 on a day whose previous working day has no prices', async () => {
    api.clock.set('2026-11-24T04:30:00Z');
    try {
      const res = await post(
        '/api/loans/valuation',
        { goldItems: [{ description: 'Chain', grossWeight: 10, netWeight: 9, purityKarat: 22 }] },
        'employee',
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Gold prices for 2026-11-23 have not been entered');
    } finally {
      api.clock.set('2026-11-21T04:30:00Z');
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
    expect(res.json().days[0].date).toBe('2026-07-30');
    expect((await get('/api/admin/gold-prices?from=2026-11-20&to=2026-11-01')).statusCode).toBe(400);
    expect((await get('/api/admin/gold-prices?from=2020-01-01&to=2026-11-01')).json().message).toBe(
      'The register lists at most 1,100 days at once',
    );
  });
});

describe('the seeds’ single gold rate', () => {
  it('records today’s 22K close with the rate, in the same transaction, and the footer answers it', async () => {
    const res = await post('/api/settings/update-gold-rate', { rate: 10_250 });
    expect(res.json()).toEqual({ message: 'Gold rate updated successfully!', rate: 10_250 });
    const setting = (await api.store.readStream('settings-gold-rate')).events.at(-1)!;
    const close = (await month('2026-11')).at(-1)!;
    expect(close.data).toEqual({
      date: '2026-11-21',
      purity: 916,
      pricePerGramPaise: 10_250_00,
      previousPricePerGramPaise: null,
      source: 'gold-rate',
      importId: null,
    });
    expect(close.position.transactionId).toBe(setting.position.transactionId);
    expect((await get('/api/settings/gold-rate', 'anonymous')).json()).toEqual({
      rate: 10_250,
      updatedAt: '2026-11-21T04:30:00.000Z',
      updatedBy: 'Asha Admin',
    });
  });

  it('answers the latest 22K close by date: older history imported later does not move it', async () => {
    await importCsv('date,purity,pricePerGram\n2026-06-01,916,9999');
    expect((await get('/api/settings/gold-rate', 'anonymous')).json().rate).toBe(10_250);
    await record({ date: '2026-11-21', purity: 916, pricePerGram: 10_300 });
    expect((await get('/api/settings/gold-rate', 'anonymous')).json().rate).toBe(10_300);
  });
});

describe('who may use the register', () => {
  it.each([
    ['employee', 403],
    ['auditor', 403],
    ['customer', 403],
    ['anonymous', 401],
  ] as const)('refuses %s entering or importing prices with %i, and records nothing', async (as, status) => {
    const before = await version('2026-08');
    expect((await record({ date: '2026-08-17', purity: 916, pricePerGram: 6_900 }, as)).statusCode).toBe(
      status,
    );
    expect((await importCsv('date,purity,pricePerGram\n2026-08-17,916,6900', as)).statusCode).toBe(status);
    expect(await version('2026-08')).toBe(before);
  });

  it('keeps the list from customers and visitors', async () => {
    expect((await get('/api/admin/gold-prices', 'customer')).statusCode).toBe(403);
    expect((await get('/api/admin/gold-prices', 'anonymous')).statusCode).toBe(401);
  });
});
