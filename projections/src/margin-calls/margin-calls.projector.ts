import { sql, type Kysely } from 'kysely';
import { DEFAULT_BRANCH_ID } from '@goldledger/contracts';
import { evolveRows } from '../runtime/evolve-rows.js';
import { eventReader, type LoanOrCustomerEvent } from '../runtime/known-events.js';
import type { Projection } from '../runtime/projection.js';
import { rowFromDb, type RowColumnKinds } from '../runtime/row-columns.js';
import {
  customerContactColumns,
  customerStreamKey,
  loanUuidOf,
  perLoanFollowingCustomer,
} from '../shared/per-loan.js';

/**
 * The staff list of margin calls (issue 17, point 7): a row per loan from its creation
 * (the loan's number, branch and customer come with LoanCreated), with a call while one
 * is open. The figures are those the call was raised with, which the customer was told;
 * an escalation updates the LTV of that day. A cure, or the loan closing, being renewed
 * or deleted, takes it off the list. Days in breach depend on today: the query counts them.
 */
export interface MarginCallRow {
  loan_uuid: string;
  loan_id: string;
  /** Stream position of the last loan event applied (replays at or below it change nothing). */
  version: number;
  branch_id: string;
  /** The lending policy version the loan was sanctioned under: its escalation days. */
  policy_version: number;
  customer_stream_id: string;
  customer_id: string;
  customer_name: string;
  customer_mobile: string;
  /** Null: no call open. */
  status: 'open' | 'escalated' | null;
  raised_on: string | null;
  escalated_on: string | null;
  /** The day of the figures below (the raise, then the escalation). */
  as_of: string | null;
  owed_paise: number | null;
  gold_value_paise: number | null;
  ltv_bps: number | null;
  cap_bps: number | null;
  /** As the call was raised: the amount to pay, or the 22K gold to add and its price. */
  shortfall_paise: number | null;
  gold_to_add_mg: number | null;
  price_per_gram_paise: number | null;
  /** The last call's end: how and when it was cured (null while none was). */
  last_cured_on: string | null;
  last_cured_by: 'payment' | 'gold_added' | 'revaluation' | null;
  updated_at: string;
}

export interface MarginCallsTables {
  margin_calls: MarginCallRow;
}

export const MARGIN_CALL_COLUMNS: RowColumnKinds<MarginCallRow> = {
  bigint: ['owed_paise', 'gold_value_paise', 'shortfall_paise'],
  date: ['raised_on', 'escalated_on', 'as_of', 'last_cured_on'],
  timestamp: ['updated_at'],
};

export const marginCallRowFromDb = (raw: object): MarginCallRow =>
  rowFromDb<MarginCallRow>(MARGIN_CALL_COLUMNS, raw);

const NO_CALL = {
  status: null,
  raised_on: null,
  escalated_on: null,
  as_of: null,
  owed_paise: null,
  gold_value_paise: null,
  ltv_bps: null,
  cap_bps: null,
  shortfall_paise: null,
  gold_to_add_mg: null,
  price_per_gram_paise: null,
} as const;

