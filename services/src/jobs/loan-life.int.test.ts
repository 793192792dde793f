import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, businessDate, graceEndOf } from '@goldledger/contracts';
import { FixedClock } from '../platform/clock.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { CLI, eventsOf, openLoan, outbox, schedulerFor } from '../testing/jobs-test-kit.js';

let t: TestDatabase;
let api: TestApi;

const DISBURSED = '2026-03-16';
/** The nightly jobs that move a loan through its life, in their cron order. */
const NIGHTLY = ['due_date_events', 'interest_rate_upgrades', 'auction_readiness'] as const;

beforeAll(async () => {
  t = await createTestDatabase('loanlife');
  api = await createTestApi(t, new FixedClock(`${DISBURSED}T06:30:00Z`));
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

interface TimelineEntry {
  title: string;
  date: string;
  level: number;
  isUpgrade: boolean;
  isFuture: boolean;
  interestRate: number;
  upgradedBy: { name: string; type: string } | null;
}

async function upgradeHistory(loanUuid: string) {
  const res = await api.app.inject({
    method: 'GET',
    url: `/api/admin/loans/${loanUuid}/upgrade-history`,
    headers: { 'x-auth-token': await api.tokenFor('admin') },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.upgradeHistory as { timeline: TimelineEntry[]; auctionReadyDate: string };
}

describe('an 18 % three-month loan left unpaid, with the jobs run every night', () => {
  it('is upgraded at maturity, +3 and +6 months and goes up for auction 13 months in', async () => {
    const { loanUuid } = await openLoan(api, { loanDate: DISBURSED, rate: 18, termMonths: 3 });
    await api.project();

    // The rule: first upgrade at maturity (disbursement + term), each next 3 months later,
    // up the ladder 18 → 24 → 30 → 36; auction readiness at maturity + 1 month + 3 months
    // per ladder step above the original rate (18 %: 3 steps).
    const maturity = addMonths(DISBURSED, 3);
    const predicted = [
      { date: maturity, rate: 24 },
      { date: addMonths(DISBURSED, 6), rate: 30 },
      { date: addMonths(DISBURSED, 9), rate: 36 },
    ];
    const readyOn = addMonths(DISBURSED, 3 + 1 + 3 * 3);
    expect(predicted.map((p) => p.date)).toEqual(['2026-06-16', '2026-09-16', '2026-12-16']);
    expect(readyOn).toBe('2027-04-16');

    // On the first day the timeline already projects the same future.
    const before = await upgradeHistory(loanUuid);
    expect(
      before.timeline.filter((e) => e.isUpgrade).map((e) => ({ date: e.date, rate: e.interestRate })),
    ).toEqual(predicted);
    expect(before.auctionReadyDate).toBe(readyOn);

    const scheduler = schedulerFor(t, api);
    const acted: string[] = [];
    for (let day = DISBURSED; day <= addDays(readyOn, 3); day = addDays(day, 1)) {
      api.clock.set(`${day}T06:30:00Z`);
      let changed = false;
      for (const job of NIGHTLY) {
        const run = await scheduler.execute(job, { executionType: 'backfill', executedBy: CLI, asOf: day });
        expect(run, `${job} on ${day}`).toMatchObject({ status: 'success', recordsFailed: 0 });
        if (run.recordsOk > 0) {
          acted.push(`${day} ${job}`);
          changed = true;
        }
      }
      // The read model picks tomorrow's candidates; keep it as current as a projector would.
      if (changed) await api.project();
    }

    const events = await eventsOf(t, [loanUuid], ['RateUpgraded', 'MarkedReadyForAuction']);
    const upgrades = events.filter((e) => e.type === 'RateUpgraded');
    expect(
      upgrades.map((e) => ({
        level: e.data.level,
        date: e.data.upgradeDate,
        from: e.data.previousRateBps,
        to: e.data.newRateBps,
        by: e.data.upgradedBy.type,
      })),
    ).toEqual([
      { level: 1, date: '2026-06-16', from: 1800, to: 2400, by: 'scheduler' },
      { level: 2, date: '2026-09-16', from: 2400, to: 3000, by: 'scheduler' },
      { level: 3, date: '2026-12-16', from: 3000, to: 3600, by: 'scheduler' },
    ]);
    // Each was decided the morning after its date (the due date itself is the customer's to pay),
    // not back-filled later.
    expect(upgrades.map((e) => businessDate(new Date(e.occurredAt)))).toEqual(
      predicted.map((p) => addDays(graceEndOf(p.date), 1)),
    );
    const ready = events.filter((e) => e.type === 'MarkedReadyForAuction');
    expect(ready).toHaveLength(1);
    expect(ready[0]!.data).toMatchObject({ readyOn, by: 'scheduler' });
    expect(acted.filter((a) => a.endsWith('interest_rate_upgrades'))).toEqual(
      predicted.map((p) => `${addDays(graceEndOf(p.date), 1)} interest_rate_upgrades`),
    );
    expect(acted.filter((a) => a.endsWith('auction_readiness'))).toEqual([`${readyOn} auction_readiness`]);

    // The customer was told once, by SMS and by email.
    const notices = await outbox(t, 'auction_ready');
    expect(notices.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ['email', 'customer@demo.local'],
      ['sms', '9000000003'],
    ]);

    // Installments fell due on their dates, each once (an upgrade reschedules the rest).
    const due = await eventsOf(t, [loanUuid], ['InstallmentFellDue', 'InstallmentOverdue']);
    const fellDue = due.filter((e) => e.type === 'InstallmentFellDue').map((e) => e.data.dueDate);
    expect(fellDue.slice(0, 3)).toEqual(['2026-04-16', '2026-05-16', '2026-06-16']);
    const once = due.map((e) => `${e.type} ${e.data.installmentNumber} ${e.data.dueDate}`);
    expect(new Set(once).size).toBe(once.length);
    expect(due.find((e) => e.type === 'InstallmentOverdue')!.data).toMatchObject({
      dueDate: '2026-04-16',
      overdueOn: '2026-04-17',
    });

    // The timeline's past entries are the events, and its projection on day one came true.
    const after = await upgradeHistory(loanUuid);
    const past = after.timeline.filter((e) => e.isUpgrade && !e.isFuture);
    expect(
      past.map((e) => ({ level: e.level, date: e.date, rate: e.interestRate, by: e.upgradedBy })),
    ).toEqual(
      upgrades.map((e) => ({
        level: e.data.level,
        date: e.data.upgradeDate,
        rate: e.data.newRateBps / 100,
        by: { name: 'Scheduler', type: 'scheduler' },
      })),
    );
    expect(past.map((e) => ({ date: e.date, rate: e.interestRate }))).toEqual(predicted);
    expect(after.timeline.some((e) => e.isUpgrade && e.isFuture)).toBe(false);
    expect(after.auctionReadyDate).toBe(readyOn);
    // Thirteen months of nightly jobs: about a minute when the browser tier runs beside it.
  }, 300_000);
});
