import { describe, expect, it } from 'vitest';
import { CLI, eventsOf, schedulerFor } from '../testing/jobs-test-kit.js';
import { lendingApiKit } from '../testing/lending-api-kit.js';

/**
 * Delinquency by the day (issue 18), with real PostgreSQL: one borrower's two EMI loans of
 * ₹1,00,000 at 18 % for 6 months, opened on 21 November 2026 (installments on the 21st from
 * December; 21 March 2027 is a Sunday, due on Monday the 22nd). Loan A is not paid; loan B is
 * paid on its due dates. The daily job runs on the days the classes change, with the clock.
 */
const { kit, call, verifiedCustomer, loanBody } = lendingApiKit('delinq');

interface Loan {
  _id: string;
  loanId: string;
  installments: Array<{ number: number; dueDate: string; amount: number }>;
}
let a: Loan;
let b: Loan;

async function runJob(day: string) {
  kit.api.clock.set(`${day}T01:00:00Z`);
  await kit.api.project();
  const run = await schedulerFor(kit.t, kit.api).execute('delinquency', {
    executionType: 'backfill',
    executedBy: CLI,
    asOf: day,
  });
  expect(run, `delinquency on ${day}`).toMatchObject({ status: 'success', recordsFailed: 0 });
  await kit.api.project();
  return run;
}

async function pay(loan: Loan, day: string, amount: number) {
  kit.api.clock.set(`${day}T06:30:00Z`);
  const res = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
    amount: Math.round(amount * 100) / 100,
  });
  expect(res.statusCode, res.body).toBe(201);
}

const classes = async (loan: Loan) =>
  (await eventsOf(kit.t, [loan._id], ['DelinquencyClassChanged'])).map(
    (e) => `${e.data.asOf} ${e.data.from}→${e.data.to} ${e.data.daysPastDue}d ${e.data.reason}`,
  );