/** Pure: the row after one event of the loan's stream or of its customer's stream. */
export function evolveMarginCallRow(
  row: MarginCallRow | undefined,
  event: LoanOrCustomerEvent,
): MarginCallRow | undefined {
  if (event.streamType === 'loan' && row && event.streamPosition <= row.version) return row;
  const step = (r: MarginCallRow): MarginCallRow => ({
    ...r,
    version: event.streamPosition,
    updated_at: event.occurredAt,
  });

  switch (event.type) {
    case 'LoanCreated': {
      const d = event.data;
      return {
        loan_uuid: loanUuidOf(event.streamId),
        loan_id: d.loanId,
        version: event.streamPosition,
        branch_id: d.branchId ?? DEFAULT_BRANCH_ID,
        policy_version: d.policyVersion ?? 1,
        customer_stream_id: customerStreamKey(d.customer.customerStreamId),
        customer_id: d.customer.customerId,
        ...customerContactColumns(d.customer),
        ...NO_CALL,
        last_cured_on: null,
        last_cured_by: null,
        updated_at: event.occurredAt,
      };
    }
    case 'CustomerUpdated':
      return row && { ...row, ...customerContactColumns(event.data), updated_at: event.occurredAt };
    case 'MarginCallRaised': {
      if (!row) return row;
      const d = event.data;
      return step({
        ...row,
        status: 'open',
        raised_on: d.asOf,
        escalated_on: null,
        as_of: d.asOf,
        owed_paise: d.owedPaise,
        gold_value_paise: d.goldValuePaise,
        ltv_bps: d.ltvBps,
        cap_bps: d.capBps,
        shortfall_paise: d.shortfallPaise,
        gold_to_add_mg: d.goldToAddMg,
        price_per_gram_paise: d.pricePerGramPaise,
      });
    }
    case 'MarginCallEscalated': {
      if (!row?.status) return row && step(row);
      const d = event.data;
      return step({
        ...row,
        status: 'escalated',
        escalated_on: d.asOf,
        as_of: d.asOf,
        owed_paise: d.owedPaise,
        gold_value_paise: d.goldValuePaise,
        ltv_bps: d.ltvBps,
      });
    }
    case 'MarginCallCured':
      return (
        row && step({ ...row, ...NO_CALL, last_cured_on: event.data.asOf, last_cured_by: event.data.by })
      );
    // A loan no longer open keeps no LTV: its call lapses (as on the loan itself).
    case 'LoanClosed':
    case 'LoanRenewed':
    case 'LoanDeleted':
      return row && step({ ...row, ...NO_CALL });
    case 'PaymentRecorded':
    case 'PaymentApproved':
    case 'PaymentReversed':
    case 'PaymentsReallocated':
    case 'RefundDue':
    case 'RefundPaid':
    case 'LoanDetailsEdited':
    case 'LoanReopened':
    case 'RateUpgraded':
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

const readEvents = eventReader('loan', 'customer');

const MARGIN_CALL_ROWS = perLoanFollowingCustomer<MarginCallRow>(
  'margin_calls',
  MARGIN_CALL_COLUMNS,
  evolveMarginCallRow,
);

export const marginCallsProjection: Projection<MarginCallsTables> = {
  name: 'margin-calls',
  version: 1,
  schema: 'rm_margin_calls',

  async createTables(db: Kysely<any>, schema: string) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('margin_calls')
      .addColumn('loan_uuid', 'uuid', (c) => c.primaryKey())
      .addColumn('loan_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('branch_id', 'uuid', (c) => c.notNull())
      .addColumn('policy_version', 'integer', (c) => c.notNull())
      .addColumn('customer_stream_id', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('customer_mobile', 'text', (c) => c.notNull())
      .addColumn('status', 'text')
      .addColumn('raised_on', 'date')
      .addColumn('escalated_on', 'date')
      .addColumn('as_of', 'date')
      .addColumn('owed_paise', 'bigint')
      .addColumn('gold_value_paise', 'bigint')
      .addColumn('ltv_bps', 'integer')
      .addColumn('cap_bps', 'integer')
      .addColumn('shortfall_paise', 'bigint')
      .addColumn('gold_to_add_mg', 'integer')
      .addColumn('price_per_gram_paise', 'integer')
      .addColumn('last_cured_on', 'date')
      .addColumn('last_cured_by', 'text')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // The list reads only loans with a call open, oldest call first.
    await s
      .createIndex('margin_calls_open_idx')
      .on('margin_calls')
      .columns(['raised_on', 'loan_uuid'])
      .where(sql.ref('status'), 'is not', null)
      .execute();
    await s
      .createIndex('margin_calls_customer_idx')
      .on('margin_calls')
      .column('customer_stream_id')
      .execute();
  },

  async apply({ db }, events) {
    await evolveRows(db, MARGIN_CALL_ROWS, readEvents(events));
  },
};
