import { describe, expect, it } from 'vitest';
import { goldPricesApiKit } from '../testing/gold-prices-kit.js';

/**
 * The gold price register end to end on Postgres (issue 17, point 2): entering and
 * correcting prices, the CSV import, who may write, and the seeds' single rate. The clock
 * stands at Saturday 21 November 2026; entries and imports are dated July-August. The
 * valuation price on a seeded series is in gold-price-valuation.int.test.ts.
 */
const { kit, post, get, record, importCsv, month, version } = goldPricesApiKit('goldprices');
const api = () => kit.api;

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
      metadata: { actor: { id: api().users.admin, role: 'admin', name: 'Asha Admin' } },
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

describe('the seeds’ single gold rate', () => {
  it('records today’s 22K close with the rate, in the same transaction, and the footer answers it', async () => {
    const res = await post('/api/settings/update-gold-rate', { rate: 10_250 });
    expect(res.json()).toEqual({ message: 'Gold rate updated successfully!', rate: 10_250 });
    const setting = (await api().store.readStream('settings-gold-rate')).events.at(-1)!;
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
