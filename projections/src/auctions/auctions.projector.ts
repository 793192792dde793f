import { sql, type Kysely } from 'kysely';
import { addMonths, DEFAULT_BRANCH_ID, type LedgerSnapshot } from '@goldledger/contracts';
import { evolveRows } from '../runtime/evolve-rows.js';
import { eventReader, type LoanOrCustomerEvent } from '../runtime/known-events.js';
import type { Projection } from '../runtime/projection.js';
import {
  AUCTION_COLUMNS,
  type AuctionHistoryRow,
  type AuctionRow,
  type AuctionsTables,
} from './auctions.tables.js';
import {
  customerContactColumns,
  customerStreamKey,
  loanUuidOf,
  perLoanFollowingCustomer,
  totalNetMg,
} from '../shared/per-loan.js';

const withLedger = (row: AuctionRow, l: LedgerSnapshot): AuctionRow => ({
  ...row,
  principal_outstanding_paise: l.principalOutstandingPaise,
  interest_outstanding_paise: l.interestOutstandingPaise,
  ledger_as_of: l.asOf,
});

const offTheList = {
  auction_status: 'not_ready',
  ready_on: null,
  outstanding_at_ready_paise: null,
  auction_date: null,
  reserve_price_paise: null,
  gold_value_at_schedule_paise: null,
  failed_auctions: 0,
  earliest_auction_date: null,
} as const;

