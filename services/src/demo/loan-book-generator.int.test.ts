import { addDays, businessDate, LENDING_POLICY, nextWorkingDay } from '@goldledger/contracts';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBranch } from '../branches/branch-commands.js';
import { loadCustomer, resolveCustomer } from '../customers/customer-commands.js';
import { DEMO_SECOND_BRANCH } from '../identity/demo-seed.js';
import { loadLoan } from '../lending/loan-commands.js';
import type { LoanState } from '../lending/loan.state.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { unreadCount } from '../notifications/notifications.queries.js';
import { demoItemTypeOf } from './demo-gold-items.js';
import { generateLoanBook, type LoanBookResult } from './loan-book-generator.js';

const LOANS = 40;
const SEED = 7;
const UNREAD = 6;
const SECOND_BRANCH = '00000000-0000-4000-8000-0000000b7a02';

interface Run {
  t: TestDatabase;
  api: TestApi;
  result: LoanBookResult;
  loans: LoanState[];
}

/** A fresh database with the demo accounts (createTestApi), then the generator. */
async function generate(): Promise<Run> {
  const t = await createTestDatabase('demo');
  const api = await createTestApi(t, undefined, {}, { goldPrices: false });
  await openBranch({ store: api.store, clock: api.clock }, SECOND_BRANCH, DEMO_SECOND_BRANCH.details, {});
  const result = await generateLoanBook(
    { store: api.store, clock: api.clock },
    {
      loans: LOANS,
      seed: SEED,
      includeDemoCustomer: true,
      sealOpenLoans: true,
      leaveUnreadNotifications: UNREAD,
      branches: [{ branchId: SECOND_BRANCH, customerShare: 1 / 8, staffEmails: ['employee@demo.local'] }],
    },
  );
  const { rows } = await sql<{ stream_id: string }>`
    select stream_id from streams where stream_type = 'loan' order by stream_id`.execute(t.db);
  const loans = await Promise.all(
    rows.map(async (r) => (await loadLoan(api.store, r.stream_id.replace(/^loan-/, ''))).state),
  );
  return { t, api, result, loans };
}

const runs: Run[] = [];
beforeAll(async () => {
  runs.push(await generate());
  runs.push(await generate());
});
afterAll(async () => {
  for (const run of runs) {
    await run.api.app.close();
    await run.t.drop();
  }
});

const first = () => runs[0]!;
const count = async (query: RawBuilder<{ n: string }>) =>
  Number((await query.execute(first().t.db)).rows[0]!.n);

