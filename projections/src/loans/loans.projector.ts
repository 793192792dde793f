import { sql, type Kysely, type QueryCreator } from 'kysely';
import { LOAN_STREAM_TYPE, type RecordedEvent } from '@goldledger/contracts';
import type { Projection } from '../runtime/projection.js';
import {
  evolveLoanRow,
  evolvePaymentRow,
  installmentRowsOf,
  loanUuidOf,
  paymentIdOf,
  searchRowOf,
  totalsDelta,
  type LoanListStatus,
  type LoanPaymentRow,
  type LoanRow,
  type LoansTables,
} from './loans.evolve.js';
import { trigramSchema } from '../runtime/trigram.js';

export * from './loans.evolve.js';

const BIGINT = {
  loans: [
    'fine_gold_mg',
    'principal_paise',
    'monthly_payment_paise',
    'total_payment_paise',
    'total_paid_paise',
    'principal_outstanding_paise',
    'interest_outstanding_paise',
    'bank_loan_amount_paise',
  ],
  loan_payments: ['amount_paise', 'interest_paise', 'principal_paise'],
} as const;
const DATES = {
  loans: [
    'disbursement_date',
    'maturity_date',
    'ledger_as_of',
    'last_upgrade_date',
    'next_upgrade_date',
    'closed_on',
    'renewal_date',
  ],
  loan_payments: ['payment_date'],
} as const;
const TIMESTAMPS = {
  loans: ['created_at', 'updated_at', 'deleted_at'],
  loan_payments: ['recorded_at', 'approved_at', 'reversed_at'],
} as const;
const JSONB = {
  loans: [
    'emergency_contact',
    'gold_items',
    'created_by',
    'installments',
    'pending_payment_ids',
    'renewal_of',
    'renewed_to',
  ],
  loan_payments: ['entered_by', 'approved_by', 'reversed_by'],
} as const;

const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A row as read back (bigint as string, dates maybe as Date) → the shape evolve writes. */
export const loanRowFromDb = (raw: object): LoanRow =>
  fromDb<LoanRow>('loans', raw as Record<string, unknown>);
export const paymentRowFromDb = (raw: object): LoanPaymentRow =>
  fromDb<LoanPaymentRow>('loan_payments', raw as Record<string, unknown>);

function fromDb<Row>(table: 'loans' | 'loan_payments', raw: Record<string, unknown>): Row {
  const row: Record<string, unknown> = { ...raw };
  for (const c of BIGINT[table]) if (row[c] != null) row[c] = Number(row[c]);
  for (const c of DATES[table]) if (row[c] instanceof Date) row[c] = ymd(row[c] as Date);
  for (const c of TIMESTAMPS[table]) if (row[c] != null) row[c] = new Date(row[c] as string).toISOString();
  return row as Row;
}

/** pg sends a JS array as a Postgres array literal: jsonb columns go as JSON text. */
function toDb(table: 'loans' | 'loan_payments', row: object): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const c of JSONB[table]) out[c] = out[c] == null ? null : JSON.stringify(out[c]);
  return out;
}

async function upsert(db: QueryCreator<any>, table: string, key: string, rows: Record<string, unknown>[]) {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first).filter((c) => c !== key);
  // Postgres takes at most 65,535 parameters a statement.
  const chunk = Math.max(1, Math.floor(60_000 / (columns.length + 1)));
  for (let i = 0; i < rows.length; i += chunk) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk))
      .onConflict((oc) =>
        oc.column(key).doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
}

const sameInstallments = (a: LoanRow | undefined, b: LoanRow) =>
  !!a && a.status === b.status && JSON.stringify(a.installments) === JSON.stringify(b.installments);

async function applyLoans(db: QueryCreator<LoansTables>, events: readonly RecordedEvent[]): Promise<void> {
  const loanKeys = new Set<string>();
  const customers = new Set<string>();
  for (const e of events) {
    if (e.streamType === LOAN_STREAM_TYPE) loanKeys.add(loanUuidOf(e.streamId));
    else if (e.streamType === 'customer' && e.type === 'CustomerUpdated') customers.add(e.streamId);
  }
  if (loanKeys.size === 0 && customers.size === 0) return;

  const loaded = await db
    .selectFrom('loans')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(loanKeys.size > 0 ? [eb('loan_uuid', 'in', [...loanKeys])] : []),
        ...(customers.size > 0 ? [eb('customer_stream_id', 'in', [...customers])] : []),
      ]),
    )
    .execute();
  const before = new Map<string, LoanRow>();
  for (const r of loaded) before.set(r.loan_uuid, fromDb<LoanRow>('loans', r as Record<string, unknown>));
  const rows = new Map(before);
  const byCustomer = new Map<string, Set<string>>();
  const index = (r: LoanRow) => {
    const set = byCustomer.get(r.customer_stream_id) ?? new Set<string>();
    set.add(r.loan_uuid);
    byCustomer.set(r.customer_stream_id, set);
  };
  for (const r of rows.values()) index(r);

  for (const e of events) {
    if (e.streamType === LOAN_STREAM_TYPE) {
      const k = loanUuidOf(e.streamId);
      const next = evolveLoanRow(rows.get(k), e);
      if (next) {
        if (!rows.has(k)) index(next);
        rows.set(k, next);
      }
    } else if (customers.has(e.streamId)) {
      for (const k of byCustomer.get(e.streamId) ?? []) {
        const next = evolveLoanRow(rows.get(k), e);
        if (next) rows.set(k, next);
      }
    }
  }

  const changed = [...rows.values()].filter((r) => r !== before.get(r.loan_uuid));
  if (changed.length === 0) return;
  await upsert(
    db,
    'loans',
    'loan_uuid',
    changed.map((r) => toDb('loans', r)),
  );

  const searchRows = changed.map(searchRowOf).filter((r) => {
    const was = before.get(r.loan_uuid);
    return !was || JSON.stringify(searchRowOf(was)) !== JSON.stringify(r);
  });
  await upsert(db, 'loan_search', 'loan_uuid', searchRows as unknown as Record<string, unknown>[]);

  const rescheduled = changed.filter((r) => !sameInstallments(before.get(r.loan_uuid), r));
  if (rescheduled.length > 0) {
    await db
      .deleteFrom('loan_installments')
      .where(
        'loan_uuid',
        'in',
        rescheduled.map((r) => r.loan_uuid),
      )
      .execute();
    const installments = rescheduled.flatMap(installmentRowsOf);
    for (let i = 0; i < installments.length; i += 5000)
      await db
        .insertInto('loan_installments')
        .values(installments.slice(i, i + 5000))
        .execute();
  }

  const deltas = new Map<LoanListStatus, { loans: number; principal_paise: number }>();
  for (const r of changed)
    for (const d of totalsDelta(before.get(r.loan_uuid), r)) {
      const t = deltas.get(d.list_status) ?? { loans: 0, principal_paise: 0 };
      deltas.set(d.list_status, {
        loans: t.loans + d.loans,
        principal_paise: t.principal_paise + d.principal_paise,
      });
    }
  const moves = [...deltas].filter(([, d]) => d.loans !== 0 || d.principal_paise !== 0);
  if (moves.length > 0)
    await db
      .insertInto('loan_book_totals')
      .values(moves.map(([list_status, d]) => ({ list_status, ...d })))
      .onConflict((oc) =>
        oc.column('list_status').doUpdateSet({
          loans: sql`loan_book_totals.loans + excluded.loans`,
          principal_paise: sql`loan_book_totals.principal_paise + excluded.principal_paise`,
        }),
      )
      .execute();
}

