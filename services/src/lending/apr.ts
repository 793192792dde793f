import { daysBetween, type InstallmentRecord, type LendingPolicy } from '@goldledger/contracts';
import { quoteRepayment, type LoanTerms } from './interest.js';

/**
 * The annual percentage rate of the Key Facts Statement (docs/interest.md, "Annual
 * percentage rate (KFS)"): the one yearly rate at which what the borrower receives equals
 * everything they pay, each amount discounted by (1 + rate)^(days ÷ 365) from the day the
 * loan is paid out. Every charge counts: one taken at disbursement lowers what is received,
 * one paid later is a payment of its own.
 */

/** An amount the borrower pays on a day. */
export interface CashFlow {
  date: string;
  amountPaise: number;
}

/** A charge of the loan (processing fee, valuation fee…): taken from the payout, or paid on `dueOn`. */
export interface Charge {
  name: string;
  amountPaise: number;
  /** Absent: deducted from the amount paid out on the day of disbursement. */
  dueOn?: string;
}

export interface AprInput {
  disbursedOn: string;
  principalPaise: number;
  charges: readonly Charge[];
  payments: readonly CashFlow[];
  /** Days in the year of the discounting (Actual/365: the policy's 365). */
  daysInYear: number;
}

export interface DiscountedFlow extends CashFlow {
  /** Days from disbursement. */
  days: number;
  /** The amount discounted to the day of disbursement at the APR, in (fractional) paise. */
  presentValuePaise: number;
}

export interface AprResult {
  principalPaise: number;
  /** Charges taken at disbursement. */
  upfrontChargesPaise: number;
  /** What the borrower receives: principal less the upfront charges. */
  disbursedPaise: number;
  /** Every amount the borrower pays, payments and later charges, in date order. */
  flows: DiscountedFlow[];
  totalPaidPaise: number;
  /** The solved yearly rate as a fraction (0.1953… is 19.53 %). */
  rate: number;
  /** The APR in basis points to 2 decimals: 1953.87 is 19.5387 % a year. */
  aprBps: number;
  /** Bisection steps taken to pin the rate within `APR_TOLERANCE`. */
  iterations: number;
}

/** The bracket around the rate is halved until narrower than this (a fraction: 10⁻¹² a year). */
export const APR_TOLERANCE = 1e-12;
const MAX_STEPS = 200;

/**
 * Solves Σ flowᵢ ÷ (1 + r)^(daysᵢ ÷ daysInYear) = disbursed for r, by bisection: the left
 * side falls as r rises (every flow is positive), so the root is unique and halving the
 * bracket always keeps it. Exact 0 when the borrower pays back exactly what they received.
 */
export function annualPercentageRate(input: AprInput): AprResult {
  const { disbursedOn, principalPaise, daysInYear } = input;
  const upfront = input.charges.filter((c) => c.dueOn === undefined);
  const upfrontChargesPaise = upfront.reduce((sum, c) => sum + c.amountPaise, 0);
  const disbursedPaise = principalPaise - upfrontChargesPaise;
  const paid: CashFlow[] = [
    ...input.payments,
    ...input.charges.flatMap((c) =>
      c.dueOn === undefined ? [] : [{ date: c.dueOn, amountPaise: c.amountPaise }],
    ),
  ];
  if (disbursedPaise <= 0) throw new RangeError('Charges taken at disbursement leave nothing paid out');
  if (paid.length === 0) throw new RangeError('An APR needs at least one payment');
  for (const f of [...paid, ...input.charges]) {
    if (!Number.isSafeInteger(f.amountPaise) || f.amountPaise <= 0) {
      throw new RangeError('Every payment and charge is a positive whole number of paise');
    }
  }
  const timed = paid
    .map((f) => ({ ...f, days: daysBetween(disbursedOn, f.date) }))
    .sort((a, b) => a.days - b.days || a.amountPaise - b.amountPaise);
  if (timed[0]!.days < 0) throw new RangeError('A payment cannot come before the loan is paid out');
  const totalPaidPaise = timed.reduce((sum, f) => sum + f.amountPaise, 0);

  const years = timed.map((f) => f.days / daysInYear);
  /** Present value of the payments at r, less what was received: falls as r rises. */
  const excess = (r: number) =>
    timed.reduce((sum, f, i) => sum + f.amountPaise / Math.pow(1 + r, years[i]!), 0) - disbursedPaise;

  let rate = 0;
  let iterations = 0;
  if (totalPaidPaise !== disbursedPaise) {
    let lo: number;
    let hi: number;
    if (totalPaidPaise > disbursedPaise) {
      lo = 0;
      hi = 1;
      while (excess(hi) > 0) {
        lo = hi;
        hi *= 2;
        if (hi > 1e9) throw new RangeError('The payments imply no finite annual rate');
      }
    } else {
      lo = -1 + 1e-9;
      hi = 0;
    }
    while (hi - lo > APR_TOLERANCE && iterations < MAX_STEPS) {
      const mid = (lo + hi) / 2;
      if (excess(mid) > 0) lo = mid;
      else hi = mid;
      iterations += 1;
    }
    rate = (lo + hi) / 2;
  }
  return {
    principalPaise,
    upfrontChargesPaise,
    disbursedPaise,
    flows: timed.map((f, i) => ({
      date: f.date,
      amountPaise: f.amountPaise,
      days: f.days,
      presentValuePaise: f.amountPaise / Math.pow(1 + rate, years[i]!),
    })),
    totalPaidPaise,
    rate,
    aprBps: Math.round(rate * 1_000_000) / 100,
    iterations,
  };
}

/** One installment as the borrower who keeps to the schedule pays it. */
export interface ScheduledPayment extends CashFlow {
  installmentNumber: number;
  /** The installment's amount in the schedule. */
  scheduledPaise: number;
  /** This payment closes the loan (it is the cost of closing on its day, not the installment). */
  closes: boolean;
}

/**
 * What a borrower pays who pays every installment on its due date. Payments go to
 * interest first and interest accrues on what is left (docs/interest.md), so the schedule's
 * installments can come to more than the loan costs: the installment that reaches the cost
 * of closing the loan on its day pays just that (minimum interest and early-closure rebate
 * priced in), and none falls due after it. The last installment always closes the loan,
 * whether it is more or less than its scheduled amount. Works for any schedule: equal
 * installments, one bullet payment, or interest each month and the principal at maturity.
 */
export function scheduledPayments(
  terms: LoanTerms,
  installments: readonly InstallmentRecord[],
  policy: LendingPolicy,
): ScheduledPayment[] {
  const ordered = [...installments].sort((a, b) =>
    a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.number - b.number,
  );
  const dueDates = ordered.map((i) => i.dueDate);
  const paid: ScheduledPayment[] = [];
  for (const [k, inst] of ordered.entries()) {
    const closing = quoteRepayment(terms, paid, inst.dueDate, dueDates, policy).totalDuePaise;
    const last = k === ordered.length - 1;
    if (last || inst.amountPaise >= closing) {
      if (closing > 0) {
        paid.push({
          date: inst.dueDate,
          amountPaise: closing,
          installmentNumber: inst.number,
          scheduledPaise: inst.amountPaise,
          closes: true,
        });
      }
      break;
    }
    paid.push({
      date: inst.dueDate,
      amountPaise: inst.amountPaise,
      installmentNumber: inst.number,
      scheduledPaise: inst.amountPaise,
      closes: false,
    });
  }
  return paid;
}
