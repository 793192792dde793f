import {
  APPROVAL_ACTION_LABELS,
  APPROVAL_RULE_LABELS,
  APPROVAL_RULES,
  DEFAULT_BRANCH_ID,
  formatBusinessDate,
  formatInr,
} from '@goldledger/contracts';
import type { EventOf, LoanStreamEvent } from '../runtime/known-events.js';
import { customerContactColumns, customerStreamKey, loanUuidOf } from '../shared/per-loan.js';
import type { AdminNotificationRow, NotificationLoanRow } from './admin-notifications.tables.js';

/** What the admins' notifications are raised from and marked by. */
export type NotificationsEvent = EventOf<
  | 'loan'
  | 'customer'
  | 'contact'
  | 'admin-notification'
  | 'admin-notification-inbox'
  | 'staff-lookup'
  | 'approval'
  | 'approval-policy'
>;

/** How much of an enquiry's text the panel shows; the full text stays in the event. */
export const ENQUIRY_PREVIEW_CHARS = 200;

/** Whole characters (an emoji is one), with an ellipsis when cut. */
function preview(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}

/** 12500 mg → "12.5"; weights arrive in 10 mg steps, so this is exact. */
const grams = (milligrams: number) => String(milligrams / 1000);
const percent = (bps: number) => `${bps / 100}%`;
type Raised = Pick<AdminNotificationRow, 'type' | 'title' | 'message'> & {
  amountPaise?: number;
  /** Who an enquiry came from (a loan's notifications name the loan's customer). */
  from?: Pick<AdminNotificationRow, 'customer_name' | 'customer_mobile'>;
};

/**
 * Pure: what an event tells the admins, or null when it tells them nothing. A loan's
 * events name it as `loanId` and its customer as `customer`.
 */
