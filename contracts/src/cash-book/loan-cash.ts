import { DEFAULT_BRANCH_ID } from '../branches/branch-events.js';
import { businessDate } from '../lending/calendar.js';
import type { LoanEvent } from '../lending/loan-events.js';
import type { CashDirection, LoanCashKind } from './cash-book-events.js';

/**
 * What a loan's cash movements depend on from its earlier events: its number and branch,
 * and the cash repayments that still count (a reversal of one takes the cash back out).
 */
export interface LoanCashTrail {
  loanId: string;
  branchId: string;
  cashPayments: Record<string, number>;
}

/** Cash that a loan event moved through a branch's drawer on a business day. */
export interface LoanCashMovement {
  kind: LoanCashKind;
  direction: CashDirection;
  amountPaise: number;
  branchId: string;
  businessDate: string;
  loanId: string;
  /** The payment or refund id (null for a disbursement). */
  reference: string | null;
  by: { id: string; name: string } | null;
}

export type LoanEventAt = LoanEvent & { occurredAt: string };

/**
 * One loan event's step: the trail after it, and the cash it moved, if any. The rules
 * (docs/decisions.md, "Branch cash book"):
 * - a loan disbursed in cash (or made before the choice existed) is cash out on its loan date;
 * - a handcash repayment is cash in on its payment date (online payments never touch the drawer);
 * - a refund paid in cash is cash out on the day it was paid;
 * - compensation for a late release of gold paid in cash is cash out on the day it was paid;
 * - reversing a handcash repayment is cash out on the day of the reversal (on the same day it
 *   cancels the receipt; on a later one the earlier, perhaps closed, day stays as it was);
 * - renewals are new loans (their disbursement method says); deletions, auctions and the rest
 *   move no cash in the drawer.
 */
export function loanCashStep(
  trail: LoanCashTrail | null,
  event: LoanEventAt,
): { trail: LoanCashTrail | null; movement: LoanCashMovement | null } {
  const moved = (t: LoanCashTrail, m: Omit<LoanCashMovement, 'branchId' | 'loanId'>) => ({
    ...m,
    branchId: t.branchId,
    loanId: t.loanId,
  });
  switch (event.type) {
    case 'LoanCreated': {
      const d = event.data;
      const t: LoanCashTrail = {
        loanId: d.loanId,
        branchId: d.branchId ?? DEFAULT_BRANCH_ID,
        cashPayments: {},
      };
      const cash = (d.disbursementMethod ?? 'cash') === 'cash';
      return {
        trail: t,
        movement: cash
          ? moved(t, {
              kind: 'disbursement',
              direction: 'out',
              amountPaise: d.principalPaise,
              businessDate: d.disbursementDate,
              reference: null,
              by: { id: d.createdBy.id, name: d.createdBy.name },
            })
          : null,
      };
    }
    case 'PaymentRecorded': {
      const d = event.data;
      if (!trail || d.method !== 'handcash' || d.status !== 'success') return { trail, movement: null };
      return {
        trail: { ...trail, cashPayments: { ...trail.cashPayments, [d.paymentId]: d.amountPaise } },
        movement: moved(trail, {
          kind: 'repayment',
          direction: 'in',
          amountPaise: d.amountPaise,
          businessDate: d.paymentDate,
          reference: d.paymentId,
          by: d.enteredBy,
        }),
      };
    }
    case 'PaymentReversed': {
      const d = event.data;
      const amount = trail?.cashPayments[d.paymentId];
      if (!trail || amount === undefined) return { trail, movement: null };
      const { [d.paymentId]: _reversed, ...rest } = trail.cashPayments;
      return {
        trail: { ...trail, cashPayments: rest },
        movement: moved(trail, {
          kind: 'reversal',
          direction: 'out',
          amountPaise: amount,
          businessDate: businessDate(new Date(event.occurredAt)),
          reference: d.paymentId,
          by: d.reversedBy,
        }),
      };
    }
    case 'RefundPaid': {
      const d = event.data;
      if (!trail || d.method !== 'cash') return { trail, movement: null };
      return {
        trail,
        movement: moved(trail, {
          kind: 'refund',
          direction: 'out',
          amountPaise: d.amountPaise,
          businessDate: d.paidOn,
          reference: d.refundId,
          by: d.paidBy,
        }),
      };
    }
    case 'ReleaseCompensationPaid': {
      const d = event.data;
      if (!trail || d.method !== 'cash') return { trail, movement: null };
      return {
        trail,
        movement: moved(trail, {
          kind: 'release_compensation',
          direction: 'out',
          amountPaise: d.amountPaise,
          businessDate: d.paidOn,
          reference: d.payoutId,
          by: d.paidBy,
        }),
      };
    }
    case 'PaymentApproved':
    case 'PaymentsReallocated':
    case 'RefundDue':
    case 'LoanDetailsEdited':
    case 'RateUpgraded':
    case 'LoanClosed':
    case 'LoanReopened':
    case 'LoanRenewed':
    case 'LoanDeleted':
    case 'InstallmentFellDue':
    case 'InstallmentOverdue':
    case 'MarkedReadyForAuction':
    case 'AuctionScheduled':
    case 'Auctioned':
    case 'AuctionCancelled':
    case 'GoldReturnScheduled':
    case 'GoldReturned':
    case 'GoldReturnReminderSent':
    case 'PaymentReminderSent':
    case 'MarginCallRaised':
    case 'MarginCallCured':
    case 'MarginCallEscalated':
    case 'AuctionNoticeSent':
    case 'AuctionPublicNoticeRecorded':
    case 'AuctionBidderRegistered':
    case 'AuctionCostRecorded':
    case 'AuctionFailed':
    case 'DelinquencyClassChanged':
    case 'GoldItemsAdded':
    case 'CustomerToldGoldReady':
    case 'ReleaseCompensationAccrued':
    case 'GoldUnclaimed':
    case 'UnclaimedGoldNoticeSent':
      return { trail, movement: null };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** Every cash movement of one loan's events, in stream order. */
export function loanCashMovements(events: readonly LoanEventAt[]): LoanCashMovement[] {
  let trail: LoanCashTrail | null = null;
  const out: LoanCashMovement[] = [];
  for (const e of events) {
    const step = loanCashStep(trail, e);
    trail = step.trail;
    if (step.movement) out.push(step.movement);
  }
  return out;
}

/** Σ in and Σ out of some movements, and the cash the drawer should hold after them. */
export function cashTotals(
  openingPaise: number,
  movements: ReadonlyArray<{ direction: CashDirection; amountPaise: number }>,
): { cashInPaise: number; cashOutPaise: number; expectedPaise: number } {
  let cashInPaise = 0;
  let cashOutPaise = 0;
  for (const m of movements) {
    if (m.direction === 'in') cashInPaise += m.amountPaise;
    else cashOutPaise += m.amountPaise;
  }
  return { cashInPaise, cashOutPaise, expectedPaise: openingPaise + cashInPaise - cashOutPaise };
}
