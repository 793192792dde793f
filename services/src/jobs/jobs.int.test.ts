import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxSender } from '../messaging/outbox-sender.js';
import { createLogger } from '../platform/logger.js';
import {
  JobAlreadyRunningError,
  type JobContext,
  type JobDefinition,
} from '../platform/scheduler/scheduler.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { createJobs } from './registry.js';
import { CLI, countByType, eventsOf, openLoan, schedulerFor } from '../testing/jobs-test-kit.js';

let t: TestDatabase;
let api: TestApi;

// The day after the 21st: a due date's own day is the customer's to pay, so the 21 Nov upgrade happens on the 22nd.
const DAY = '2026-11-22';
const DUE_AND_UPGRADES = ['InstallmentFellDue', 'InstallmentOverdue', 'RateUpgraded'];

// A database each: what one test's jobs leave due must not count in the next.
beforeEach(async () => {
  t = await createTestDatabase('jobs');
  api = await createTestApi(t);
});
afterEach(async () => {
  await api?.app.close();
  await t?.drop();
});

/** Three loans with everything due on 21 Nov 2026: their original installments, and 2, 1 and 3 upgrades. */
async function loansWithWorkDue() {
  const loans = [
    // Matures 21 Aug: upgrades on 21 Aug and 21 Nov. Its first due date is a Sunday (grace to Monday).
    await openLoan(api, { loanDate: '2026-05-21', rate: 18 }),
    // 12 %: matures 10 Sep, upgrade to 18 % then; the next (10 Dec) is not due yet.
    await openLoan(api, { loanDate: '2026-06-10', rate: 12 }),
    // Matured 21 Nov 2025: three upgrades to back-fill (21 Nov, 21 Feb, 21 May), the last to 36 %.
    await openLoan(api, { loanDate: '2025-08-21', rate: 18 }),
  ];
  await api.project();
  return loans.map((l) => l.loanUuid);
}

/** What the day must record for those loans, each once. */
const EXPECTED_COUNTS = { InstallmentFellDue: 9, InstallmentOverdue: 9, RateUpgraded: 6 };

async function expectEachOnce(loanUuids: string[]) {
  const events = await eventsOf(t, loanUuids, DUE_AND_UPGRADES);
  expect(countByType(events)).toEqual(EXPECTED_COUNTS);
  // Per loan: each installment falls due and goes overdue once; each level is reached once.
  const keys = events.map(
    (e) => `${e.streamId} ${e.type} ${e.type === 'RateUpgraded' ? e.data.level : e.data.installmentNumber}`,
  );
  expect(new Set(keys).size).toBe(keys.length);
  const levels = (uuid: string) =>
    events.filter((e) => e.streamId === `loan-${uuid}` && e.type === 'RateUpgraded').map((e) => e.data);
  expect(levels(loanUuids[0]!).map((d) => [d.upgradeDate, d.newRateBps])).toEqual([
    ['2026-08-21', 2400],
    ['2026-11-21', 3000],
  ]);
  expect(levels(loanUuids[1]!).map((d) => [d.upgradeDate, d.newRateBps])).toEqual([['2026-09-10', 1800]]);
  expect(levels(loanUuids[2]!).map((d) => [d.upgradeDate, d.newRateBps])).toEqual([
    ['2025-11-21', 2400],
    ['2026-02-21', 3000],
    ['2026-05-21', 3600],
  ]);
  return events;
}

describe('the due-date and upgrade jobs', () => {
  it('record each event exactly once when two schedulers run the same day at once, and again after', async () => {
    const loans = await loansWithWorkDue();
    const [a, b] = [schedulerFor(t, api), schedulerFor(t, api)];
    for (const job of ['due_date_events', 'interest_rate_upgrades']) {
      const both = await Promise.allSettled(
        [a, b].map((s) => s.execute(job, { executionType: 'backfill', executedBy: CLI, asOf: DAY })),
      );
      // The running-row index lets one in; the other is refused, or runs after it and finds nothing to do.
      const done = both.filter((r) => r.status === 'fulfilled').map((r) => r.value);
      const refused = both.filter((r) => r.status === 'rejected').map((r) => r.reason);
      expect(done.length).toBeGreaterThanOrEqual(1);
      for (const reason of refused) expect(reason).toBeInstanceOf(JobAlreadyRunningError);
      expect(done.every((r) => r.status === 'success')).toBe(true);
      expect(done.reduce((n, r) => n + r.recordsOk, 0)).toBe(3);
    }
    const events = await expectEachOnce(loans);
    // The scheduler's acts carry job + loan (+ level) + day as their idempotency key.
    expect(events.find((e) => e.type === 'InstallmentFellDue')!.metadata.idempotencyKey).toMatch(
      /^due_date_events:[0-9a-f-]{36}:2026-11-22$/,
    );
    expect(events.find((e) => e.type === 'RateUpgraded')!.metadata.idempotencyKey).toMatch(
      /^interest_rate_upgrades:[0-9a-f-]{36}:level-1:2026-11-22$/,
    );

    // Re-running the day, and the next day, finds everything done.
    for (const asOf of [DAY, DAY]) {
      for (const job of ['due_date_events', 'interest_rate_upgrades']) {
        const run = await a.execute(job, { executionType: 'backfill', executedBy: CLI, asOf });
        expect(run).toMatchObject({ status: 'success', recordsOk: 0, recordsFailed: 0 });
        expect(run.recordsProcessed).toBeGreaterThan(0);
      }
    }
    await expectEachOnce(loans);
  });

  it('record each event exactly once when the job itself runs three times at once, past the lock', async () => {
    const loans = await loansWithWorkDue();
    const jobs = createJobs({ messages: new OutboxSender(t.db, api.clock), smsTemplates: {} });
    const job = (name: string) => jobs.find((j) => j.name === name)!;
    const ctx = (runId: string, keyOf: (subject: string) => string): JobContext => ({
      runId,
      businessDate: DAY,
      asOf: new Date(`${DAY}T12:00:00+05:30`),
      store: api.store,
      db: t.db,
      log: createLogger('silent'),
      actor: { id: 'scheduler', role: 'system', name: 'Scheduler' },
      idempotencyKey: keyOf,
    });
    const runConcurrently = (definition: JobDefinition) =>
      Promise.all([
        // Two twins with the same deterministic keys: the store keeps the first append.
        definition.run(ctx('twin-1', (s) => `${definition.name}:${s}:${DAY}`)),
        definition.run(ctx('twin-2', (s) => `${definition.name}:${s}:${DAY}`)),
        // One with keys of its own: the loan's expected version and the decider still append once.
        definition.run(ctx('stranger', (s) => `stranger:${definition.name}:${s}:${DAY}`)),
      ]);
    const dueRuns = await runConcurrently(job('due_date_events'));
    const upgradeRuns = await runConcurrently(job('interest_rate_upgrades'));
    expect([...dueRuns, ...upgradeRuns].every((r) => r.failed === 0)).toBe(true);
    // Each new loan's due dates were recorded by exactly one of the three (one command a loan).
    expect(dueRuns.reduce((n, r) => n + r.ok, 0)).toBe(3);
    // Upgrades go level by level, so two runs may share a loan's levels; never a level twice (below).
    expect(upgradeRuns.reduce((n, r) => n + r.ok, 0)).toBeGreaterThanOrEqual(3);
    await expectEachOnce(loans);
  });
});
