import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRANCH_ID, type HolidayListResponse } from '@goldledger/contracts';
import { registerVerifiedCustomer } from '../customers/customer-commands.js';
import { createLoan, executeLoanCommand, loadLoan } from '../lending/loan-commands.js';
import { openBranch } from '../testing/branch-test-support.js';
import { BANK_PAYOUT } from '../testing/gold-prices-kit.js';
import { declareTestHoliday } from '../testing/holidays-kit.js';
import { GOLD_ITEMS } from '../testing/photo-test-support.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

/**
 * Issue 18, point 1: each branch counts working days on the national holidays and its own
 * state's. The test clock is Saturday 21 November 2026; loans made that day fall due on
 * Monday 21 December 2026, which an admin declares a holiday in Maharashtra.
 */

let t: TestDatabase;
let api: TestApi;
const tokens: Record<'admin' | 'employee' | 'auditor', string> = { admin: '', employee: '', auditor: '' };

const call = (who: keyof typeof tokens, method: 'GET' | 'POST', url: string, payload?: object) =>
  api.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { 'x-auth-token': tokens[who] },
  });

let serial = 0;
async function loanAt(branchId: string) {
  serial += 1;
  const deps = { store: api.store, clock: api.clock };
  const { customerUuid } = await registerVerifiedCustomer(
    deps,
    {
      aadharNumber: `73000000000${serial}`,
      name: `Holiday borrower ${serial}`,
      email: `holiday${serial}@example.com`,
      primaryMobile: `987650010${serial}`,
      secondaryMobile: null,
      emergencyContact: { mobile: `987651010${serial}`, relation: 'Sister' },
      presentAddress: `${serial} Station Road, Pune`,
      permanentAddress: `${serial} Station Road, Pune`,
    },
    {},
    branchId,
  );
  const { loanUuid } = await createLoan(deps, {
    customerRef: customerUuid,
    goldItems: GOLD_ITEMS,
    ...BANK_PAYOUT,
    principalPaise: 50_000_00,
    annualRateBps: 1800,
    termMonths: 6,
    loanDate: null,
    createdBy: { id: api.users.admin, name: 'Asha Admin', role: 'admin', email: 'admin@demo.local' },
  });
  return loanUuid;
}

