import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBetween, type Role } from '@goldledger/contracts';
import { eventsOf } from '../testing/jobs-test-kit.js';
import { createLoan, executeLoanCommand, loadLoan } from '../lending/loan-commands.js';
import { type LoanCommand } from '../lending/loan.decider.js';
import { quoteLoan } from '../lending/loan.rules.js';
import { FixedClock } from '../platform/clock.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { BANK_PAYOUT } from '../testing/gold-prices-kit.js';

/**
 * The reports over a small book written through the real command handlers:
 * loans over several months, instalments paid, a pending online payment, a reversed
 * payment, a loan repaid in full (gold to return), a deleted loan, admin upgrades. Each
 * figure is checked against what the book was made of.
 */

let t: TestDatabase;
let api: TestApi;

const ADMIN = { id: 'admin-1', name: 'Asha Admin' };
const TODAY = '2026-08-15';

interface Made {
  uuid: string;
  principal: number;
  disbursed: string;
}
const loans: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', Made> = {} as never;
/** Payments the test refers to again. */
const paymentIds: Record<string, string> = {};

const at = (date: string) => api.clock.set(`${date}T06:30:00Z`);

async function open(key: keyof typeof loans, rupees: number, date: string, rate = 18) {
  at(date);
  const { loanUuid } = await createLoan(
    { store: api.store, clock: api.clock },
    {
      customerRef: api.customers.demo,
      goldItems: [{ description: 'Chain', grossWeightMg: 60_000, netWeightMg: 58_000, purityKarat: 22 }],
      ...BANK_PAYOUT,
      principalPaise: rupees * 100,
      annualRateBps: rate * 100,
      termMonths: 3,
      loanDate: date,
      createdBy: { id: api.users.admin, name: 'Asha Admin', role: 'admin', email: 'admin@demo.local' },
    },
  );
  loans[key] = { uuid: loanUuid, principal: rupees * 100, disbursed: date };
}

const run = (key: keyof typeof loans, command: LoanCommand) =>
  executeLoanCommand({ store: api.store, clock: api.clock }, loans[key].uuid, command);

async function pay(key: keyof typeof loans, date: string, amountPaise: number | 'all', online = false) {
  at(date);
  const paymentId = randomUUID();
  const { state } = await loadLoan(api.store, loans[key].uuid);
  const amount = amountPaise === 'all' ? quoteLoan(state, date).totalDuePaise : amountPaise;
  await run(key, {
    type: 'RecordPayment',
    paymentId,
    amountPaise: amount,
    method: online ? 'online' : 'handcash',
    paymentType: 'total',
    paymentDate: date,
    transactionId: online ? 'UTR123456' : null,
    bankName: online ? 'State Bank' : null,
    enteredBy: ADMIN,
    today: date,
  });
  return paymentId;
}

async function upgrade(key: keyof typeof loans, date: string) {
  at(date);
  // An admin's upgrade before the upgrade date is confirmed with a reason (issue 15).
  await run(key, {
    type: 'UpgradeRate',
    today: date,
    upgradedBy: { type: 'admin', ...ADMIN },
    earlyReason: 'Customer asked for the higher slab',
  });
}

async function get(role: Role, url: string) {
  return api.app.inject({ method: 'GET', url, headers: { 'x-auth-token': await api.tokenFor(role) } });
}

beforeAll(async () => {
  t = await createTestDatabase('reports');
  api = await createTestApi(t, new FixedClock('2026-01-10T06:30:00Z'));

  await open('a', 1_00_000, '2026-01-10');
  await open('b', 50_000, '2026-02-05', 24);
  await open('c', 40_000, '2026-02-20'); // deleted below: in no figure
  await open('d', 30_000, '2026-03-03');
  await pay('a', '2026-02-10', 35_000_00);
  paymentIds.cPaid = await pay('c', '2026-03-01', 15_000_00);
  paymentIds.reversed = await pay('a', '2026-03-02', 10_000_00);
  at('2026-03-04');
  await run('a', {
    type: 'ReversePayment',
    paymentId: paymentIds.reversed,
    reason: 'Cheque bounced',
    reversedBy: ADMIN,
    today: '2026-03-04',
  });
  at('2026-03-05');
  await run('c', { type: 'DeleteLoan', reason: 'Entered twice' });
  await pay('d', '2026-04-03', 'all'); // repaid: closed, its gold to hand back
  await pay('a', '2026-04-08', 5_000_00, true); // online, never approved: not collected
  await upgrade('b', '2026-05-20');
  await open('f', 60_000, '2026-05-10');
  await open('e', 20_000, '2026-06-01');
  await upgrade('b', '2026-07-02');
  at(TODAY);
  await api.project();
}, 120_000);

afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

/** What the events say was collected: successful payments of listed loans, with their allocation. */
async function collectedByMonth() {
  const listed = ['a', 'b', 'd', 'e', 'f'].map((k) => loans[k as keyof typeof loans].uuid);
  const events = await eventsOf(t, listed, ['PaymentRecorded', 'PaymentReversed']);
  const reversed = new Set(events.filter((e) => e.type === 'PaymentReversed').map((e) => e.data.paymentId));
  const months = new Map<string, { payments: number; amount: number; interest: number; principal: number }>();
  for (const e of events) {
    if (e.type !== 'PaymentRecorded' || e.data.status !== 'success' || reversed.has(e.data.paymentId))
      continue;
    const m = String(e.data.paymentDate).slice(0, 7);
    const sum = months.get(m) ?? { payments: 0, amount: 0, interest: 0, principal: 0 };
    sum.payments += 1;
    sum.amount += e.data.amountPaise;
    sum.interest += e.data.allocation.interestPaise;
    sum.principal += e.data.allocation.principalPaise;
    months.set(m, sum);
  }
  return months;
}

describe('GET /api/admin/reports', () => {
  it('adds up the book month by month over the asked range', async () => {
    const res = await get('admin', '/api/admin/reports?from=2026-01&to=2026-08');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ asOf: TODAY, from: '2026-01', to: '2026-08' });

    // Disbursements: the deleted loan (February, ₹40,000) is not among them.
    expect(data.disbursements).toEqual([
      { month: '2026-01', loans: 1, amount: 100000 },
      { month: '2026-02', loans: 1, amount: 50000 },
      { month: '2026-03', loans: 1, amount: 30000 },
      { month: '2026-04', loans: 0, amount: 0 },
      { month: '2026-05', loans: 1, amount: 60000 },
      { month: '2026-06', loans: 1, amount: 20000 },
      { month: '2026-07', loans: 0, amount: 0 },
      { month: '2026-08', loans: 0, amount: 0 },
    ]);

    // Collections: February's instalment and April's repayment in full; not the deleted
    // loan's payment, the reversed one or the online one never approved.
    const expected = await collectedByMonth();
    expect([...expected.keys()].sort()).toEqual(['2026-02', '2026-04']);
    expect(expected.get('2026-02')!.amount).toBe(35_000_00);
    expect(data.collections).toHaveLength(8);
    for (const row of data.collections) {
      const e = expected.get(row.month) ?? { payments: 0, amount: 0, interest: 0, principal: 0 };
      expect(row).toEqual({
        month: row.month,
        payments: e.payments,
        amount: e.amount / 100,
        interest: e.interest / 100,
        principal: e.principal / 100,
      });
    }
    const april = data.collections.find((r: { month: string }) => r.month === '2026-04');
    expect(april.interest + april.principal).toBe(april.amount);
    expect(april.interest).toBeGreaterThan(0);

    // Upgrades: B's first in May, its second in July (recorded on those days).
    expect(data.upgradesPerMonth.filter((m: { total: number }) => m.total > 0)).toEqual([
      { month: '2026-05', toLevel1: 1, toLevel2: 0, toLevel3: 0, total: 1 },
      { month: '2026-07', toLevel1: 0, toLevel2: 1, toLevel3: 0, total: 1 },
    ]);
    expect(data.upgradesPerMonth.map((m: { month: string }) => m.month)).toEqual(
      data.disbursements.map((m: { month: string }) => m.month),
    );
  });

  it('shows the book by status and by upgrade level as it stands', async () => {
    const { data } = (await get('admin', '/api/admin/reports')).json();
    const expected = await collectedByMonth();
    const principalRepaidOfA = expected.get('2026-02')!.principal;
    expect(data.portfolio).toEqual([
      {
        status: 'active',
        loans: 4,
        amount: 230000,
        principalOutstanding: (230000_00 - principalRepaidOfA) / 100,
      },
      { status: 'closed', loans: 1, amount: 30000, principalOutstanding: 0 },
      { status: 'renewed', loans: 0, amount: 0, principalOutstanding: 0 },
    ]);
    expect(data.upgradeLevels).toEqual([
      { level: 0, activeLoans: 3, amount: 180000 },
      { level: 1, activeLoans: 0, amount: 0 },
      { level: 2, activeLoans: 1, amount: 50000 },
      { level: 3, activeLoans: 0, amount: 0 },
    ]);
    // Without a range: the twelve months ending with today's.
    expect(data.from).toBe('2025-09');
    expect(data.to).toBe('2026-08');
    expect(data.disbursements).toHaveLength(12);
  });

  it('ages the unpaid instalments past their due date as of today, in four buckets', async () => {
    const { data } = (await get('admin', '/api/admin/reports')).json();
    // The instalments as each active loan's own page shows them.
    const buckets = new Map<string, { installments: number; loans: Set<string>; amount: number }>();
    for (const key of ['a', 'b', 'e', 'f'] as const) {
      const loan = (await get('admin', `/api/loans/${loans[key].uuid}`)).json().data;
      for (const i of loan.installments as Array<{
        dueDate: string;
        amount: number;
        amountPaid: number;
        status: string;
      }>) {
        const age = daysBetween(i.dueDate, TODAY);
        if (i.status !== 'unpaid' || age < 1) continue;
        const b = age <= 30 ? '1-30' : age <= 60 ? '31-60' : age <= 90 ? '61-90' : '90+';
        const sum = buckets.get(b) ?? { installments: 0, loans: new Set<string>(), amount: 0 };
        sum.installments += 1;
        sum.loans.add(key);
        sum.amount = Math.round((sum.amount + i.amount - i.amountPaid) * 100) / 100;
        buckets.set(b, sum);
      }
    }
    const bounds = {
      '1-30': [1, 30],
      '31-60': [31, 60],
      '61-90': [61, 90],
      '90+': [91, null],
    } as const;
    expect(data.overdue).toEqual(
      (['1-30', '31-60', '61-90', '90+'] as const).map((bucket) => {
        const b = buckets.get(bucket);
        return {
          bucket,
          minDays: bounds[bucket][0],
          maxDays: bounds[bucket][1],
          installments: b?.installments ?? 0,
          loans: b?.loans.size ?? 0,
          amount: b?.amount ?? 0,
        };
      }),
    );
    // E (due 1 Jul, 1 Aug) and F (10 Jun, 10 Jul, 10 Aug) fill the first three buckets;
    // A's unpaid instalments (March, April) are past 90 days.
    expect(data.overdue.map((b: { installments: number }) => b.installments > 0)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it("gives admins the gold returns: D's gold, closed on 3 April, is overdue", async () => {
    const { data } = (await get('admin', '/api/admin/reports')).json();
    expect(data.goldReturns).toEqual({
      total: 1,
      byStatus: [
        { status: 'pending', count: 0 },
        { status: 'scheduled', count: 0 },
        { status: 'overdue', count: 1 },
        { status: 'unclaimed', count: 0 },
        { status: 'returned', count: 0 },
      ],
    });
  });
});

describe('who may see the reports', () => {
  it('gives employees the same figures without the admin-only parts', async () => {
    const [admin, employee] = await Promise.all([
      get('admin', '/api/admin/reports?from=2026-01&to=2026-08'),
      get('employee', '/api/employee/reports?from=2026-01&to=2026-08'),
    ]);
    expect(employee.statusCode).toBe(200);
    const { goldReturns, ...shared } = admin.json().data;
    expect(goldReturns).toBeDefined();
    expect(employee.json().data).toEqual(shared);
    expect(employee.body).not.toMatch(/goldReturns|createdBy|aadhar/i);
  });

  it('refuses employees the admin path and customers both', async () => {
    expect((await get('employee', '/api/admin/reports')).statusCode).toBe(403);
    expect((await get('customer', '/api/admin/reports')).statusCode).toBe(403);
    expect((await get('customer', '/api/employee/reports')).statusCode).toBe(403);
    const anonymous = await api.app.inject({ method: 'GET', url: '/api/employee/reports' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('explains a range it cannot read', async () => {
    const backwards = await get('admin', '/api/admin/reports?from=2026-08&to=2026-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('From month must not be after the to month');
    const garbled = await get('employee', '/api/employee/reports?from=2026-13');
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().message).toBe('Month must be written as YYYY-MM');
    const long = await get('admin', '/api/admin/reports?from=2020-01&to=2026-08');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A report covers at most 60 months');
  });
});
