import { addDays, LENDING_POLICY, valueGold } from '@goldledger/contracts';
import { renewLoan } from '../lending/loan-commands.js';
import { DELETION_REASONS, REVERSAL_REASONS } from './demo-people.js';
import { BEHAVIOUR_NAMES, TERMS, type Behaviour } from './loan-book-plan.js';
import { demoPayout } from './demo-cash-limits.js';
import {
  close,
  closingDate,
  handBackGold,
  maybeEdit,
  pay,
  payable,
  payInstallment,
  payMonthly,
  paymentDate,
  run,
  schedulerUpgrades,
  type Life,
  type LoanHandle,
} from './loan-life.js';

/** How each behaviour's loan lives: the scripts the demo book runs, one per loan. */

async function repaid(life: Life, loan: LoanHandle) {
  const { plan } = life;
  if (plan.index === 0) {
    // Closed in the last three days, within 30 days of the loan date (the rebate); the
    // customer has not come for the gold yet, so the gold-returns page has work.
    await close(life, loan, addDays(life.book.cal.today, -life.rng.int(0, 2)), undefined, true);
    return;
  }
  if (plan.variant) {
    // Closed within 30 days of the loan date: 2 % of the interest comes back.
    await close(life, loan, addDays(plan.loanDate, life.rng.int(3, 28)));
    return;
  }
  await maybeEdit(life, loan);
  const paid = await payMonthly(life, loan, plan.closeMonth - 1);
  const maturity = loan.state.installments.at(-1)!.dueDate;
  const date = closingDate(life, loan, plan.closeMonth, paid.at(-1)?.date ?? plan.loanDate);
  await close(life, loan, date > maturity ? maturity : date);
}

async function runOn(life: Life, loan: LoanHandle, installments = Number.POSITIVE_INFINITY) {
  await payMonthly(life, loan, installments);
  await schedulerUpgrades(life, loan);
}

async function renewed(life: Life, loan: LoanHandle) {
  const { plan, book } = life;
  await maybeEdit(life, loan);
  const paid = await payMonthly(life, loan, plan.closeMonth - 1);
  const date = closingDate(life, loan, plan.closeMonth, paid.at(-1)?.date ?? plan.loanDate);
  if (!(await close(life, loan, date, undefined, true))) return runOn(life, loan);
  await life.at(date);
  const rate = book.cal.goldRates[book.sim.windowOf(date)]!;
  // Renewed well within the lowest LTV tier: the gold is valued afresh at the register's price,
  // and 55 % of it leaves room for a bullet loan's interest to maturity (the limit counts what
  // is repayable then: 36 % for 12 months makes 55 % into 75 %).
  const eligible = valueGold(loan.state.goldItems, rate, loan.state.principalPaise).goldValuePaise * 0.55;
  const wanted = loan.state.principalPaise * (0.9 + life.rng.float() * 0.25);
  const principalPaise = Math.max(500_00, Math.floor(Math.min(wanted, eligible) / 500_00) * 500_00);
  const renewal = await renewLoan(
    life.deps,
    loan.uuid,
    {
      principalPaise,
      annualRateBps: life.rng.pick(LENDING_POLICY.renewalRateOptionsBps),
      termMonths: life.rng.pick(TERMS),
      createdBy: book.admin.createdBy,
      ...demoPayout(life.rng, principalPaise),
    },
    life.metadata(book.admin),
  );
  book.loanCreated(renewal.loanUuid);
  await runOn(life, { uuid: renewal.loanUuid, loanId: renewal.loanId, state: renewal.state });
}

async function online(life: Life, loan: LoanHandle) {
  const { book } = life;
  await maybeEdit(life, loan);
  // One in five is left with its last payment waiting for an admin (the first such life always).
  const leavePending = life.plan.index === BEHAVIOUR_NAMES.indexOf('online') || life.rng.chance(0.2);
  let last = loan.state.disbursementDate;
  for (let k = 1; k <= loan.state.installments.length; k++) {
    const date = paymentDate(life, loan, k, last);
    const nextDate = paymentDate(life, loan, k + 1, date);
    const isLast = nextDate > book.cal.today || k === loan.state.installments.length;
    const paymentId = await payInstallment(life, loan, date, { method: 'online' });
    if (!paymentId || (isLast && leavePending)) break;
    const approveOn = addDays(date, life.rng.int(1, 2));
    if (!(await life.at(approveOn))) break;
    last = approveOn;
    await run(
      life,
      loan,
      { type: 'ApprovePayment', paymentId, approvedBy: book.admin.person, today: life.today },
      book.admin,
    );
    // The approval of the last installment repaid the loan.
    await handBackGold(life, loan);
  }
  await schedulerUpgrades(life, loan);
}

