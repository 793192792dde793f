import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_BRANCH_ID,
  emptyReleaseRecord,
  evolveReleaseRecord,
  type GoldItemRecord,
  type ReleaseRecord,
} from '@goldledger/contracts';
import { evolveRows } from '../runtime/evolve-rows.js';
import { eventReader, type LoanOrCustomerEvent } from '../runtime/known-events.js';
import type { Projection } from '../runtime/projection.js';
import { rowFromDb, type RowColumnKinds } from '../runtime/row-columns.js';
import {
  customerContactColumns,
  customerStreamKey,
  loanUuidOf,
  perLoanFollowingCustomer,
  totalNetMg,
} from '../shared/per-loan.js';

/**
 * Gold to hand back once a loan is repaid: scheduled, then returned, within 7 working
 * days of closure, with reminders on the way. A row per loan from its creation, because the customer and the items come with LoanCreated; `status` is null
 * until a repayment closes the loan, and null again when the loan is reopened, renewed
 * (the gold secures the new loan) or deleted. The list is the rows with a status.
 * Overdue, days since closure, the release due-by date and live days late depend on
 * today and the holiday calendar, so the query computes them.
 */
export interface GoldReturnRow {
  loan_uuid: string;
  loan_id: string;
  /** Stream position of the last loan event applied (replays at or below it change nothing). */
  version: number;
  /** The loan's branch (the default branch for loans made before branches). */
  branch_id: string;
  customer_stream_id: string;
  customer_id: string;
  customer_name: string;
  customer_mobile: string;
  customer_email: string | null;
  gold_items: GoldItemRecord[];
  /** Σ net weight. */
  total_net_mg: number;
  /** The lending policy version the loan was sanctioned under (its release promise). */
  policy_version: number;
  status: 'pending' | 'scheduled' | 'returned' | null;
  closed_on: string | null;
  /** The booked hand-over, ISO. */
  scheduled_at: string | null;
  returned_on: string | null;
  notes: string | null;
  /** Working days past the promise, as the return recorded it. */
  days_late: number | null;
  reminders: Array<{ type: string; sentTo: string[]; sentDate: string }>;
  /** Release on time (issue 18): compensation accrued and paid, the customer told, notices (`release.ts`). */
  release: ReleaseRecord;
  /** Set once the gold became unclaimed (the list's filter); a return afterwards still shows returned. */
  unclaimed_on: string | null;
  /** Lower-case name, mobile, email and loan number for the search box. */
  search_text: string;
  updated_at: string;
}

export interface GoldReturnsTables {
  gold_returns: GoldReturnRow;
}

export const GOLD_RETURN_COLUMNS: RowColumnKinds<GoldReturnRow> = {
  json: ['gold_items', 'reminders', 'release'],
  bigint: ['total_net_mg'],
  date: ['closed_on', 'returned_on', 'unclaimed_on'],
  timestamp: ['scheduled_at', 'updated_at'],
};

export const goldReturnRowFromDb = (raw: object): GoldReturnRow =>
  rowFromDb<GoldReturnRow>(GOLD_RETURN_COLUMNS, raw);

const searchTextOf = (
  r: Pick<GoldReturnRow, 'customer_name' | 'customer_mobile' | 'customer_email' | 'loan_id'>,
) =>
  [r.customer_name, r.customer_mobile, r.customer_email, r.loan_id]
    .filter((s): s is string => !!s)
    .join('\n')
    .toLowerCase();

/** No gold to return: the row leaves the list. */
const cleared = (row: GoldReturnRow): GoldReturnRow => ({
  ...row,
  status: null,
  closed_on: null,
  scheduled_at: null,
  returned_on: null,
  notes: null,
  days_late: null,
  reminders: [],
  unclaimed_on: null,
});

/** The release record after a loan event, and the unclaimed date it gives. */
const withRelease = (row: GoldReturnRow, event: { type: string; data: unknown }): GoldReturnRow => {
  const release = evolveReleaseRecord(row.release, event);
  return { ...row, release, unclaimed_on: release.unclaimedOn };
};

const withSearchText = (row: GoldReturnRow): GoldReturnRow => ({ ...row, search_text: searchTextOf(row) });

