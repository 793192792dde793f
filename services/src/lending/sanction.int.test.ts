// Over 400 lines: each rule of the sanction (issue 17 points 3, 4, 5, 9) is shown end to end
// on one API and one price series; split, each file would set up the borrowers again.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  borrowerLoansStreamId,
  GOLD_PRICES_STREAM_TYPE,
  goldPricesStreamId,
  LoanEvents,
  type GoldItemRecord,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import { confirmLoan } from '../testing/loan-confirmation-kit.js';
import { BANK_PAYOUT, seedGoldPrices } from '../testing/gold-prices-kit.js';
import { lendingApiKit } from '../testing/lending-api-kit.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { checkNewLoan, createLoan, executeLoanCommand } from './loan-commands.js';

/**
 * The sanction under the RBI's 2025 Directions, through the API: the gold valued at the
 * register's valuation price (22K at ₹6,418.42 a gram here, the seeded ₹7,000 of 24K scaled),
 * the LTV tier by the borrower's consumption total, the weight caps across their open
 * loans, and the cash limits of the Income Tax Act.
 */
const { kit, call, eventCount, verifiedCustomer, loanBody } = lendingApiKit('sanction');

const deps = () => ({ store: kit.api.store, clock: kit.api.clock, db: kit.t.db });
const asAdmin = () => ({
  id: kit.api.users.admin,
  name: 'Asha Admin',
  role: 'admin',
  email: 'admin@demo.local',
});

/** 60 g net of 22K: ₹3,85,105.20 at the valuation price. */
const haram: GoldItemRecord = {
  description: 'Haram',
  grossWeightMg: 62_000,
  netWeightMg: 60_000,
  purityKarat: 22,
};
const haramInput = { description: 'Haram', grossWeight: 62, netWeight: 60 };
const coin = (grams: number): GoldItemRecord => ({
  description: `${grams} g coin`,
  grossWeightMg: grams * 1000,
  netWeightMg: grams * 1000,
  purityKarat: 24,
  itemType: 'coin',
  purity: 999,
});

/** A loan already on the books for a borrower, opened through the command (paid out by transfer). */
const onBooks = (customerRef: string, goldItems: GoldItemRecord[], principalPaise: number, extra = {}) =>
  createLoan(deps(), {
    customerRef,
    goldItems,
    principalPaise,
    annualRateBps: 1800,
    termMonths: 6,
    loanDate: null,
    createdBy: asAdmin(),
    ...BANK_PAYOUT,
    ...extra,
  });

/** A loan asked for through the API by the employee; the refusal must leave the store as it was. */
async function refused(customerId: string, extra: Record<string, unknown>, status = 422) {
  const before = await eventCount();
  const res = await call('employee', 'POST', '/api/employee/loans', loanBody(customerId, extra));
  expect(res.statusCode, res.body).toBe(status);
  expect(await eventCount()).toBe(before);
  return res.json() as { message: string; code: string } & Record<string, unknown>;
}

const loanCreated = async (loanUuid: string) => {
  const { events } = await kit.api.store.readStream(`loan-${loanUuid}`);
  return LoanEvents.LoanCreated.parse(events.find((e) => e.type === 'LoanCreated')!.data);
};

