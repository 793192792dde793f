import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanStreamId } from '@goldledger/contracts';
import { listDevOutbox } from '../messaging/outbox-queries.js';
import { operationsSupport } from '../testing/operations-test-support.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

let t: TestDatabase;
let api: TestApi;
let ops: ReturnType<typeof operationsSupport>;

beforeAll(async () => {
  t = await createTestDatabase('auctions');
  api = await createTestApi(t);
  ops = operationsSupport(api, '2');
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const eventCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.db)).rows[0]!.n);
const typesOf = async (loanUuid: string) =>
  (await api.store.readStream(loanStreamId(loanUuid))).events.map((e) => e.type);
const notices = async (to: string) =>
  (await listDevOutbox(t.db, { to, limit: 50 })).filter((m) => m.purpose.startsWith('auction')).reverse();
/** An auction step; the clock ticks a second after each, so the outbox keeps their order. */
async function action(loan: string, step: string, body?: object) {
  const res = await ops.call('admin', 'POST', `/api/admin/loans/${loan}/${step}`, body);
  api.clock.advance(1000);
  return res;
}
const auctionList = async (query = '') => {
  await api.project();
  const res = await ops.call('admin', 'GET', `/api/admin/auction-loans${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const rowOf = async (loanId: string) =>
  (await auctionList()).data.find((r: { loanId: string }) => r.loanId === loanId);

// 29 g net of 22K at ₹7,000/g: ₹1,86,083 of gold; 90 % of it is the lowest reserve.
const GOLD_VALUE = 1_86_083.33;
const MINIMUM_RESERVE = 1_67_475;

describe('the auction of a defaulted loan', () => {
  type Loan = { loanUuid: string; loanId: string };
  let defaulted: Loan;
  let current: Loan;
  let customer: Awaited<ReturnType<typeof ops.newCustomer>>;

  it('lists loans in default as not ready, and says so when there are none', async () => {
    ops.setDay('2026-11-21');
    expect(await auctionList()).toMatchObject({
      success: true,
      data: [],
      message: 'No loans ready for auction',
    });
    customer = await ops.newCustomer();
    // Made 1 May 2026 for 3 months at 18 %: matured 1 Aug, still open.
    defaulted = await ops.openLoan(customer.customerUuid, '2026-05-01');
    current = await ops.openLoan((await ops.newCustomer()).customerUuid, '2026-11-01');
    const list = await auctionList();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      _id: defaulted.loanUuid,
      loanId: defaulted.loanId,
      customerName: customer.name,
      customerMobile: customer.mobile,
      auctionStatus: 'not_ready',
      auctionReadyDate: null,
      // Maturity + 1 month + 3 months for each of the 3 ladder steps above 18 %.
      finalAuctionDate: '2027-06-01',
      outstandingAmount: 50_000,
      totalGoldWeight: 29,
      goldValue: GOLD_VALUE,
      minimumReservePrice: MINIMUM_RESERVE,
      reservePrice: null,
      daysSinceReady: null,
      history: [],
    });
  });

  it('refuses to list a loan that is not in default', async () => {
    const res = await action(current.loanId, 'mark-ready-for-auction', {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Only a loan past maturity or with an overdue installment can be put up for auction',
    );
  });

  it('marks the loan ready (not_ready → ready_for_auction) and tells the customer', async () => {
    const res = await action(defaulted.loanId, 'mark-ready-for-auction', { notes: 'Three calls unanswered' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Loan marked ready for auction; the customer has been notified.',
      data: { _id: defaulted.loanUuid, auctionStatus: 'ready_for_auction', auctionReadyDate: '2026-11-21' },
    });
    const again = await action(defaulted.loanUuid, 'mark-ready-for-auction');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This loan is already on the auction list');
    const [sms] = await notices(customer.mobile);
    expect(sms).toMatchObject({ purpose: 'auction_ready', channel: 'sms' });
    expect(sms!.text).toContain(`your gold loan ${defaulted.loanId} is past its final date`);
    expect(await notices(customer.email!)).toHaveLength(1);
    const row = await rowOf(defaulted.loanId);
    expect(row).toMatchObject({
      auctionStatus: 'ready_for_auction',
      daysSinceReady: 0,
      notes: 'Three calls unanswered',
    });
    expect(row.outstandingAmount).toBeGreaterThan(50_000);
    expect(row.history).toMatchObject([{ status: 'ready_for_auction', by: 'Asha Admin' }]);
  });

  it('refuses a schedule without a date, or with a reserve under 90 % of the gold, appending nothing', async () => {
    const before = await eventCount();
    for (const body of [{}, { auctionDate: '' }, { auctionDate: null, notes: 'x' }]) {
      const res = await action(defaulted.loanId, 'schedule-auction', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe('Auction date is required');
    }
    const low = await action(defaulted.loanId, 'schedule-auction', {
      auctionDate: '2026-12-15',
      reservePrice: 1_60_000,
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe(
      "Reserve price must be at least ₹1,67,475 (90% of the gold's value ₹1,86,083 today)",
    );
    const past = await action(defaulted.loanId, 'schedule-auction', { auctionDate: '2026-11-20' });
    expect(past.json().message).toBe('Auction date cannot be in the past');
    const garbled = await action(defaulted.loanId, 'schedule-auction', { auctionDate: '15/12/2026' });
    expect(garbled.json().message).toBe('Auction date must be a date (YYYY-MM-DD)');
    expect(await eventCount()).toBe(before);
    expect(await notices(customer.mobile)).toHaveLength(1);
  });

  it('schedules the auction (ready_for_auction → auction_scheduled) at 90 % unless told, and tells the customer the date', async () => {
    // A date picker's local midnight, sent as UTC: 15 Dec in Asia/Kolkata.
    const res = await action(defaulted.loanId, 'schedule-auction', {
      auctionDate: '2026-12-14T18:30:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Auction scheduled for 15 Dec 2026; the customer has been notified.',
      data: { auctionStatus: 'auction_scheduled', auctionDate: '2026-12-15', reservePrice: MINIMUM_RESERVE },
    });
    // Rescheduling with a reserve of one's own.
    const moved = await action(defaulted.loanId, 'schedule-auction', {
      auctionDate: '2026-12-16',
      reservePrice: '175000',
    });
    expect(moved.json().data).toMatchObject({ auctionDate: '2026-12-16', reservePrice: 1_75_000 });
    const texts = (await notices(customer.mobile)).map((m) => m.text);
    expect(texts[1]).toContain('will be auctioned on 15 Dec 2026');
    expect(texts[2]).toContain('will be auctioned on 16 Dec 2026');
    expect(await rowOf(defaulted.loanId)).toMatchObject({
      auctionStatus: 'auction_scheduled',
      auctionDate: '2026-12-16',
      reservePrice: 1_75_000,
    });
  });

  it('sells the gold (auction_scheduled → auctioned): the surplus is recorded and the loan closed as auctioned', async () => {
    ops.setDay('2026-12-16');
    const missing = await action(defaulted.loanId, 'mark-auctioned', { notes: 'no amount' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Sale amount is required');
    const low = await action(defaulted.loanId, 'mark-auctioned', { saleAmount: 1_70_000 });
    expect(low.json().message).toBe('Sale amount is below the reserve price of ₹1,75,000');
    const future = await action(defaulted.loanId, 'mark-auctioned', {
      saleAmount: 1_80_000,
      auctionDate: '2026-12-17',
    });
    expect(future.json().message).toBe('Auction date cannot be in the future');

    const res = await action(defaulted.loanId, 'mark-auctioned', { saleAmount: 1_80_000, notes: 'Lot 7' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      auctionStatus: 'auctioned',
      auctionDate: '2026-12-16',
      saleAmount: 1_80_000,
      loanStatus: 'closed',
    });
    expect(data.surplusAmount).toBeGreaterThan(1_20_000);
    expect(data.shortfallAmount).toBe(0);
    expect(res.json().message).toContain('A surplus of ₹');

    const events = (await api.store.readStream(loanStreamId(defaulted.loanUuid))).events;
    const auctioned = events.find((e) => e.type === 'Auctioned')!.data;
    expect((auctioned.outstandingPaise as number) + (auctioned.surplusPaise as number)).toBe(1_80_000_00);
    expect(events.at(-1)).toMatchObject({
      type: 'LoanClosed',
      data: { reason: 'auctioned', closedOn: '2026-12-16' },
    });

    const row = await rowOf(defaulted.loanId);
    expect(row).toMatchObject({
      auctionStatus: 'auctioned',
      saleAmount: 1_80_000,
      surplusAmount: data.surplusAmount,
    });
    expect(row.history.map((h: { status: string }) => h.status)).toEqual([
      'ready_for_auction',
      'auction_scheduled',
      'auction_scheduled',
      'auctioned',
    ]);
    const loan = await ops.call('admin', 'GET', `/api/loans/${defaulted.loanUuid}`);
    expect(loan.json().data.status).toBe('closed');
    const sold = (await notices(customer.mobile)).at(-1)!;
    expect(sold.purpose).toBe('auctioned');
    expect(sold.text).toContain(`is due to you`);
    // The sold gold is not handed back.
    expect((await ops.call('admin', 'GET', `/api/gold-returns/${defaulted.loanId}`)).statusCode).toBe(404);
  });
});

describe('a loan taken off the auction list', () => {
  it('by an admin, from ready or from scheduled, goes back to not ready and the customer is told', async () => {
    ops.setDay('2026-11-21');
    const customer = await ops.newCustomer(false);
    const loan = await ops.openLoan(customer.customerUuid, '2026-04-10');
    await api.project(); // the loan number is looked up in the loan book
    expect((await action(loan.loanId, 'mark-ready-for-auction')).statusCode).toBe(200);
    const cancelled = await action(loan.loanId, 'cancel-auction', { notes: 'Customer promised to pay' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'Auction cancelled.',
      data: { auctionStatus: 'not_ready' },
    });
    const again = await action(loan.loanId, 'cancel-auction');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This loan is not on the auction list');

    expect((await action(loan.loanId, 'mark-ready-for-auction')).statusCode).toBe(200);
    expect((await action(loan.loanId, 'schedule-auction', { auctionDate: '2026-12-01' })).statusCode).toBe(
      200,
    );
    expect((await action(loan.loanUuid, 'cancel-auction')).statusCode).toBe(200);

    const row = await rowOf(loan.loanId);
    expect(row).toMatchObject({
      auctionStatus: 'not_ready',
      auctionReadyDate: null,
      auctionDate: null,
      reservePrice: null,
    });
    expect(row.history.map((h: { status: string; reason: string | null }) => [h.status, h.reason])).toEqual([
      ['ready_for_auction', null],
      ['cancelled', 'admin'],
      ['ready_for_auction', null],
      ['auction_scheduled', null],
      ['cancelled', 'admin'],
    ]);
    // No email on file: SMS only.
    expect((await notices(customer.mobile)).map((m) => m.purpose)).toEqual([
      'auction_ready',
      'auction_cancelled',
      'auction_ready',
      'auction_scheduled',
      'auction_cancelled',
    ]);
  });

  it('by a repayment, which cancels a scheduled auction', async () => {
    const customer = await ops.newCustomer();
    const loan = await ops.openLoan(customer.customerUuid, '2026-04-10');
    await api.project(); // the loan number is looked up in the loan book
    expect((await action(loan.loanId, 'mark-ready-for-auction')).statusCode).toBe(200);
    expect((await action(loan.loanId, 'schedule-auction', { auctionDate: '2026-12-01' })).statusCode).toBe(
      200,
    );
    const quote = (
      await ops.call('admin', 'POST', `/api/loans/${loan.loanUuid}/calculate-early-repayment`, {})
    ).json();
    const paid = await ops.call('employee', 'POST', `/api/loans/${loan.loanUuid}/payment`, {
      amount: quote.minimumTotalDue,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await typesOf(loan.loanUuid)).slice(-2)).toEqual(['AuctionCancelled', 'PaymentRecorded']);
    const row = await rowOf(loan.loanId);
    expect(row).toMatchObject({ auctionStatus: 'not_ready', auctionDate: null });
    expect(row.history.at(-1)).toMatchObject({ status: 'cancelled', reason: 'repayment' });
  });

  it('can be sold straight from ready (ready_for_auction → auctioned), on today unless told; a shortfall is recorded', async () => {
    const customer = await ops.newCustomer();
    const loan = await ops.openLoan(customer.customerUuid, '2026-04-10');
    await api.project(); // the loan number is looked up in the loan book
    // Gold has fallen to ₹1,500/g: 29 g net of 22K is now worth ₹39,875, less than is owed.
    const rate = await ops.call('admin', 'POST', '/api/settings/update-gold-rate', { rate: 1_500 });
    expect(rate.statusCode, rate.body).toBe(200);
    try {
      expect((await rowOf(loan.loanId)).goldValue).toBe(39_875);
      expect((await action(loan.loanId, 'mark-ready-for-auction')).statusCode).toBe(200);
      const res = await action(loan.loanId, 'mark-auctioned', { saleAmount: 38_000 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        auctionStatus: 'auctioned',
        auctionDate: '2026-11-21',
        surplusAmount: 0,
      });
      expect(res.json().data.shortfallAmount).toBeGreaterThan(10_000);
      expect(res.json().message).toContain('short of the amount owed');
      const sold = (await notices(customer.mobile)).at(-1)!;
      expect(sold.text).toContain('remains. Our staff will contact you.');
      expect(
        (await auctionList('?status=auctioned')).data.map((r: { loanId: string }) => r.loanId),
      ).toContain(loan.loanId);
    } finally {
      await ops.call('admin', 'POST', '/api/settings/update-gold-rate', { rate: 7_000 });
    }
  });

  it('is for admins only', async () => {
    const res = await ops.call('employee', 'GET', '/api/admin/auction-loans');
    expect(res.statusCode).toBe(403);
  });
});
