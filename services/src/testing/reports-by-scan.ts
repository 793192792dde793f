import { sql, type Kysely } from 'kysely';
import {
  LOAN_STREAM_TYPE,
  BUSINESS_TIME_ZONE,
  addReportMonths,
  monthsBetween,
  paiseToRupees,
  type BranchScope,
} from '@goldledger/contracts';
import type { LoansTables } from '@goldledger/projections';
import { branchIn } from '../branches/branch-scope.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';

/**
 * The reports' month-by-month figures, the book by status and the upgrade levels computed
 * the way they were before the aggregates (issue 19, point 9): by scanning the loans, their
 * payments and the audit log. Tests hold the aggregates to it over random histories.
 */

type Book = Kysely<LoansTables>;
const loanBook = (db: Kysely<Database>): Book => readModel(db, 'rm_loans');

const n = (v: unknown): number => (v == null ? 0 : Number(v));
const rupees = (paise: unknown): number => paiseToRupees(n(paise));
const firstDay = (month: string) => `${month}-01`;
const endDay = (to: string) => firstDay(addReportMonths(to, 1));
const monthOf = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM')`;
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

/** The figures the aggregates answer, by scan, for the months `from`..`to` and the branches in `scope`. */
export async function reportsByScan(db: Kysely<Database>, from: string, to: string, scope: BranchScope) {
  const book = loanBook(db);
  const [disbursed, collected, upgrades, byStatus, levels] = await Promise.all([
    disbursements(book, from, to, scope),
    collections(book, from, to, scope),
    upgradesPerMonth(db, from, to, scope),
    portfolio(book, scope),
    upgradeLevels(book, scope),
  ]);
  return {
    disbursements: disbursed,
    collections: collected,
    upgradesPerMonth: upgrades,
    portfolio: byStatus,
    upgradeLevels: levels,
  };
}
