import { sql, type Kysely } from 'kysely';
import {
  LOAN_STREAM_TYPE,
  REPORT_DEFAULT_MONTHS,
  addReportMonths,
  monthsBetween,
  paiseToRupees,
  type BranchScope,
  type LendingPolicy,
  type ReportsData,
  type ReportsQuery,
  BUSINESS_TIME_ZONE,
} from '@goldledger/contracts';
import type { LoansTables } from '@goldledger/projections';
import { branchIn } from '../branches/branch-scope.js';
import { goldReturnStats } from '../gold-returns/gold-returns.queries.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';

type Book = Kysely<LoansTables>;
const loanBook = (db: Kysely<Database>): Book => readModel(db, 'rm_loans');

/** Postgres' bigint sums and counts arrive as strings (or null over no rows). */
const n = (v: unknown): number => (v == null ? 0 : Number(v));
const rupees = (paise: unknown): number => paiseToRupees(n(paise));

/** The months a report covers: the query's, else the last 12 ending with today's month. */
export function reportRange(query: ReportsQuery, today: string): { from: string; to: string } {
  const to =
    query.to ?? (query.from ? addReportMonths(query.from, REPORT_DEFAULT_MONTHS - 1) : today.slice(0, 7));
  const from = query.from ?? addReportMonths(to, -(REPORT_DEFAULT_MONTHS - 1));
  return { from, to };
}

const firstDay = (month: string) => `${month}-01`;
/** The first day after the range (the range is `[first day of from, this)`). */
const endDay = (to: string) => firstDay(addReportMonths(to, 1));

/** A business-date column's month, `2026-11`. */
const monthOf = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM')`;

/** Rows keyed by month → one entry per month of the range, zeros where nothing happened. */
function everyMonth<T>(months: readonly string[], found: Map<string, T>, zero: (month: string) => T): T[] {
  return months.map((m) => found.get(m) ?? zero(m));
}

async function disbursements(book: Book, from: string, to: string, scope: BranchScope) {
  const rows = await book
    .selectFrom('loans')
    .select([
      monthOf('disbursement_date').as('month'),
      (eb) => eb.fn.countAll<string>().as('loans'),
      (eb) => eb.fn.sum<string>('principal_paise').as('principal'),
    ])
    .where('list_status', '<>', 'hidden')
    .where(branchIn(scope, 'branch_id'))
    .where('disbursement_date', '>=', firstDay(from))
    .where('disbursement_date', '<', endDay(to))
    .groupBy(sql`1`)
    .execute();
  const found = new Map(
    rows.map((r) => [r.month, { month: r.month, loans: n(r.loans), amount: rupees(r.principal) }]),
  );
  return everyMonth(monthsBetween(from, to), found, (month) => ({ month, loans: 0, amount: 0 }));
}

/** Successful payments only: a pending online transfer has not arrived, a reversed one was given back. */
async function collections(book: Book, from: string, to: string, scope: BranchScope) {
  const rows = await book
    .selectFrom('loan_payments as p')
    .innerJoin('loans as l', 'l.loan_uuid', 'p.loan_uuid')
    .select([
      monthOf('p.payment_date').as('month'),
      (eb) => eb.fn.countAll<string>().as('payments'),
      (eb) => eb.fn.sum<string>('p.amount_paise').as('amount'),
      sql<string>`sum(coalesce(p.interest_paise, 0))`.as('interest'),
      sql<string>`sum(coalesce(p.principal_paise, 0))`.as('principal'),
    ])
    .where('p.status', '=', 'success')
    .where('l.list_status', '<>', 'hidden')
    .where(branchIn(scope, 'l.branch_id'))
    .where('p.payment_date', '>=', firstDay(from))
    .where('p.payment_date', '<', endDay(to))
    .groupBy(sql`1`)
    .execute();
  const found = new Map(
    rows.map((r) => [
      r.month,
      {
        month: r.month,
        payments: n(r.payments),
        amount: rupees(r.amount),
        interest: rupees(r.interest),
        principal: rupees(r.principal),
      },
    ]),
  );
  return everyMonth(monthsBetween(from, to), found, (month) => ({
    month,
    payments: 0,
    amount: 0,
    interest: 0,
    principal: 0,
  }));
}

const STATUSES = ['active', 'closed', 'renewed'] as const;

async function portfolio(book: Book, scope: BranchScope) {
  const rows = await book
    .selectFrom('loans')
    .select([
      'status',
      (eb) => eb.fn.countAll<string>().as('loans'),
      (eb) => eb.fn.sum<string>('principal_paise').as('principal'),
      (eb) => eb.fn.sum<string>('principal_outstanding_paise').as('outstanding'),
    ])
    .where('list_status', '<>', 'hidden')
    .where(branchIn(scope, 'branch_id'))
    .groupBy('status')
    .execute();
  return STATUSES.map((status) => {
    const r = rows.find((x) => x.status === status);
    return {
      status,
      loans: n(r?.loans),
      amount: rupees(r?.principal),
      principalOutstanding: status === 'active' ? rupees(r?.outstanding) : 0,
    };
  });
}

/** Active loans by their current upgrade level, 0 to 3 always listed. */
async function upgradeLevels(book: Book, scope: BranchScope) {
  const rows = await book
    .selectFrom('loans')
    .select([
      'upgrade_level',
      (eb) => eb.fn.countAll<string>().as('loans'),
      (eb) => eb.fn.sum<string>('principal_paise').as('principal'),
    ])
    .where('status', '=', 'active')
    .where(branchIn(scope, 'branch_id'))
    .groupBy('upgrade_level')
    .execute();
  const top = Math.max(3, ...rows.map((r) => r.upgrade_level));
  return Array.from({ length: top + 1 }, (_, level) => {
    const r = rows.find((x) => x.upgrade_level === level);
    return { level, activeLoans: n(r?.loans), amount: rupees(r?.principal) };
  });
}

