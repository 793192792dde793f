import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatInr } from '@goldledger/contracts';
import { CLI, eventsOf, outbox, schedulerFor } from '../testing/jobs-test-kit.js';
import { lendingApiKit } from '../testing/lending-api-kit.js';

/**
 * Loans of the three repayment structures opened through the API on 21 November 2026 for
 * the demo customer (₹1,00,000 at 18 % for 6 months), walked through their life with the
 * scheduler's jobs: reminders, due dates, a payment, the closing quote and the upgrade of a
 * past-due loan.
 */
const { kit, eventCount, loanBody, confirmLoanFor } = lendingApiKit('repay');

const DEMO = { mobile: '9000000003' };
type Role = 'admin' | 'employee' | 'customer';

/** A call as `role` with a token issued at the API clock's time (the tests move it). */
async function as(role: Role, method: 'GET' | 'POST', url: string, payload?: object) {
  const token = await kit.api.tokenFor(role);
  return kit.api.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { 'x-auth-token': token },
  });
}

interface Installment {
  number: number;
  dueDate: string;
  amount: number;
  amountPaid: number;
  status: string;
}
interface Loan {
  _id: string;
  loanId: string;
  repaymentType: string;
  monthlyPayment: number;
  totalPayment: number;
  installments: Installment[];
}

const loans: Record<'emi' | 'bullet' | 'monthly_interest', Loan> = {} as never;

async function openForDemo(repaymentType: string, extra: object = {}) {
  const customerId = kit.api.customers.demo;
  await confirmLoanFor({ id: customerId, mobile: DEMO.mobile });
  return as('employee', 'POST', '/api/employee/loans', loanBody(customerId, { repaymentType, ...extra }));
}

async function runJob(name: string, day: string) {
  kit.api.clock.set(`${day}T06:30:00Z`);
  await kit.api.project();
  const run = await schedulerFor(kit.t, kit.api).execute(name, {
    executionType: 'backfill',
    executedBy: CLI,
    asOf: day,
  });
  expect(run, `${name} on ${day}`).toMatchObject({ status: 'success', recordsFailed: 0 });
  await kit.api.project();
  return run;
}

const customerLoans = async () => {
  const res = await as('customer', 'GET', '/api/loans/customer');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Loan[];
};
const dueEvents = async (loan: Loan) =>
  (await eventsOf(kit.t, [loan._id], ['InstallmentFellDue', 'InstallmentOverdue'])).map(
    (e) => `${e.type} ${e.data.installmentNumber} ${e.data.dueDate}`,
  );

