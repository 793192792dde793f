import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_BRANCH_DETAILS,
  DEFAULT_BRANCH_ID,
  type BranchDetails,
  type BranchVault,
} from '@goldledger/contracts';
import { evolveRows } from '../runtime/evolve-rows.js';
import { eventReader, ofStream, type EventOf, type LoanStreamEvent } from '../runtime/known-events.js';
import type { Projection } from '../runtime/projection.js';

/** One row per branch: the admins' list and the public /location page. */
export interface BranchRow {
  branch_id: string;
  code: string;
  name: string;
  address: string;
  state: BranchDetails['state'];
  phone: string;
  hours: string;
  vault: BranchVault;
  /** The branch stream's version (0: the default branch, not written yet). */
  version: number;
  updated_at: string | null;
}

/** One row per loan: which branch it belongs to and whether it is open, for each branch's count. */
export interface BranchLoanRow {
  loan_stream_id: string;
  branch_id: string;
  open: boolean;
}

export interface BranchesTables {
  branches: BranchRow;
  branch_loans: BranchLoanRow;
}

/** The default branch before its stream has events: every list shows it (branch.state.ts reads it the same). */
export const DEFAULT_BRANCH_ROW: BranchRow = {
  branch_id: DEFAULT_BRANCH_ID,
  ...DEFAULT_BRANCH_DETAILS,
  version: 0,
  updated_at: null,
};

type BranchStreamEvent = EventOf<'branch'>;

const readEvents = eventReader('branch', 'loan');
const branchIdOf = (streamId: string) => streamId.replace(/^branch-/, '');

/** Pure: the branch's row after one of its events. */
export function evolveBranchRow(row: BranchRow | undefined, event: BranchStreamEvent): BranchRow | undefined {
  const written = { version: event.streamPosition, updated_at: event.occurredAt };
  switch (event.type) {
    case 'BranchOpened': {
      const { branchId, ...details } = event.data;
      return { branch_id: branchId, ...details, ...written };
    }
    case 'BranchUpdated':
      return row && { ...row, ...event.data, ...written };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** Pure: a loan's branch and whether it is open, after one of its events. */
export function evolveBranchLoanRow(
  row: BranchLoanRow | undefined,
  event: LoanStreamEvent,
): BranchLoanRow | undefined {
  switch (event.type) {
    case 'LoanCreated':
      return {
        loan_stream_id: event.streamId,
        branch_id: event.data.branchId ?? DEFAULT_BRANCH_ID,
        open: true,
      };
    case 'LoanReopened':
      return row && { ...row, open: true };
    case 'LoanClosed':
    case 'LoanRenewed':
    case 'LoanDeleted':
      return row && { ...row, open: false };
    case 'PaymentRecorded':
    case 'PaymentsReallocated':
    case 'RefundDue':
    case 'RefundPaid':
    case 'PaymentApproved':
    case 'PaymentReversed':
    case 'LoanDetailsEdited':
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

const OPENING_LOAN_EVENTS = new Set([
  'LoanCreated',
  'LoanReopened',
  'LoanClosed',
  'LoanRenewed',
  'LoanDeleted',
]);

export const branchesProjection: Projection<BranchesTables> = {
  name: 'branches',
  version: 1,
  schema: 'rm_branches',

  async createTables(db: Kysely<any>, schema: string) {
    await db.schema
      .withSchema(schema)
      .createTable('branches')
      .addColumn('branch_id', 'uuid', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('hours', 'text', (c) => c.notNull())
      .addColumn('vault', 'jsonb', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz')
      .execute();
    // The default branch is listed before anything is written about it; its BranchOpened overwrites the row.
    await db
      .withSchema(schema)
      .insertInto('branches')
      .values({ ...DEFAULT_BRANCH_ROW, vault: JSON.stringify(DEFAULT_BRANCH_ROW.vault) })
      .execute();
    await db.schema
      .withSchema(schema)
      .createTable('branch_loans')
      .addColumn('loan_stream_id', 'text', (c) => c.primaryKey())
      .addColumn('branch_id', 'uuid', (c) => c.notNull())
      .addColumn('open', 'boolean', (c) => c.notNull())
      .execute();
    await sql`create index branch_loans_open_idx on ${sql.id(schema, 'branch_loans')} (branch_id) where open`.execute(
      db,
    );
  },

  async apply({ db }, events) {
    const typed = readEvents(events);
    await evolveRows(
      db,
      {
        table: 'branches',
        key: 'branch_id',
        columns: { json: ['vault'], timestamp: ['updated_at'] },
        keyOf: (e) => branchIdOf(e.streamId),
        evolve: evolveBranchRow,
      },
      ofStream(typed, 'branch'),
    );
    await evolveRows(
      db,
      {
        table: 'branch_loans',
        key: 'loan_stream_id',
        columns: {},
        keyOf: (e) => e.streamId,
        evolve: evolveBranchLoanRow,
      },
      // Only the events that open or close a loan: the rest would load rows for nothing.
      ofStream(typed, 'loan').filter((e) => OPENING_LOAN_EVENTS.has(e.type)),
    );
  },
};