/**
 * Rate upgrades per month, by the level each reached, from the audit log (one row per
 * event; a loan's n-th upgrade takes it to level n). The month is the business date the
 * upgrade was recorded on, in Asia/Kolkata.
 */
async function upgradesPerMonth(db: Kysely<Database>, from: string, to: string, scope: BranchScope) {
  const { rows } = await sql<{ month: string; level: number; upgrades: string }>`
    with upgrades as (
      select a.stream_id, a.occurred_at,
             row_number() over (partition by a.stream_id order by a.stream_position) as level
      from rm_audit_log.audit_log a
      where a.event_type = 'RateUpgraded' and a.stream_type = ${LOAN_STREAM_TYPE}
    )
    select to_char(u.occurred_at at time zone ${BUSINESS_TIME_ZONE}, 'YYYY-MM') as month,
           u.level::int as level, count(*) as upgrades
    from upgrades u
    join rm_loans.loans l on u.stream_id = 'loan-' || l.loan_uuid::text
    where l.list_status <> 'hidden'
      and ${branchIn(scope, 'l.branch_id')}
      and (u.occurred_at at time zone ${BUSINESS_TIME_ZONE})::date >= ${firstDay(from)}::date
      and (u.occurred_at at time zone ${BUSINESS_TIME_ZONE})::date < ${endDay(to)}::date
    group by 1, 2`.execute(db);
  const found = new Map<
    string,
    { month: string; toLevel1: number; toLevel2: number; toLevel3: number; total: number }
  >();
  for (const r of rows) {
    const m = found.get(r.month) ?? { month: r.month, toLevel1: 0, toLevel2: 0, toLevel3: 0, total: 0 };
    const count = n(r.upgrades);
    const level = Number(r.level);
    if (level === 1) m.toLevel1 += count;
    else if (level === 2) m.toLevel2 += count;
    else m.toLevel3 += count;
    m.total += count;
    found.set(r.month, m);
  }
  return everyMonth(monthsBetween(from, to), found, (month) => ({
    month,
    toLevel1: 0,
    toLevel2: 0,
    toLevel3: 0,
    total: 0,
  }));
}

export const OVERDUE_BUCKETS = [
  { bucket: '1-30', minDays: 1, maxDays: 30 },
  { bucket: '31-60', minDays: 31, maxDays: 60 },
  { bucket: '61-90', minDays: 61, maxDays: 90 },
  { bucket: '90+', minDays: 91, maxDays: null },
] as const;

/**
 * Unpaid installments of active loans whose due date has passed, by days past it on
 * `today` (a business date): read off the partial index of unpaid installments.
 */
async function overdue(book: Book, today: string, scope: BranchScope) {
  const age = sql<number>`(${today}::date - i.due_date)`;
  const bucket = sql<string>`case when ${age} <= 30 then '1-30' when ${age} <= 60 then '31-60'
    when ${age} <= 90 then '61-90' else '90+' end`;
  const rows = await book
    .selectFrom('loan_installments as i')
    .select([
      bucket.as('bucket'),
      (eb) => eb.fn.countAll<string>().as('installments'),
      sql<string>`count(distinct i.loan_uuid)`.as('loans'),
      sql<string>`sum(i.amount_paise - i.amount_paid_paise)`.as('owed'),
    ])
    .where('i.status', '=', 'unpaid')
    .where('i.loan_active', '=', true)
    .where('i.due_date', '<', today)
    .where(branchIn(scope, 'i.branch_id'))
    .groupBy(sql`1`)
    .execute();
  return OVERDUE_BUCKETS.map((b) => {
    const r = rows.find((x) => x.bucket === b.bucket);
    return { ...b, installments: n(r?.installments), loans: n(r?.loans), amount: rupees(r?.owed) };
  });
}

async function goldReturns(db: Kysely<Database>, today: string, scope: BranchScope, policy: LendingPolicy) {
  const { data } = await goldReturnStats(db, today, scope, policy);
  return {
    total: data.totalClosedLoans,
    byStatus: data.stats.map((s) => ({ status: s._id, count: s.count })),
  };
}

export type ReportViewer = 'admin' | 'employee';

/** Every figure of the reports page for the branches in `scope`, as of `today` (a business date). */
export async function buildReports(
  db: Kysely<Database>,
  query: ReportsQuery,
  today: string,
  viewer: ReportViewer,
  scope: BranchScope,
  /** The lending policy in effect on `today` (the gold returns' overdue threshold). */
  policy: LendingPolicy,
): Promise<ReportsData> {
  const { from, to } = reportRange(query, today);
  const book = loanBook(db);
  const [d, c, u, p, levels, o, g] = await Promise.all([
    disbursements(book, from, to, scope),
    collections(book, from, to, scope),
    upgradesPerMonth(db, from, to, scope),
    portfolio(book, scope),
    upgradeLevels(book, scope),
    overdue(book, today, scope),
    viewer === 'admin' ? goldReturns(db, today, scope, policy) : undefined,
  ]);
  return {
    asOf: today,
    from,
    to,
    disbursements: d,
    collections: c,
    upgradesPerMonth: u,
    portfolio: p,
    upgradeLevels: levels,
    overdue: o,
    ...(g ? { goldReturns: g } : {}),
  };
}