async function reverse(life: Life, loan: LoanHandle, paymentId: string, date: string) {
  const admin = life.book.admin;
  await life.at(date);
  const reason = life.rng.pick(REVERSAL_REASONS);
  await run(
    life,
    loan,
    { type: 'ReversePayment', paymentId, reason, reversedBy: admin.person, today: life.today },
    admin,
  );
}

async function reversed(life: Life, loan: LoanHandle) {
  const { plan } = life;
  if (plan.variant) {
    // The closing payment is reversed the next day (the loan reopens), then paid again.
    const paid = await payMonthly(life, loan, plan.closeMonth - 1);
    const date = closingDate(life, loan, plan.closeMonth, paid.at(-1)?.date ?? plan.loanDate);
    // The cheque bounces before the customer comes for the gold: it is still in the vault.
    const closing = await close(life, loan, date, undefined, true);
    if (!closing) return runOn(life, loan);
    const reversedOn = addDays(date, 1);
    await reverse(life, loan, closing, reversedOn);
    await close(life, loan, addDays(reversedOn, life.rng.int(2, 7)));
    return;
  }
  const [first] = await payMonthly(life, loan, 1);
  if (!first) return runOn(life, loan);
  const reversedOn = addDays(first.date, life.rng.int(1, 3));
  await reverse(life, loan, first.paymentId, reversedOn);
  // Paid again properly a few days later, then on time.
  await payInstallment(life, loan, addDays(reversedOn, life.rng.int(0, 3)));
  let last = addDays(reversedOn, 3);
  for (let k = 2; k <= loan.state.installments.length; k++) {
    const date = paymentDate(life, loan, k, last);
    if (!(await payInstallment(life, loan, date))) break;
    last = date;
  }
  await schedulerUpgrades(life, loan);
}

async function deleted(life: Life, loan: LoanHandle) {
  const { plan, book } = life;
  let on = addDays(plan.loanDate, life.rng.int(0, 3));
  if (plan.variant) {
    const [first] = await payMonthly(life, loan, 1);
    on = addDays(first?.date ?? on, life.rng.int(2, 5));
  }
  if (!(await life.at(on))) return;
  await run(life, loan, { type: 'DeleteLoan', reason: life.rng.pick(DELETION_REASONS) }, book.admin);
}

async function partPayment(life: Life, loan: LoanHandle) {
  await maybeEdit(life, loan);
  const date = addDays(
    loan.state.disbursementDate,
    life.rng.int(20, Math.max(21, loan.state.termMonths * 30)),
  );
  if (await life.at(date)) {
    const { quote } = payable(loan, date, 0);
    const share = 0.4 + life.rng.float() * 0.3;
    const amount = Math.min(
      Math.max(Math.floor((quote.totalDuePaise * share) / 100_000) * 100_000, quote.minimumTotalDuePaise),
      quote.totalDuePaise - 100,
    );
    await pay(life, loan, date, amount);
  }
  await schedulerUpgrades(life, loan);
}

async function demo(life: Life, loan: LoanHandle) {
  const { plan } = life;
  if (plan.closeMonth < plan.termMonths) {
    const paid = await payMonthly(life, loan, plan.installmentsPaid);
    await close(life, loan, closingDate(life, loan, plan.closeMonth, paid.at(-1)?.date ?? plan.loanDate));
    return;
  }
  await runOn(life, loan, plan.installmentsPaid);
}

export const SCRIPTS: Record<Behaviour | 'demo', (life: Life, loan: LoanHandle) => Promise<void>> = {
  repaid,
  active: (life, loan) => maybeEdit(life, loan).then(() => runOn(life, loan)),
  defaulted: (life, loan) => maybeEdit(life, loan).then(() => runOn(life, loan, life.plan.installmentsPaid)),
  renewed,
  online,
  reversed,
  deleted,
  partPayment,
  demo,
};
