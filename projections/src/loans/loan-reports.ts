import { sql, type Kysely, type QueryCreator } from 'kysely';
import { businessDate } from '@goldledger/contracts';
import type { RowChange } from '../runtime/evolve-rows.js';
import type { LoanStreamEvent } from '../runtime/known-events.js';
import { loanUuidOf } from '../shared/per-loan.js';
import type { LoanPaymentRow, LoanRow, LoanStatus, LoansTables } from './loans.tables.js';

/**
 * The reports' aggregates (issue 19, point 9): what the staff reports and the dashboards'
 * charts add up, kept by delta as the loan book changes, so a report reads a few dozen
 * rows instead of scanning 100,000 loans, their payments and the audit log.
 *
 * - `report_months`, per branch and month: loans disbursed and their principal (by
 *   disbursement date), successful payments with their interest and principal split (by
 *   payment date) and rate upgrades by the level each reached (by the business date the
 *   upgrade happened on, Asia/Kolkata).
 * - `report_book`, per branch, status and upgrade level: loans, principal and principal
 *   outstanding.
 * - `loan_upgrades`: each loan's rate upgrades in stream order (a loan's n-th upgrade took
 *   it to level n), so a loan that leaves the lists or moves branch takes them along.
 *
 * Deleted loans (list status `hidden`) count nowhere, with their payments and upgrades:
 * every figure belongs to a loan's current branch while the loan is listed. Each table is a
 * sum over loans of what one loan contributes, so a batch adds each changed loan's
 * contribution after it and takes away its contribution before it.
 */

export interface ReportMonthRow {
  branch_id: string;
  /** `YYYY-MM` */
  month: string;
  loans_disbursed: number;
  disbursed_paise: number;
  payments: number;
  paid_paise: number;
  interest_paid_paise: number;
  principal_paid_paise: number;
  upgrades_to_1: number;
  upgrades_to_2: number;
  /** To level 3 or beyond. */
  upgrades_to_3: number;
}

export interface ReportBookRow {
  branch_id: string;
  status: LoanStatus;
  upgrade_level: number;
  loans: number;
  principal_paise: number;
  outstanding_paise: number;
}

export interface LoanUpgradeRow {
  loan_uuid: string;
  stream_position: number;
  month: string;
}

export interface LoanReportTables {
  report_months: ReportMonthRow;
  report_book: ReportBookRow;
  loan_upgrades: LoanUpgradeRow;
}

