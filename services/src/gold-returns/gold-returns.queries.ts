import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  addDays,
  daysBetween,
  delayOn,
  mgToGrams,
  paiseToRupees,
  releaseCompensationView,
  unclaimedOnFor,
  type GoldReturnItem,
  type GoldReturnListQuery,
  type GoldReturnReminderType,
  type GoldReturnStatus,
  type BranchScope,
  type LendingPolicy,
  releaseDueBy,
  workingDaysBetween,
  normaliseMobile,
} from '@goldledger/contracts';
import { goldReturnRowFromDb, type GoldReturnRow, type GoldReturnsTables } from '@goldledger/projections';
import { branchIn } from '../branches/branch-scope.js';
import type { PolicyBook } from '../policy/policy-versions.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';

type Book = Kysely<GoldReturnsTables>;
const book = (db: Kysely<Database>): Book => readModel(db, 'rm_gold_returns');
type Eb = ExpressionBuilder<GoldReturnsTables, 'gold_returns'>;

/*
 * The reminder schedule and the overdue threshold are the lender's operations of the day:
 * the version in effect today (`policies.inEffect`). The release due-by date is the promise the
 * loan was sanctioned with: its own version (`policies.ofVersion`), as the loan's decider has it.
 */

/** The reminder schedule, in order: days after closure (the lending policy's gold-return reminder days). */
export const reminderSchedule = (policy: LendingPolicy) =>
  (Object.entries(policy.goldReturnReminderDays) as Array<[GoldReturnReminderType, number]>).sort(
    (a, b) => a[1] - b[1],
  );

/** The latest reminder due `days` after closure (a late run sends only that one, not the ones it missed). */
export function dueReminderType(days: number, policy: LendingPolicy): GoldReturnReminderType | null {
  let due: GoldReturnReminderType | null = null;
  for (const [type, after] of reminderSchedule(policy)) if (days >= after) due = type;
  return due;
}

/** Closed before this day: more than the overdue days ago, so overdue if the gold is still here. */
const overdueBefore = (today: string, policy: LendingPolicy) => addDays(today, -policy.goldReturnOverdueDays);

export function goldReturnItem(r: GoldReturnRow, today: string, policies: PolicyBook): GoldReturnItem {
  const P = policies.inEffect;
  const closed = r.closed_on!;
  const daysSinceClosed = Math.max(0, daysBetween(closed, today));
  const returned = r.status === 'returned';
  const unclaimed = !returned && r.unclaimed_on !== null;
  const isOverdue = !returned && daysSinceClosed > P.goldReturnOverdueDays;
  const own = policies.ofVersion(r.policy_version, r.branch_id);
  const dueBy = releaseDueBy(closed, own);
  const unclaimedFrom = unclaimedOnFor(closed, own);
  return {
    _id: r.loan_uuid,
    loanId: r.loan_id,
    customerName: r.customer_name,
    customerMobile: r.customer_mobile,
    customerEmail: r.customer_email,
    totalGoldWeight: mgToGrams(r.total_net_mg),
    closedDate: closed,
    daysSinceClosed,
    goldReturnStatus: returned ? 'returned' : unclaimed ? 'unclaimed' : isOverdue ? 'overdue' : r.status!,
    isOverdue,
    daysOverdue: isOverdue ? daysSinceClosed - P.goldReturnOverdueDays : 0,
    remindersSent: r.reminders.length,
    scheduledReturnDate: r.scheduled_at,
    actualReturnDate: r.returned_on,
    notes: r.notes,
    goldItems: r.gold_items.map((i) => ({
      description: i.description,
      grossWeight: mgToGrams(i.grossWeightMg),
      netWeight: mgToGrams(i.netWeightMg),
      purityKarat: i.purityKarat,
    })),
    reminders: r.reminders.map((x) => ({
      type: x.type as GoldReturnReminderType,
      sentTo: x.sentTo,
      sentDate: x.sentDate,
    })),
    releaseDueBy: dueBy,
    daysLate: returned ? (r.days_late ?? 0) : workingDaysBetween(dueBy, today, own),
    delay: returned
      ? null
      : delayOn({
          closedOn: closed,
          policy: own,
          customerDelays: r.release.customerDelays,
          unclaimedOn: unclaimedFrom,
          today,
        }),
    compensationPerDay: paiseToRupees(own.releaseDelayCompensationPaisePerDay),
    compensation: releaseCompensationView(r.release),
    customerTold: r.release.toldReady.map((t) => ({
      toldOn: t.toldOn,
      channel: t.channel,
      toldBy: t.toldBy.name,
    })),
    unclaimedOn: r.unclaimed_on,
    unclaimedFrom: returned ? null : unclaimedFrom,
  };
}

/** Compensation accrued and not yet paid out, from the row's release record (paise). */
const owedSql = sql<number>`(release->>'accruedPaise')::bigint - (release->>'paidPaise')::bigint`;

/** The reminder the daily run sends next: today's if the latest due one is unsent, else the next one's day. */
export function nextReminder(r: GoldReturnRow, today: string, policy: LendingPolicy) {
  if (r.status === null || r.status === 'returned' || !r.closed_on) return null;
  const days = daysBetween(r.closed_on, today);
  const due = dueReminderType(days, policy);
  if (due && !r.reminders.some((x) => x.type === due)) return { type: due, dueDate: today };
  const later = reminderSchedule(policy).find(([, after]) => after > days);
  return later ? { type: later[0], dueDate: addDays(r.closed_on, later[1]) } : null;
}

