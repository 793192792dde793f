import type { LoanStreamEvent } from '../runtime/known-events.js';
import { loanUuidOf } from '../shared/per-loan.js';
import type { LoanPaymentRow } from './loans.tables.js';

/** The payment a loan event is about; undefined for the events that are not about one. */
export function paymentIdOf(event: LoanStreamEvent): string | undefined {
  switch (event.type) {
    case 'PaymentRecorded':
    case 'PaymentApproved':
    case 'PaymentReversed':
      return event.data.paymentId;
    default:
      return undefined;
  }
}

/** Pure: a payment's row after one event of its loan's stream (undefined: not a payment event). */
export function evolvePaymentRow(
  row: LoanPaymentRow | undefined,
  event: LoanStreamEvent,
): LoanPaymentRow | undefined {
  switch (event.type) {
    case 'PaymentRecorded': {
      if (row) return row;
      const d = event.data;
      return {
        payment_id: d.paymentId,
        loan_uuid: loanUuidOf(event.streamId),
        seq: event.streamPosition,
        amount_paise: d.amountPaise,
        method: d.method,
        payment_type: d.paymentType,
        payment_date: d.paymentDate,
        transaction_id: d.transactionId,
        bank_name: d.bankName,
        status: d.status,
        installment_number: d.installmentNumber,
        receipt_number: d.receiptNumber ?? null,
        entered_by: d.enteredBy,
        interest_paise: d.allocation?.interestPaise ?? null,
        principal_paise: d.allocation?.principalPaise ?? null,
        excess_paise: d.allocation
          ? d.amountPaise - d.allocation.interestPaise - d.allocation.principalPaise
          : null,
        recorded_at: event.occurredAt,
        approved_by: null,
        approved_at: null,
        reversed_by: null,
        reversed_at: null,
        reversal_reason: null,
      };
    }
    case 'PaymentApproved': {
      if (!row) return row;
      const d = event.data;
      return {
        ...row,
        status: 'success',
        interest_paise: d.allocation.interestPaise,
        principal_paise: d.allocation.principalPaise,
        excess_paise: row.amount_paise - d.allocation.interestPaise - d.allocation.principalPaise,
        approved_by: d.approvedBy,
        approved_at: event.occurredAt,
      };
    }
    case 'PaymentReversed': {
      if (!row) return row;
      const d = event.data;
      return {
        ...row,
        status: 'reversed',
        reversed_by: d.reversedBy,
        reversed_at: event.occurredAt,
        reversal_reason: d.reason,
      };
    }
    case 'PaymentsReallocated': {
      const split = row && event.data.allocations.find((a) => a.paymentId === row.payment_id);
      if (!row || !split) return row;
      return {
        ...row,
        interest_paise: split.interestPaise,
        principal_paise: split.principalPaise,
        excess_paise: split.excessPaise,
      };
    }
    case 'RefundDue':
    case 'RefundPaid':
    case 'LoanCreated':
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
    case 'ReleaseCompensationPaid':
    case 'GoldUnclaimed':
    case 'UnclaimedGoldNoticeSent':
      return row;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
