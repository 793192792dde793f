// Over 400 lines: the loan state and its one evolve, a switch with a case per loan event
// (exhaustive by type); split, the switch would lose its never-check in one place.
import {
  DEFAULT_BRANCH_ID,
  emptyReleaseRecord,
  evolveReleaseRecord,
  installmentPlace,
  LENDING_POLICY,
  type ReleaseRecord,
  scheduleUpgradeOf,
  type ScheduleUpgrade,
} from '@goldledger/contracts';
import { evolveAuction, initialAuctionState, type AuctionState } from './auction.state.js';
import type {
  DelinquencyClass,
  GoldItemRecord,
  InstallmentRecord,
  LendingPolicy,
  LoanCustomerSnapshot,
  LoanEvent,
  LoanPurpose,
  PaymentMethod,
  PaymentType,
  RepaymentType,
} from '@goldledger/contracts';

export interface PaymentState {
  paymentId: string;
  amountPaise: number;
  date: string;
  method: PaymentMethod;
  paymentType: PaymentType;
  status: 'success' | 'pending' | 'reversed';
  installmentNumber: number;
  /** `RCPT-…` (issue 19), or `{loanId}_{installmentNumber}` for a payment recorded before receipt numbers. */
  receiptNumber: string;
  /** The split last recorded for it (null while pending; excess: beyond closing the loan). */
  split: { interestPaise: number; principalPaise: number; excessPaise: number } | null;
}

export type LoanStatus = 'none' | 'active' | 'closed' | 'renewed' | 'deleted';

export interface LoanState {
  status: LoanStatus;
  loanId: string;
  /** The branch the loan belongs to (DEFAULT_BRANCH_ID for loans made before branches). */
  branchId: string;
  customer: LoanCustomerSnapshot | null;
  goldItems: GoldItemRecord[];
  principalPaise: number;
  originalRateBps: number;
  annualRateBps: number;
  termMonths: number;
  disbursementDate: string;
  totalPaymentPaise: number;
  monthlyPaymentPaise: number;
  installments: InstallmentRecord[];
  /**
   * Every schedule the loan has had, oldest first, with the day it took effect: the one at
   * sanction and each a rate upgrade rebuilt. Days past due count over all of them, so a
   * reschedule never cures arrears (issue 18).
   */
  schedules: Array<{ from: string; installments: InstallmentRecord[] }>;
  level: number;
  lastUpgradeDate: string | null;
  nextUpgradeDate: string | null;
  payments: PaymentState[];
  closedOn: string | null;
  /** Status before deletion (a deleted loan keeps its history). */
  statusBeforeDelete: LoanStatus | null;
  renewedTo: { loanStreamId: string; loanId: string } | null;
  /** The loan this one renewed (its gold, and its sealed packet, carried over). */
  renewalOf: { loanStreamId: string; loanId: string } | null;
  /** The loan this one tops up: its gold (and packet) secures both. */
  topUpOf: { loanStreamId: string; loanId: string } | null;
  /** Installments the scheduler has recorded as fallen due, and as overdue. */
  fellDue: number[];
  overdue: number[];
  goldReturn: {
    /** Null until the loan is repaid and closed; a renewed or auctioned loan's gold stays. */
    status: 'pending' | 'scheduled' | 'returned' | null;
    scheduledAt: string | null;
    returnedOn: string | null;
    remindersSent: Array<{ reminderType: string; sentOn: string }>;
  };
  /** `installment:kind:channel:day` of every payment reminder sent. */
  remindersSent: string[];
  /** The auction file: status, notices, venue, bidders, costs, failed auctions, the sale (auction.state.ts). */
  auction: AuctionState;
  bank: {
    depositedBank: string | null;
    renewalDate: string | null;
    bankMobileNumber: string | null;
    bankLoanAmountPaise: number | null;
  };
  /** Paid beyond closing (as last recorded by RefundDue) and how much of it went back. */
  refund: { excessPaise: number; refundedPaise: number; refundIds: string[] };
  /** The lending policy version the loan was sanctioned under (1 for loans before versions). */
  policyVersion: number;
  /**
   * That version's document: the loan is priced and checked by it for life. Events carry
   * only the version number; whoever loads a loan attaches the document (`withPolicy`,
   * done by loadLoan and the command handler). Until then it reads as version 1.
   */
  policy: LendingPolicy;
  purpose: LoanPurpose;
  repaymentType: RepaymentType;
  /** The LTV cap recorded at sanction (`LoanCreated.ltv.capBps`); null before issue 17 (ltv.ts `ltvCapOf`). */
  ltvCapBps: number | null;
  /** Set while the loan is over its LTV cap: since when, and whether it was escalated. */
  marginCall: { raisedOn: string; shortfallPaise: number; escalatedOn: string | null } | null;
  /** Release on time (issue 18): compensation accrued and paid, the customer told, unclaimed gold. */
  release: ReleaseRecord;
  /** The asset class the delinquency job last recorded (standard until it records one), and on which day. */
  delinquency: {
    class: DelinquencyClass;
    daysPastDue: number;
    asOf: string | null;
    /** NPA recorded on the loan's own days past due (not a borrower's other loan): held until its arrears are paid. */
    ownNpa: boolean;
  };
}