describe('a generated loan book of 40 loans', () => {
  it('runs every command without a failure', () => {
    expect(first().result.errors).toEqual([]);
    expect(first().result.failed).toBe(0);
    // The demo customer's five loans come on top.
    expect(first().result.loans).toBe(LOANS + 5);
    expect(first().loans).toHaveLength(LOANS + 5);
  });

  it('has loans at every rate and every term', () => {
    const rates = new Set(first().loans.map((l) => l.originalRateBps));
    const terms = new Set(first().loans.map((l) => l.termMonths));
    for (const rate of LENDING_POLICY.rateOptionsBps) expect(rates).toContain(rate);
    for (const term of LENDING_POLICY.termOptionsMonths) expect(terms).toContain(term);
  });

  it('has loans of all three repayment structures, each within its tenure cap, running and closed', () => {
    const of = (type: string) => first().loans.filter((l) => l.repaymentType === type);
    for (const type of ['emi', 'bullet', 'monthly_interest'] as const) {
      const loans = of(type);
      expect(loans.length, type).toBeGreaterThan(0);
      for (const l of loans) {
        expect(l.termMonths).toBeLessThanOrEqual(LENDING_POLICY.maxTermMonthsByRepayment[type]);
      }
    }
    expect(of('bullet').every((l) => l.installments.length === 1 || l.level > 0)).toBe(true);
    for (const type of ['bullet', 'monthly_interest']) {
      const statuses = of(type).map((l) => l.status);
      expect(statuses, type).toContain('active');
      expect(statuses, type).toContain('closed');
    }
    // A monthly-interest loan paying on time has paid interest only.
    const paying = of('monthly_interest').filter(
      (l) => l.status === 'active' && l.level === 0 && l.payments.length > 0,
    );
    expect(paying.length).toBeGreaterThan(0);
  });

  it('has active, closed, renewed and deleted loans', () => {
    const statuses = new Set(first().loans.map((l) => l.status));
    expect([...statuses].sort()).toEqual(['active', 'closed', 'deleted', 'renewed']);
    expect(first().result.byBehaviour.renewed).toBeGreaterThan(0);
  });

  it('has rate upgrades, reversed payments and online payments still pending', async () => {
    const types = first().result.eventsByType;
    expect(types.RateUpgraded).toBeGreaterThan(0);
    expect(types.PaymentReversed).toBeGreaterThan(0);
    expect(types.PaymentApproved).toBeGreaterThan(0);
    expect(first().loans.some((l) => l.payments.some((p) => p.status === 'pending'))).toBe(true);
    // The scheduler's upgrades say so.
    const bySchedulerOnly = await count(sql<{ n: string }>`
      select count(*) filter (where data->'upgradedBy'->>'type' <> 'scheduler') as n
      from events where type = 'RateUpgraded'`);
    expect(bySchedulerOnly).toBe(0);
  });

  it('writes history: business times spread over two years, none after now', async () => {
    const now = first().api.clock.now();
    const { rows } = await sql<{ first: Date; last: Date }>`
      select min(occurred_at) as first, max(occurred_at) as last from events
      where stream_id like 'loan-%'`.execute(first().t.db);
    const days = (rows[0]!.last.getTime() - rows[0]!.first.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(365);
    expect(rows[0]!.last.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('gives the demo customer an active loan with payments, a closed one, an upgraded one, a bullet and a monthly-interest one', async () => {
    const demo = await resolveCustomer(first().api.store, 'CUS000001');
    const own = first().loans.filter((l) => l.customer?.customerId === 'CUS000001');
    expect(demo).not.toBeNull();
    expect(own).toHaveLength(5);
    expect(own.map((l) => l.repaymentType).sort()).toEqual([
      'bullet',
      'emi',
      'emi',
      'emi',
      'monthly_interest',
    ]);
    const monthly = own.find((l) => l.repaymentType === 'monthly_interest')!;
    expect(monthly).toMatchObject({ status: 'active', level: 0 });
    expect(monthly.payments.length).toBeGreaterThanOrEqual(4);
    // Paid on (about) its dates: interest, and only what a few days early leaves over to principal.
    for (const p of monthly.payments) expect(p.split!.principalPaise).toBeLessThan(p.split!.interestPaise);
    expect(own.find((l) => l.repaymentType === 'bullet')).toMatchObject({ status: 'active', payments: [] });
    expect(own.some((l) => l.status === 'active' && l.level === 0 && l.payments.length > 0)).toBe(true);
    expect(own.some((l) => l.status === 'closed')).toBe(true);
    expect(own.some((l) => l.status === 'active' && l.level > 0)).toBe(true);
  });

  it('seals the open loans’ gold in packets in the vault, the employee and the admin as the pair', async () => {
    const { rows } = await sql<{
      stream_id: string;
      types: string[];
      sealed: { by: { name: string }; confirmedBy: { name: string } };
    }>`
      select stream_id, array_agg(type order by stream_position) as types,
        (array_agg(data order by stream_position))[1] as sealed
      from events where stream_id like 'packet-%' group by stream_id`.execute(first().t.db);
    // The four newest open loans of each branch are left for the counter to seal.
    const open = first().loans.filter((l) => l.status === 'active');
    const branches = new Set(open.map((l) => l.branchId));
    const left = [...branches].reduce(
      (n, b) => n + Math.min(4, open.filter((l) => l.branchId === b).length),
      0,
    );
    expect(rows).toHaveLength(open.length - left);
    for (const row of rows) {
      expect(row.types).toEqual(['PacketSealed', 'PacketStored']);
      expect(row.sealed.by.name).toBe('Ravi Employee');
      expect(row.sealed.confirmedBy.name).toBe('Asha Admin');
    }
    expect(first().result.eventsByType.PacketSealed).toBe(open.length - left);
  });

  it('puts every eighth customer, with all their loans, at the second branch', async () => {
    const atSecond = first().loans.filter((l) => l.branchId === SECOND_BRANCH);
    expect(atSecond.length).toBeGreaterThan(0);
    expect(atSecond.length).toBeLessThan(first().loans.length / 4);
    for (const loan of first().loans) {
      const customer = await loadCustomer(
        first().api.store,
        loan.customer!.customerStreamId.replace(/^customer-/, ''),
      );
      expect(customer.state!.branchId, loan.loanId).toBe(loan.branchId);
    }
    // The demo customer's loans stay at the default branch.
    expect(atSecond.some((l) => l.customer?.customerId === 'CUS000001')).toBe(false);
  });

  it('has two years of daily closes per published purity, ending yesterday (issue 17)', async () => {
    const { rows } = await sql<{ first: string; last: string; n: string; purities: number[] }>`
      select min(data->>'date') as first, max(data->>'date') as last, count(*) as n,
        array_agg(distinct (data->>'purity')::int order by (data->>'purity')::int desc) as purities
      from events where type = 'GoldPriceRecorded'`.execute(first().t.db);
    expect(rows[0]).toMatchObject({
      first: '2024-10-08',
      last: '2026-11-20',
      purities: [999, 995, 916, 750, 585],
    });
    expect(Number(rows[0]!.n)).toBe(first().result.eventsByType.GoldPriceRecorded);
    expect(Number(rows[0]!.n)).toBeGreaterThan(650 * 5);
  });

  it('weighs every pledged piece as its kind weighs (rings 2-8 g, chains 8-40 g, coins 1-10 g…)', () => {
    const wrong: string[] = [];
    for (const loan of first().loans) {
      for (const item of loan.goldItems) {
        const type = demoItemTypeOf(item.description);
        if (!type || item.grossWeightMg < type.minMg || item.grossWeightMg > type.maxMg)
          wrong.push(`${loan.loanId}: ${item.description} ${item.grossWeightMg} mg`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('hands back the gold of most repaid loans by the next working day; only a few still wait', () => {
    const repaid = first().loans.filter((l) => l.status === 'closed');
    expect(repaid.length).toBeGreaterThan(10);
    const waiting = repaid.filter((l) => l.goldReturn.status !== 'returned');
    // At least the first life's, closed in the last days: the gold-returns page has work.
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.length / repaid.length).toBeLessThanOrEqual(0.1);
    const today = businessDate(first().api.clock.now());
    for (const loan of waiting) expect(loan.closedOn! >= addDays(today, -3), loan.loanId).toBe(true);
    for (const loan of repaid.filter((l) => l.goldReturn.status === 'returned')) {
      expect(loan.goldReturn.returnedOn! <= nextWorkingDay(loan.closedOn!), loan.loanId).toBe(true);
    }
  });

  it("leaves the admin's bell a handful of the newest notifications unread, the rest read", async () => {
    await first().api.project();
    expect(await unreadCount(first().t.db)).toBe(UNREAD);
    const { rows } = await sql<{ is_read: boolean }>`
      select is_read from rm_admin_notifications.notifications order by created_at desc, source_gp desc`.execute(
      first().t.db,
    );
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.slice(0, UNREAD).every((r) => !r.is_read)).toBe(true);
    expect(rows.slice(UNREAD).every((r) => r.is_read)).toBe(true);
  });

  it('is deterministic: the same seed appends the same events, type by type', () => {
    expect(runs[1]!.result.eventsByType).toEqual(first().result.eventsByType);
    expect(runs[1]!.result.byBehaviour).toEqual(first().result.byBehaviour);
  });
});
