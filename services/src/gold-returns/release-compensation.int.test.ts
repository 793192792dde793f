import { writeFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRANCH_ID, LENDING_POLICY, loanStreamId, nonWorkingReason } from '@goldledger/contracts';
import { branchCalendars, nationalHolidays } from '../holidays/holiday-calendar.js';
import { listDevOutbox } from '../messaging/outbox-queries.js';
import { declareTestHoliday, withdrawTestHoliday } from '../testing/holidays-kit.js';
import type { Scheduler } from '../platform/scheduler/scheduler.js';
import { CLI, schedulerFor } from '../testing/jobs-test-kit.js';
import { operationsSupport } from '../testing/operations-test-support.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

/**
 * The holiday the lender's delay runs across: the one place it is declared. A holiday of the
 * loans' branch's state only (the default branch is in Karnataka): the national Christmas is
 * withdrawn and Karnataka keeps it, so the working days below are the state's, not the nation's.
 */
const HOLIDAY_IN_DELAY = '2026-12-25';
const BRANCH_STATE = 'Karnataka';
/** Both loans are repaid on Monday 14 Dec 2026; 7 working days later is Tuesday 22 Dec. */
const CLOSED_ON = '2026-12-14';
const RATE = LENDING_POLICY.releaseDelayCompensationPaisePerDay / 100;

let t: TestDatabase;
let api: TestApi;
let ops: ReturnType<typeof operationsSupport>;
let scheduler: Scheduler;