export const initialLoanState = (): LoanState => ({
  status: 'none',
  loanId: '',
  branchId: DEFAULT_BRANCH_ID,
  customer: null,
  goldItems: [],
  principalPaise: 0,
  originalRateBps: 0,
  annualRateBps: 0,
  termMonths: 0,
  disbursementDate: '',
  totalPaymentPaise: 0,
  monthlyPaymentPaise: 0,
  installments: [],
  schedules: [],
  level: 0,
  lastUpgradeDate: null,
  nextUpgradeDate: null,
  payments: [],
  closedOn: null,
  statusBeforeDelete: null,
  renewedTo: null,
  renewalOf: null,
  topUpOf: null,
  fellDue: [],
  overdue: [],
  goldReturn: { status: null, scheduledAt: null, returnedOn: null, remindersSent: [] },
  remindersSent: [],
  auction: initialAuctionState(),
  bank: { depositedBank: null, renewalDate: null, bankMobileNumber: null, bankLoanAmountPaise: null },
  refund: { excessPaise: 0, refundedPaise: 0, refundIds: [] },
  policyVersion: 1,
  policy: LENDING_POLICY,
  purpose: 'consumption',
  repaymentType: 'emi',
  ltvCapBps: null,
  marginCall: null,
  release: emptyReleaseRecord(),
  delinquency: { class: 'standard', daysPastDue: 0, asOf: null, ownNpa: false },
});

const setPayment = (
  s: LoanState,
  paymentId: string,
  status: PaymentState['status'],
  split?: { interestPaise: number; principalPaise: number },
): PaymentState[] =>
  s.payments.map((p) =>
    p.paymentId === paymentId ? { ...p, status, split: split ? splitOf(p.amountPaise, split) : p.split } : p,
  );

const splitOf = (amountPaise: number, a: { interestPaise: number; principalPaise: number }) => ({
  interestPaise: a.interestPaise,
  principalPaise: a.principalPaise,
  excessPaise: amountPaise - a.interestPaise - a.principalPaise,
});

/** The loan after one event: its own fields, and the release record kept beside them (`release.ts`). */
export function evolveLoan(state: LoanState, event: LoanEvent): LoanState {
  const next = evolveLoanFields(state, event);
  const release = evolveReleaseRecord(state.release, event);
  return release === next.release ? next : { ...next, release };
}

