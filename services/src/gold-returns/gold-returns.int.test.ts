import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanStreamId } from '@goldledger/contracts';
import { listDevOutbox } from '../messaging/outbox-queries.js';
import { sellAtAuction } from '../testing/auction-kit.js';
import { operationsSupport } from '../testing/operations-test-support.js';
import { confirmBorrower, recordPricesBefore } from '../testing/renewal-test-kit.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

let t: TestDatabase;
let api: TestApi;
let ops: ReturnType<typeof operationsSupport>;

beforeAll(async () => {
  t = await createTestDatabase('goldret');
  api = await createTestApi(t);
  ops = operationsSupport(api, '1');
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const eventsOf = async (loanUuid: string, type: string) =>
  (await api.store.readStream(loanStreamId(loanUuid))).events.filter((e) => e.type === type);
const eventCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.db)).rows[0]!.n);
const reminderMessages = async (to: string) =>
  (await listDevOutbox(t.db, { to, limit: 50 })).filter((m) => m.purpose === 'gold_return_reminder');

/**
 * One timeline, the clock only moving forward: two loans repaid on Saturday
 * 21 Nov 2026 (R1, R2), one repaid and renewed, one auctioned, one still open.
 */
describe("a repaid loan's gold, from closure to overdue", () => {
  const loans: Record<string, { loanUuid: string; loanId: string }> = {};
  const people: Record<string, Awaited<ReturnType<typeof ops.newCustomer>>> = {};

  it('is to be returned once a repayment closes the loan; not after a renewal or an auction', async () => {
    ops.setDay('2026-11-21');
    for (const key of ['r1', 'r2', 'renewed', 'auctioned', 'open']) {
      people[key] = await ops.newCustomer();
      loans[key] = await ops.openLoan(
        people[key].customerUuid,
        key === 'auctioned' ? '2026-05-01' : '2026-10-01',
      );
    }
    await ops.repay(loans.r1!.loanUuid);
    await ops.repay(loans.r2!.loanUuid);
    await ops.repay(loans.renewed!.loanUuid);
    // On the borrower's request, at today's valuation price (issue 17).
    await recordPricesBefore(api.store, '2026-11-21', 6_500_00);
    await confirmBorrower(api, loans.renewed!.loanUuid);
    const renewal = await ops.call('admin', 'POST', `/api/admin/loans/${loans.renewed!.loanUuid}/renew`, {
      amount: 40_000,
      interestRate: 18,
      term: 3,
      disbursementMode: 'bank_transfer',
      disbursementReference: 'UTR-RENEW-40000',
    });
    expect(renewal.statusCode, renewal.body).toBe(201);
    const auctioned = loans.auctioned!.loanUuid;
    await sellAtAuction(ops.deps, auctioned, {
      listOn: '2026-10-01',
      saleOn: '2026-11-21',
      salePaise: 1_70_000_00,
    });
    await api.project();

    const list = await ops.call('admin', 'GET', '/api/gold-returns/pending');
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .data.map((r: { loanId: string }) => r.loanId)
        .sort(),
    ).toEqual([loans.r1!.loanId, loans.r2!.loanId].sort());
    const r1 = list.json().data.find((r: { loanId: string }) => r.loanId === loans.r1!.loanId);
    expect(r1).toEqual({
      _id: loans.r1!.loanUuid,
      loanId: loans.r1!.loanId,
      customerName: people.r1!.name,
      customerMobile: people.r1!.mobile,
      customerEmail: people.r1!.email,
      totalGoldWeight: 29,
      closedDate: '2026-11-21',
      daysSinceClosed: 0,
      goldReturnStatus: 'pending',
      isOverdue: false,
      daysOverdue: 0,
      remindersSent: 0,
      scheduledReturnDate: null,
      actualReturnDate: null,
      notes: null,
      goldItems: [{ description: 'Gold chain', grossWeight: 30, netWeight: 29, purityKarat: 22 }],
      reminders: [],
      // Seven working days after Saturday 21 Nov: Guru Nanak Jayanti (24 Nov) and Sunday 29 Nov do not count.
      releaseDueBy: '2026-12-01',
      daysLate: 0,
      // Release on time (issue 18): within the promise, nothing accrues; unclaimed after 24 months.
      delay: 'on_time',
      compensationPerDay: 5_000,
      compensation: null,
      customerTold: [],
      unclaimedOn: null,
      unclaimedFrom: '2028-11-21',
    });

    // By the loan number or the `_id`; a loan with no gold to return is 404.
    const byNumber = await ops.call('admin', 'GET', `/api/gold-returns/${loans.r1!.loanId}`);
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json().data).toMatchObject({
      _id: loans.r1!.loanUuid,
      nextReminder: { type: 'initial', dueDate: '2026-11-24' },
    });
    expect((await ops.call('admin', 'GET', `/api/gold-returns/${loans.r1!.loanUuid}`)).statusCode).toBe(200);
    for (const key of ['renewed', 'auctioned', 'open']) {
      const res = await ops.call('admin', 'GET', `/api/gold-returns/${loans[key]!.loanId}`);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(404);
    }
    const stats = await ops.call('admin', 'GET', '/api/gold-returns/stats');
    expect(stats.json().data).toEqual({
      totalClosedLoans: 2,
      overdueLoans: 0,
      compensationOwed: { loans: 0, amount: 0 },
      stats: [
        { _id: 'pending', count: 2 },
        { _id: 'scheduled', count: 0 },
        { _id: 'overdue', count: 0 },
        { _id: 'unclaimed', count: 0 },
        { _id: 'returned', count: 0 },
      ],
    });
  });

  it('is scheduled for a date and time, refused without one, in the past, or for an open loan', async () => {
    const url = `/api/gold-returns/${loans.r1!.loanId}/schedule`;
    const before = await eventCount();
    for (const [body, message] of [
      [{}, 'Please choose a date and time for the return'],
      [{ scheduledDate: '' }, 'Please choose a date and time for the return'],
      [{ scheduledDate: '2026-11-25' }, 'Please choose a date and time for the return'],
      [{ scheduledDate: 'next tuesday' }, 'Please choose a date and time for the return'],
      [{ scheduledDate: '2026-11-20T10:00' }, 'The return cannot be scheduled in the past'],
    ] as const) {
      const res = await ops.call('admin', 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const open = await ops.call('admin', 'POST', `/api/gold-returns/${loans.open!.loanUuid}/schedule`, {
      scheduledDate: '2026-11-25T10:30',
    });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe('Gold is returned only for a repaid, closed loan');
    expect(await eventCount()).toBe(before);

    // Wall-clock time at the branch (Asia/Kolkata) when no offset is given.
    const res = await ops.call('admin', 'POST', url, {
      scheduledDate: '2026-11-25T10:30',
      notes: 'Customer will bring her son',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Gold return scheduled successfully!',
      data: { goldReturnStatus: 'scheduled', scheduledReturnDate: '2026-11-25T05:00:00.000Z' },
    });
    await api.project();
    const detail = (await ops.call('admin', 'GET', `/api/gold-returns/${loans.r1!.loanId}`)).json().data;
    expect(detail).toMatchObject({
      goldReturnStatus: 'scheduled',
      scheduledReturnDate: '2026-11-25T05:00:00.000Z',
      notes: 'Customer will bring her son',
    });
    const scheduled = await ops.call('admin', 'GET', '/api/gold-returns/pending?status=scheduled');
    expect(scheduled.json().data.map((r: { loanId: string }) => r.loanId)).toEqual([loans.r1!.loanId]);
    const search = await ops.call('admin', 'GET', `/api/gold-returns/pending?search=${people.r2!.mobile}`);
    expect(search.json().data.map((r: { loanId: string }) => r.loanId)).toEqual([loans.r2!.loanId]);
    const none = await ops.call('admin', 'GET', '/api/gold-returns/pending?search=nobody');
    expect(none.json()).toMatchObject({ data: [], message: 'No returns match your search criteria' });
  });

  it('sends the reminder due 3 and 7 days after closure once, however often the run is repeated', async () => {
    ops.setDay('2026-11-23');
    let run = await ops.call('admin', 'POST', '/api/gold-returns/process-reminders');
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toEqual({ sent: 0, failed: 0, skipped: 0, checked: 0 });

    ops.setDay('2026-11-24');
    run = await ops.call('admin', 'POST', '/api/gold-returns/process-reminders');
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ success: true, data: { sent: 2, failed: 0, skipped: 0 } });
    await api.project();
    run = await ops.call('admin', 'POST', '/api/gold-returns/process-reminders');
    expect(run.json().data).toMatchObject({ sent: 0, skipped: 2 });

    const sms = await reminderMessages(people.r2!.mobile);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain(loans.r2!.loanId);
    expect(sms[0]!.text).toContain('ready to collect');
    const email = await reminderMessages(people.r2!.email!);
    expect(email).toHaveLength(1);
    expect(email[0]!.subject).toBe(`Your gold is ready to collect (loan ${loans.r2!.loanId})`);
    // R1's return is booked: the reminder says when.
    expect((await reminderMessages(people.r1!.mobile))[0]!.text).toContain(
      'booked for 25 Nov 2026, 10:30 am',
    );

    // Two runs at once (two schedulers, or an admin pressing the button during the job).
    ops.setDay('2026-11-28');
    const both = await Promise.all([
      ops.call('admin', 'POST', '/api/gold-returns/process-reminders'),
      ops.call('admin', 'POST', '/api/gold-returns/process-reminders'),
    ]);
    expect(both.map((r) => r.json().data.sent as number).reduce((a, b) => a + b)).toBe(2);
    expect(await reminderMessages(people.r2!.mobile)).toHaveLength(2);
    expect(await reminderMessages(people.r2!.email!)).toHaveLength(2);
    await api.project();
    const detail = (await ops.call('admin', 'GET', `/api/gold-returns/${loans.r2!.loanId}`)).json().data;
    expect(detail.reminders).toEqual([
      { type: 'initial', sentTo: [people.r2!.mobile, people.r2!.email], sentDate: '2026-11-24' },
      { type: 'followup', sentTo: [people.r2!.mobile, people.r2!.email], sentDate: '2026-11-28' },
    ]);
    expect(detail).toMatchObject({
      remindersSent: 2,
      nextReminder: { type: 'urgent', dueDate: '2026-12-06' },
    });
  });

  it("sends an admin's reminder at once, once a day for each type", async () => {
    const url = `/api/gold-returns/${loans.r1!.loanId}/send-reminder`;
    const res = await ops.call('admin', 'POST', url, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      reminderType: 'urgent',
      sentTo: [people.r1!.mobile, people.r1!.email],
    });
    const before = await eventCount();
    const again = await ops.call('admin', 'POST', url, { reminderType: 'urgent' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An urgent reminder was already sent to this customer today');
    expect(await eventCount()).toBe(before);
    const bad = await ops.call('admin', 'POST', url, { reminderType: 'gentle' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Reminder type must be initial, followup, urgent or final');
    // Initial, followup and this one.
    expect(await reminderMessages(people.r1!.mobile)).toHaveLength(3);
  });

  it('sends the 15-day reminder only where the type was not already sent', async () => {
    await api.project();
    ops.setDay('2026-12-06');
    const run = await ops.call('admin', 'POST', '/api/gold-returns/process-reminders');
    // R1 had its urgent reminder from an admin on 28 Nov.
    expect(run.json().data).toMatchObject({ sent: 1, skipped: 1 });
    expect((await reminderMessages(people.r2!.mobile))[0]!.text).toMatch(
      /^Dear .*, your gold from repaid loan .* has been with us for 15 days/,
    );
  });

  it('is marked returned with the working days it came after the 7-working-day promise', async () => {
    ops.setDay('2026-12-08');
    const res = await ops.call('admin', 'POST', `/api/gold-returns/${loans.r1!.loanUuid}/mark-returned`, {
      notes: 'Handed to the customer in person',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Gold marked as returned successfully!',
      data: { goldReturnStatus: 'returned', actualReturnDate: '2026-12-08' },
    });
    // Due by Tuesday 1 Dec; 2-5 and 7-8 Dec are working days (6 Dec is a Sunday).
    const [returned] = await eventsOf(loans.r1!.loanUuid, 'GoldReturned');
    expect(returned!.data).toMatchObject({ returnedOn: '2026-12-08', daysLate: 6 });
    const again = await ops.call(
      'admin',
      'POST',
      `/api/gold-returns/${loans.r1!.loanUuid}/mark-returned`,
      {},
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The gold has already been returned');
    await api.project();
    const detail = (await ops.call('admin', 'GET', `/api/gold-returns/${loans.r1!.loanId}`)).json().data;
    expect(detail).toMatchObject({
      goldReturnStatus: 'returned',
      actualReturnDate: '2026-12-08',
      daysLate: 6,
      notes: 'Handed to the customer in person',
      nextReminder: null,
    });
    // R2 is still here: its lateness counts up to today.
    const r2 = (await ops.call('admin', 'GET', `/api/gold-returns/${loans.r2!.loanId}`)).json().data;
    expect(r2).toMatchObject({ goldReturnStatus: 'pending', daysLate: 6 });
  });

  it('sends the final reminder at 30 days, and is overdue from the 31st', async () => {
    ops.setDay('2026-12-21');
    let run = await ops.call('admin', 'POST', '/api/gold-returns/process-reminders');
    expect(run.json().data).toMatchObject({ sent: 1 });
    await api.project();
    let r2 = (await ops.call('admin', 'GET', `/api/gold-returns/${loans.r2!.loanId}`)).json().data;
    expect(r2).toMatchObject({ daysSinceClosed: 30, goldReturnStatus: 'pending', isOverdue: false });

    ops.setDay('2026-12-22');
    r2 = (await ops.call('admin', 'GET', `/api/gold-returns/${loans.r2!.loanId}`)).json().data;
    expect(r2).toMatchObject({
      daysSinceClosed: 31,
      goldReturnStatus: 'overdue',
      isOverdue: true,
      daysOverdue: 1,
    });
    run = await ops.call('admin', 'POST', '/api/gold-returns/process-reminders');
    expect(run.json().data).toMatchObject({ sent: 0, skipped: 1 });

    const overdue = await ops.call('admin', 'GET', '/api/gold-returns/pending?status=overdue');
    expect(overdue.json().data.map((r: { loanId: string }) => r.loanId)).toEqual([loans.r2!.loanId]);
    const pending = await ops.call('admin', 'GET', '/api/gold-returns/pending?status=pending');
    expect(pending.json()).toMatchObject({ data: [], message: 'No pending gold returns found' });
    const stats = await ops.call('admin', 'GET', '/api/gold-returns/stats');
    expect(stats.json().data).toEqual({
      totalClosedLoans: 2,
      overdueLoans: 1,
      // R1 went back 6 working days late: ₹5,000 a day accrued at its return, not yet paid out.
      compensationOwed: { loans: 1, amount: 30_000 },
      stats: [
        { _id: 'pending', count: 0 },
        { _id: 'scheduled', count: 0 },
        { _id: 'overdue', count: 1 },
        { _id: 'unclaimed', count: 0 },
        { _id: 'returned', count: 1 },
      ],
    });

    // Each reminder once, by SMS and by email, and recorded on the loan.
    const types = (await eventsOf(loans.r2!.loanUuid, 'GoldReturnReminderSent')).map(
      (e) => e.data.reminderType,
    );
    expect(types).toEqual(['initial', 'followup', 'urgent', 'final']);
    expect(await reminderMessages(people.r2!.mobile)).toHaveLength(4);
    expect(await reminderMessages(people.r2!.email!)).toHaveLength(4);
  });

  it('is for admins only', async () => {
    for (const [method, url] of [
      ['GET', '/api/gold-returns/pending'],
      ['POST', '/api/gold-returns/process-reminders'],
      ['POST', `/api/gold-returns/${loans.r2!.loanId}/mark-returned`],
    ] as const) {
      expect((await ops.call('employee', method, url, method === 'GET' ? undefined : {})).statusCode).toBe(
        403,
      );
    }
  });
});
