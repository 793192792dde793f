import type { LedgerSnapshot, LoanEvent } from '@goldledger/contracts';
import { atTheCounter, quoteRepayment, runLedger, type LedgerPayment } from './interest.js';
import { termsOf } from './loan.rules.js';
import type { LoanState } from './loan.state.js';

/** A successful payment as the books take it. */
export interface BookPayment extends LedgerPayment {
  paymentId: string;
}

/** How one payment was split: interest, principal, and what went beyond closing the loan. */
export interface PaymentSplit {
  interestPaise: number;
  principalPaise: number;
  excessPaise: number;
}

export interface Books {
  ledger: LedgerSnapshot & { excessPaise: number };
  splits: Map<string, PaymentSplit>;
  /** The payment that, in business-date order, reached the closing amount of its date. */
  closing: {
    paymentId: string;
    closedOn: string;
    totalInterestPaise: number;
    /** Paise left off the closing amount at the counter (whole rupees), waived: interest first, then principal. */
    roundingPaise: number;
  } | null;
}

const latest = (dates: readonly string[], floor: string) => dates.reduce((a, d) => (d > a ? d : a), floor);

/**
 * The loan's books, re-derived from its successful payments in business-date order (the
 * order they were taken in breaks ties). Each payment is first held against the closing
 * amount of its date given the payments before it (minimum interest and early-closure
 * rebate priced in): the first that reaches it closes the loan, and what it and every
 * later-dated payment bring beyond that is excess, owed back to the customer. Without a
 * closing payment the ledger splits each payment interest first. Either way
 * totalPaid = Σ payments = interestPaid + principalPaid + excess; at closing the principal
 * lent = principalPaid + the rounding waived off the principal (docs/interest.md).
 */
export function deriveBooks(s: LoanState, payments: readonly BookPayment[], asOf: string): Books {
  const terms = termsOf(s);
  const dueDates = s.installments.map((i) => i.dueDate);
  const order = payments
    .map((p, i) => ({ ...p, i }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.i - b.i));
  const at = latest(
    order.map((p) => p.date),
    asOf,
  );
  const totalPaid = order.reduce((sum, p) => sum + p.amountPaise, 0);
  const splits = new Map<string, PaymentSplit>();
  const splitsOf = (ps: readonly BookPayment[], date: string) => {
    const l = runLedger(terms, ps, date);
    ps.forEach((p, k) => {
      const a = l.allocations[k]!;
      splits.set(p.paymentId, {
        interestPaise: a.interestPaise,
        principalPaise: a.principalPaise,
        excessPaise: p.amountPaise - a.interestPaise - a.principalPaise,
      });
    });
    return l;
  };

  for (let k = 0; k < order.length; k++) {
    const p = order[k]!;
    const before = order.slice(0, k);
    // Closing is priced as the counter takes it: whole rupees, the paise left off waived.
    const quote = atTheCounter(quoteRepayment(terms, before, p.date, dueDates));
    if (p.amountPaise < quote.totalDuePaise) continue;
    const paidBefore = splitsOf(before, p.date);
    // Closing settles the principal still owed; the rest of what closing costs is interest.
    // What earlier payments brought beyond the balance (a credit the quote deducted) pays
    // that first: it is no longer excess but interest, then principal.
    const principalNow = s.principalPaise - paidBefore.principalPaidPaise;
    const credit = paidBefore.excessPaise;
    const exactDue = quote.totalDuePaise + quote.roundingPaise;
    const interestExact = Math.max(0, exactDue + credit - principalNow);
    // Paise are waived only as far as the payment fell short of the exact amount (the
    // whole-rupee total was paid): off the interest, and off the principal only past it.
    const waived = Math.max(0, Math.min(quote.roundingPaise, exactDue - p.amountPaise));
    const waivedInterest = Math.min(waived, interestExact);
    const waivedPrincipal = waived - waivedInterest;
    const interestNow = interestExact - waivedInterest;
    const principalDue = principalNow - waivedPrincipal;
    let toInterest = Math.min(credit, interestNow);
    let toPrincipal = Math.min(credit - toInterest, principalDue);
    for (const earlier of before) {
      const split = splits.get(earlier.paymentId)!;
      const i = Math.min(split.excessPaise, toInterest);
      const pr = Math.min(split.excessPaise - i, toPrincipal);
      toInterest -= i;
      toPrincipal -= pr;
      splits.set(earlier.paymentId, {
        interestPaise: split.interestPaise + i,
        principalPaise: split.principalPaise + pr,
        excessPaise: split.excessPaise - i - pr,
      });
    }
    const creditToInterest = Math.min(credit, interestNow);
    const creditToPrincipal = Math.min(credit - creditToInterest, principalDue);
    const closingInterest = interestNow - creditToInterest;
    const closingPrincipal = principalDue - creditToPrincipal;
    splits.set(p.paymentId, {
      interestPaise: closingInterest,
      principalPaise: closingPrincipal,
      excessPaise: p.amountPaise - closingInterest - closingPrincipal,
    });
    for (const later of order.slice(k + 1)) {
      splits.set(later.paymentId, { interestPaise: 0, principalPaise: 0, excessPaise: later.amountPaise });
    }
    const interestPaid = paidBefore.interestPaidPaise + interestNow;
    const principalPaid = paidBefore.principalPaidPaise + creditToPrincipal + closingPrincipal;
    return {
      ledger: {
        asOf: at,
        principalOutstandingPaise: 0,
        interestOutstandingPaise: 0,
        totalPaidPaise: totalPaid,
        interestPaidPaise: interestPaid,
        principalPaidPaise: principalPaid,
        excessPaise: totalPaid - interestPaid - principalPaid,
        ...(waived > 0 ? { roundingPaise: waived } : {}),
      },
      splits,
      closing: {
        paymentId: p.paymentId,
        closedOn: p.date,
        totalInterestPaise: interestPaid,
        roundingPaise: waived,
      },
    };
  }
  const l = splitsOf(order, at);
  return {
    ledger: {
      asOf: at,
      principalOutstandingPaise: l.principalOutstandingPaise,
      interestOutstandingPaise: l.interestOutstandingPaise,
      totalPaidPaise: l.totalPaidPaise,
      interestPaidPaise: l.interestPaidPaise,
      principalPaidPaise: l.principalPaidPaise,
      excessPaise: l.excessPaise,
    },
    splits,
    closing: null,
  };
}

/**
 * The payments (but `except`, which its own event splits) whose recorded split the
 * re-derived books changed: one dated after a back-dated payment, earlier excess a closing
 * turned into interest, every payment an upgrade re-priced from disbursement. None: no event.
 */
export function resplit(s: LoanState, books: Books, except?: string): LoanEvent[] {
  const allocations = s.payments.flatMap((p) => {
    const split = books.splits.get(p.paymentId);
    if (p.paymentId === except || p.status !== 'success' || !split) return [];
    const same =
      p.split?.interestPaise === split.interestPaise &&
      p.split.principalPaise === split.principalPaise &&
      p.split.excessPaise === split.excessPaise;
    return same ? [] : [{ paymentId: p.paymentId, ...split }];
  });
  return allocations.length > 0
    ? [{ type: 'PaymentsReallocated', data: { allocations, ledger: books.ledger } }]
    : [];
}