async function applyPayments(db: QueryCreator<LoansTables>, events: readonly RecordedEvent[]): Promise<void> {
  const ids = [...new Set(events.map(paymentIdOf).filter((k): k is string => k !== undefined))];
  if (ids.length === 0) return;
  const loaded = await db.selectFrom('loan_payments').selectAll().where('payment_id', 'in', ids).execute();
  const before = new Map<string, LoanPaymentRow>();
  for (const r of loaded)
    before.set(r.payment_id, fromDb<LoanPaymentRow>('loan_payments', r as Record<string, unknown>));
  const rows = new Map(before);
  for (const e of events) {
    const k = paymentIdOf(e);
    if (k === undefined) continue;
    const next = evolvePaymentRow(rows.get(k), e);
    if (next) rows.set(k, next);
  }
  const changed = [...rows.values()].filter((r) => r !== before.get(r.payment_id));
  await upsert(
    db,
    'loan_payments',
    'payment_id',
    changed.map((r) => toDb('loan_payments', r)),
  );
}

export const loansProjection: Projection<LoansTables> = {
  name: 'loans',
  version: 1,
  schema: 'rm_loans',

  async createTables(db: Kysely<any>, schema: string) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('loans')
      .addColumn('loan_uuid', 'uuid', (c) => c.primaryKey())
      .addColumn('loan_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
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
      .addColumn('monthly_payment_paise', 'bigint', (c) => c.notNull())
      .addColumn('total_payment_paise', 'bigint', (c) => c.notNull())
      .addColumn('total_paid_paise', 'bigint', (c) => c.notNull())
      .addColumn('principal_outstanding_paise', 'bigint', (c) => c.notNull())
      .addColumn('interest_outstanding_paise', 'bigint', (c) => c.notNull())
      .addColumn('ledger_as_of', 'date', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('list_status', 'text', (c) => c.notNull())
      .addColumn('upgrade_level', 'integer', (c) => c.notNull())
      .addColumn('last_upgrade_date', 'date')
      .addColumn('next_upgrade_date', 'date')
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
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();

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
    await s.createIndex('loans_loan_id_idx').on('loans').column('loan_id').execute();
    await s.createIndex('loans_customer_idx').on('loans').column('customer_id').execute();
    await s.createIndex('loans_customer_stream_idx').on('loans').column('customer_stream_id').execute();
    await s
      .createIndex('loans_upgraded_idx')
      .on('loans')
      .columns(['upgrade_level desc', 'next_upgrade_date', 'loan_uuid'])
      .where(sql<boolean>`upgrade_level >= 1 and list_status <> 'hidden'`)
      .execute();

    await s
      .createTable('loan_search')
      .addColumn('loan_uuid', 'uuid', (c) => c.primaryKey())
      .addColumn('list_status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('principal_paise', 'bigint', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('loan_id', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('aadhar_number', 'text', (c) => c.notNull())
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
      .addColumn('entered_by', 'jsonb', (c) => c.notNull())
      .addColumn('interest_paise', 'bigint')
      .addColumn('principal_paise', 'bigint')
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
      .addPrimaryKeyConstraint('loan_installments_pk', ['loan_uuid', 'number'])
      .execute();
    // Pending repayments and today's due: unpaid installments of active loans by due date.
    await s
      .createIndex('loan_installments_due_idx')
      .on('loan_installments')
      .columns(['due_date', 'loan_uuid', 'number'])
      .where(sql<boolean>`status = 'unpaid' and loan_active`)
      .execute();

    await s
      .createTable('loan_book_totals')
      .addColumn('list_status', 'text', (c) => c.primaryKey())
      .addColumn('loans', 'bigint', (c) => c.notNull())
      .addColumn('principal_paise', 'bigint', (c) => c.notNull())
      .execute();
  },

  async apply({ db }, events) {
    await applyLoans(db, events);
    await applyPayments(db, events);
  },
};
