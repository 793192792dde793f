import {
  addMonths,
  DEFAULT_BRANCH_ID,
  emptyReleaseRecord,
  evolveReleaseRecord,
  fillInstallments,
  fineGoldMg,
  type LedgerSnapshot,
  scheduleUpgradeOf,
} from '@goldledger/contracts';
import type { LoanOrCustomerEvent } from '../runtime/known-events.js';
import { customerStreamKey, loanUuidOf, profileColumns } from '../shared/per-loan.js';
import type { LoanListStatus, LoanRow, LoanStatus } from './loans.tables.js';

export const listStatusOf = (status: LoanStatus): LoanListStatus =>
  status === 'active' ? 'active' : status === 'deleted' ? 'hidden' : 'closed';

export function loanSearchTextOf(
  r: Pick<LoanRow, 'name' | 'email' | 'primary_mobile' | 'secondary_mobile' | 'loan_id' | 'customer_id'>,
): string {
  return [r.name, r.email, r.primary_mobile, r.secondary_mobile, r.loan_id, r.customer_id]
    .filter((s): s is string => !!s)
    .join('\n')
    .toLowerCase();
}

const withSearchText = (row: LoanRow): LoanRow => ({ ...row, search_text: loanSearchTextOf(row) });

const withLedger = (row: LoanRow, ledger: LedgerSnapshot): LoanRow => ({
  ...row,
  total_paid_paise: ledger.totalPaidPaise,
  principal_outstanding_paise: ledger.principalOutstandingPaise,
  interest_outstanding_paise: ledger.interestOutstandingPaise,
  ledger_as_of: ledger.asOf,
});

/** The schedule refilled from what has been paid (a closed loan has every installment settled). */
const refilled = (row: LoanRow): LoanRow => ({
  ...row,
  installments: fillInstallments(
    row.installments.map((i) => ({ number: i.number, dueDate: i.dueDate, amountPaise: i.amountPaise })),
    row.total_paid_paise,
    row.status === 'closed' || row.status === 'renewed',
  ),
});

const withStatus = (row: LoanRow, status: LoanStatus): LoanRow => ({
  ...row,
  status,
  list_status: listStatusOf(status),
});

/**
 * Pure: the loan's row after one event of its own stream or of its customer's stream
 * (undefined: no loan yet and the event makes none), with its release record (issue 18).
 */
export function evolveLoanRow(row: LoanRow | undefined, event: LoanOrCustomerEvent): LoanRow | undefined {
  const next = evolveLoanRowFields(row, event);
  if (!row || !next || next === row || event.streamType !== 'loan') return next;
  const release = evolveReleaseRecord(row.release, event);
  return release === next.release ? next : { ...next, release };
}