function raisedBy(event: NotificationsEvent, loanId: string, customer: string): Raised | null {
  const by = event.metadata.actor?.name;
  switch (event.type) {
    case 'ContactMessageReceived': {
      const d = event.data;
      return {
        type: 'contact_enquiry',
        title: `New enquiry from ${d.name}`,
        message: [
          `Phone: ${d.phone}`,
          `Email: ${d.email}`,
          `Gold: ${grams(d.goldMilligrams)} g`,
          `Message: ${preview(d.message, ENQUIRY_PREVIEW_CHARS)}`,
        ].join('\n'),
        from: { customer_name: d.name, customer_mobile: d.phone },
      };
    }
    case 'LoanCreated': {
      const d = event.data;
      return {
        type: 'new_loan',
        title: d.renewalOf ? `Loan ${d.loanId} renews ${d.renewalOf.loanId}` : `New loan ${d.loanId}`,
        message: `${d.customer.name}: ${formatInr(d.principalPaise)} at ${percent(d.annualRateBps)} for ${d.termMonths} month${d.termMonths === 1 ? '' : 's'}, by ${d.createdBy.name}.`,
        amountPaise: d.principalPaise,
      };
    }
    case 'PaymentRecorded': {
      const d = event.data;
      const pending = d.status === 'pending';
      return {
        type: 'new_repayment',
        title: pending ? `Online payment to approve on ${loanId}` : `Repayment on ${loanId}`,
        message: `${customer} paid ${formatInr(d.amountPaise)} ${d.method === 'online' ? `online (${d.transactionId ?? 'no reference'})` : 'in cash'} on ${formatBusinessDate(d.paymentDate)}, entered by ${d.enteredBy.name}.${pending ? ' It counts once an admin approves it.' : ''}`,
        amountPaise: d.amountPaise,
      };
    }
    case 'LoanClosed': {
      const d = event.data;
      return {
        type: 'loan_closed',
        title: `Loan ${loanId} closed`,
        message:
          d.reason === 'repaid'
            ? `${customer} repaid the loan in full on ${formatBusinessDate(d.closedOn)}. The gold is to be returned within 7 working days.`
            : `Closed by the auction of ${customer}'s gold on ${formatBusinessDate(d.closedOn)}.`,
      };
    }
    case 'InstallmentFellDue': {
      const d = event.data;
      return {
        type: 'payment_due',
        title: `Installment due on ${loanId}`,
        message: `${customer}: installment ${d.installmentNumber} of ${formatInr(d.amountDuePaise)} is due on ${formatBusinessDate(d.dueDate)}.`,
        amountPaise: d.amountDuePaise,
      };
    }
    case 'InstallmentOverdue': {
      const d = event.data;
      return {
        type: 'payment_overdue',
        title: `Installment overdue on ${loanId}`,
        message: `${customer}: installment ${d.installmentNumber} of ${formatInr(d.amountDuePaise)}, due ${formatBusinessDate(d.dueDate)}, is unpaid.`,
        amountPaise: d.amountDuePaise,
      };
    }
    case 'RateUpgraded': {
      const d = event.data;
      return {
        type: 'interest_rate_upgrade',
        title: `Interest rate upgraded on ${loanId}`,
        message: `${customer}: ${percent(d.previousRateBps)} → ${percent(d.newRateBps)} from ${formatBusinessDate(d.upgradeDate)} (level ${d.level}), by ${d.upgradedBy.name}. New monthly payment ${formatInr(d.newMonthlyPaymentPaise)}.`,
        amountPaise: d.newTotalPaymentPaise,
      };
    }
    case 'MarkedReadyForAuction': {
      const d = event.data;
      return {
        type: 'auction_ready',
        title: `Loan ${loanId} ready for auction`,
        message: `${customer} owes ${formatInr(d.outstandingPaise)}. Listed by ${d.by === 'scheduler' ? 'the scheduler' : (by ?? 'an admin')} on ${formatBusinessDate(d.readyOn)}.`,
        amountPaise: d.outstandingPaise,
      };
    }
    case 'AuctionScheduled': {
      const d = event.data;
      return {
        type: 'auction_scheduled',
        title: `Auction scheduled for ${loanId}`,
        message: `${customer}'s gold goes to auction on ${formatBusinessDate(d.auctionDate)}, reserve price ${formatInr(d.reservePricePaise)}.`,
        amountPaise: d.reservePricePaise,
      };
    }
    case 'Auctioned': {
      const d = event.data;
      const balance =
        d.surplusPaise > 0
          ? ` ${formatInr(d.surplusPaise)} is owed back to the customer.`
          : d.shortfallPaise > 0
            ? ` The sale fell ${formatInr(d.shortfallPaise)} short of the ${formatInr(d.outstandingPaise)} owed.`
            : '';
      return {
        type: 'auctioned',
        title: `Gold auctioned for ${loanId}`,
        message: `${customer}'s gold sold for ${formatInr(d.salePaise)} on ${formatBusinessDate(d.auctionDate)}.${balance}`,
        amountPaise: d.salePaise,
      };
    }
    case 'AuctionCancelled': {
      const d = event.data;
      return {
        type: 'auction_cancelled',
        title: `Auction cancelled for ${loanId}`,
        message:
          d.reason === 'repayment'
            ? `${customer} made a repayment, which takes the loan off the auction list.`
            : `Taken off the auction list by ${by ?? 'an admin'}.${d.notes ? ` ${d.notes}` : ''}`,
      };
    }
    case 'GoldReturned': {
      const d = event.data;
      return {
        type: 'gold_returned',
        title: `Gold returned for ${loanId}`,
        message: `${customer}'s gold was handed back on ${formatBusinessDate(d.returnedOn)}${d.daysLate > 0 ? `, ${d.daysLate} working day${d.daysLate === 1 ? '' : 's'} after the 7-working-day promise` : ', within the 7-working-day promise'}.`,
      };
    }
    case 'StaffLookupBurst': {
      const d = event.data;
      return {
        type: 'lookup_burst',
        title: `Unusual customer lookups by ${d.staff.name}`,
        message: `${d.staff.name} (${d.staff.role}) reached the limit of ${d.limit} Aadhar checks and customer searches a minute${d.windowSeconds === 60 ? '' : ` (${d.windowSeconds} s)`}; any more are refused until the window ends. Each lookup is in the audit log.`,
      };
    }
    case 'ApprovalRequested': {
      const d = event.data;
      return {
        type: 'approval_requested',
        title: `Approval needed: ${APPROVAL_ACTION_LABELS[d.action]}`,
        message: `${d.maker.name} (${d.maker.role}) asks: ${d.summary}.${d.reason ? ` Reason: ${d.reason}` : ''} It changes nothing until another admin approves it.`,
        ...(d.amountPaise === null ? {} : { amountPaise: d.amountPaise }),
        from: { customer_name: d.subject.customerName, customer_mobile: null },
      };
    }
    case 'ApprovalPolicyChanged': {
      const d = event.data;
      const off = APPROVAL_RULES.filter((r) => d.rules[r] === false).map((r) => APPROVAL_RULE_LABELS[r]);
      return {
        type: 'approval_policy_changed',
        title: `Maker-checker policy changed by ${d.changedBy.name}`,
        message: `${off.length === 0 ? 'Every listed action needs a second person' : `No second person needed for: ${off.join('; ')}`}. Loans above ${formatInr(d.largeLoanThresholdPaise)} need approval${d.rules.large_loan === false ? ' (rule off)' : ''}.${d.reason ? ` Reason: ${d.reason}` : ''}`,
      };
    }
    case 'MarginCallRaised': {
      const d = event.data;
      return {
        type: 'margin_call',
        title: `Margin call on ${loanId}`,
        message: `${customer}: loan to value ${percent(d.ltvBps)} at the valuation price of ${formatBusinessDate(d.asOf)}, above the ${percent(d.capBps)} cap. ${formatInr(d.shortfallPaise)} to pay, or ${grams(d.goldToAddMg)} g of 22K gold to add. The customer was told by SMS and email.`,
        amountPaise: d.shortfallPaise,
      };
    }
    case 'MarginCallEscalated': {
      const d = event.data;
      return {
        type: 'margin_call_escalated',
        title: `Margin call escalated on ${loanId}`,
        message: `${customer} has not cured the margin call in ${d.daysInBreach} days: loan to value ${percent(d.ltvBps)} against the ${percent(d.capBps)} cap (${formatInr(d.owedPaise)} owed on gold worth ${formatInr(d.goldValuePaise)}).`,
        amountPaise: d.owedPaise,
      };
    }
    case 'ApprovalGranted':
    case 'ApprovalRejected':
    case 'ApprovalExecuted':
    case 'ApprovalExecutionFailed':
    case 'AadharLookedUp':
    case 'CustomersSearched':
    case 'PaymentApproved':
    case 'PaymentReversed':
    case 'LoanDetailsEdited':
    case 'LoanReopened':
    case 'LoanRenewed':
    case 'LoanDeleted':
    case 'GoldReturnScheduled':
    case 'GoldReturnReminderSent':
    case 'PaymentsReallocated':
    case 'RefundDue':
    case 'RefundPaid':
    case 'PaymentReminderSent':
    case 'CustomerRegistered':
    case 'CustomerVerified':
    case 'CustomerUpdated':
    case 'CustomerAccountLinked':
    case 'CustomerVerificationCleared':
    case 'NotificationRead':
    case 'NotificationDismissed':
    case 'AllNotificationsRead':
    case 'MarginCallCured':
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
      return null;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** What a loan's notifications name, as LoanCreated says it. */
export const notificationLoanOf = (
  event: Extract<LoanStreamEvent, { type: 'LoanCreated' }>,
): NotificationLoanRow => ({
  loan_uuid: loanUuidOf(event.streamId),
  loan_id: event.data.loanId,
  branch_id: event.data.branchId ?? DEFAULT_BRANCH_ID,
  customer_stream_id: customerStreamKey(event.data.customer.customerStreamId),
  ...customerContactColumns(event.data.customer),
});

/**
 * Pure: the notification an event raises, or null when it raises none. Loan events
 * name the loan and its customer from `loan` (what LoanCreated said, kept current).
 */
export function toAdminNotification(
  event: NotificationsEvent,
  loan?: NotificationLoanRow,
): AdminNotificationRow | null {
  const created = event.type === 'LoanCreated' ? notificationLoanOf(event) : undefined;
  const about = event.streamType === 'loan' ? (created ?? loan) : undefined;
  const raised = raisedBy(event, about?.loan_id ?? 'a loan', about?.customer_name ?? 'The customer');
  if (!raised) return null;
  return {
    id: event.eventId,
    type: raised.type,
    title: raised.title,
    message: raised.message,
    customer_name: raised.from?.customer_name ?? about?.customer_name ?? null,
    customer_mobile: raised.from?.customer_mobile ?? about?.customer_mobile ?? null,
    amount_paise: raised.amountPaise === undefined ? null : String(raised.amountPaise),
    loan_uuid: event.streamType === 'loan' ? loanUuidOf(event.streamId) : null,
    loan_id: about?.loan_id ?? null,
    branch_id: about?.branch_id ?? null,
    is_read: false,
    read_at: null,
    read_by: null,
    dismissed_at: null,
    created_at: event.occurredAt,
    source_event_id: event.eventId,
    source_tx: event.position.transactionId,
    source_gp: event.position.globalPosition,
  };
}
