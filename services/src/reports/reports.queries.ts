import { sql, type Kysely } from 'kysely';
import {
  REPORT_DEFAULT_MONTHS,
  addReportMonths,
  monthsBetween,
  paiseToRupees,
  type BranchScope,
  type LendingPolicy,
  type ReportsData,
  type ReportsQuery,
} from '@goldledger/contracts';
import type { LoanReportTables, LoansTables } from '@goldledger/projections';
import { branchIn } from '../branches/branch-scope.js';
import { goldReturnStats } from '../gold-returns/gold-returns.queries.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';

type Book = Kysely<LoansTables & LoanReportTables>;
/** The loan book's schema with the reports' aggregates the loans projection keeps beside it. */
const loanBook = (db: Kysely<Database>): Book => readModel(db, 'rm_loans') as unknown as Book;

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

/**
 * Month by month for the branches in `scope`, from the aggregates the loans projection
 * keeps (`report_months`, issue 19 point 9): loans disbursed (by disbursement date),
 * successful payments (a pending online transfer has not arrived, a reversed one was given
 * back) and rate upgrades by the level each reached (by the business date they happened
 * on, Asia/Kolkata). Deleted loans count nowhere.
 */
async function months(book: Book, from: string, to: string, scope: BranchScope) {
  const rows = await book
    .selectFrom('report_months')
    .select([
      'month',
      sql<string>`sum(loans_disbursed)`.as('loans'),
      sql<string>`sum(disbursed_paise)`.as('disbursed'),
      sql<string>`sum(payments)`.as('payments'),
      sql<string>`sum(paid_paise)`.as('paid'),
      sql<string>`sum(interest_paid_paise)`.as('interest'),
      sql<string>`sum(principal_paid_paise)`.as('principal'),
      sql<string>`sum(upgrades_to_1)`.as('to1'),
      sql<string>`sum(upgrades_to_2)`.as('to2'),
      sql<string>`sum(upgrades_to_3)`.as('to3'),
    ])
    .where(branchIn(scope, 'branch_id'))
    .where('month', '>=', from)
    .where('month', '<=', to)
    .groupBy('month')
    .execute();
  const found = new Map(rows.map((r) => [r.month, r]));
  const range = monthsBetween(from, to);
  const each = <T>(f: (r: (typeof rows)[number] | undefined, month: string) => T) =>
    range.map((month) => f(found.get(month), month));
  return {
    disbursements: each((r, month) => ({ month, loans: n(r?.loans), amount: rupees(r?.disbursed) })),
    collections: each((r, month) => ({
      month,
      payments: n(r?.payments),
      amount: rupees(r?.paid),
      interest: rupees(r?.interest),
      principal: rupees(r?.principal),
    })),
    upgradesPerMonth: each((r, month) => {
      const [toLevel1, toLevel2, toLevel3] = [n(r?.to1), n(r?.to2), n(r?.to3)];
      return { month, toLevel1, toLevel2, toLevel3, total: toLevel1 + toLevel2 + toLevel3 };
    }),
  };
}

const STATUSES = ['active', 'closed', 'renewed'] as const;

/** The listed book by status and, for active loans, by upgrade level, from `report_book`. */
async function book(db: Book, scope: BranchScope) {
  const rows = await db
    .selectFrom('report_book')
    .select([
      'status',
      'upgrade_level',
      sql<string>`sum(loans)`.as('loans'),
      sql<string>`sum(principal_paise)`.as('principal'),
      sql<string>`sum(outstanding_paise)`.as('outstanding'),
    ])
    .where('status', '<>', 'deleted')
    .where(branchIn(scope, 'branch_id'))
    .groupBy(['status', 'upgrade_level'])
    .having(sql<boolean>`sum(loans) <> 0`)
    .execute();
  const portfolio = STATUSES.map((status) => {
    const of = rows.filter((x) => x.status === status);
    const sum = (k: 'loans' | 'principal' | 'outstanding') => of.reduce((t, r) => t + n(r[k]), 0);
    return {
      status,
      loans: sum('loans'),
      amount: paiseToRupees(sum('principal')),
      principalOutstanding: status === 'active' ? paiseToRupees(sum('outstanding')) : 0,
    };
  });
  const active = rows.filter((r) => r.status === 'active');
  const top = Math.max(3, ...active.map((r) => r.upgrade_level));
  const upgradeLevels = Array.from({ length: top + 1 }, (_, level) => {
    const r = active.find((x) => x.upgrade_level === level);
    return { level, activeLoans: n(r?.loans), amount: rupees(r?.principal) };
  });
  return { portfolio, upgradeLevels };
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
  const reportBook = loanBook(db);
  const [m, b, o, g] = await Promise.all([
    months(reportBook, from, to, scope),
    book(reportBook, scope),
    overdue(reportBook, today, scope),
    viewer === 'admin' ? goldReturns(db, today, scope, policy) : undefined,
  ]);
  return {
    asOf: today,
    from,
    to,
    disbursements: m.disbursements,
    collections: m.collections,
    upgradesPerMonth: m.upgradesPerMonth,
    portfolio: b.portfolio,
    upgradeLevels: b.upgradeLevels,
    overdue: o,
    ...(g ? { goldReturns: g } : {}),
  };
}