function evolveLoanFields(state: LoanState, event: LoanEvent): LoanState {
  switch (event.type) {
    case 'LoanCreated': {
      const d = event.data;
      return {
        ...initialLoanState(),
        status: 'active',
        loanId: d.loanId,
        branchId: d.branchId ?? DEFAULT_BRANCH_ID,
        renewalOf: d.renewalOf,
        topUpOf: d.topUpOf ?? null,
        customer: d.customer,
        goldItems: d.goldItems,
        principalPaise: d.principalPaise,
        originalRateBps: d.annualRateBps,
        annualRateBps: d.annualRateBps,
        termMonths: d.termMonths,
        disbursementDate: d.disbursementDate,
        totalPaymentPaise: d.totalPaymentPaise,
        monthlyPaymentPaise: d.monthlyPaymentPaise,
        installments: d.installments,
        schedules: [{ from: d.disbursementDate, installments: d.installments }],
        nextUpgradeDate: d.installments.at(-1)?.dueDate ?? null,
        policyVersion: d.policyVersion ?? 1,
        purpose: d.purpose ?? 'consumption',
        repaymentType: d.repaymentType ?? 'emi',
        ltvCapBps: d.ltv?.capBps ?? null,
      };
    }
    case 'PaymentRecorded': {
      const d = event.data;
      return {
        ...state,
        payments: [
          ...state.payments,
          {
            paymentId: d.paymentId,
            amountPaise: d.amountPaise,
            date: d.paymentDate,
            method: d.method,
            paymentType: d.paymentType,
            status: d.status,
            installmentNumber: d.installmentNumber,
            receiptNumber: d.receiptNumber ?? `${state.loanId}_${d.installmentNumber}`,
            split: d.allocation ? splitOf(d.amountPaise, d.allocation) : null,
          },
        ],
      };
    }
    case 'PaymentApproved':
      return {
        ...state,
        payments: setPayment(state, event.data.paymentId, 'success', event.data.allocation),
      };
    case 'PaymentsReallocated': {
      const bySplit = new Map(event.data.allocations.map((a) => [a.paymentId, a]));
      return {
        ...state,
        payments: state.payments.map((p) => {
          const a = bySplit.get(p.paymentId);
          return a
            ? {
                ...p,
                split: {
                  interestPaise: a.interestPaise,
                  principalPaise: a.principalPaise,
                  excessPaise: a.excessPaise,
                },
              }
            : p;
        }),
      };
    }
    case 'RefundDue':
      return { ...state, refund: { ...state.refund, excessPaise: event.data.excessPaise } };
    case 'RefundPaid':
      return {
        ...state,
        refund: {
          ...state.refund,
          refundedPaise: state.refund.refundedPaise + event.data.amountPaise,
          refundIds: [...state.refund.refundIds, event.data.refundId],
        },
      };
    case 'PaymentReversed':
      return { ...state, payments: setPayment(state, event.data.paymentId, 'reversed') };
    case 'LoanDetailsEdited': {
      const d = event.data;
      return {
        ...state,
        goldItems: d.goldItems ?? state.goldItems,
        bank: {
          depositedBank: d.depositedBank !== undefined ? d.depositedBank : state.bank.depositedBank,
          renewalDate: d.renewalDate !== undefined ? d.renewalDate : state.bank.renewalDate,
          bankMobileNumber:
            d.bankMobileNumber !== undefined ? d.bankMobileNumber : state.bank.bankMobileNumber,
          bankLoanAmountPaise:
            d.bankLoanAmountPaise !== undefined ? d.bankLoanAmountPaise : state.bank.bankLoanAmountPaise,
        },
      };
    }
    case 'RateUpgraded': {
      const d = event.data;
      return {
        ...state,
        annualRateBps: d.newRateBps,
        level: d.level,
        totalPaymentPaise: d.newTotalPaymentPaise,
        monthlyPaymentPaise: d.newMonthlyPaymentPaise,
        installments: d.installments,
        schedules: [...state.schedules, { from: d.upgradeDate, installments: d.installments }],
        lastUpgradeDate: d.upgradeDate,
        nextUpgradeDate: d.nextUpgradeDate,
      };
    }
    case 'LoanClosed':
      return {
        ...state,
        status: 'closed',
        closedOn: event.data.closedOn,
        // A loan no longer open has no LTV to keep: its margin call lapses (a repayment cures it too).
        marginCall: null,
        // A top-up's gold is its parent's: it goes back with the parent, not on its own.
        goldReturn:
          event.data.reason === 'repaid' && !state.topUpOf
            ? { status: 'pending', scheduledAt: null, returnedOn: null, remindersSent: [] }
            : state.goldReturn,
      };
    case 'LoanReopened':
      return { ...state, status: 'active', closedOn: null, goldReturn: initialLoanState().goldReturn };
    case 'LoanRenewed':
      return {
        ...state,
        goldReturn: initialLoanState().goldReturn,
        status: 'renewed',
        marginCall: null,
        renewedTo: { loanStreamId: event.data.newLoanStreamId, loanId: event.data.newLoanId },
      };
    case 'LoanDeleted':
      return { ...state, status: 'deleted', statusBeforeDelete: state.status, marginCall: null };
    case 'InstallmentFellDue':
      return { ...state, fellDue: [...state.fellDue, event.data.installmentNumber] };
    case 'InstallmentOverdue':
      return { ...state, overdue: [...state.overdue, event.data.installmentNumber] };
    case 'GoldReturnScheduled':
      return {
        ...state,
        goldReturn: { ...state.goldReturn, status: 'scheduled', scheduledAt: event.data.scheduledAt },
      };
    case 'GoldReturned':
      return {
        ...state,
        goldReturn: { ...state.goldReturn, status: 'returned', returnedOn: event.data.returnedOn },
      };
    case 'GoldReturnReminderSent':
      return {
        ...state,
        goldReturn: {
          ...state.goldReturn,
          remindersSent: [
            ...state.goldReturn.remindersSent,
            { reminderType: event.data.reminderType, sentOn: event.data.sentOn },
          ],
        },
      };
    case 'PaymentReminderSent': {
      const d = event.data;
      return {
        ...state,
        remindersSent: [
          ...state.remindersSent,
          reminderKey(d.installmentNumber, d.kind, d.channel, d.sentOn),
        ],
      };
    }
    case 'MarkedReadyForAuction':
    case 'AuctionScheduled':
    case 'Auctioned':
    case 'AuctionCancelled':
    case 'AuctionNoticeSent':
    case 'AuctionPublicNoticeRecorded':
    case 'AuctionBidderRegistered':
    case 'AuctionCostRecorded':
    case 'AuctionFailed':
      return { ...state, auction: evolveAuction(state.auction, event) };
    case 'DelinquencyClassChanged':
      return {
        ...state,
        delinquency: {
          class: event.data.to,
          daysPastDue: event.data.daysPastDue,
          asOf: event.data.asOf,
          ownNpa:
            event.data.to !== 'npa'
              ? false
              : event.data.reason === 'borrower_npa'
                ? state.delinquency.ownNpa
                : true,
        },
      };
    case 'MarginCallRaised':
      return {
        ...state,
        marginCall: {
          raisedOn: event.data.asOf,
          shortfallPaise: event.data.shortfallPaise,
          escalatedOn: null,
        },
      };
    case 'MarginCallEscalated':
      return state.marginCall
        ? { ...state, marginCall: { ...state.marginCall, escalatedOn: event.data.asOf } }
        : state;
    case 'MarginCallCured':
      return { ...state, marginCall: null };
    case 'GoldItemsAdded':
      return { ...state, goldItems: event.data.goldItems };
    // The release record follows these (evolveReleaseRecord); nothing else of the loan moves.
    case 'CustomerToldGoldReady':
    case 'ReleaseCompensationAccrued':
    case 'ReleaseCompensationPaid':
    case 'GoldUnclaimed':
    case 'UnclaimedGoldNoticeSent':
      return state;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const reminderKey = (installment: number, kind: string, channel: string, day: string) =>
  `${installment}:${kind}:${channel}:${day}`;

/** Successful payments, as the ledger takes them. */
export const successfulPayments = (s: LoanState) =>
  s.payments.filter((p) => p.status === 'success').map((p) => ({ date: p.date, amountPaise: p.amountPaise }));

/**
 * Successful payments with their ids, in the order they were recorded, as the books
 * (`deriveBooks`) take them; `alsoCounting` names a pending one about to be approved.
 */
export const bookPayments = (s: LoanState, alsoCounting?: string) =>
  s.payments
    .filter((p) => p.status === 'success' || p.paymentId === alsoCounting)
    .map((p) => ({ paymentId: p.paymentId, date: p.date, amountPaise: p.amountPaise }));

/**
 * Owed back to the customer now: the excess recorded and an auction's surplus, less refunds
 * paid (a surplus is paid out through the same refund, docs/decisions.md issue 18).
 */
export const refundOwedPaise = (s: LoanState) =>
  s.refund.excessPaise + (s.auction.sale?.surplusPaise ?? 0) - s.refund.refundedPaise;

/** Where each rate upgrade's schedule starts (the label "2 of 3 after the upgrade on …" reads it). */
export const scheduleUpgradesOf = (s: Pick<LoanState, 'schedules'>): ScheduleUpgrade[] =>
  s.schedules
    .slice(1)
    .map((sch, k) =>
      scheduleUpgradeOf(s.schedules[k]!.installments, { level: k + 1, upgradeDate: sch.from }),
    );

/** The place of installment `number` in the schedule it belongs to. */
export const installmentPlaceIn = (s: Pick<LoanState, 'schedules' | 'installments'>, number: number) =>
  installmentPlace(number, s.installments.at(-1)?.number ?? number, scheduleUpgradesOf(s));
