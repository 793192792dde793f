import type {
  AuctionStatus,
  GoldItemRecord,
  InstallmentRecord,
  LoanCustomerSnapshot,
  LoanEvent,
  PaymentMethod,
  PaymentType,
} from '@goldledger/contracts';

export interface PaymentState {
  paymentId: string;
  amountPaise: number;
  date: string;
  method: PaymentMethod;
  paymentType: PaymentType;
  status: 'success' | 'pending' | 'reversed';
  installmentNumber: number;
}

export type LoanStatus = 'none' | 'active' | 'closed' | 'renewed' | 'deleted';

export interface LoanState {
  status: LoanStatus;
  loanId: string;
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
  level: number;
  lastUpgradeDate: string | null;
  nextUpgradeDate: string | null;
  payments: PaymentState[];
  closedOn: string | null;
  /** Status before deletion (a deleted loan keeps its history). */
  statusBeforeDelete: LoanStatus | null;
  renewedTo: { loanStreamId: string; loanId: string } | null;
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
  auction: {
    status: AuctionStatus;
    readyOn: string | null;
    auctionDate: string | null;
    reservePricePaise: number | null;
    /** People took it off the list once (an admin, or a repayment): the scheduler then leaves it alone. */
    cancelled: boolean;
  };
  bank: {
    depositedBank: string | null;
    renewalDate: string | null;
    bankMobileNumber: string | null;
    bankLoanAmountPaise: number | null;
  };
}

export const initialLoanState = (): LoanState => ({
  status: 'none',
  loanId: '',
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
  level: 0,
  lastUpgradeDate: null,
  nextUpgradeDate: null,
  payments: [],
  closedOn: null,
  statusBeforeDelete: null,
  renewedTo: null,
  fellDue: [],
  overdue: [],
  goldReturn: { status: null, scheduledAt: null, returnedOn: null, remindersSent: [] },
  remindersSent: [],
  auction: {
    status: 'not_ready',
    readyOn: null,
    auctionDate: null,
    reservePricePaise: null,
    cancelled: false,
  },
  bank: { depositedBank: null, renewalDate: null, bankMobileNumber: null, bankLoanAmountPaise: null },
});

const setPayment = (s: LoanState, paymentId: string, status: PaymentState['status']): PaymentState[] =>
  s.payments.map((p) => (p.paymentId === paymentId ? { ...p, status } : p));

export function evolveLoan(state: LoanState, event: LoanEvent): LoanState {
  switch (event.type) {
    case 'LoanCreated': {
      const d = event.data;
      return {
        ...initialLoanState(),
        status: 'active',
        loanId: d.loanId,
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
        nextUpgradeDate: d.installments.at(-1)?.dueDate ?? null,
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
          },
        ],
      };
    }
    case 'PaymentApproved':
      return { ...state, payments: setPayment(state, event.data.paymentId, 'success') };
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
        lastUpgradeDate: d.upgradeDate,
        nextUpgradeDate: d.nextUpgradeDate,
      };
    }
    case 'LoanClosed':
      return {
        ...state,
        status: 'closed',
        closedOn: event.data.closedOn,
        goldReturn:
          event.data.reason === 'repaid'
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
        renewedTo: { loanStreamId: event.data.newLoanStreamId, loanId: event.data.newLoanId },
      };
    case 'LoanDeleted':
      return { ...state, status: 'deleted', statusBeforeDelete: state.status };
    case 'InstallmentFellDue':
      return { ...state, fellDue: [...state.fellDue, event.data.installmentNumber] };
    case 'InstallmentOverdue':
      return { ...state, overdue: [...state.overdue, event.data.installmentNumber] };
    case 'MarkedReadyForAuction':
      return {
        ...state,
        auction: { ...state.auction, status: 'ready_for_auction', readyOn: event.data.readyOn },
      };
    case 'AuctionScheduled':
      return {
        ...state,
        auction: {
          ...state.auction,
          status: 'auction_scheduled',
          auctionDate: event.data.auctionDate,
          reservePricePaise: event.data.reservePricePaise,
        },
      };
    case 'Auctioned':
      return {
        ...state,
        auction: { ...state.auction, status: 'auctioned', auctionDate: event.data.auctionDate },
      };
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
    case 'AuctionCancelled':
      return {
        ...state,
        auction: {
          status: 'not_ready',
          readyOn: null,
          auctionDate: null,
          reservePricePaise: null,
          cancelled: true,
        },
      };
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