function byStatus(eb: Eb, status: GoldReturnListQuery['status'], today: string, policy: LendingPolicy) {
  const overdue = overdueBefore(today, policy);
  switch (status) {
    case 'all':
      return eb('status', 'is not', null);
    case 'open':
      return eb('status', 'in', ['pending', 'scheduled']);
    case 'returned':
      return eb('status', '=', 'returned');
    case 'unclaimed':
      return eb.and([eb('status', 'in', ['pending', 'scheduled']), eb('unclaimed_on', 'is not', null)]);
    case 'overdue':
      return eb.and([
        eb('status', 'in', ['pending', 'scheduled']),
        eb('closed_on', '<', overdue),
        eb('unclaimed_on', 'is', null),
      ]);
    case 'pending':
    case 'scheduled':
      return eb.and([
        eb('status', '=', status),
        eb('closed_on', '>=', overdue),
        eb('unclaimed_on', 'is', null),
      ]);
    case 'compensation':
      return eb.and([eb('status', 'is not', null), eb(owedSql, '>', 0)]);
  }
}

/** A mobile typed with +91, spaces or dashes is searched as stored (10 digits). */
const likePattern = (typed: string) =>
  `%${(normaliseMobile(typed) ?? typed).toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Open returns first, oldest closure first (the most urgent on top); then returned, latest first. */
export async function listGoldReturns(
  db: Kysely<Database>,
  q: GoldReturnListQuery,
  today: string,
  scope: BranchScope,
  policies: PolicyBook,
) {
  const where = (eb: Eb) =>
    eb.and([
      byStatus(eb, q.status, today, policies.inEffect),
      branchIn(scope, 'branch_id'),
      ...(q.search ? [eb('search_text', 'like', likePattern(q.search))] : []),
    ]);
  const [rows, total] = await Promise.all([
    book(db)
      .selectFrom('gold_returns')
      .selectAll()
      .where(where)
      .orderBy(sql`status = 'returned'`)
      .orderBy(sql`case when status = 'returned' then null else closed_on end`, 'asc')
      .orderBy('returned_on', (ob) => ob.desc().nullsLast())
      .orderBy('loan_id')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    book(db)
      .selectFrom('gold_returns')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  const data = rows.map((r) => goldReturnItem(goldReturnRowFromDb(r), today, policies));
  const count = Number(total.n);
  return {
    success: true as const,
    data,
    pagination: { page: q.page, limit: q.limit, total: count, totalPages: Math.ceil(count / q.limit) },
    ...(data.length === 0
      ? { message: q.search ? 'No returns match your search criteria' : 'No pending gold returns found' }
      : {}),
  };
}

export async function goldReturnStats(
  db: Kysely<Database>,
  today: string,
  scope: BranchScope,
  policy: LendingPolicy,
) {
  const overdue = overdueBefore(today, policy);
  const rows = await book(db)
    .selectFrom('gold_returns')
    .select([
      sql<GoldReturnStatus>`case when status <> 'returned' and unclaimed_on is not null then 'unclaimed' when status <> 'returned' and closed_on < ${overdue} then 'overdue' else status end`.as(
        'shown',
      ),
      (eb) => eb.fn.countAll<string>().as('n'),
      sql<string>`count(*) filter (where ${owedSql} > 0)`.as('owing'),
      sql<string>`coalesce(sum(greatest(${owedSql}, 0)), 0)`.as('owed'),
    ])
    .where('status', 'is not', null)
    .where(branchIn(scope, 'branch_id'))
    .groupBy('shown')
    .execute();
  const count = (s: GoldReturnStatus) => Number(rows.find((r) => r.shown === s)?.n ?? 0);
  const statuses: GoldReturnStatus[] = ['pending', 'scheduled', 'overdue', 'unclaimed', 'returned'];
  return {
    success: true as const,
    data: {
      totalClosedLoans: statuses.reduce((sum, s) => sum + count(s), 0),
      overdueLoans: count('overdue'),
      compensationOwed: {
        loans: rows.reduce((sum, r) => sum + Number(r.owing), 0),
        amount: paiseToRupees(rows.reduce((sum, r) => sum + Number(r.owed), 0)),
      },
      stats: statuses.map((s) => ({ _id: s, count: count(s) })),
    },
  };
}

/** A loan's return, if its gold is or was to be handed back. */
export async function findGoldReturn(
  db: Kysely<Database>,
  loanUuid: string,
): Promise<GoldReturnRow | undefined> {
  const row = await book(db)
    .selectFrom('gold_returns')
    .selectAll()
    .where('loan_uuid', '=', loanUuid)
    .where('status', 'is not', null)
    .executeTakeFirst();
  return row && goldReturnRowFromDb(row);
}

/** Unreturned gold of loans closed at least as long ago as the first reminder. */
export async function returnsAwaitingReminders(
  db: Kysely<Database>,
  today: string,
  policy: LendingPolicy,
): Promise<GoldReturnRow[]> {
  const firstAfter = reminderSchedule(policy)[0]![1];
  const rows = await book(db)
    .selectFrom('gold_returns')
    .selectAll()
    .where('status', 'in', ['pending', 'scheduled'])
    .where('closed_on', '<=', addDays(today, -firstAfter))
    .orderBy('closed_on')
    .orderBy('loan_uuid')
    .execute();
  return rows.map(goldReturnRowFromDb);
}

/** Gold still here from loans closed before today: what the daily release-delay run looks at. */
export async function returnsStillHere(db: Kysely<Database>, today: string): Promise<string[]> {
  const rows = await book(db)
    .selectFrom('gold_returns')
    .select('loan_uuid')
    .where('status', 'in', ['pending', 'scheduled'])
    .where('closed_on', '<', today)
    .orderBy('closed_on')
    .orderBy('loan_uuid')
    .execute();
  return rows.map((r) => r.loan_uuid);
}
