import { sql, type Kysely } from 'kysely';
import { DEFAULT_BRANCH_ID, maskAadhar, type CustomerProfile } from '@goldledger/contracts';
import { evolveRows } from '../runtime/evolve-rows.js';
import {
  eventReader,
  ofStream,
  type CustomerStreamEvent,
  type LoanStreamEvent,
} from '../runtime/known-events.js';
import type { Projection } from '../runtime/projection.js';
import { trigramSchema } from '../runtime/trigram.js';
import { profileColumns, type ProfileColumns } from '../shared/per-loan.js';

/**
 * One row per customer, for the customers page (staff list, search and open each
 * customer with their loans) and its search: the profile columns, with the emergency
 * contact as two.
 */
export interface CustomerRow extends Omit<ProfileColumns, 'emergency_contact'> {
  customer_uuid: string;
  customer_id: string;
  /** The branch the relationship belongs to (the default branch for customers registered before branches). */
  branch_id: string;
  emergency_mobile: string;
  emergency_relation: string;
  verified: boolean;
  user_id: string | null;
  /**
   * Lower-cased name, email, customer number, mobiles and the masked Aadhar (what an
   * employee sees), one per line: what every caller's search matches. The full Aadhar
   * is matched separately, for admins only.
   */
  search_text: string;
  created_at: string;
  updated_at: string;
}

/**
 * One row per loan, keyed by its stream: maps later loan events (which do not name
 * the customer) to the customer, and holds what the customer row shows of a loan.
 * Money in paise (bigint, read back as strings), weights in milligrams.
 */
export interface CustomerLoanRow {
  loan_stream_id: string;
  customer_uuid: string;
  loan_id: string;
  /** active, closed, renewed or deleted. */
  status: string;
  principal_paise: string;
  annual_rate_bps: number;
  term_months: number;
  /** emi, bullet or monthly_interest (emi for loans made before issue 17). */
  repayment_type: string;
  monthly_payment_paise: string;
  total_payment_paise: string;
  /** YYYY-MM-DD, kept as text: a business date, never an instant. */
  disbursement_date: string;
  deposited_bank: string | null;
  renewal_date: string | null;
  /** JSON of GoldItemRecord[] (text, so rows round-trip through evolveRows unchanged). */
  gold_items: string;
  /** The LoanCreated event's global position: the tie-break for "latest". */
  created_position: string;
  created_at: string;
}

export interface CustomersTables {
  customers: CustomerRow;
  customer_loans: CustomerLoanRow;
}

const customerUuidOf = (streamId: string) => streamId.replace(/^customer-/, '');

const readEvents = eventReader('customer', 'loan');

export function customerSearchTextOf(
  p: Pick<
    CustomerRow,
    'name' | 'email' | 'customer_id' | 'primary_mobile' | 'secondary_mobile' | 'aadhar_number'
  >,
): string {
  return [p.name, p.email, p.customer_id, p.primary_mobile, p.secondary_mobile, maskAadhar(p.aadhar_number)]
    .filter((v): v is string => !!v)
    .join('\n')
    .toLowerCase();
}

function withProfile(row: Omit<CustomerRow, 'search_text'>, p: CustomerProfile): CustomerRow {
  // This table keeps the emergency contact as two columns.
  const { emergency_contact: emergency, ...profile } = profileColumns(p);
  const next = {
    ...row,
    ...profile,
    emergency_mobile: emergency.mobile,
    emergency_relation: emergency.relation,
  };
  return { ...next, search_text: customerSearchTextOf(next) };
}

