import { sql, type Kysely, type QueryCreator } from 'kysely';
import { evolveRows, type EvolveRowsSpec } from '../runtime/evolve-rows.js';
import { eventReader, ofStream, type LoanStreamEvent } from '../runtime/known-events.js';
import type { Projection } from '../runtime/projection.js';
import { trigramSchema } from '../runtime/trigram.js';
import { loanUuidOf, perLoanFollowingCustomer } from '../shared/per-loan.js';
import { writeDerivedTables } from './loan-book.derived.js';
import { createReportTables, writeReportTables, type LoanReportTables } from './loan-reports.js';
import { evolvePaymentRow, paymentIdOf } from './loan-payment.evolve.js';
import { evolveLoanRow } from './loan-row.evolve.js';
import {
  LOAN_COLUMNS,
  PAYMENT_COLUMNS,
  type LoanPaymentRow,
  type LoanRow,
  type LoansTables,
} from './loans.tables.js';

/**
 * The loan book: the loan rows (following their customer's edits), the tables made
 * from them, and a row per payment. Each batch is read as the contracts say once.
 */
const readEvents = eventReader('loan', 'customer');

const LOAN_ROWS = perLoanFollowingCustomer<LoanRow>('loans', LOAN_COLUMNS, evolveLoanRow);

const PAYMENT_ROWS: EvolveRowsSpec<LoanPaymentRow, LoanStreamEvent> = {
  table: 'loan_payments',
  key: 'payment_id',
  columns: PAYMENT_COLUMNS,
  keyOf: paymentIdOf,
  // A re-split in date order reaches every payment of its loan.
  fanOut: {
    column: 'loan_uuid',
    valueOf: (e) => (e.type === 'PaymentsReallocated' ? loanUuidOf(e.streamId) : undefined),
  },
  evolve: evolvePaymentRow,
};