export async function createReportTables(db: Kysely<any>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('report_months')
    .addColumn('branch_id', 'uuid', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('loans_disbursed', 'bigint', (c) => c.notNull())
    .addColumn('disbursed_paise', 'bigint', (c) => c.notNull())
    .addColumn('payments', 'bigint', (c) => c.notNull())
    .addColumn('paid_paise', 'bigint', (c) => c.notNull())
    .addColumn('interest_paid_paise', 'bigint', (c) => c.notNull())
    .addColumn('principal_paid_paise', 'bigint', (c) => c.notNull())
    .addColumn('upgrades_to_1', 'bigint', (c) => c.notNull())
    .addColumn('upgrades_to_2', 'bigint', (c) => c.notNull())
    .addColumn('upgrades_to_3', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_months_pk', ['branch_id', 'month'])
    .execute();
  await s
    .createTable('report_book')
    .addColumn('branch_id', 'uuid', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('upgrade_level', 'integer', (c) => c.notNull())
    .addColumn('loans', 'bigint', (c) => c.notNull())
    .addColumn('principal_paise', 'bigint', (c) => c.notNull())
    .addColumn('outstanding_paise', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_book_pk', ['branch_id', 'status', 'upgrade_level'])
    .execute();
  await s
    .createTable('loan_upgrades')
    .addColumn('loan_uuid', 'uuid', (c) => c.notNull())
    .addColumn('stream_position', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('loan_upgrades_pk', ['loan_uuid', 'stream_position'])
    .execute();
}

type MonthFigures = Omit<ReportMonthRow, 'branch_id' | 'month'>;
type BookFigures = Pick<ReportBookRow, 'loans' | 'principal_paise' | 'outstanding_paise'>;

const ZERO_MONTH: MonthFigures = {
  loans_disbursed: 0,
  disbursed_paise: 0,
  payments: 0,
  paid_paise: 0,
  interest_paid_paise: 0,
  principal_paid_paise: 0,
  upgrades_to_1: 0,
  upgrades_to_2: 0,
  upgrades_to_3: 0,
};

/** Sums of signed contributions, keyed by their table's primary key. */
class Deltas {
  readonly months = new Map<string, ReportMonthRow>();
  readonly book = new Map<string, ReportBookRow>();

  month(branch: string, month: string, sign: 1 | -1, figures: Partial<MonthFigures>): void {
    const key = `${branch} ${month}`;
    const row = this.months.get(key) ?? { branch_id: branch, month, ...ZERO_MONTH };
    for (const [k, v] of Object.entries(figures) as [keyof MonthFigures, number][]) row[k] += sign * v;
    this.months.set(key, row);
  }

  loanBook(branch: string, status: LoanStatus, level: number, sign: 1 | -1, f: BookFigures): void {
    const key = `${branch} ${status} ${level}`;
    const row = this.book.get(key) ?? {
      branch_id: branch,
      status,
      upgrade_level: level,
      loans: 0,
      principal_paise: 0,
      outstanding_paise: 0,
    };
    row.loans += sign * f.loans;
    row.principal_paise += sign * f.principal_paise;
    row.outstanding_paise += sign * f.outstanding_paise;
    this.book.set(key, row);
  }
}

/** The branch a loan's figures count under, or null while it is deleted (counted nowhere). */
type Counted = string | null;
const countedUnder = (row: Pick<LoanRow, 'branch_id' | 'list_status'> | undefined): Counted =>
  row && row.list_status !== 'hidden' ? row.branch_id : null;

/** Pure: what a loan row adds to the book and to its disbursement month. */
function addLoan(d: Deltas, row: LoanRow | undefined, sign: 1 | -1): void {
  const branch = countedUnder(row);
  if (!row || branch === null) return;
  d.month(branch, row.disbursement_date.slice(0, 7), sign, {
    loans_disbursed: 1,
    disbursed_paise: row.principal_paise,
  });
  d.loanBook(branch, row.status, row.upgrade_level, sign, {
    loans: 1,
    principal_paise: row.principal_paise,
    outstanding_paise: row.principal_outstanding_paise,
  });
}

type PaymentFigures = Pick<
  LoanPaymentRow,
  'payment_id' | 'status' | 'payment_date' | 'amount_paise' | 'interest_paise' | 'principal_paise'
>;

/** Pure: what a payment adds to its month's collections (successful ones only). */
function addPayment(d: Deltas, branch: Counted, p: PaymentFigures | undefined, sign: 1 | -1): void {
  if (!p || branch === null || p.status !== 'success') return;
  d.month(branch, p.payment_date.slice(0, 7), sign, {
    payments: 1,
    paid_paise: p.amount_paise,
    interest_paid_paise: p.interest_paise ?? 0,
    principal_paid_paise: p.principal_paise ?? 0,
  });
}

/** Pure: what a loan's `level`-th upgrade adds to its month. */
function addUpgrade(d: Deltas, branch: Counted, month: string, level: number, sign: 1 | -1): void {
  if (branch === null) return;
  const column = level === 1 ? 'upgrades_to_1' : level === 2 ? 'upgrades_to_2' : 'upgrades_to_3';
  d.month(branch, month, sign, { [column]: 1 });
}

/** The business month an upgrade happened in: its instant's date in Asia/Kolkata. */
export const upgradeMonthOf = (occurredAt: string) => businessDate(new Date(occurredAt)).slice(0, 7);

const n = (v: unknown) => Number(v);
const ymd = (v: unknown) =>
  v instanceof Date
    ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
    : String(v);

/**
 * Brings the report tables in line with a batch: the loan rows and payment rows it
 * changed, and its loan events (for the upgrades). Called after both are written.
 */
export async function writeReportTables(
  db: QueryCreator<LoansTables & LoanReportTables>,
  loanChanges: readonly RowChange<LoanRow>[],
  paymentChanges: readonly RowChange<LoanPaymentRow>[],
  loanEvents: readonly LoanStreamEvent[],
): Promise<void> {
  const d = new Deltas();
  const loans = new Map(loanChanges.map((c) => [c.after.loan_uuid, c]));
  for (const { before, after } of loanChanges) {
    addLoan(d, before, -1);
    addLoan(d, after, 1);
  }

  // Upgrades recorded by this batch (a redelivered one is already there: nothing new).
  const upgrades = loanEvents
    .filter((e) => e.type === 'RateUpgraded')
    .map((e) => ({
      loan_uuid: loanUuidOf(e.streamId),
      stream_position: e.streamPosition,
      month: upgradeMonthOf(e.occurredAt),
    }));
  const added = new Set<string>();
  if (upgrades.length > 0) {
    const inserted = await db
      .insertInto('loan_upgrades')
      .values(upgrades)
      .onConflict((oc) => oc.columns(['loan_uuid', 'stream_position']).doNothing())
      .returning(['loan_uuid', 'stream_position'])
      .execute();
    for (const r of inserted) added.add(`${r.loan_uuid} ${r.stream_position}`);
  }

  // Where each loan with a changed payment or a new upgrade counts: as the batch left it
  // (rows this batch did not change are read).
  const branchOf = new Map<string, { before: Counted; after: Counted }>();
  for (const [uuid, c] of loans)
    branchOf.set(uuid, { before: countedUnder(c.before), after: countedUnder(c.after) });
  const unseen = new Set<string>();
  for (const c of paymentChanges) if (!loans.has(c.after.loan_uuid)) unseen.add(c.after.loan_uuid);
  for (const u of upgrades) if (!loans.has(u.loan_uuid)) unseen.add(u.loan_uuid);
  if (unseen.size > 0) {
    const rows = await db
      .selectFrom('loans')
      .select(['loan_uuid', 'branch_id', 'list_status'])
      .where('loan_uuid', 'in', [...unseen])
      .execute();
    for (const r of rows) branchOf.set(r.loan_uuid, { before: countedUnder(r), after: countedUnder(r) });
  }
  const where = (uuid: string) => branchOf.get(uuid) ?? { before: null, after: null };

  // A loan that existed before the batch and now counts elsewhere (deleted, moved branch)
  // takes all its payments and upgrades along: those are read whole.
  const moved = [...loans.values()]
    .filter((c) => c.before && countedUnder(c.before) !== countedUnder(c.after))
    .map((c) => c.after.loan_uuid);
  const movedSet = new Set(moved);

  const changedPayments = new Map(paymentChanges.map((c) => [c.after.payment_id, c]));
  for (const c of paymentChanges) {
    if (movedSet.has(c.after.loan_uuid)) continue;
    const { after: branch } = where(c.after.loan_uuid);
    addPayment(d, branch, c.before, -1);
    addPayment(d, branch, c.after, 1);
  }

  // Upgrades of loans that stayed where they count: the new ones, at their level.
  const upgradeLoans = [...new Set([...upgrades.map((u) => u.loan_uuid), ...moved])];
  if (upgradeLoans.length > 0) {
    const all = await db
      .selectFrom('loan_upgrades')
      .select(['loan_uuid', 'stream_position', 'month'])
      .where('loan_uuid', 'in', upgradeLoans)
      .orderBy('loan_uuid')
      .orderBy('stream_position')
      .execute();
    let level = 0;
    let current = '';
    for (const u of all) {
      level = u.loan_uuid === current ? level + 1 : 1;
      current = u.loan_uuid;
      const isNew = added.has(`${u.loan_uuid} ${u.stream_position}`);
      const { before, after } = where(u.loan_uuid);
      if (movedSet.has(u.loan_uuid)) {
        if (!isNew) addUpgrade(d, before, u.month, level, -1);
        addUpgrade(d, after, u.month, level, 1);
      } else if (isNew) addUpgrade(d, after, u.month, level, 1);
    }
  }

  if (moved.length > 0) {
    const payments = await db
      .selectFrom('loan_payments')
      .select([
        'payment_id',
        'loan_uuid',
        'status',
        'payment_date',
        'amount_paise',
        'interest_paise',
        'principal_paise',
      ])
      .where('loan_uuid', 'in', moved)
      .execute();
    for (const raw of payments) {
      const now: PaymentFigures = {
        payment_id: raw.payment_id,
        status: raw.status,
        payment_date: ymd(raw.payment_date),
        amount_paise: n(raw.amount_paise),
        interest_paise: raw.interest_paise == null ? null : n(raw.interest_paise),
        principal_paise: raw.principal_paise == null ? null : n(raw.principal_paise),
      };
      const change = changedPayments.get(raw.payment_id);
      const { before, after } = where(raw.loan_uuid);
      // The payment as it stood before the batch: none if the batch recorded it.
      addPayment(d, before, change ? change.before : now, -1);
      addPayment(d, after, now, 1);
    }
  }

  await writeDeltas(db, d);
}

async function writeDeltas(db: QueryCreator<LoansTables & LoanReportTables>, d: Deltas): Promise<void> {
  const months = [...d.months.values()].filter((r) =>
    Object.keys(ZERO_MONTH).some((k) => r[k as keyof MonthFigures] !== 0),
  );
  if (months.length > 0) {
    const add = (c: keyof MonthFigures) => sql<number>`report_months.${sql.ref(c)} + excluded.${sql.ref(c)}`;
    await db
      .insertInto('report_months')
      .values(months)
      .onConflict((oc) =>
        oc
          .columns(['branch_id', 'month'])
          .doUpdateSet(
            Object.fromEntries(Object.keys(ZERO_MONTH).map((c) => [c, add(c as keyof MonthFigures)])),
          ),
      )
      .execute();
  }
  const book = [...d.book.values()].filter(
    (r) => r.loans !== 0 || r.principal_paise !== 0 || r.outstanding_paise !== 0,
  );
  if (book.length > 0)
    await db
      .insertInto('report_book')
      .values(book)
      .onConflict((oc) =>
        oc.columns(['branch_id', 'status', 'upgrade_level']).doUpdateSet({
          loans: sql`report_book.loans + excluded.loans`,
          principal_paise: sql`report_book.principal_paise + excluded.principal_paise`,
          outstanding_paise: sql`report_book.outstanding_paise + excluded.outstanding_paise`,
        }),
      )
      .execute();
}