describe('the LTV tier, by the borrower’s consumption gold loans including this one', () => {
  it('refuses above 85% while the total stays up to ₹2,50,000', async () => {
    const customerId = await verifiedCustomer();
    const body = await refused(customerId, { amount: 1_60_000 });
    expect(body.message).toBe(
      "Loan amount ₹1,60,000 is above the loan-to-value limit: the borrower's consumption gold loans total ₹1,60,000 including this one, so the 85% tier applies (totals up to ₹2,50,000): at most ₹1,55,486 can be lent against this gold (value ₹1,82,925)",
    );
    expect(body).toMatchObject({ code: 'ltv_exceeded', borrowerTotal: 1_60_000, eligibleAmount: 1_55_486 });
  });

  it('refuses above 80% when the borrower already owes ₹1,00,000 (total ₹4,20,000)', async () => {
    const customerId = await verifiedCustomer();
    await onBooks(customerId, [haram], 1_00_000_00);
    const body = await refused(customerId, { amount: 3_20_000, goldItems: [haramInput] });
    expect(body.message).toBe(
      "Loan amount ₹3,20,000 is above the loan-to-value limit: the borrower's consumption gold loans total ₹4,20,000 including this one, so the 80% tier applies (totals above ₹2,50,000 up to ₹5,00,000): at most ₹3,08,084 can be lent against this gold (value ₹3,85,105)",
    );
    expect(body).toMatchObject({
      tier: { capPercent: 80, from: 2_50_000, upTo: 5_00_000 },
      borrowerTotal: 4_20_000,
      borrowerOtherLoans: 1_00_000,
      eligibleAmount: 3_08_084,
      goldValue: 3_85_105.2,
    });

    // An income-generating loan takes the policy's 75% whatever the total.
    const ig = await refused(customerId, {
      amount: 3_00_000,
      goldItems: [haramInput],
      purpose: 'income_generating',
    });
    expect(ig.message).toBe(
      "Loan amount ₹3,00,000 is above the loan-to-value limit: income-generating loans are capped at 75% whatever the borrower's other loans (their gold loans total ₹4,00,000 including this one): at most ₹2,88,828 can be lent against this gold (value ₹3,85,105)",
    );

    // The form's valuation says the same before the loan is asked for.
    const valued = await call('employee', 'POST', '/api/loans/valuation', {
      goldItems: [haramInput],
      amount: 3_20_000,
      customerId,
    });
    expect(valued.statusCode, valued.body).toBe(200);
    expect(valued.json()).toMatchObject({
      goldValue: 3_85_105.2,
      eligibleAmount: 3_08_084,
      ltvCapPercent: 80,
      ltv: { tier: { capPercent: 80 }, borrowerTotal: 4_20_000, borrowerOtherLoans: 1_00_000 },
      items: [{ purity: 916, bound: 'average30', pricePerGram: 6_418.42, value: 3_85_105.2 }],
    });
    expect(valued.json().ltv.refusal).toBe(body.message);
  });

  it('refuses above 75% past ₹5,00,000, and names the most that passes in a lower tier', async () => {
    const customerId = await verifiedCustomer();
    await onBooks(customerId, [haram], 2_00_000_00);
    const body = await refused(customerId, { amount: 3_10_000, goldItems: [haramInput] });
    // ₹3,00,000 keeps the total at ₹5,00,000, where 80% of the gold covers it.
    expect(body.message).toBe(
      "Loan amount ₹3,10,000 is above the loan-to-value limit: the borrower's consumption gold loans total ₹5,10,000 including this one, so the 75% tier applies (totals above ₹5,00,000): at most ₹3,00,000 can be lent against this gold (value ₹3,85,105)",
    );
    const res = await call(
      'employee',
      'POST',
      '/api/employee/loans',
      loanBody(customerId, { amount: 3_00_000, goldItems: [haramInput] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = await loanCreated(res.json().data._id);
    expect(created.ltv).toEqual({
      purpose: 'consumption',
      basisPaise: 3_00_000_00,
      borrowerConsumptionTotalPaise: 5_00_000_00,
      capBps: 8000,
      maxPrincipalPaise: 3_00_000_00,
      ltvBps: 7791,
    });
  });

  it('counts what a bullet loan repays at maturity', async () => {
    const customerId = await verifiedCustomer();
    const body = await refused(customerId, { amount: 1_50_000, repaymentType: 'bullet', term: 12 });
    expect(body.message).toMatch(
      /^Loan amount ₹1,50,000 \(₹1,7\d,\d{3} repayable at maturity, which the limit counts for a bullet loan\) is above the loan-to-value limit/,
    );
    expect(body.basis as number).toBeGreaterThan(1_55_486);
  });
});

describe('the weight caps, across the borrower’s open loans', () => {
  it('refuses coins of 25 g when a loan already holds 30 g', async () => {
    const customerId = await verifiedCustomer();
    await onBooks(customerId, [coin(30)], 20_000_00);
    const body = await refused(customerId, {
      amount: 20_000,
      goldItems: [{ description: 'Coin', itemType: 'coin', purity: 999, grossWeight: 25, netWeight: 25 }],
    });
    expect(body.message).toBe(
      'Coins are capped at 50 g per borrower; they already have 30 g pledged, this loan adds 25 g',
    );
    expect(body).toMatchObject({
      code: 'weight_cap_exceeded',
      capGrams: 50,
      pledgedGrams: 30,
      addingGrams: 25,
    });
  });

  it('refuses ornaments beyond 1 kg, and takes coins to the coin cap beside them', async () => {
    const customerId = await verifiedCustomer();
    await onBooks(customerId, [{ ...haram, grossWeightMg: 990_000, netWeightMg: 960_000 }], 1_00_000_00);
    const body = await refused(customerId, { amount: 20_000 });
    expect(body.message).toBe(
      'Ornaments are capped at 1 kg per borrower; they already have 990 g pledged, this loan adds 30 g',
    );
    const coins = await call(
      'employee',
      'POST',
      '/api/employee/loans',
      loanBody(customerId, {
        amount: 20_000,
        goldItems: [{ description: 'Coin', itemType: 'coin', purity: 999, grossWeight: 50, netWeight: 50 }],
      }),
    );
    expect(coins.statusCode, coins.body).toBe(201);
  });

  it('refuses bullion and a coin above the coin cap', async () => {
    const customerId = await verifiedCustomer();
    const bar = await refused(
      customerId,
      { goldItems: [{ description: 'Bar', itemType: 'bar', grossWeight: 10, netWeight: 10 }] },
      400,
    );
    expect(bar.message).toBe('Only ornaments and coins can be pledged (bullion and bars are not accepted)');
    const big = await refused(customerId, {
      goldItems: [
        { description: 'Sovereign', itemType: 'coin', purity: 999, grossWeight: 60, netWeight: 60 },
      ],
    });
    expect(big.message).toBe(
      'Item 1 (Sovereign) is a coin of 60 g: coins above 50 g (the coin cap per borrower) cannot be pledged',
    );
  });

  it('lets only one of two loans opened at once for one borrower take the last of the cap', async () => {
    const customerId = await verifiedCustomer();
    const results = await Promise.allSettled([
      onBooks(customerId, [coin(30)], 20_000_00),
      onBooks(customerId, [coin(30)], 20_000_00),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failure = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failure.reason).toBeInstanceOf(DomainError);
    expect(failure.reason.message).toBe(
      'Coins are capped at 50 g per borrower; they already have 30 g pledged, this loan adds 30 g',
    );
    const listed = await kit.api.store.readStream(borrowerLoansStreamId(customerId));
    expect(listed.events.map((e) => e.type)).toEqual(['LoanPledged']);
  });

  it('counts a loan made before borrower streams existed, found once in the loan book', async () => {
    const customerId = await verifiedCustomer();
    // Written as loans were before issue 17: the loan stream alone, no borrower stream.
    const { command } = await checkNewLoan(deps(), {
      customerRef: customerId,
      goldItems: [coin(30)],
      principalPaise: 20_000_00,
      annualRateBps: 1800,
      termMonths: 6,
      loanDate: null,
      createdBy: asAdmin(),
    });
    const legacyUuid = crypto.randomUUID();
    await executeLoanCommand(deps(), legacyUuid, command('GL-EARLIER-1'));
    await kit.api.project();
    expect(await kit.api.store.streamVersion(borrowerLoansStreamId(customerId))).toBe(0);

    await expect(onBooks(customerId, [coin(25)], 20_000_00)).rejects.toThrow(/already have 30 g pledged/);
    expect(await kit.api.store.streamVersion(borrowerLoansStreamId(customerId))).toBe(0);
    const opened = await onBooks(customerId, [coin(20)], 20_000_00);
    const listed = await kit.api.store.readStream(borrowerLoansStreamId(customerId));
    expect(listed.events.map((e) => e.data)).toEqual([
      {
        loanStreamId: `loan-${legacyUuid}`,
        loanId: 'GL-EARLIER-1',
        openedOn: '2026-11-21',
        source: 'earlier',
      },
      {
        loanStreamId: `loan-${opened.loanUuid}`,
        loanId: opened.loanId,
        openedOn: '2026-11-21',
        source: 'sanction',
      },
    ]);
  });
});

describe('cash limits', () => {
  it('pays out ₹20,000 in cash and refuses ₹20,001 (s.269SS); bank transfer and UPI need a reference', async () => {
    const customerId = await verifiedCustomer();
    const body = await refused(customerId, { amount: 20_001, disbursementMode: 'cash' });
    expect(body.message).toBe(
      'A loan above ₹20,000 cannot be paid out in cash (Income Tax Act s.269SS); choose bank transfer or UPI',
    );
    const noRef = await refused(customerId, { amount: 20_001, disbursementMode: 'upi' }, 400);
    expect(noRef.message).toBe(
      'A UPI payout needs its reference (the UPI transaction id): please enter it in disbursementReference',
    );
    // The older field: bank is a bank transfer, which needs its UTR too.
    const bank = await refused(customerId, { amount: 20_001, disbursementMethod: 'bank' }, 400);
    expect(bank.message).toMatch(/^A bank transfer needs its reference/);
    const res = await call(
      'employee',
      'POST',
      '/api/employee/loans',
      loanBody(customerId, { amount: 20_000, disbursementMode: 'cash' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await loanCreated(res.json().data._id)).toMatchObject({
      disbursementMode: 'cash',
      disbursementReference: null,
      disbursementMethod: 'cash',
    });
  });

  it('refuses cash of ₹2,00,000 or more from one person in a day across their loans (s.269ST)', async () => {
    const customerId = await verifiedCustomer();
    const first = await onBooks(customerId, [haram], 1_50_000_00);
    const second = await onBooks(customerId, [haram], 1_50_000_00);
    const pay = (loanUuid: string, amount: number, extra = {}) =>
      call('employee', 'POST', `/api/loans/${loanUuid}/payment`, {
        amount,
        paymentMethod: 'handcash',
        ...extra,
      });
    expect((await pay(first.loanUuid, 1_50_000)).statusCode).toBe(201);
    const before = await eventCount();
    const over = await pay(second.loanUuid, 50_000);
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().message).toBe(
      'Cash received from one person in a day must stay below ₹2,00,000 (Income Tax Act s.269ST): the borrower has already paid ₹1,50,000 in cash today, so at most ₹49,999 more can be taken in cash today; take this payment online',
    );
    expect(await eventCount()).toBe(before);
    expect((await pay(second.loanUuid, 49_999)).statusCode).toBe(201);
    expect((await pay(second.loanUuid, 1)).statusCode).toBe(422);
    const online = await pay(second.loanUuid, 10_000, {
      paymentMethod: 'online',
      transactionId: 'UTR-269ST-1',
      bankName: 'SBI',
    });
    expect(online.statusCode, online.body).toBe(201);
  });
});

describe('the appraisal a loan keeps', () => {
  it('records per item its purity, weights, both price limbs, which bound, the dates and the value', async () => {
    // January–February 2026: 24K flat at ₹7,000 with a spike to ₹7,300 on the last day;
    // 22K's last close dips to ₹6,200.
    const days = Array.from({ length: 30 }, (_, i) =>
      new Date(Date.UTC(2026, 0, 11 + i)).toISOString().slice(0, 10),
    );
    const record = (date: string, purity: number, pricePerGramPaise: number) => ({
      type: 'GoldPriceRecorded',
      data: {
        date,
        purity,
        pricePerGramPaise,
        previousPricePerGramPaise: null,
        source: 'entry',
        importId: null,
      },
      occurredAt: new Date(`${date}T12:00:00+05:30`),
    });
    for (const month of ['2026-01', '2026-02']) {
      const events = [
        ...days
          .filter((d) => d.startsWith(month))
          .map((d) => record(d, 999, d === '2026-02-09' ? 7_300_00 : 7_000_00)),
        ...(month === '2026-02' ? [record('2026-02-09', 916, 6_200_00)] : []),
      ];
      const streamId = goldPricesStreamId(`${month}-01`);
      const version = await kit.api.store.streamVersion(streamId);
      await kit.api.store.append(streamId, events, {
        streamType: GOLD_PRICES_STREAM_TYPE,
        expectedVersion: version === 0 ? 'no_stream' : version,
      });
    }
    const customerId = await verifiedCustomer(['admin']);
    const res = await call('admin', 'POST', '/api/admin/loans', {
      ...loanBody(customerId),
      customLoanDate: '2026-02-10',
      loanDateReason: 'Entered from the paper register',
      amount: 1_50_000,
      goldItems: [
        { description: 'Lakshmi coin', itemType: 'coin', purity: 999, grossWeight: 10, netWeight: 10 },
        {
          description: 'Kempu chain',
          purity: 916,
          grossWeight: 30,
          netWeight: 28,
          deductions: [{ kind: 'stones', weight: 2, reason: 'Kempu stones' }],
          photoId: 'photo-kempu-1',
        },
        { description: 'Ring', purityKarat: 18, grossWeight: 5, netWeight: 4.8 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = await loanCreated(res.json().data._id);
    expect(created.appraisal).toEqual({
      valuedOn: '2026-02-10',
      previousDay: '2026-02-09',
      averageFrom: '2026-01-11',
      averageTo: '2026-02-09',
      items: [
        {
          index: 0,
          itemType: 'coin',
          purity: 999,
          grossWeightMg: 10_000,
          deductionsMg: 0,
          netWeightMg: 10_000,
          pricedFrom: 999,
          // (29 × ₹7,000 + ₹7,300) / 30 = ₹7,010, below the spike.
          average30Paise: 7_010_00,
          previousClosePaise: 7_300_00,
          bound: 'average30',
          pricePerGramPaise: 7_010_00,
          valuePaise: 70_100_00,
        },
        {
          index: 1,
          itemType: 'ornament',
          purity: 916,
          grossWeightMg: 30_000,
          deductionsMg: 2_000,
          netWeightMg: 28_000,
          pricedFrom: 916,
          average30Paise: 6_411_14,
          previousClosePaise: 6_200_00,
          bound: 'previousClose',
          pricePerGramPaise: 6_200_00,
          valuePaise: 1_73_600_00,
        },
        {
          // 18K has no close of its own: the nearest published purity, 22K, scaled by 750/916.
          index: 2,
          itemType: 'ornament',
          purity: 750,
          grossWeightMg: 5_000,
          deductionsMg: 0,
          netWeightMg: 4_800,
          pricedFrom: 916,
          average30Paise: 5_249_30,
          previousClosePaise: 5_076_42,
          bound: 'previousClose',
          pricePerGramPaise: 5_076_42,
          valuePaise: 24_366_82,
        },
      ],
      goldValuePaise: 2_68_066_82,
    });
    expect(created.goldItems[1]).toEqual({
      description: 'Kempu chain',
      grossWeightMg: 30_000,
      netWeightMg: 28_000,
      purityKarat: 22,
      itemType: 'ornament',
      purity: 916,
      deductions: [{ kind: 'stones', weightMg: 2_000, reason: 'Kempu stones' }],
      photoId: 'photo-kempu-1',
    });
    // The older summary stays filled: the 22K valuation price, the value, the most, the cap.
    expect(created.valuation).toEqual({
      goldRatePaisePerGram: 6_200_00,
      goldValuePaise: 2_68_066_82,
      eligiblePaise: 2_27_856_79,
      ltvCapBps: 8500,
    });
    expect(created).toMatchObject({ purpose: 'consumption', repaymentType: 'emi', policyVersion: 1 });
  });
});

describe('a day without a price', () => {
  let t: TestDatabase;
  let api: TestApi;
  beforeAll(async () => {
    t = await createTestDatabase('sanction_noprice');
    api = await createTestApi(t, undefined, {}, { goldPrices: false });
    // Prices up to Thursday 19 November; Friday 20 November, the previous working day, has none.
    await seedGoldPrices(api.store, { from: '2026-10-01', to: '2026-11-19' });
  });
  afterAll(async () => {
    await api?.app.close();
    await t?.drop();
  });

  it('refuses a new loan with "Gold prices for {date} have not been entered" and writes nothing', async () => {
    const token = await api.tokenFor('employee');
    await confirmLoan(api, token, { id: api.customers.demo, mobile: '9000000003' });
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.db)).rows[0]!.n);
    const body = {
      customerId: api.customers.demo,
      goldItems: [{ description: 'Chain', grossWeight: 10, netWeight: 9.5 }],
      interestRate: 18,
      amount: 20_000,
      term: 6,
    };
    const post = () =>
      api.app.inject({
        method: 'POST',
        url: '/api/employee/loans',
        payload: body,
        headers: { 'x-auth-token': token },
      });
    const before = await count();
    const res = await post();
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Gold prices for 2026-11-20 have not been entered',
      code: 'gold_prices_missing',
    });
    expect(await count()).toBe(before);
    // Once the day's price is entered, the same loan goes through.
    await seedGoldPrices(api.store, { from: '2026-11-20', to: '2026-11-20' });
    const retried = await post();
    expect(retried.statusCode, retried.body).toBe(201);
  });
});
