import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioReportStreamId, type PortfolioReport } from '@goldledger/contracts';
import { FixedClock } from '../platform/clock.js';
import { openBranch } from '../testing/branch-test-support.js';
import { CLI, schedulerFor } from '../testing/jobs-test-kit.js';
import { scaledPrice } from '../testing/gold-prices-kit.js';
import {
  classChangedOn,
  correctClose,
  onDay,
  openLoanAt,
  payOn,
  recordAt,
} from '../testing/portfolio-test-kit.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

/**
 * Must show (issue 18): the portfolio as of a date equals what the daily job reported on
 * that date. Loans, payments and class changes (appended as the delinquency job would) up
 * to day X; the job records X just after midnight; then the clock moves on and the books
 * change: payments, one back-dated into X's past, class changes, a loan repaid, a new loan,
 * a corrected gold price for a day X's valuation used. Asked afterwards, X is as recorded.
 */

let t: TestDatabase;
let api: TestApi;
const X = '2027-03-31';
const loans = { a: '', b: '', c: '', d: '' };
let north = '';
let south = '';

const asOf = async (day: string): Promise<PortfolioReport> => {
  const res = await api.app.inject({
    method: 'GET',
    url: `/api/admin/reports/portfolio?asOf=${day}`,
    headers: { 'x-auth-token': await api.tokenFor('auditor') },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function recorded(day: string): Promise<PortfolioReport[]> {
  const { events } = await api.store.readStream(portfolioReportStreamId(day));
  return events.map((e) => e.data as unknown as PortfolioReport);
}

const runJobFor = (runDay: string) =>
  schedulerFor(t, api).execute('portfolio_report', {
    executionType: 'backfill',
    executedBy: CLI,
    asOf: runDay,
  });

beforeAll(async () => {
  t = await createTestDatabase('portfolio_job');
  await recordAt(t, '2027-01-01');
  api = await createTestApi(t, new FixedClock('2027-01-01T06:30:00Z'));
  north = await openBranch(api, { code: 'NORTH', name: 'North Branch' });
  south = await openBranch(api, { code: 'SOUTH', name: 'South Branch' });

  // Up to X: three loans, payments, the delinquency job's changes.
  await onDay(t, api, '2027-01-10');
  loans.a = await openLoanAt(api, north, 1_00_000);
  loans.b = await openLoanAt(api, south, 80_000, 24);
  await onDay(t, api, '2027-02-01');
  loans.c = await openLoanAt(api, north, 40_000);
  await onDay(t, api, '2027-02-15');
  await payOn(api, loans.a, 25_000_00);
  await onDay(t, api, '2027-03-12');
  await classChangedOn(api, loans.b, 'standard', 'sma_0', '2027-03-12');
  await classChangedOn(api, loans.c, 'standard', 'sma_0', '2027-03-12');
  await onDay(t, api, '2027-03-25');
  await classChangedOn(api, loans.b, 'sma_0', 'sma_1', '2027-03-25');
  // Late on X itself: still X's.
  await onDay(t, api, X, '23:50:00');
  await payOn(api, loans.c, 5_000_00);
  await api.project();
}, 120_000);

afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

describe('the portfolio_report job', () => {
  it('records the day that ended, and asking for that day later gives exactly what it recorded', async () => {
    // The run of April 1st, just after midnight, records March 31st.
    await onDay(t, api, '2027-04-01', '00:05:00');
    const run = await runJobFor('2027-04-01');
    expect(run).toMatchObject({ status: 'success', recordsOk: 1 });
    const [report] = await recorded(X);
    expect(report!.asOf).toBe(X);
    expect(report!.total.loans).toBe(3);
    expect(report!.total.classes.map((c) => [c.class, c.loans])).toEqual([
      ['standard', 1],
      ['sma_0', 1],
      ['sma_1', 1],
      ['sma_2', 0],
      ['npa', 0],
    ]);
    expect(report).toEqual(await asOf(X));

    // The clock moves on and the books change.
    await onDay(t, api, '2027-04-02');
    await payOn(api, loans.a, 10_000_00);
    await payOn(api, loans.b, 30_000_00, '2027-03-28'); // back-dated into X's past
    await classChangedOn(api, loans.c, 'sma_0', 'standard', '2027-04-02');
    // The 30th's close corrected: X's valuation used it.
    await correctClose(api, '2027-03-30', scaledPrice(916, 5_000_00), scaledPrice(916, 7_000_00));
    await onDay(t, api, '2027-04-03');
    await classChangedOn(api, loans.b, 'sma_1', 'npa', '2027-04-03');
    loans.d = await openLoanAt(api, south, 60_000);
    await onDay(t, api, '2027-04-05');
    await payOn(api, loans.a, 'all');
    await api.project();

    // The same question about X: the same answer, to the paisa and the band.
    expect(await asOf(X)).toEqual(report);
    // And the books did change after X: a report of a later day differs.
    const later = await asOf('2027-04-05');
    expect(later.total.loans).toBe(3); // A repaid, D new
    expect(later.total.classes.find((c) => c.class === 'npa')!.loans).toBe(1);
    expect(later.total.principalPaise).not.toBe(report!.total.principalPaise);
    // Even the day after X sees the back-dated payment and the corrected price only from when they were recorded.
    const dayAfter = await asOf('2027-04-01');
    expect(dayAfter.total.principalPaise).toBe(report!.total.principalPaise);
    expect((await asOf('2027-04-02')).total.principalPaise).toBeLessThan(report!.total.principalPaise);
  });

  it('records a day once: a re-run of the day, or the next run, adds no second record of it', async () => {
    await onDay(t, api, '2027-04-06', '09:00:00');
    expect(await runJobFor('2027-04-01')).toMatchObject({ status: 'success', recordsOk: 0 });
    expect(await recorded(X)).toHaveLength(1);
    // The run of the 6th records the 5th.
    expect(await runJobFor('2027-04-06')).toMatchObject({ status: 'success', recordsOk: 1 });
    const [fifth] = await recorded('2027-04-05');
    expect(fifth).toEqual(await asOf('2027-04-05'));
  });
});