export const loansProjection: Projection<LoansTables> = {
  name: 'loans',
  // 2: refunds owed (issue 15), payments' excess and their re-split in date order.
  // 3: the loan's branch on the loan, search and installment rows; totals per branch (issue 16).
  // 4: the loan's repayment structure (issue 17).
  // 5: the release record: compensation for a late release of the gold (issue 18).
  // 6: the loan's delinquency class, days past due and arrears (issue 18).
  // 7: an auction's surplus (owed back, with its due date) and shortfall (still owed) (issue 18).
  // 8: the reports' aggregates by branch and month (issue 19, point 9).
  // 9: where each upgrade's schedule starts, for "installment 2 of 3 after the upgrade" (issue 19).
  // 10: what accruing a loan to today needs: its policy version and its payments (issue 19).
  // 11: payments' human receipt numbers and the index of the pending online payments (issue 19).
  version: 11,
  schema: 'rm_loans',

  async createTables(db: Kysely<any>, schema: string) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('loans')
      .addColumn('loan_uuid', 'uuid', (c) => c.primaryKey())
      .addColumn('loan_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('branch_id', 'uuid', (c) => c.notNull())
      .addColumn('customer_stream_id', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('aadhar_number', 'text', (c) => c.notNull())
      .addColumn('primary_mobile', 'text', (c) => c.notNull())
      .addColumn('secondary_mobile', 'text')
      .addColumn('emergency_contact', 'jsonb', (c) => c.notNull())
      .addColumn('present_address', 'text', (c) => c.notNull())
      .addColumn('permanent_address', 'text', (c) => c.notNull())
      .addColumn('gold_items', 'jsonb', (c) => c.notNull())
      .addColumn('fine_gold_mg', 'bigint', (c) => c.notNull())
      .addColumn('principal_paise', 'bigint', (c) => c.notNull())
      .addColumn('original_rate_bps', 'integer', (c) => c.notNull())
      .addColumn('current_rate_bps', 'integer', (c) => c.notNull())
      .addColumn('term_months', 'integer', (c) => c.notNull())
      .addColumn('disbursement_date', 'date', (c) => c.notNull())
      .addColumn('maturity_date', 'date', (c) => c.notNull())
      .addColumn('repayment_type', 'text', (c) => c.notNull())
      .addColumn('monthly_payment_paise', 'bigint', (c) => c.notNull())
      .addColumn('total_payment_paise', 'bigint', (c) => c.notNull())
      .addColumn('total_paid_paise', 'bigint', (c) => c.notNull())
      .addColumn('principal_outstanding_paise', 'bigint', (c) => c.notNull())
      .addColumn('interest_outstanding_paise', 'bigint', (c) => c.notNull())
      .addColumn('ledger_as_of', 'date', (c) => c.notNull())
      .addColumn('policy_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('book_payments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('list_status', 'text', (c) => c.notNull())
      .addColumn('upgrade_level', 'integer', (c) => c.notNull())
      .addColumn('last_upgrade_date', 'date')
      .addColumn('next_upgrade_date', 'date')
      .addColumn('schedule_upgrades', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('created_by', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('closed_on', 'date')
      .addColumn('close_reason', 'text')
      .addColumn('deposited_bank', 'text')
      .addColumn('renewal_date', 'date')
      .addColumn('bank_mobile_number', 'text')
      .addColumn('bank_loan_amount_paise', 'bigint')
      .addColumn('installments', 'jsonb', (c) => c.notNull())
      .addColumn('payment_count', 'integer', (c) => c.notNull())
      .addColumn('pending_payment_ids', 'jsonb', (c) => c.notNull())
      .addColumn('renewal_of', 'jsonb')
      .addColumn('renewed_to', 'jsonb')
      .addColumn('deleted_at', 'timestamptz')
      .addColumn('refund_due_paise', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('refund_excess_paise', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('refunded_paise', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_refund', 'jsonb')
      .addColumn('release', 'jsonb', (c) => c.notNull())
      .addColumn('delinquency_class', 'text', (c) => c.notNull().defaultTo('standard'))
      .addColumn('days_past_due', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('delinquency_as_of', 'date')
      .addColumn('oldest_unpaid_due_date', 'date')
      .addColumn('arrears_paise', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('delinquency_reason', 'text')
      .addColumn('npa_loan_id', 'text')
      .addColumn('auction_surplus_paise', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('auction_surplus_due_by', 'date')
      .addColumn('auction_shortfall_paise', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();

    // Apply's own look-up: a customer's edit reaches every loan of theirs.
    await s.createIndex('loans_customer_stream_idx').on('loans').column('customer_stream_id').execute();

    await s
      .createTable('loan_search')
      .addColumn('loan_uuid', 'uuid', (c) => c.primaryKey())
      .addColumn('branch_id', 'uuid', (c) => c.notNull())
      .addColumn('list_status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('principal_paise', 'bigint', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('loan_id', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('aadhar_number', 'text', (c) => c.notNull())
      .execute();
    await s
      .createTable('loan_payments')
      .addColumn('payment_id', 'uuid', (c) => c.primaryKey())
      .addColumn('loan_uuid', 'uuid', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('amount_paise', 'bigint', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('payment_type', 'text', (c) => c.notNull())
      .addColumn('payment_date', 'date', (c) => c.notNull())
      .addColumn('transaction_id', 'text')
      .addColumn('bank_name', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('installment_number', 'integer', (c) => c.notNull())
      .addColumn('receipt_number', 'text')
      .addColumn('entered_by', 'jsonb', (c) => c.notNull())
      .addColumn('interest_paise', 'bigint')
      .addColumn('principal_paise', 'bigint')
      .addColumn('excess_paise', 'bigint')
      .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
      .addColumn('approved_by', 'jsonb')
      .addColumn('approved_at', 'timestamptz')
      .addColumn('reversed_by', 'jsonb')
      .addColumn('reversed_at', 'timestamptz')
      .addColumn('reversal_reason', 'text')
      .execute();
    await s.createIndex('loan_payments_loan_idx').on('loan_payments').columns(['loan_uuid', 'seq']).execute();
    await s
      .createTable('loan_installments')
      .addColumn('loan_uuid', 'uuid', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('due_date', 'date', (c) => c.notNull())
      .addColumn('amount_paise', 'bigint', (c) => c.notNull())
      .addColumn('amount_paid_paise', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('loan_active', 'boolean', (c) => c.notNull())
      .addColumn('branch_id', 'uuid', (c) => c.notNull())
      .addPrimaryKeyConstraint('loan_installments_pk', ['loan_uuid', 'number'])
      .execute();
    await s
      .createTable('loan_book_totals')
      .addColumn('branch_id', 'uuid', (c) => c.notNull())
      .addColumn('list_status', 'text', (c) => c.notNull())
      .addColumn('loans', 'bigint', (c) => c.notNull())
      .addColumn('principal_paise', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('loan_book_totals_pk', ['branch_id', 'list_status'])
      .execute();

    await createReportTables(db, schema);
  },

  // The lists' sort, search and queue indexes: apply looks rows up by their keys only.
  async createIndexes(db: Kysely<any>, schema: string) {
    const s = db.schema.withSchema(schema);
    // One index per sort of the staff lists, over listed loans only: a page is the
    // first rows of an index scan, whichever tab (the tab is a filter on it).
    const listed = sql<boolean>`list_status <> 'hidden'`;
    await s
      .createIndex('loans_created_idx')
      .on('loans')
      .columns(['created_at desc', 'loan_uuid desc'])
      .where(listed)
      .execute();
    await s
      .createIndex('loans_tab_created_idx')
      .on('loans')
      .columns(['list_status', 'created_at desc', 'loan_uuid desc'])
      .execute();
    await s
      .createIndex('loans_amount_idx')
      .on('loans')
      .columns(['principal_paise', 'loan_uuid'])
      .where(listed)
      .execute();
    await s
      .createIndex('loans_name_idx')
      .on('loans')
      .expression(sql`lower(name), loan_uuid`)
      .where(listed)
      .execute();
    // The admins' "Refunds due" list: loans that owe the customer money back.
    await s
      .createIndex('loans_refund_due_idx')
      .on('loans')
      .columns(['closed_on', 'loan_uuid'])
      .where(sql<boolean>`refund_due_paise > 0`)
      .execute();
    // An employee's lists: their branches' listed loans, newest first.
    await s
      .createIndex('loans_branch_created_idx')
      .on('loans')
      .columns(['branch_id', 'created_at desc', 'loan_uuid desc'])
      .where(listed)
      .execute();
    // The list's class filter and the job's look at loans that left the book in arrears:
    // only loans not standard, a small part of the book.
    await s
      .createIndex('loans_delinquency_idx')
      .on('loans')
      .columns(['delinquency_class', 'created_at desc', 'loan_uuid desc'])
      .where(sql<boolean>`delinquency_class <> 'standard'`)
      .execute();
    await s.createIndex('loans_loan_id_idx').on('loans').column('loan_id').execute();
    await s.createIndex('loans_customer_idx').on('loans').column('customer_id').execute();
    await s
      .createIndex('loans_upgraded_idx')
      .on('loans')
      .columns(['upgrade_level desc', 'next_upgrade_date', 'loan_uuid'])
      .where(sql<boolean>`upgrade_level >= 1 and list_status <> 'hidden'`)
      .execute();

    // Exact look-ups: an amount, an employee's whole Aadhar number.
    await s.createIndex('loan_search_amount_idx').on('loan_search').column('principal_paise').execute();
    await s.createIndex('loan_search_aadhar_idx').on('loan_search').column('aadhar_number').execute();
    // Substring search: trigram indexes when pg_trgm can be had, else a scan of this
    // narrow table (still correct). No sort index here on purpose: a search always
    // collects its hits and sorts them, never walks a sort order hoping to meet them.
    const trgm = await trigramSchema(db);
    if (trgm) {
      const table = sql.table(`${schema}.loan_search`);
      const ops = sql`${sql.id(trgm)}.gin_trgm_ops`;
      await sql`create index loan_search_text_trgm_idx on ${table} using gin (search_text ${ops})`.execute(
        db,
      );
      await sql`create index loan_search_aadhar_trgm_idx on ${table} using gin (aadhar_number ${ops})`.execute(
        db,
      );
    }

    // The admins' queue of online payments to approve (issue 19): the few pending ones, oldest first.
    await s
      .createIndex('loan_payments_pending_idx')
      .on('loan_payments')
      .columns(['recorded_at'])
      .where(sql.ref('status'), '=', 'pending')
      .execute();

    // Pending repayments and today's due: unpaid installments of active loans by due date.
    await s
      .createIndex('loan_installments_due_idx')
      .on('loan_installments')
      .columns(['due_date', 'loan_uuid', 'number'])
      .where(sql<boolean>`status = 'unpaid' and loan_active`)
      .execute();
  },

  async apply({ db }, recorded) {
    const events = readEvents(recorded);
    const loanChanges = await evolveRows(db, LOAN_ROWS, events);
    await writeDerivedTables(db, loanChanges);
    const loanEvents = ofStream(events, 'loan');
    const paymentChanges = await evolveRows(db, PAYMENT_ROWS, loanEvents);
    // The same schema, with the report tables in view.
    const withReports = db as unknown as QueryCreator<LoansTables & LoanReportTables>;
    await writeReportTables(withReports, loanChanges, paymentChanges, loanEvents);
  },
};