/** Pure: the row after one event of the loan's stream or of its customer's stream. */
export function evolveAuctionRow(
  row: AuctionRow | undefined,
  event: LoanOrCustomerEvent,
): AuctionRow | undefined {
  if (event.streamType === 'loan' && row && event.streamPosition <= row.version) return row;
  const step = (r: AuctionRow): AuctionRow => ({
    ...r,
    version: event.streamPosition,
    updated_at: event.occurredAt,
  });
  const entry = (
    status: AuctionHistoryRow['status'],
    notes: string | null,
    fallbackBy: string | null = null,
    reason: string | null = null,
  ): AuctionHistoryRow => ({
    status,
    at: event.occurredAt,
    by: event.metadata.actor?.name ?? fallbackBy,
    notes,
    reason,
  });

  switch (event.type) {
    case 'LoanCreated': {
      const d = event.data;
      return {
        loan_uuid: loanUuidOf(event.streamId),
        loan_id: d.loanId,
        version: event.streamPosition,
        branch_id: d.branchId ?? DEFAULT_BRANCH_ID,
        customer_stream_id: customerStreamKey(d.customer.customerStreamId),
        ...customerContactColumns(d.customer),
        gold_items: d.goldItems,
        total_net_mg: totalNetMg(d.goldItems),
        loan_status: 'active',
        disbursement_date: d.disbursementDate,
        term_months: d.termMonths,
        original_rate_bps: d.annualRateBps,
        policy_version: d.policyVersion ?? 1,
        maturity_date: addMonths(d.disbursementDate, d.termMonths),
        overdue_installments: 0,
        principal_outstanding_paise: d.principalPaise,
        interest_outstanding_paise: 0,
        ledger_as_of: d.disbursementDate,
        ...offTheList,
        sale_paise: null,
        surplus_paise: null,
        shortfall_paise: null,
        outstanding_at_sale_paise: null,
        surplus_refund_due_by: null,
        surplus_refunded: false,
        notes: null,
        history: [],
        updated_at: event.occurredAt,
      };
    }
    case 'CustomerUpdated':
      return row && { ...row, ...customerContactColumns(event.data), updated_at: event.occurredAt };
    case 'PaymentRecorded':
    case 'PaymentApproved':
    case 'PaymentReversed':
    case 'RateUpgraded':
      return row && step(withLedger(row, event.data.ledger));
    case 'LoanDetailsEdited': {
      if (!row) return row;
      const d = event.data;
      return d.goldItems
        ? step({ ...row, gold_items: d.goldItems, total_net_mg: totalNetMg(d.goldItems) })
        : step(row);
    }
    case 'InstallmentOverdue':
      return row && step({ ...row, overdue_installments: row.overdue_installments + 1 });
    case 'LoanClosed':
      return (
        row &&
        step({ ...row, loan_status: 'closed', principal_outstanding_paise: 0, interest_outstanding_paise: 0 })
      );
    case 'LoanReopened':
      return row && step({ ...row, loan_status: 'active' });
    case 'LoanRenewed':
      return row && step({ ...row, loan_status: 'renewed' });
    case 'LoanDeleted':
      return row && step({ ...row, loan_status: 'deleted' });
    case 'MarkedReadyForAuction': {
      if (!row) return row;
      const d = event.data;
      return step({
        ...row,
        auction_status: 'ready_for_auction',
        ready_on: d.readyOn,
        outstanding_at_ready_paise: d.outstandingPaise,
        notes: d.notes,
        history: [
          ...row.history,
          entry('ready_for_auction', d.notes, d.by === 'scheduler' ? 'Scheduler' : null),
        ],
      });
    }
    case 'AuctionScheduled': {
      if (!row) return row;
      const d = event.data;
      return step({
        ...row,
        auction_status: 'auction_scheduled',
        auction_date: d.auctionDate,
        reserve_price_paise: d.reservePricePaise,
        gold_value_at_schedule_paise: d.goldValuePaise,
        notes: d.notes ?? row.notes,
        history: [...row.history, entry('auction_scheduled', d.notes)],
      });
    }
    case 'Auctioned': {
      if (!row) return row;
      const d = event.data;
      return step({
        ...row,
        auction_status: 'auctioned',
        auction_date: d.auctionDate,
        reserve_price_paise: d.reservePricePaise,
        sale_paise: d.salePaise,
        surplus_paise: d.surplusPaise,
        shortfall_paise: d.shortfallPaise,
        outstanding_at_sale_paise: d.outstandingPaise,
        surplus_refund_due_by: d.surplusRefundDueBy ?? null,
        surplus_refunded: d.surplusPaise === 0,
        notes: d.notes ?? row.notes,
        history: [...row.history, entry('auctioned', d.notes)],
      });
    }
    case 'AuctionCancelled': {
      if (!row) return row;
      const d = event.data;
      return step({
        ...row,
        ...offTheList,
        notes: d.notes,
        history: [...row.history, entry('cancelled', d.notes, null, d.reason)],
      });
    }
    case 'AuctionNoticeSent':
      return row && step({ ...row, earliest_auction_date: event.data.auctionNotBefore });
    case 'AuctionFailed': {
      if (!row) return row;
      const d = event.data;
      return step({
        ...row,
        auction_status: 'ready_for_auction',
        auction_date: null,
        reserve_price_paise: null,
        gold_value_at_schedule_paise: null,
        failed_auctions: d.failedCount,
        notes: d.notes ?? row.notes,
        history: [...row.history, entry('failed', d.notes, null, d.reason)],
      });
    }
    case 'RefundPaid':
      // A surplus is paid back through the refund: paid when nothing more is owed back.
      return (
        row &&
        step(row.surplus_refund_due_by ? { ...row, surplus_refunded: event.data.remainingPaise === 0 } : row)
      );
    // Loan events the auction screen does not show: the version and the update time still move.
    case 'AuctionPublicNoticeRecorded':
    case 'AuctionBidderRegistered':
    case 'AuctionCostRecorded':
    case 'InstallmentFellDue':
    case 'GoldReturnScheduled':
    case 'GoldReturned':
    case 'GoldReturnReminderSent':
    case 'PaymentsReallocated':
    case 'RefundDue':
    case 'PaymentReminderSent':
    case 'MarginCallRaised':
    case 'MarginCallCured':
    case 'MarginCallEscalated':
    case 'DelinquencyClassChanged':
    case 'GoldItemsAdded':
    case 'CustomerToldGoldReady':
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

export * from './auctions.tables.js';

const readEvents = eventReader('loan', 'customer');

const AUCTION_ROWS = perLoanFollowingCustomer<AuctionRow>('auction_loans', AUCTION_COLUMNS, evolveAuctionRow);

export const auctionsProjection: Projection<AuctionsTables> = {
  name: 'auctions',
  // 2: the loan's branch (issue 16). 3: the loan's lending policy version (issue 17).
  // 4: failed auctions, the notice's earliest auction date, the surplus refund (issue 18).
  version: 4,
  schema: 'rm_auctions',

  async createTables(db: Kysely<any>, schema: string) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('auction_loans')
      .addColumn('loan_uuid', 'uuid', (c) => c.primaryKey())
      .addColumn('loan_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('branch_id', 'uuid', (c) => c.notNull())
      .addColumn('customer_stream_id', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('customer_mobile', 'text', (c) => c.notNull())
      .addColumn('gold_items', 'jsonb', (c) => c.notNull())
      .addColumn('total_net_mg', 'bigint', (c) => c.notNull())
      .addColumn('loan_status', 'text', (c) => c.notNull())
      .addColumn('disbursement_date', 'date', (c) => c.notNull())
      .addColumn('term_months', 'integer', (c) => c.notNull())
      .addColumn('original_rate_bps', 'integer', (c) => c.notNull())
      .addColumn('policy_version', 'integer', (c) => c.notNull())
      .addColumn('maturity_date', 'date', (c) => c.notNull())
      .addColumn('overdue_installments', 'integer', (c) => c.notNull())
      .addColumn('principal_outstanding_paise', 'bigint', (c) => c.notNull())
      .addColumn('interest_outstanding_paise', 'bigint', (c) => c.notNull())
      .addColumn('ledger_as_of', 'date', (c) => c.notNull())
      .addColumn('auction_status', 'text', (c) => c.notNull())
      .addColumn('ready_on', 'date')
      .addColumn('outstanding_at_ready_paise', 'bigint')
      .addColumn('auction_date', 'date')
      .addColumn('reserve_price_paise', 'bigint')
      .addColumn('gold_value_at_schedule_paise', 'bigint')
      .addColumn('sale_paise', 'bigint')
      .addColumn('surplus_paise', 'bigint')
      .addColumn('shortfall_paise', 'bigint')
      .addColumn('outstanding_at_sale_paise', 'bigint')
      .addColumn('failed_auctions', 'integer', (c) => c.notNull())
      .addColumn('earliest_auction_date', 'date')
      .addColumn('surplus_refund_due_by', 'date')
      .addColumn('surplus_refunded', 'boolean', (c) => c.notNull())
      .addColumn('notes', 'text')
      .addColumn('history', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // On the auction track: few rows, read by status.
    await s
      .createIndex('auction_loans_track_idx')
      .on('auction_loans')
      .columns(['auction_status', 'ready_on', 'loan_uuid'])
      .where(sql.ref('auction_status'), '<>', 'not_ready')
      .execute();
    // Open loans in default, not yet listed: past maturity or with an overdue installment.
    await s
      .createIndex('auction_loans_default_idx')
      .on('auction_loans')
      .columns(['maturity_date', 'loan_uuid'])
      .where(sql<boolean>`loan_status = 'active' and auction_status = 'not_ready'`)
      .execute();
    await s.createIndex('auction_loans_loan_id_idx').on('auction_loans').column('loan_id').execute();
    await s
      .createIndex('auction_loans_customer_idx')
      .on('auction_loans')
      .column('customer_stream_id')
      .execute();
  },

  async apply({ db }, events) {
    await evolveRows(db, AUCTION_ROWS, readEvents(events));
  },
};