beforeAll(async () => {
  t = await createTestDatabase('release');
  api = await createTestApi(t);
  await withdrawTestHoliday(api, { date: HOLIDAY_IN_DELAY, reason: 'Kept by the state only, for this test' });
  await declareTestHoliday(api, { date: HOLIDAY_IN_DELAY, name: 'Christmas', state: BRANCH_STATE });
  ops = operationsSupport(api, '7');
  scheduler = schedulerFor(t, api);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const accruedDays = async (loanUuid: string) =>
  (await api.store.readStream(loanStreamId(loanUuid))).events
    .filter((e) => e.type === 'ReleaseCompensationAccrued')
    .flatMap((e) => (e.data as { days: string[] }).days);
const eventCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.db)).rows[0]!.n);
const runJob = async (day: string) => {
  ops.setDay(day);
  const run = await scheduler.execute('release_delays', { executionType: 'manual', executedBy: CLI });
  expect(run.status).toBe('success');
  await api.project();
  return run;
};
const detail = async (loanUuid: string) => {
  const res = await ops.call('admin', 'GET', `/api/gold-returns/${loanUuid}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('releasing a repaid loan’s gold on time, or paying for the delay', () => {
  const loans: Record<'lender' | 'customer' | 'unclaimed', { loanUuid: string; loanId: string }> =
    {} as never;

  it('closes three loans; the holiday lies in the days after the promise', async () => {
    // A holiday of the branch's state, not of the nation.
    expect((await nationalHolidays(api.store))[HOLIDAY_IN_DELAY]).toBeUndefined();
    expect(
      nonWorkingReason(HOLIDAY_IN_DELAY, {
        holidays: await (await branchCalendars(api.store))(DEFAULT_BRANCH_ID),
      }),
    ).toBe('Christmas');
    ops.setDay(CLOSED_ON);
    // The demo customer's loan: the customer's own dashboard shows its compensation.
    loans.lender = await ops.openLoan(api.customers.demo, '2026-10-01');
    loans.customer = await ops.openLoan((await ops.newCustomer()).customerUuid, '2026-10-01');
    loans.unclaimed = await ops.openLoan((await ops.newCustomer()).customerUuid, '2026-10-01');
    for (const l of Object.values(loans)) await ops.repay(l.loanUuid);
    await api.project();
    expect(await detail(loans.lender.loanUuid)).toMatchObject({
      releaseDueBy: '2026-12-22',
      delay: 'on_time',
      compensationPerDay: RATE,
      compensation: null,
      unclaimedFrom: '2028-12-14',
    });
  });

  it('records when and how the customer was told the gold is ready, refusing bad input and writing nothing', async () => {
    ops.setDay('2026-12-17');
    const url = (l: { loanUuid: string }) => `/api/gold-returns/${l.loanUuid}/customer-notified`;
    const before = await eventCount();
    const noChannel = await ops.call('admin', 'POST', url(loans.customer), { toldOn: '2026-12-17' });
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.json().message).toContain('Please choose how the customer was told');
    const future = await ops.call('admin', 'POST', url(loans.customer), {
      toldOn: '2026-12-18',
      channel: 'sms',
    });
    expect(future.statusCode, future.body).toBe(400);
    expect(future.json().message).toBe('The day the customer was told cannot be in the future');
    expect(await eventCount()).toBe(before);

    const told = await ops.call('admin', 'POST', url(loans.customer), {
      channel: 'call',
      notes: 'Said she will come after the holidays',
    });
    expect(told.statusCode, told.body).toBe(200);
    const atClosure = await ops.call('admin', 'POST', url(loans.unclaimed), {
      toldOn: CLOSED_ON,
      channel: 'letter',
    });
    expect(atClosure.statusCode, atClosure.body).toBe(200);
    await api.project();
    expect(await detail(loans.customer.loanUuid)).toMatchObject({
      customerTold: [{ toldOn: '2026-12-17', channel: 'call', toldBy: 'Asha Admin' }],
    });
  });

  it('accrues on working days only across the holiday, daily or back-filled by a late run, and not for the customer’s delay', async () => {
    await runJob('2026-12-24');
    expect(await accruedDays(loans.lender.loanUuid)).toEqual(['2026-12-23']);
    // No run from 25 to 28 Dec: the run on the 29th back-fills 24, 26 and 28 Dec (25th the holiday, 27th a Sunday).
    await runJob('2026-12-29');
    expect(await accruedDays(loans.lender.loanUuid)).toEqual([
      '2026-12-23',
      '2026-12-24',
      '2026-12-26',
      '2026-12-28',
    ]);
    const again = await eventCount();
    await runJob('2026-12-29');
    expect(await eventCount()).toBe(again);
    expect(await accruedDays(loans.customer.loanUuid)).toEqual([]);
    expect(await accruedDays(loans.unclaimed.loanUuid)).toEqual([]);

    expect(await detail(loans.lender.loanUuid)).toMatchObject({
      delay: 'lender',
      daysLate: 5,
      compensation: {
        days: 4,
        accrued: 4 * RATE,
        paid: 0,
        owed: 4 * RATE,
        accruedThrough: '2026-12-28',
        payouts: [],
      },
    });
    expect(await detail(loans.customer.loanUuid)).toMatchObject({ delay: 'customer', compensation: null });
    // On the staff loan page and the customer's dashboard.
    const loan = await ops.call('admin', 'GET', `/api/loans/${loans.lender.loanUuid}`);
    expect(loan.json().data.releaseCompensation).toMatchObject({ days: 4, owed: 4 * RATE });
    const mine = await api.app.inject({
      method: 'GET',
      url: '/api/loans/customer',
      headers: { 'x-auth-token': await api.tokenFor('customer') },
    });
    const own = mine.json().data.find((l: { _id: string }) => l._id === loans.lender.loanUuid);
    expect(own.releaseCompensation).toMatchObject({ days: 4, accrued: 4 * RATE, owed: 4 * RATE });
    const owing = await ops.call('admin', 'GET', '/api/gold-returns/pending?status=compensation');
    expect(owing.json().data.map((r: { loanId: string }) => r.loanId)).toEqual([loans.lender.loanId]);
  });

  it('resumes accrual when the customer booked a return and the lender did not hand the gold back that day', async () => {
    ops.setDay('2026-12-29');
    const booked = await ops.call('admin', 'POST', `/api/gold-returns/${loans.customer.loanUuid}/schedule`, {
      scheduledDate: '2026-12-31T11:00',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    await runJob('2027-01-02');
    // 31 Dec was the customer's booked day; 1 Jan the lender's.
    expect(await accruedDays(loans.customer.loanUuid)).toEqual(['2027-01-01']);
  });

  it('accrues the return day, and a payout closes what is owed, in cash from the branch’s cash book', async () => {
    ops.setDay('2027-01-04');
    const returned = await ops.call(
      'admin',
      'POST',
      `/api/gold-returns/${loans.lender.loanUuid}/mark-returned`,
      {},
    );
    expect(returned.statusCode, returned.body).toBe(200);
    // 29, 30, 31 Dec, 1 and 2 Jan (run on the 2nd covered up to the 1st), and 4 Jan, the return day.
    expect(await accruedDays(loans.lender.loanUuid)).toEqual([
      '2026-12-23',
      '2026-12-24',
      '2026-12-26',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-04',
    ]);
    const started = await ops.call('admin', 'POST', `/api/cash-book/${DEFAULT_BRANCH_ID}/start`, {
      startDate: '2027-01-04',
      openingBalance: 1_00_000,
    });
    expect(started.statusCode, started.body).toBe(201);

    const url = `/api/gold-returns/${loans.lender.loanUuid}/compensation/payout`;
    const before = await eventCount();
    const noReference = await ops.call('admin', 'POST', url, { method: 'bank' });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().message).toBe('Please give the bank transfer reference');
    expect(await eventCount()).toBe(before);

    const paid = await ops.call('admin', 'POST', url, { method: 'cash', reference: 'V-0001' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({
      message: `Compensation of ₹50,000 paid to ${(await detail(loans.lender.loanUuid)).customerName}; nothing more is owed on loan ${loans.lender.loanId}.`,
      data: { amount: 10 * RATE, days: 10, method: 'cash', reference: 'V-0001', paidOn: '2027-01-04' },
    });
    const again = await ops.call('admin', 'POST', url, { method: 'cash' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('No compensation is owed on this loan');
    await api.project();

    expect(await detail(loans.lender.loanUuid)).toMatchObject({
      goldReturnStatus: 'returned',
      delay: null,
      daysLate: 10,
      compensation: { days: 10, accrued: 10 * RATE, paid: 10 * RATE, owed: 0 },
    });
    const day = await ops.call('admin', 'GET', `/api/cash-book/${DEFAULT_BRANCH_ID}/2027-01-04`);
    expect(day.statusCode, day.body).toBe(200);
    expect(
      day
        .json()
        .movements.map(
          (m: { kind: string; direction: string; amount: number }) => `${m.kind} ${m.direction} ${m.amount}`,
        ),
    ).toContain(`release_compensation out ${10 * RATE}`);
    // Returned: nothing accrues any more.
    await runJob('2027-01-05');
    expect((await accruedDays(loans.lender.loanUuid)).length).toBe(10);

    const payoutId = paid.json().data.payoutId as string;
    const receipt = await ops.call(
      'admin',
      'GET',
      `/api/loans/${loans.lender.loanUuid}/release-compensation/${payoutId}/receipt`,
    );
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.RECEIPT_PDF_OUT) await writeFile(process.env.RECEIPT_PDF_OUT, receipt.rawPayload);
    const asCustomer = await api.app.inject({
      method: 'GET',
      url: `/api/loans/${loans.lender.loanUuid}/release-compensation/${payoutId}/receipt`,
      headers: { 'x-auth-token': await api.tokenFor('customer') },
    });
    expect(asCustomer.statusCode).toBe(200);
  });

  it('sends the policy’s notices, and marks gold not collected after 24 months unclaimed', async () => {
    const notices = async (loanUuid: string) =>
      (await api.store.readStream(loanStreamId(loanUuid))).events
        .filter((e) => e.type === 'UnclaimedGoldNoticeSent')
        .map((e) => (e.data as { monthsAfterClosure: number }).monthsAfterClosure);
    await runJob('2027-06-14');
    expect(await notices(loans.unclaimed.loanUuid)).toEqual([6]);
    const outbox = (await listDevOutbox(t.db, { limit: 200 })).filter(
      (m) => m.purpose === 'unclaimed_gold_notice',
    );
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.some((m) => m.text.includes('has not been collected in 6 months'))).toBe(true);

    // The runs of 18 months and of the day before 24 missed: the run on the day sends only the latest.
    await runJob('2028-12-14');
    expect(await notices(loans.unclaimed.loanUuid)).toEqual([6, 24]);
    const unclaimed = await ops.call('admin', 'GET', '/api/gold-returns/pending?status=unclaimed');
    expect(
      unclaimed
        .json()
        .data.map((r: { loanId: string }) => r.loanId)
        .sort(),
    ).toEqual([loans.customer.loanId, loans.unclaimed.loanId].sort());
    expect(await detail(loans.unclaimed.loanUuid)).toMatchObject({
      goldReturnStatus: 'unclaimed',
      delay: 'unclaimed',
      unclaimedOn: '2028-12-14',
      compensation: null,
    });
    const stats = (await ops.call('admin', 'GET', '/api/gold-returns/stats')).json().data;
    expect(stats.stats).toContainEqual({ _id: 'unclaimed', count: 2 });
    // The customer-caused loan: its lender days since 1 Jan 2027 accrued, none from the unclaimed day on.
    const days = await accruedDays(loans.customer.loanUuid);
    expect(days.at(-1)! < '2028-12-14').toBe(true);
    const count = await eventCount();
    await runJob('2028-12-15');
    expect(await eventCount()).toBe(count);
  });
});