describe('the tenure caps', () => {
  it.each([
    ['bullet', 'A bullet loan can run at most 12 months'],
    ['monthly_interest', 'A monthly-interest loan can run at most 12 months'],
  ])('refuse a %s loan of 13 months with "%s" and append nothing', async (type, message) => {
    const before = await eventCount();
    const res = await openForDemo(type, { term: 13 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await eventCount()).toBe(before);
  });
});

describe('loans of the three structures, through their life', () => {
  it('are opened with their own schedules, and the loan rows say which structure', async () => {
    for (const type of ['emi', 'bullet', 'monthly_interest'] as const) {
      const res = await openForDemo(type);
      expect(res.statusCode, res.body).toBe(201);
      loans[type] = res.json().data as Loan;
      expect(loans[type].repaymentType).toBe(type);
    }
    const { emi, bullet, monthly_interest: mi } = loans;
    expect(emi.installments).toHaveLength(6);
    // Bullet: one payment at maturity, principal and all interest.
    expect(bullet.installments.map((i) => [i.number, i.dueDate])).toEqual([[1, '2027-05-21']]);
    expect(bullet.monthlyPayment).toBe(bullet.totalPayment);
    expect(bullet.totalPayment).toBe(emi.totalPayment);
    // Monthly interest: the month's interest on the loan's day, the principal with the last.
    expect(mi.installments.map((i) => i.dueDate)).toEqual([
      '2026-12-21',
      '2027-01-21',
      '2027-02-21',
      '2027-03-21',
      '2027-04-21',
      '2027-05-21',
    ]);
    expect(mi.monthlyPayment).toBe(1_479.45); // 21 Nov → 21 Dec: 30 days at 18 % on ₹1,00,000
    expect(mi.installments.slice(0, 5).every((i) => i.amount < 1_600)).toBe(true);
    expect(mi.installments[5]!.amount).toBeGreaterThan(100_000);

    await kit.api.project();
    const seen = await customerLoans();
    for (const loan of Object.values(loans)) {
      expect(seen.find((l) => l.loanId === loan.loanId)).toMatchObject({
        repaymentType: loan.repaymentType,
        monthlyPayment: loan.monthlyPayment,
        installments: loan.installments,
      });
    }
    const row = await as('employee', 'GET', `/api/loans/${bullet._id}`);
    expect(row.json().data).toMatchObject({ repaymentType: 'bullet', totalPayment: bullet.totalPayment });
  });

  it('name the structure and its figure on the loan receipt', async () => {
    const res = await as('employee', 'GET', `/api/loans/${loans.bullet._id}/receipt`);
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'goldledger-repay-'));
    const file = path.join(dir, 'receipt.pdf');
    writeFileSync(file, res.rawPayload);
    // The facts are two columns; a long value wraps onto the next line.
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    rmSync(dir, { recursive: true, force: true });
    expect(text).toContain('Repayment Bullet (principal and interest at maturity)');
    expect(text).toContain(`Due at maturity ${formatInr(loans.bullet.totalPayment * 100)}`);
  });

  it('remind of the month’s interest and the EMI due in three days, not of a bullet loan’s maturity months ahead', async () => {
    await runJob('payment_reminders', '2026-12-19');
    const sms = (await outbox(kit.t, 'payment_reminder')).filter((m) => m.channel === 'sms');
    const about = (loan: Loan) => sms.filter((m) => m.body.includes(loan.loanId)).map((m) => m.body);
    expect(about(loans.monthly_interest)).toEqual([
      expect.stringContaining(
        `the monthly interest (installment 1 of 6) of your gold loan ${loans.monthly_interest.loanId}, ₹1,479, is due in 2 days`,
      ),
    ]);
    expect(about(loans.emi)).toEqual([expect.stringContaining('installment 1 of 6 of your gold loan')]);
    expect(about(loans.bullet)).toEqual([]);
  });

  it('takes the month’s interest on its due date as interest only, the principal untouched', async () => {
    const mi = loans.monthly_interest;
    kit.api.clock.set('2026-12-21T06:30:00Z');
    const paid = await as('employee', 'POST', `/api/loans/${mi._id}/payment`, {
      amount: mi.installments[0]!.amount,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await kit.api.project();
    const payments = (await as('employee', 'GET', `/api/loans/${mi._id}/payments`)).json().data;
    expect(payments[0].allocation).toEqual({ interest: 1_479.45, principal: 0 });
    const [loan] = (await customerLoans()).filter((l) => l.loanId === mi.loanId);
    expect(loan!.installments[0]!.status).toBe('paid');
  });

  it('marks only the unpaid installments due and overdue: the interest, not the bullet loan months before maturity', async () => {
    await runJob('due_date_events', '2027-01-22');
    expect(await dueEvents(loans.monthly_interest)).toEqual([
      'InstallmentFellDue 2 2027-01-21',
      'InstallmentOverdue 2 2027-01-21',
    ]);
    expect(await dueEvents(loans.bullet)).toEqual([]);
    expect(await dueEvents(loans.emi)).toEqual([
      'InstallmentFellDue 1 2026-12-21',
      'InstallmentOverdue 1 2026-12-21',
      'InstallmentFellDue 2 2027-01-21',
      'InstallmentOverdue 2 2027-01-21',
    ]);
  });

  it('quotes a bullet loan’s closing at maturity as its one installment', async () => {
    const res = await as('employee', 'POST', `/api/loans/${loans.bullet._id}/calculate-early-repayment`, {
      repaymentDate: '2027-05-21',
    });
    expect(res.statusCode, res.body).toBe(200);
    // The installment is kept to the paisa; the counter asks it in whole rupees, rounded down,
    // and the paise left off are the quote's rounding (docs/interest.md).
    const installment = loans.bullet.installments[0]!.amount;
    const { totalDue, rounding } = res.json();
    expect(Math.round((totalDue + rounding) * 100)).toBe(Math.round(installment * 100));
    expect(totalDue).toBe(Math.floor(installment));
    expect(rounding).toBeLessThan(1);
  });

  it('upgrades a past-due bullet loan to one installment on the next upgrade date, which closes it', async () => {
    await runJob('due_date_events', '2027-05-22');
    expect(await dueEvents(loans.bullet)).toEqual([
      'InstallmentFellDue 1 2027-05-21',
      'InstallmentOverdue 1 2027-05-21',
    ]);
    await runJob('interest_rate_upgrades', '2027-05-22');
    const [upgrade] = await eventsOf(kit.t, [loans.bullet._id], ['RateUpgraded']);
    expect(upgrade!.data).toMatchObject({
      upgradeDate: '2027-05-21',
      newRateBps: 2400,
      nextUpgradeDate: '2027-08-21',
    });
    expect(upgrade!.data.installments).toEqual([
      { number: 2, dueDate: '2027-08-21', amountPaise: upgrade!.data.newTotalPaymentPaise },
    ]);
    const due = upgrade!.data.newTotalPaymentPaise / 100;
    const quote = await as('employee', 'POST', `/api/loans/${loans.bullet._id}/calculate-early-repayment`, {
      repaymentDate: '2027-08-21',
    });
    // The whole-rupee closing amount at the counter; the paise of the installment are waived.
    const counter = quote.json();
    expect(counter.totalDue).toBe(Math.floor(due));
    expect(Math.round((counter.totalDue + counter.rounding) * 100)).toBe(upgrade!.data.newTotalPaymentPaise);
    const [seen] = (await customerLoans()).filter((l) => l.loanId === loans.bullet.loanId);
    expect(seen).toMatchObject({ repaymentType: 'bullet', monthlyPayment: due });
    expect(seen!.installments).toEqual([
      // Installment 2 of a one-payment loan: the one payment of the upgrade's schedule (issue 19).
      {
        number: 2,
        dueDate: '2027-08-21',
        amount: due,
        amountPaid: 0,
        status: 'unpaid',
        place: { n: 1, of: 1, upgradedOn: '2027-05-21' },
      },
    ]);

    // Paid at the counter in whole rupees, it closes the loan, and the books record the waiver.
    kit.api.clock.set('2027-08-21T06:30:00Z');
    const paid = await as('employee', 'POST', `/api/loans/${loans.bullet._id}/payment`, {
      amount: counter.totalDue,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.loan).toMatchObject({
      status: 'closed',
      closedOn: '2027-08-21',
      remainingBalance: 0,
    });
    const [closed] = await eventsOf(kit.t, [loans.bullet._id], ['LoanClosed']);
    expect(closed!.data).toMatchObject({
      reason: 'repaid',
      excessPaise: 0,
      roundingPaise: upgrade!.data.newTotalPaymentPaise - counter.totalDue * 100,
    });
    expect(closed!.data.roundingPaise).toBeGreaterThan(0);
  });

  it('upgrades a past-due monthly-interest loan to monthly interest at the new rate, the rest on the next upgrade date', async () => {
    const [upgrade] = await eventsOf(kit.t, [loans.monthly_interest._id], ['RateUpgraded']);
    const rebuilt = upgrade!.data.installments.filter((i: { number: number }) => i.number > 6);
    expect(rebuilt.map((i: { dueDate: string }) => i.dueDate)).toEqual([
      '2027-06-21',
      '2027-07-21',
      '2027-08-21',
    ]);
    // The first new one is the interest the books show on its date: at 24 % from the loan date.
    // The books keep it to the paisa; the quote's closing amount is exact once its rounding is
    // added back, and its interest is that figure in whole rupees (the principal, untouched, is
    // ₹1,00,000 exactly).
    const res = await as(
      'employee',
      'POST',
      `/api/loans/${loans.monthly_interest._id}/calculate-early-repayment`,
      { repaymentDate: '2027-06-21' },
    );
    const quote = res.json();
    expect(quote.principalOutstanding).toBe(100_000);
    expect(Math.round((quote.totalDue + quote.rounding) * 100) - 100_000_00).toBe(rebuilt[0].amountPaise);
    expect(quote.interest).toBe(Math.floor(rebuilt[0].amountPaise / 100));
    expect(rebuilt[2].amountPaise).toBeGreaterThan(100_000_00);
    expect(upgrade!.data.nextUpgradeDate).toBe('2027-08-21');
  });
});

describe('the calculator, asked for a structure', () => {
  const ask = (repaymentType: string, termMonths: number) =>
    kit.api.app.inject({
      method: 'POST',
      url: '/api/loans/calculate-interest',
      payload: {
        principal: 100_000,
        annualRate: 18,
        disbursementDate: '2026-01-10',
        closureDate: '2027-01-10',
        termMonths,
        repaymentType,
      },
    });

  it('answers the worked examples of docs/interest.md', async () => {
    const bullet = (await ask('bullet', 12)).json();
    expect(bullet).toMatchObject({
      totalAmount: 119_565.78,
      monthlyPayment: 119_565.78,
      repayableAtMaturity: 119_565.78,
    });
    expect(bullet.message).toMatch(/^One payment of ₹1,19,566 \(principal and interest\) on /);
    const monthly = (await ask('monthly_interest', 12)).json();
    expect(monthly).toMatchObject({ totalAmount: 118_016.64, monthlyPayment: 1_529.5 });
  });

  it('refuses a bullet loan of 13 months with the tenure cap', async () => {
    const res = await ask('bullet', 13);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A bullet loan can run at most 12 months');
  });
});