function evolveLoanRowFields(row: LoanRow | undefined, event: LoanOrCustomerEvent): LoanRow | undefined {
  // A replayed loan event (redelivery, overlapping instance) changes nothing.
  if (event.streamType === 'loan' && row && event.streamPosition <= row.version) return row;
  const at = event.occurredAt;
  const step = (r: LoanRow): LoanRow => ({ ...r, version: event.streamPosition, updated_at: at });
  /** A money event: the figures from its ledger snapshot, the schedule refilled from what is paid. */
  const rebooked = (r: LoanRow, ledger: LedgerSnapshot) => refilled(withLedger(step(r), ledger));

  switch (event.type) {
    case 'LoanCreated': {
      const d = event.data;
      const c = d.customer;
      return withSearchText({
        loan_uuid: loanUuidOf(event.streamId),
        loan_id: d.loanId,
        version: event.streamPosition,
        branch_id: d.branchId ?? DEFAULT_BRANCH_ID,
        customer_stream_id: customerStreamKey(c.customerStreamId),
        customer_id: c.customerId,
        ...profileColumns(c),
        gold_items: d.goldItems,
        fine_gold_mg: fineGoldMg(d.goldItems),
        principal_paise: d.principalPaise,
        original_rate_bps: d.annualRateBps,
        current_rate_bps: d.annualRateBps,
        term_months: d.termMonths,
        disbursement_date: d.disbursementDate,
        maturity_date: addMonths(d.disbursementDate, d.termMonths),
        repayment_type: d.repaymentType ?? 'emi',
        monthly_payment_paise: d.monthlyPaymentPaise,
        total_payment_paise: d.totalPaymentPaise,
        total_paid_paise: 0,
        principal_outstanding_paise: d.principalPaise,
        interest_outstanding_paise: 0,
        ledger_as_of: d.disbursementDate,
        policy_version: d.policyVersion ?? 1,
        book_payments: [],
        status: 'active',
        list_status: 'active',
        upgrade_level: 0,
        last_upgrade_date: null,
        schedule_upgrades: [],
        next_upgrade_date: null,
        created_by: d.createdBy,
        created_at: at,
        closed_on: null,
        close_reason: null,
        deposited_bank: null,
        renewal_date: null,
        bank_mobile_number: null,
        bank_loan_amount_paise: null,
        installments: fillInstallments(d.installments, 0),
        payment_count: 0,
        pending_payment_ids: [],
        renewal_of: d.renewalOf,
        renewed_to: null,
        deleted_at: null,
        refund_due_paise: 0,
        refund_excess_paise: 0,
        refunded_paise: 0,
        last_refund: null,
        release: emptyReleaseRecord(),
        delinquency_class: 'standard',
        days_past_due: 0,
        delinquency_as_of: null,
        oldest_unpaid_due_date: null,
        arrears_paise: 0,
        delinquency_reason: null,
        npa_loan_id: null,
        auction_surplus_paise: 0,
        auction_surplus_due_by: null,
        auction_shortfall_paise: 0,
        search_text: '',
        updated_at: at,
      });
    }
    case 'CustomerUpdated':
      return row && withSearchText({ ...row, ...profileColumns(event.data), updated_at: at });
    case 'PaymentRecorded': {
      if (!row) return row;
      const d = event.data;
      return rebooked(
        {
          ...row,
          payment_count: row.payment_count + 1,
          book_payments: [
            ...row.book_payments,
            { id: d.paymentId, date: d.paymentDate, amountPaise: d.amountPaise, status: d.status },
          ],
          pending_payment_ids:
            d.status === 'pending' ? [...row.pending_payment_ids, d.paymentId] : row.pending_payment_ids,
        },
        d.ledger,
      );
    }
    case 'PaymentApproved': {
      if (!row) return row;
      const d = event.data;
      return rebooked(
        {
          ...row,
          pending_payment_ids: row.pending_payment_ids.filter((id) => id !== d.paymentId),
          book_payments: row.book_payments.map((p) =>
            p.id === d.paymentId ? { ...p, status: 'success' as const } : p,
          ),
        },
        d.ledger,
      );
    }
    case 'PaymentReversed': {
      if (!row) return row;
      const d = event.data;
      return rebooked(
        {
          ...row,
          payment_count: Math.max(0, row.payment_count - 1),
          pending_payment_ids: row.pending_payment_ids.filter((id) => id !== d.paymentId),
          book_payments: row.book_payments.filter((p) => p.id !== d.paymentId),
        },
        d.ledger,
      );
    }
    case 'PaymentsReallocated':
      return row && rebooked(row, event.data.ledger);
    case 'RefundDue':
      return (
        row &&
        step({
          ...row,
          refund_due_paise: event.data.amountPaise,
          refund_excess_paise: event.data.excessPaise,
        })
      );
    case 'RefundPaid': {
      if (!row) return row;
      const d = event.data;
      return step({
        ...row,
        refund_due_paise: d.remainingPaise,
        refunded_paise: row.refunded_paise + d.amountPaise,
        last_refund: {
          paidOn: d.paidOn,
          amountPaise: d.amountPaise,
          method: d.method,
          reference: d.reference,
        },
      });
    }
    case 'LoanDetailsEdited': {
      if (!row) return row;
      const d = event.data;
      // Absent: unchanged; null: cleared.
      const next = step({ ...row });
      if (d.goldItems !== undefined) {
        next.gold_items = d.goldItems;
        next.fine_gold_mg = fineGoldMg(d.goldItems);
      }
      if (d.depositedBank !== undefined) next.deposited_bank = d.depositedBank;
      if (d.renewalDate !== undefined) next.renewal_date = d.renewalDate;
      if (d.bankMobileNumber !== undefined) next.bank_mobile_number = d.bankMobileNumber;
      if (d.bankLoanAmountPaise !== undefined) next.bank_loan_amount_paise = d.bankLoanAmountPaise;
      return next;
    }
    case 'RateUpgraded': {
      if (!row) return row;
      const d = event.data;
      return rebooked(
        {
          ...row,
          upgrade_level: d.level,
          last_upgrade_date: d.upgradeDate,
          next_upgrade_date: d.nextUpgradeDate,
          schedule_upgrades: [...row.schedule_upgrades, scheduleUpgradeOf(row.installments, d)],
          current_rate_bps: d.newRateBps,
          total_payment_paise: d.newTotalPaymentPaise,
          monthly_payment_paise: d.newMonthlyPaymentPaise,
          installments: fillInstallments(d.installments, d.ledger.totalPaidPaise),
        },
        d.ledger,
      );
    }
    case 'LoanClosed': {
      if (!row) return row;
      const d = event.data;
      // Closed means settled: nothing is outstanding, whatever the last snapshot's date.
      return refilled(
        withStatus(
          step({
            ...row,
            closed_on: d.closedOn,
            close_reason: d.reason,
            principal_outstanding_paise: 0,
            interest_outstanding_paise: 0,
          }),
          'closed',
        ),
      );
    }
    case 'LoanReopened':
      return row && refilled(withStatus(step({ ...row, closed_on: null, close_reason: null }), 'active'));
    case 'LoanRenewed': {
      if (!row) return row;
      const d = event.data;
      return refilled(
        withStatus(
          step({
            ...row,
            closed_on: row.closed_on ?? d.renewedOn,
            renewed_to: { loanStreamId: d.newLoanStreamId, loanId: d.newLoanId, renewedOn: d.renewedOn },
          }),
          'renewed',
        ),
      );
    }
    case 'LoanDeleted':
      return row && withStatus(step({ ...row, deleted_at: at }), 'deleted');
    case 'DelinquencyClassChanged': {
      if (!row) return row;
      const d = event.data;
      return step({
        ...row,
        delinquency_class: d.to,
        days_past_due: d.daysPastDue,
        delinquency_as_of: d.asOf,
        oldest_unpaid_due_date: d.oldestUnpaidDueDate,
        arrears_paise: d.arrearsPaise,
        delinquency_reason: d.reason,
        npa_loan_id: d.npaLoanId,
      });
    }
    case 'Auctioned': {
      if (!row) return row;
      const d = event.data;
      // The surplus is paid out through the refund (RefundPaid); the shortfall stays owed.
      return step({
        ...row,
        refund_due_paise: row.refund_due_paise + d.surplusPaise,
        auction_surplus_paise: d.surplusPaise,
        auction_surplus_due_by: d.surplusRefundDueBy ?? null,
        auction_shortfall_paise: d.shortfallPaise,
      });
    }
    // Loan events the loan book does not show: the version and the update time still move.
    case 'InstallmentFellDue':
    case 'InstallmentOverdue':
    case 'MarkedReadyForAuction':
    case 'AuctionScheduled':
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
    case 'GoldItemsAdded':
    case 'CustomerToldGoldReady': // the release record follows these (evolveReleaseRecord, above)
    case 'ReleaseCompensationAccrued':
    case 'ReleaseCompensationPaid':
    case 'GoldUnclaimed':
    case 'UnclaimedGoldNoticeSent':
      return row && step(row);
    case 'CustomerRegistered':
    case 'CustomerVerified':
    case 'CustomerAccountLinked':
    case 'CustomerVerificationCleared':
      return row;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
