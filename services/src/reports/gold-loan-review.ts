/**
 * The patterns RBI's 2024 review of gold lending named, as pure rules over a loan's
 * events (issue 17, point 8). Definitions, and why, in docs/decisions.md ("Renewals and
 * top-ups (issue 17)"):
 * - a quick closure: closed (repaid or auctioned) at most `quickClosureDays` days after its
 *   loan date;
 * - a renewal against part payment: the old loan still owed when it was marked renewed, or
 *   it was closed on the renewal's own date, so the new loan's money and what closed the old
 *   one cannot be told apart;
 * - a top-up without fresh appraisal: its LoanCreated has no appraisal, or one of another day.
 */
import { daysBetween, type LoanEvent } from '@goldledger/contracts';
import { runLedger } from '../lending/interest.js';
import { termsOf } from '../lending/loan.rules.js';
import { evolveLoan, initialLoanState, successfulPayments, type LoanState } from '../lending/loan.state.js';

/** Days from the loan date to a closing, when they are at most `maxDays`; null otherwise. */
export function quickClosureDays(disbursementDate: string, closedOn: string, maxDays: number): number | null {
  const days = daysBetween(disbursementDate, closedOn);
  return days >= 0 && days <= maxDays ? days : null;
}

/** The old loan as it stood just before it was marked renewed into `newLoanStreamId` (null: never was). */
export function stateBeforeRenewal(events: readonly LoanEvent[], newLoanStreamId: string): LoanState | null {
  let s = initialLoanState();
  for (const e of events) {
    if (e.type === 'LoanRenewed' && e.data.newLoanStreamId === newLoanStreamId) return s;
    s = evolveLoan(s, e);
  }
  return null;
}

export interface PartPayment {
  pattern: 'open_at_renewal' | 'closed_same_day';
  duesAtRenewalPaise: number;
  paidOnDayPaise: number;
  borrowerOwnPaise: number;
}

/**
 * Whether a renewal on `renewedOn` was against part payment, from the old loan as it stood
 * before it (its own policy attached): still open, or closed that same day.
 */
export function partPaymentOf(
  before: LoanState,
  renewedOn: string,
  newPrincipalPaise: number,
): PartPayment | null {
  const paidOnDayPaise = successfulPayments(before)
    .filter((p) => p.date === renewedOn)
    .reduce((sum, p) => sum + p.amountPaise, 0);
  if (before.status === 'active') {
    const l = runLedger(termsOf(before), successfulPayments(before), renewedOn);
    return {
      pattern: 'open_at_renewal',
      duesAtRenewalPaise: l.principalOutstandingPaise + l.interestOutstandingPaise,
      paidOnDayPaise,
      borrowerOwnPaise: paidOnDayPaise,
    };
  }
  if (before.status === 'closed' && before.closedOn === renewedOn) {
    return {
      pattern: 'closed_same_day',
      duesAtRenewalPaise: 0,
      paidOnDayPaise,
      borrowerOwnPaise: Math.max(0, paidOnDayPaise - newPrincipalPaise),
    };
  }
  return null;
}

/** A top-up sanctioned without an appraisal of its own date (`appraisedOn`: its appraisal's date, null: none). */
export const withoutFreshAppraisal = (sanctionedOn: string, appraisedOn: string | null): boolean =>
  appraisedOn !== sanctionedOn;