/** Pure: the row after one event of the loan's stream or of its customer's stream. */
export function evolveGoldReturnRow(
  row: GoldReturnRow | undefined,
  event: LoanOrCustomerEvent,
): GoldReturnRow | undefined {
  if (event.streamType === 'loan' && row && event.streamPosition <= row.version) return row;
  const step = (r: GoldReturnRow): GoldReturnRow => ({
    ...r,
    version: event.streamPosition,
    updated_at: event.occurredAt,
  });

  switch (event.type) {
    case 'LoanCreated': {
      const d = event.data;
      // A top-up's gold is its parent's and goes back with it: no row of its own.
      if (d.topUpOf) return row;
      return withSearchText({
        loan_uuid: loanUuidOf(event.streamId),
        loan_id: d.loanId,
        version: event.streamPosition,
        branch_id: d.branchId ?? DEFAULT_BRANCH_ID,
        customer_stream_id: customerStreamKey(d.customer.customerStreamId),
        customer_id: d.customer.customerId,
        ...customerContactColumns(d.customer),
        customer_email: d.customer.email,
        gold_items: d.goldItems,
        total_net_mg: totalNetMg(d.goldItems),
        policy_version: d.policyVersion ?? 1,
        status: null,
        closed_on: null,
        scheduled_at: null,
        returned_on: null,
        notes: null,
        days_late: null,
        reminders: [],
        release: emptyReleaseRecord(),
        unclaimed_on: null,
        search_text: '',
        updated_at: event.occurredAt,
      });
    }
    case 'CustomerUpdated': {
      const d = event.data;
      return (
        row &&
        withSearchText({
          ...row,
          ...customerContactColumns(d),
          customer_email: d.email,
          updated_at: event.occurredAt,
        })
      );
    }
    case 'LoanDetailsEdited': {
      if (!row) return row;
      const d = event.data;
      return d.goldItems
        ? step({ ...row, gold_items: d.goldItems, total_net_mg: totalNetMg(d.goldItems) })
        : step(row);
    }
    case 'LoanClosed': {
      if (!row) return row;
      // An auction sold the gold: nothing goes back.
      if (event.data.reason !== 'repaid') return step(withRelease(cleared(row), event));
      return step({ ...withRelease(cleared(row), event), status: 'pending', closed_on: event.data.closedOn });
    }
    case 'LoanReopened':
    case 'LoanRenewed':
    case 'LoanDeleted':
      return row && step(withRelease(cleared(row), event));
    case 'CustomerToldGoldReady':
    case 'ReleaseCompensationAccrued':
    case 'ReleaseCompensationPaid':
    case 'GoldUnclaimed':
    case 'UnclaimedGoldNoticeSent':
      return row && step(withRelease(row, event));
    case 'GoldReturnScheduled': {
      if (!row) return row;
      const d = event.data;
      return step({
        ...withRelease(row, event),
        status: 'scheduled',
        scheduled_at: new Date(d.scheduledAt).toISOString(),
        notes: d.notes ?? row.notes,
      });
    }
    case 'GoldReturned': {
      if (!row) return row;
      const d = event.data;
      return step({
        ...row,
        status: 'returned',
        returned_on: d.returnedOn,
        days_late: d.daysLate,
        notes: d.notes ?? row.notes,
      });
    }
    case 'GoldReturnReminderSent': {
      if (!row) return row;
      const d = event.data;
      return step({
        ...row,
        reminders: [...row.reminders, { type: d.reminderType, sentTo: d.sentTo, sentDate: d.sentOn }],
      });
    }
    // Loan events that leave the gold as it was: the version and the update time still move.
    case 'PaymentRecorded':
    case 'PaymentApproved':
    case 'PaymentReversed':
    case 'RateUpgraded':
    case 'InstallmentFellDue':
    case 'InstallmentOverdue':
    case 'MarkedReadyForAuction':
    case 'AuctionScheduled':
    case 'Auctioned':
    case 'AuctionCancelled':
    case 'PaymentsReallocated':
    case 'RefundDue':
    case 'RefundPaid':
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

const GOLD_RETURN_ROWS = perLoanFollowingCustomer<GoldReturnRow>(
  'gold_returns',
  GOLD_RETURN_COLUMNS,
  evolveGoldReturnRow,
);

export const goldReturnsProjection: Projection<GoldReturnsTables> = {
  name: 'gold-returns',
  // 2: the loan's branch (issue 16). 3: the loan's lending policy version (issue 17). 4: a top-up has no row of its own (issue 17).
  // 5: release compensation, the customer told, unclaimed gold (issue 18).
  version: 5,
  schema: 'rm_gold_returns',

  async createTables(db: Kysely<any>, schema: string) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('gold_returns')
      .addColumn('loan_uuid', 'uuid', (c) => c.primaryKey())
      .addColumn('loan_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('branch_id', 'uuid', (c) => c.notNull())
      .addColumn('customer_stream_id', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('customer_mobile', 'text', (c) => c.notNull())
      .addColumn('customer_email', 'text')
      .addColumn('gold_items', 'jsonb', (c) => c.notNull())
      .addColumn('total_net_mg', 'bigint', (c) => c.notNull())
      .addColumn('policy_version', 'integer', (c) => c.notNull())
      .addColumn('status', 'text')
      .addColumn('closed_on', 'date')
      .addColumn('scheduled_at', 'timestamptz')
      .addColumn('returned_on', 'date')
      .addColumn('notes', 'text')
      .addColumn('days_late', 'integer')
      .addColumn('reminders', 'jsonb', (c) => c.notNull())
      .addColumn('release', 'jsonb', (c) => c.notNull())
      .addColumn('unclaimed_on', 'date')
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // The list, the stats and the reminder run read only loans with gold to return.
    await s
      .createIndex('gold_returns_open_idx')
      .on('gold_returns')
      .columns(['status', 'closed_on', 'loan_uuid'])
      .where(sql.ref('status'), 'is not', null)
      .execute();
    await s.createIndex('gold_returns_loan_id_idx').on('gold_returns').column('loan_id').execute();
    await s
      .createIndex('gold_returns_customer_idx')
      .on('gold_returns')
      .column('customer_stream_id')
      .execute();
  },

  async apply({ db }, events) {
    await evolveRows(db, GOLD_RETURN_ROWS, readEvents(events));
  },
};