/** Pure: the customer row after one event of a `customer` stream. */
export function evolveCustomerRow(
  row: CustomerRow | undefined,
  event: CustomerStreamEvent,
): CustomerRow | undefined {
  const at = event.occurredAt;
  switch (event.type) {
    case 'CustomerRegistered': {
      const { customerId, branchId, ...profile } = event.data;
      return withProfile(
        {
          customer_uuid: customerUuidOf(event.streamId),
          customer_id: customerId,
          branch_id: branchId ?? DEFAULT_BRANCH_ID,
          name: '',
          email: null,
          aadhar_number: '',
          primary_mobile: '',
          secondary_mobile: null,
          emergency_mobile: '',
          emergency_relation: '',
          present_address: '',
          permanent_address: '',
          verified: false,
          user_id: null,
          created_at: at,
          updated_at: at,
        },
        profile,
      );
    }
    case 'CustomerVerified':
      return row && { ...row, verified: true, updated_at: at };
    case 'CustomerUpdated':
      return row && withProfile({ ...row, updated_at: at }, event.data);
    case 'CustomerAccountLinked':
      return row && { ...row, user_id: event.data.userId, updated_at: at };
    case 'CustomerVerificationCleared':
      return row && { ...row, verified: false, updated_at: at };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** Pure: the loan row after one event of a `loan` stream. */
export function evolveCustomerLoanRow(
  row: CustomerLoanRow | undefined,
  event: LoanStreamEvent,
): CustomerLoanRow | undefined {
  switch (event.type) {
    case 'LoanCreated': {
      const d = event.data;
      return {
        loan_stream_id: event.streamId,
        customer_uuid: customerUuidOf(d.customer.customerStreamId),
        loan_id: d.loanId,
        status: 'active',
        principal_paise: String(d.principalPaise),
        annual_rate_bps: d.annualRateBps,
        term_months: d.termMonths,
        repayment_type: d.repaymentType ?? 'emi',
        monthly_payment_paise: String(d.monthlyPaymentPaise),
        total_payment_paise: String(d.totalPaymentPaise),
        disbursement_date: d.disbursementDate,
        deposited_bank: null,
        renewal_date: null,
        gold_items: JSON.stringify(d.goldItems),
        created_position: event.position.globalPosition,
        created_at: event.occurredAt,
      };
    }
    case 'LoanDetailsEdited': {
      const d = event.data;
      return (
        row && {
          ...row,
          gold_items: d.goldItems ? JSON.stringify(d.goldItems) : row.gold_items,
          deposited_bank: d.depositedBank !== undefined ? d.depositedBank : row.deposited_bank,
          renewal_date: d.renewalDate !== undefined ? d.renewalDate : row.renewal_date,
        }
      );
    }
    case 'RateUpgraded': {
      const d = event.data;
      return (
        row && {
          ...row,
          annual_rate_bps: d.newRateBps,
          monthly_payment_paise: String(d.newMonthlyPaymentPaise),
          total_payment_paise: String(d.newTotalPaymentPaise),
        }
      );
    }
    case 'LoanClosed':
      return row && { ...row, status: 'closed' };
    case 'LoanReopened':
      return row && { ...row, status: 'active' };
    case 'LoanRenewed':
      return row && { ...row, status: 'renewed' };
    case 'LoanDeleted':
      return row && { ...row, status: 'deleted' };
    case 'PaymentRecorded':
    case 'PaymentApproved':
    case 'PaymentReversed':
    case 'InstallmentFellDue':
    case 'InstallmentOverdue':
    case 'MarkedReadyForAuction':
    case 'AuctionScheduled':
    case 'Auctioned':
    case 'AuctionCancelled':
    case 'GoldReturnScheduled':
    case 'GoldReturned':
    case 'GoldReturnReminderSent':
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

export const customersProjection: Projection<CustomersTables> = {
  name: 'customers',
  // 2: the customer's branch (issue 16).
  // 3: the loans' repayment structure (issue 17).
  version: 3,
  schema: 'rm_customers',

  async createTables(db: Kysely<any>, schema: string) {
    await db.schema
      .withSchema(schema)
      .createTable('customers')
      .addColumn('customer_uuid', 'uuid', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().unique())
      .addColumn('branch_id', 'uuid', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('aadhar_number', 'text', (c) => c.notNull())
      .addColumn('primary_mobile', 'text', (c) => c.notNull())
      .addColumn('secondary_mobile', 'text')
      .addColumn('emergency_mobile', 'text', (c) => c.notNull())
      .addColumn('emergency_relation', 'text', (c) => c.notNull())
      .addColumn('present_address', 'text', (c) => c.notNull())
      .addColumn('permanent_address', 'text', (c) => c.notNull())
      .addColumn('verified', 'boolean', (c) => c.notNull())
      .addColumn('user_id', 'uuid')
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // Newest first is the page's order.
    await db.schema
      .withSchema(schema)
      .createIndex('customers_created_idx')
      .on('customers')
      .columns(['created_at desc', 'customer_id desc'])
      .execute();
    // An employee's page: their branches' customers, newest first.
    await db.schema
      .withSchema(schema)
      .createIndex('customers_branch_created_idx')
      .on('customers')
      .columns(['branch_id', 'created_at desc', 'customer_id desc'])
      .execute();
    // An employee's search matches a full Aadhar only exactly.
    await db.schema
      .withSchema(schema)
      .createIndex('customers_aadhar_idx')
      .on('customers')
      .column('aadhar_number')
      .execute();

    await db.schema
      .withSchema(schema)
      .createTable('customer_loans')
      .addColumn('loan_stream_id', 'text', (c) => c.primaryKey())
      .addColumn('customer_uuid', 'uuid', (c) => c.notNull())
      .addColumn('loan_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('principal_paise', 'bigint', (c) => c.notNull())
      .addColumn('annual_rate_bps', 'integer', (c) => c.notNull())
      .addColumn('term_months', 'integer', (c) => c.notNull())
      .addColumn('repayment_type', 'text', (c) => c.notNull())
      .addColumn('monthly_payment_paise', 'bigint', (c) => c.notNull())
      .addColumn('total_payment_paise', 'bigint', (c) => c.notNull())
      .addColumn('disbursement_date', 'text', (c) => c.notNull())
      .addColumn('deposited_bank', 'text')
      .addColumn('renewal_date', 'text')
      .addColumn('gold_items', 'text', (c) => c.notNull())
      .addColumn('created_position', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .withSchema(schema)
      .createIndex('customer_loans_customer_idx')
      .on('customer_loans')
      .columns(['customer_uuid', 'disbursement_date desc', 'created_position desc'])
      .execute();

    const trgm = await trigramSchema(db);
    if (trgm) {
      for (const column of ['search_text', 'aadhar_number']) {
        await sql`create index ${sql.id(`customers_${column}_trgm_idx`)}
          on ${sql.id(schema, 'customers')} using gin (${sql.id(column)} ${sql.id(trgm)}.gin_trgm_ops)`.execute(
          db,
        );
      }
    }
  },

  async apply({ db }, recorded) {
    const events = readEvents(recorded);
    await evolveRows(
      db,
      {
        table: 'customers',
        key: 'customer_uuid',
        columns: { timestamp: ['created_at', 'updated_at'] },
        keyOf: (e) => customerUuidOf(e.streamId),
        evolve: evolveCustomerRow,
      },
      ofStream(events, 'customer'),
    );
    await evolveRows(
      db,
      {
        table: 'customer_loans',
        key: 'loan_stream_id',
        columns: { timestamp: ['created_at'] },
        keyOf: (e) => e.streamId,
        evolve: evolveCustomerLoanRow,
      },
      ofStream(events, 'loan'),
    );
  },
};