const row = async (loan: Loan) => {
  const res = await call('employee', 'GET', `/api/loans/${loan._id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.delinquency;
};
const emi = (loan: Loan) => loan.installments[0]!.amount;

describe('a borrower’s two loans, classified day by day', () => {
  it('opens both loans for one borrower', async () => {
    const customerId = await verifiedCustomer(['employee', 'admin']);
    const opened = await call('employee', 'POST', '/api/employee/loans', loanBody(customerId));
    expect(opened.statusCode, opened.body).toBe(201);
    a = opened.json().data;
    const second = await call('admin', 'POST', '/api/admin/loans', loanBody(customerId));
    expect(second.statusCode, second.body).toBe(201);
    b = second.json().data;
    expect(a.installments.map((i) => i.dueDate).slice(0, 4)).toEqual([
      '2026-12-21',
      '2027-01-21',
      '2027-02-21',
      '2027-03-21',
    ]);
  });

  it('keeps them standard on the due date, and reports the open loans per class', async () => {
    await pay(b, '2026-12-21', emi(b));
    const run = await runJob('2026-12-21');
    expect(run.summary).toEqual({ standard: 2, sma_0: 0, sma_1: 0, sma_2: 0, npa: 0 });
    expect(await classes(a)).toEqual([]);
  });

  it('walks the unpaid loan standard → SMA-0 → SMA-1 → SMA-2 → NPA as the clock moves', async () => {
    await runJob('2026-12-22');
    expect(await row(a)).toMatchObject({ class: 'sma_0', daysPastDue: 1, since: '2026-12-22' });
    await pay(b, '2027-01-21', emi(b));
    await runJob('2027-01-20');
    await runJob('2027-01-21');
    await pay(b, '2027-02-21', emi(b));
    await runJob('2027-02-19');
    await runJob('2027-02-20');
    await pay(b, '2027-03-21', emi(b));
    await runJob('2027-03-21');
    const npaDay = await runJob('2027-03-22');
    expect(await classes(a)).toEqual([
      '2026-12-22 standard→sma_0 1d days_past_due',
      '2027-01-21 sma_0→sma_1 31d days_past_due',
      '2027-02-20 sma_1→sma_2 61d days_past_due',
      '2027-03-22 sma_2→npa 91d days_past_due',
    ]);
    expect(await row(a)).toMatchObject({
      class: 'npa',
      daysPastDue: 91,
      oldestUnpaidDueDate: '2026-12-21',
      // The fourth, due on Sunday 21 March, is in its grace until Monday: not yet in arrears.
      arrears: Math.round(3 * emi(a) * 100) / 100,
    });
    expect(npaDay.summary).toEqual({ standard: 0, sma_0: 0, sma_1: 0, sma_2: 0, npa: 2 });
  });

  it('turns the borrower’s other loan, paid on time, NPA with it (borrower-wise), naming the NPA loan', async () => {
    expect(await classes(b)).toEqual(['2027-03-22 standard→npa 0d borrower_npa']);
    expect(await row(b)).toMatchObject({ class: 'npa', daysPastDue: 0, npaLoanId: a.loanId });
  });

  it('records nothing more when the day is run again', async () => {
    const before = (await eventsOf(kit.t, [a._id, b._id], ['DelinquencyClassChanged'])).length;
    const again = await runJob('2027-03-22');
    expect(again.recordsOk).toBe(0);
    expect(await eventsOf(kit.t, [a._id, b._id], ['DelinquencyClassChanged'])).toHaveLength(before);
  });

  it('lists both under the NPA filter, and shows the class on the overdue reminders', async () => {
    const npa = await call('employee', 'GET', '/api/employee/loans?delinquencyClass=npa&status=active');
    expect(npa.statusCode, npa.body).toBe(200);
    expect(
      npa
        .json()
        .data.map((l: Loan) => l.loanId)
        .sort(),
    ).toEqual([a.loanId, b.loanId].sort());
    expect(npa.json().counts).toMatchObject({ active: 2, closed: 0 });
    const sma = await call('employee', 'GET', '/api/employee/loans?delinquencyClass=sma_2');
    expect(sma.json().data).toEqual([]);
    const bad = await call('employee', 'GET', '/api/employee/loans?delinquencyClass=bad');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Class must be sma_0, sma_1, sma_2 or npa');
    const overdue = await call('admin', 'GET', '/api/notifications/overdue-payments');
    expect(overdue.statusCode, overdue.body).toBe(200);
    const ofA = overdue.json().data.filter((r: { loanId: string }) => r.loanId === a.loanId);
    expect(ofA.length).toBeGreaterThan(0);
    expect(ofA.every((r: { delinquencyClass: string }) => r.delinquencyClass === 'npa')).toBe(true);
  });

  it('keeps it NPA after a part payment that brings its days past due to 20, and its sibling too', async () => {
    await pay(a, '2027-04-10', 3 * emi(a));
    await runJob('2027-04-10');
    const live = await call('employee', 'GET', `/api/loans/${a._id}/delinquency`);
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().data).toMatchObject({
      recorded: { class: 'npa' },
      today: { date: '2027-04-10', daysPastDue: 20, oldestUnpaidDueDate: '2027-03-21', ownClass: 'npa' },
    });
    expect((await classes(a)).at(-1)).toBe('2027-03-22 sma_2→npa 91d days_past_due');
    expect(await row(b)).toMatchObject({ class: 'npa' });
  });

  it('returns both to standard once every arrear of the NPA loan is paid', async () => {
    await pay(a, '2027-04-12', emi(a));
    await runJob('2027-04-12');
    expect((await classes(a)).at(-1)).toBe('2027-04-12 npa→standard 0d arrears_cleared');
    expect((await classes(b)).at(-1)).toBe('2027-04-12 npa→standard 0d arrears_cleared');
    expect(await row(a)).toMatchObject({ class: 'standard', arrears: 0, npaLoanId: null });
    const live = (await call('employee', 'GET', `/api/loans/${b._id}/delinquency`)).json().data;
    expect(live.today).toMatchObject({ daysPastDue: 0, ownClass: 'standard' });
  });

  it('sets a loan repaid while NPA back to standard on the next run', async () => {
    // Nothing paid after 12 April, and no run until 21 July: the installment of 21 April is then 91 days past due.
    await runJob('2027-07-21');
    expect((await classes(a)).at(-1)).toBe('2027-07-21 standard→npa 91d days_past_due');
    kit.api.clock.set('2027-07-22T06:30:00Z');
    const quote = await call('employee', 'POST', `/api/loans/${a._id}/calculate-early-repayment`, {
      repaymentDate: '2027-07-22',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    await pay(a, '2027-07-22', quote.json().totalDue);
    await kit.api.project();
    expect((await call('employee', 'GET', `/api/loans/${a._id}`)).json().data.status).toBe('closed');
    const run = await runJob('2027-07-22');
    expect((await classes(a)).at(-1)).toBe('2027-07-22 npa→standard 0d arrears_cleared');
    // Only the other loan is still open.
    expect(Object.values(run.summary!).reduce((x, y) => x + y, 0)).toBe(1);
  });
});
