import type { LendingPolicy } from '@goldledger/contracts';
import {
  atTheCounter,
  counterParts,
  quoteRepayment,
  type LedgerPayment,
  type LoanTerms,
  type Quote,
} from './interest.js';

/**
 * What accruing a loan to a day needs, and nothing else: its terms (principal, the current
 * rate, the loan date, its policy), its successful payments in the order they were taken,
 * and its due dates (a holiday's grace attaches to them). The decider's state and the
 * loans read model both reduce to this, and `payoffOn` is the one function that prices it:
 * the closing quote, the balance on a staff list, the customer's dashboard, a reminder and
 * a PDF are the same figure on the same day (docs/interest.md, "Today's balance").
 */
export interface AccrualInputs {
  terms: LoanTerms & { policy: LendingPolicy };
  payments: readonly LedgerPayment[];
  dueDates: readonly string[];
}

/** A balance as people see it: what closing the loan costs that day, and its parts. */
export interface Payoff {
  asOf: string;
  /** To close the loan on the day (the quote's `totalDue`): whole rupees. */
  totalDuePaise: number;
  /** Whole rupees (`counterParts`). */
  principalOutstandingPaise: number;
  /** The rest of the total (whole rupees): interest with its minimums, less the rebate, credit and rounding. */
  interestOutstandingPaise: number;
}

/**
 * The closing quote on `date`, counting the payments made by then, in whole rupees as the
 * counter takes it (`atTheCounter`). A payment dated later never prices an earlier date.
 */
export const quoteOn = (a: AccrualInputs, date: string): Quote =>
  atTheCounter(
    quoteRepayment(
      a.terms,
      a.payments.filter((p) => p.date <= date),
      date,
      a.dueDates,
      a.terms.policy,
    ),
  );

/** Today's payoff of an open loan (`open` false: settled, nothing is owed). */
export function payoffOn(a: AccrualInputs, date: string, open: boolean): Payoff {
  if (!open)
    return { asOf: date, totalDuePaise: 0, principalOutstandingPaise: 0, interestOutstandingPaise: 0 };
  const q = quoteOn(a, date);
  const { principalPaise } = counterParts(q);
  return {
    asOf: date,
    totalDuePaise: q.totalDuePaise,
    principalOutstandingPaise: principalPaise,
    interestOutstandingPaise: q.totalDuePaise - principalPaise,
  };
}
