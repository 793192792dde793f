import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futurePortfolioMessage, type PortfolioReport, type Role } from '@goldledger/contracts';
import { loadLoan } from '../../lending/loan-commands.js';
import { ledgerSnapshot } from '../../lending/loan.rules.js';
import { successfulPayments } from '../../lending/loan.state.js';
import { FixedClock } from '../../platform/clock.js';
import { openBranch } from '../../testing/branch-test-support.js';
import { classChangedOn, onDay, openLoanAt, payOn, recordAt } from '../../testing/portfolio-test-kit.js';
import { createTestApi, type TestApi } from '../../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-infra.js';

/**
 * The portfolio route over a small book told day by day (each day's events recorded on
 * that day): two branches, a payment, a loan repaid, a class change, and a payment
 * back-dated into an earlier day but recorded after it.
 */

let t: TestDatabase;
let api: TestApi;
const TODAY = '2027-01-20';
const branches = { north: '', south: '' };
const loans = { a: '', b: '', c: '' };

async function get(role: Role, url: string) {
  return api.app.inject({ method: 'GET', url, headers: { 'x-auth-token': await api.tokenFor(role) } });
}
async function report(query: string, role: Role = 'admin'): Promise<PortfolioReport> {
  const res = await get(role, `/api/admin/reports/portfolio${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const classOf = (r: PortfolioReport, c: string) => r.total.classes.find((l) => l.class === c)!;

/** What the loan's own books say on the day: the decider's ledger over its payments dated by then. */
async function booksOf(loanUuid: string, day: string) {
  const { state } = await loadLoan(api.store, loanUuid);
  return ledgerSnapshot(
    state,
    successfulPayments(state).filter((p) => p.date <= day),
    day,
  );
}

beforeAll(async () => {
  t = await createTestDatabase('portfolio');
  // Users, branches and the price series: recorded before the story begins.
  await recordAt(t, '2026-11-01');
  api = await createTestApi(t, new FixedClock('2026-11-01T06:30:00Z'));
  branches.north = await openBranch(api, { code: 'NORTH', name: 'North Branch' });
  branches.south = await openBranch(api, { code: 'SOUTH', name: 'South Branch' });

  await onDay(t, api, '2026-12-01');
  loans.a = await openLoanAt(api, branches.north, 1_00_000);
  await onDay(t, api, '2026-12-10');
  loans.b = await openLoanAt(api, branches.south, 50_000, 24);
  await onDay(t, api, '2026-12-15');
  loans.c = await openLoanAt(api, branches.north, 30_000);
  await onDay(t, api, '2027-01-02');
  await payOn(api, loans.a, 20_000_00);
  await onDay(t, api, '2027-01-05');
  await payOn(api, loans.c, 'all');
  await onDay(t, api, '2027-01-11');
  await classChangedOn(api, loans.b, 'standard', 'sma_0', '2027-01-11');
  // Today: a payment on B dated the 8th, and B's class back to standard.
  await onDay(t, api, TODAY);
  await payOn(api, loans.b, 10_000_00, '2027-01-08');
  await classChangedOn(api, loans.b, 'sma_0', 'standard', TODAY);
  await api.project();
}, 120_000);

afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

describe('GET /api/admin/reports/portfolio', () => {
  it('shows the open book as of a past day: its loans, principal, interest receivable and classes', async () => {
    const r = await report('?asOf=2027-01-15');
    expect(r.asOf).toBe('2027-01-15');
    expect(r.recordedBefore).toBe('2027-01-15T18:30:00.000Z');
    const [a, b] = [await booksOf(loans.a, '2027-01-15'), await booksOf(loans.b, '2027-01-15')];
    // C was repaid on the 5th; B's payment dated the 8th was recorded on the 20th: not yet on the books.
    expect(r.total.loans).toBe(2);
    expect(b.principalOutstandingPaise).toBeLessThan(50_000_00);
    expect(r.total.principalPaise).toBe(a.principalOutstandingPaise + 50_000_00);
    expect(r.total.principalPaise).toBeLessThan(1_50_000_00);
    expect(classOf(r, 'sma_0')).toMatchObject({ loans: 1, principalPaise: 50_000_00 });
    expect(classOf(r, 'standard')).toMatchObject({
      loans: 1,
      principalPaise: a.principalOutstandingPaise,
      interestPaise: a.interestOutstandingPaise,
    });
    expect(r.total.npaRatioBps).toBe(0);
    expect(r.branches.map((x) => [x.branchName, x.loans])).toEqual([
      ['North Branch', 1],
      ['South Branch', 1],
    ]);
    // 58 g of 22K at ₹6,418 a gram (₹7,000 of 999 in proportion) for each loan.
    expect(r.valuation.pricePerGramPaise).toBe(6_418_42);
    expect(r.total.goldValuePaise).toBe(2 * Math.round(58 * 6_418_42));
    expect(r.total.ltvBands.reduce((n, band) => n + band.loans, 0)).toBe(2);
  });

  it('counts a back-dated payment from the day it was recorded, and the class it has by then', async () => {
    const r = await report(''); // today
    expect(r.asOf).toBe(TODAY);
    const b = await booksOf(loans.b, TODAY);
    const south = r.branches.find((x) => x.branchId === branches.south)!;
    expect(south).toMatchObject({
      loans: 1,
      principalPaise: b.principalOutstandingPaise,
      interestPaise: b.interestOutstandingPaise,
    });
    expect(south.classes.find((c) => c.class === 'standard')!.loans).toBe(1);
    expect(classOf(r, 'sma_0').loans).toBe(0);
  });

  it('keeps a loan repaid later in the book of the days before, and nothing before the first loan', async () => {
    const r = await report('?asOf=2026-12-31');
    expect(r.total.loans).toBe(3);
    expect(r.total.principalPaise).toBe(1_80_000_00);
    const empty = await report('?asOf=2026-11-30');
    expect(empty.total).toMatchObject({ loans: 0, principalPaise: 0, interestPaise: 0, npaRatioBps: null });
    expect(empty.branches).toEqual([]);
  });

  it('narrows to one branch with ?branchId=', async () => {
    const all = await report('?asOf=2027-01-15');
    const north = await report(`?asOf=2027-01-15&branchId=${branches.north}`);
    expect(north.branches).toEqual([all.branches.find((x) => x.branchId === branches.north)]);
    const { branchId: _id, branchName: _name, ...figures } = north.branches[0]!;
    expect(north.total).toEqual(figures);
  });

  it('refuses a later day, a date that is not one and a branch id that is not one, with their messages', async () => {
    const future = await get('admin', '/api/admin/reports/portfolio?asOf=2027-01-21');
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(futurePortfolioMessage(TODAY));
    expect(futurePortfolioMessage(TODAY)).toBe(
      'The portfolio can only be shown up to today (2027-01-20); choose an earlier date',
    );
    const notADate = await get('admin', '/api/admin/reports/portfolio?asOf=2027-02-30');
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().message).toContain('Date is not a real calendar date');
    const badForm = await get('admin', '/api/admin/reports/portfolio?asOf=20-01-2027');
    expect(badForm.json().message).toContain('Date must be in the form YYYY-MM-DD');
    const branch = await get('admin', '/api/admin/reports/portfolio?branchId=north');
    expect(branch.statusCode).toBe(400);
    expect(branch.json().message).toContain('Branch not found');
    const csv = await get('admin', '/api/admin/reports/portfolio.csv?asOf=2027-01-21');
    expect(csv.statusCode).toBe(400);
  });

  it('is for admins and auditors only', async () => {
    expect((await get('auditor', '/api/admin/reports/portfolio')).statusCode).toBe(200);
    expect((await get('auditor', '/api/admin/reports/portfolio.csv')).statusCode).toBe(200);
    for (const role of ['employee', 'customer'] as const) {
      expect((await get(role, '/api/admin/reports/portfolio')).statusCode, role).toBe(403);
      expect((await get(role, '/api/admin/reports/portfolio.csv')).statusCode, role).toBe(403);
    }
  });
});

describe('GET /api/admin/reports/portfolio.csv', () => {
  it('gives the same figures, one line each, in rupees to the paisa', async () => {
    const r = await report('?asOf=2027-01-15');
    const res = await get('admin', '/api/admin/reports/portfolio.csv?asOf=2027-01-15');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="portfolio-2027-01-15.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'As of,Branch,Branch ID,Section,Line,Loans,Principal (₹),Interest receivable (₹),Outstanding (₹),Share of principal (%),Gold value (₹)',
    );
    const rupees = (p: number) => (p / 100).toFixed(2);
    const open = lines.find((l) => l.startsWith('2027-01-15,All branches,,Book,Open loans,'))!;
    expect(open.split(',').slice(5, 9)).toEqual([
      '2',
      rupees(r.total.principalPaise),
      rupees(r.total.interestPaise),
      rupees(r.total.principalPaise + r.total.interestPaise),
    ]);
    expect(lines).toContain(
      `2027-01-15,All branches,,Class,SMA-0,1,50000.00,${rupees(classOf(r, 'sma_0').interestPaise)},${rupees(50_000_00 + classOf(r, 'sma_0').interestPaise)},${((50_000_00 * 100) / r.total.principalPaise).toFixed(2)},`,
    );
    expect(lines).toContain('2027-01-15,All branches,,NPA ratio,Gross NPA ÷ principal,,,,,0.00,');
    // The whole book's 12 lines (book, 5 classes, ratio, 5 bands), then each branch's.
    expect(lines).toHaveLength(1 + 12 * 3);
    expect(lines.filter((l) => l.includes(branches.south))).toHaveLength(12);
    const north = await get(
      'admin',
      `/api/admin/reports/portfolio.csv?asOf=2027-01-15&branchId=${branches.north}`,
    );
    expect(north.body).not.toContain(branches.south);
  });
});