beforeAll(async () => {
  t = await createTestDatabase('holidays');
  api = await createTestApi(t);
  for (const role of ['admin', 'employee', 'auditor'] as const) tokens[role] = await api.tokenFor(role);
  // The list names the states branches are in, from the branches read model.
  await api.project();
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

describe('declaring holidays through the API', () => {
  it('lists the built-in national holidays for every state, and a state’s own only for it', async () => {
    const all = await call('employee', 'GET', '/api/admin/holidays?year=2026');
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json<HolidayListResponse>();
    expect(body.state).toBeNull();
    expect(body.branchStates).toEqual(['Karnataka']);
    expect(body.data.find((h) => h.date === '2026-01-26')).toMatchObject({
      name: 'Republic Day',
      scope: 'national',
      builtIn: true,
      past: true,
    });
    expect(body.data.filter((h) => h.date === '2026-05-01').map((h) => h.scope)).toEqual([
      'national',
      'Maharashtra',
    ]);
    const karnataka = (
      await call('auditor', 'GET', '/api/admin/holidays?year=2026&state=Karnataka')
    ).json<HolidayListResponse>();
    expect(karnataka.data.some((h) => h.scope === 'Maharashtra')).toBe(false);
    expect(karnataka.data.some((h) => h.name === 'Christmas')).toBe(true);
    const later = (await call('admin', 'GET', '/api/admin/holidays?year=2027')).json<HolidayListResponse>();
    expect(later.data.map((h) => h.date)).toContain('2027-03-26');
  });

  it('refuses a Sunday, a past day, a day already a holiday there, and bad input, each with a message, writing nothing', async () => {
    const before = await api.store.streamVersion('holiday-calendar');
    const refusals: Array<[object, number, string]> = [
      [
        { date: '2026-12-27', name: 'Rest day', scope: 'national' },
        400,
        '27 Dec 2026 is a Sunday: Sundays are never working days, so it needs no holiday',
      ],
      [
        { date: '2026-11-02', name: 'Kannada Rajyotsava', scope: 'Karnataka' },
        400,
        '2 Nov 2026 has passed: a holiday can be declared for today or a later day only (loans were already decided on the days before)',
      ],
      [
        { date: '2026-12-25', name: 'Christmas Day', scope: 'national' },
        409,
        '25 Dec 2026 is already a national holiday: Christmas',
      ],
      [
        { date: '2026-12-25', name: 'Christmas', scope: 'Goa' },
        409,
        '25 Dec 2026 is already a national holiday (Christmas): every state keeps it',
      ],
      [
        { date: '2029-01-01', name: 'New Year', scope: 'national' },
        400,
        'Holidays can be declared up to the end of 2028; 1 Jan 2029 is further ahead',
      ],
    ];
    for (const [payload, status, message] of refusals) {
      const res = await call('admin', 'POST', '/api/admin/holidays', payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const shape = await call('admin', 'POST', '/api/admin/holidays', {
      date: '2026-12-32',
      name: 'X',
      scope: 'Atlantis',
    });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().message).toMatch(/Date is not a real calendar date/);
    expect(shape.body).toMatch(/Please give the holiday a name/);
    expect(shape.body).toMatch(/Please choose national or the state the holiday is kept in/);
    expect(await api.store.streamVersion('holiday-calendar')).toBe(before);
  });

  it('lets only an admin declare or withdraw', async () => {
    const payload = { date: '2026-12-24', name: 'Christmas Eve', scope: 'Goa' };
    expect((await call('employee', 'POST', '/api/admin/holidays', payload)).statusCode).toBe(403);
    expect((await call('auditor', 'POST', '/api/admin/holidays', payload)).statusCode).toBe(403);
    const withdraw = { date: '2026-12-25', scope: 'national', reason: 'Not ours' };
    expect((await call('employee', 'POST', '/api/admin/holidays/withdraw', withdraw)).statusCode).toBe(403);
  });

  it('declares a state holiday and withdraws it, and refuses to withdraw what is not there', async () => {
    const declared = await call('admin', 'POST', '/api/admin/holidays', {
      date: '2026-12-24',
      name: '  Christmas Eve ',
      scope: 'Goa',
    });
    expect(declared.statusCode, declared.body).toBe(201);
    expect(declared.json()).toMatchObject({
      message: '24 Dec 2026 is now a holiday in Goa: Christmas Eve',
      data: {
        date: '2026-12-24',
        name: 'Christmas Eve',
        scope: 'Goa',
        builtIn: false,
        declaredBy: 'Asha Admin',
      },
    });
    const goa = (
      await call('admin', 'GET', '/api/admin/holidays?year=2026&state=Goa')
    ).json<HolidayListResponse>();
    expect(goa.data.find((h) => h.date === '2026-12-24')?.declaredAt).toBe('2026-11-21T04:30:00.000Z');

    const notThere = await call('admin', 'POST', '/api/admin/holidays/withdraw', {
      date: '2026-12-24',
      scope: 'Kerala',
      reason: 'Wrong state',
    });
    expect(notThere.statusCode).toBe(404);
    expect(notThere.json().message).toBe(
      '24 Dec 2026 is not a holiday in Kerala: there is nothing to withdraw',
    );
    const asState = await call('admin', 'POST', '/api/admin/holidays/withdraw', {
      date: '2026-12-25',
      scope: 'Goa',
      reason: 'Wrong scope',
    });
    expect(asState.json().message).toBe(
      '25 Dec 2026 is a national holiday (Christmas), not a holiday in Goa: withdraw it as national',
    );
    const past = await call('admin', 'POST', '/api/admin/holidays/withdraw', {
      date: '2026-10-02',
      scope: 'national',
      reason: 'History',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/^2 Oct 2026 has passed/);

    const withdrawn = await call('admin', 'POST', '/api/admin/holidays/withdraw', {
      date: '2026-12-24',
      scope: 'Goa',
      reason: 'Declared by mistake',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().message).toBe(
      '24 Dec 2026 is no longer a holiday in Goa: it is a working day there again',
    );
    const after = (
      await call('admin', 'GET', '/api/admin/holidays?year=2026&state=Goa')
    ).json<HolidayListResponse>();
    expect(after.data.some((h) => h.date === '2026-12-24')).toBe(false);
  });
});

describe('a due date on a state holiday', () => {
  let pune: string;
  let atPune: string;
  let atMain: string;

  beforeAll(async () => {
    pune = await openBranch(api, { code: 'PUNE', name: 'Pune Branch', state: 'Maharashtra' });
    atPune = await loanAt(pune);
    atMain = await loanAt(DEFAULT_BRANCH_ID);
    const declared = await call('admin', 'POST', '/api/admin/holidays', {
      date: '2026-12-21',
      name: 'Local holiday',
      scope: 'Maharashtra',
    });
    expect(declared.statusCode, declared.body).toBe(201);
  });

  it('falls due on the next working day at the branch in that state, and on the day elsewhere', async () => {
    const pune = await loadLoan(api.store, atPune);
    const main = await loadLoan(api.store, atMain);
    expect(pune.state.installments[0]!.dueDate).toBe('2026-12-21');
    expect(main.state.installments[0]!.dueDate).toBe('2026-12-21');
    expect(pune.state.policy.holidays['2026-12-21']).toBe('Local holiday');
    expect(main.state.policy.holidays['2026-12-21']).toBeUndefined();

    const run = (loanUuid: string, today: string) =>
      executeLoanCommand({ store: api.store, clock: api.clock }, loanUuid, { type: 'RecordDueDates', today });
    const overdueOf = (r: Awaited<ReturnType<typeof run>>) => r.state.overdue;
    // The day after: Pune's borrower is still within grace (the holiday moved the day to the 22nd).
    expect(overdueOf(await run(atPune, '2026-12-22'))).toEqual([]);
    expect(overdueOf(await run(atMain, '2026-12-22'))).toEqual([1]);
    expect(overdueOf(await run(atPune, '2026-12-23'))).toEqual([1]);
    const { events } = await api.store.readStream(`loan-${atPune}`);
    expect(events.find((e) => e.type === 'InstallmentOverdue')?.data).toMatchObject({
      overdueOn: '2026-12-23',
    });
  });

  it('lists the loan of the other state as overdue the day after, and the holiday state’s as upcoming', async () => {
    api.clock.set('2026-12-22T04:30:00Z');
    await api.project();
    const overdue = await call('admin', 'GET', '/api/notifications/overdue-payments');
    expect(overdue.statusCode, overdue.body).toBe(200);
    const ids = overdue.json().data.map((r: { _id: string }) => r._id);
    expect(ids).toContain(atMain);
    expect(ids).not.toContain(atPune);
    const upcoming = await call('admin', 'GET', '/api/notifications/upcoming-payments?days=7');
    expect(upcoming.json().data.map((r: { _id: string }) => r._id)).toContain(atPune);
    api.clock.set('2026-11-21T04:30:00Z');
  });

  it('follows a holiday the test kit declares for a day already past', async () => {
    await declareTestHoliday(api, { date: '2026-11-20', name: 'Kit holiday', state: 'Maharashtra' });
    const pune = await loadLoan(api.store, atPune);
    expect(pune.state.policy.holidays['2026-11-20']).toBe('Kit holiday');
    const main = await loadLoan(api.store, atMain);
    expect(main.state.policy.holidays['2026-11-20']).toBeUndefined();
  });
});
