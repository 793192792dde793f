import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  addDays,
  daysBetween,
  loanStreamId,
  paiseToRupees,
  type BranchScope,
  type ReminderItem,
} from '@goldledger/contracts';
import {
  owedRupees,
  placeOf,
  unpaidInstallmentRows,
  withTheirLoans,
} from '../loan-queries/repayments.queries.js';
import { loadCalendarBook } from '../holidays/holiday-calendar.js';
import { ACCRUAL_COLUMNS, rowPayoff, type AccrualRow } from '../loan-queries/loan-list-row.js';
import { loadPolicyBook } from '../policy/policy-versions.js';
import { loanRowFromDb } from '@goldledger/projections';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';
import { isOverdueOn } from './payment-reminders.js';

type Item = z.infer<typeof ReminderItem>;

/** The most a list returns: the screen shows cards, not a report. */
export const REMINDER_LIST_LIMIT = 1000;

/** Grace reaches at most this many days past a due date (a Sunday next to a holiday). */
const LONGEST_GRACE_DAYS = 7;

export type ReminderQuery = { type: 'upcoming'; days: number } | { type: 'overdue' };

/**
 * Installments to remind customers of, one item per unpaid installment of an active
 * loan: `upcoming` from today to `days` ahead (a due date still in its holiday grace
 * counts as upcoming), `overdue` once past the due date and its grace; of the branches in
 * scope. Read from the loan book's index of unpaid installments by due date.
 */
const reminderRows = (db: Kysely<Database>, scope: BranchScope) =>
  withTheirLoans(unpaidInstallmentRows(db, scope)).select([
    'i.branch_id',
    'l.email',
    'l.delinquency_class',
    'l.total_paid_paise',
    ...ACCRUAL_COLUMNS.map((c) => `l.${c}` as const),
  ]);
type ReminderRow = Awaited<ReturnType<ReturnType<typeof reminderRows>['execute']>>[number];

export async function reminderItems(
  { db, store }: { db: Kysely<Database>; store: EventStore },
  today: string,
  query: ReminderQuery,
  scope: BranchScope,
): Promise<Item[]> {
  // Grace follows each loan's branch's calendar (national and state holidays).
  const [calendars, policies] = await Promise.all([
    loadCalendarBook(store, db),
    loadPolicyBook({ store, db }, today),
  ]);
  let q = reminderRows(db, scope);
  q =
    query.type === 'upcoming'
      ? q
          .where('i.due_date', '>=', addDays(today, -LONGEST_GRACE_DAYS))
          .where('i.due_date', '<=', addDays(today, query.days))
      : q.where('i.due_date', '<', today);
  const rows = (
    await q
      .orderBy('i.due_date')
      .orderBy('l.loan_id')
      .orderBy('i.number')
      .limit(REMINDER_LIST_LIMIT)
      .execute()
  ).filter(
    (r) =>
      isOverdueOn(r.due_date, today, { holidays: calendars.ofBranch(r.branch_id) }) ===
      (query.type === 'overdue'),
  );
  const lastSent = await lastRemindersSent(
    db,
    rows.map((r) => r.loan_uuid),
  );
  return rows.map((r) => {
    // Today's payoff, by the closing quote's own function (issue 19).
    const accrual = loanRowFromDb(r) as AccrualRow;
    const balance = rowPayoff(accrual, today, policies.ofVersion(accrual.policy_version, accrual.branch_id));
    return reminderItem(r, query, today, lastSent, balance.totalDuePaise);
  });
}

function reminderItem(
  r: ReminderRow,
  query: ReminderQuery,
  today: string,
  lastSent: ReadonlyMap<string, string>,
  balancePaise: number,
): Item {
  const place = placeOf(r);
  return {
    _id: r.loan_uuid,
    loanId: r.loan_id,
    customerName: r.name,
    customerMobile: r.primary_mobile,
    customerEmail: r.email,
    type: query.type,
    amount: owedRupees(r),
    dueDate: r.due_date,
    daysUntilDue: Math.max(0, daysBetween(today, r.due_date)),
    daysOverdue: query.type === 'overdue' ? daysBetween(r.due_date, today) : 0,
    installmentNumber: r.number,
    // Of the schedule in force: after an upgrade, the upgrade's new schedule.
    totalInstallments: place.of,
    installmentPlace: place,
    totalPaid: paiseToRupees(Number(r.total_paid_paise)),
    remainingBalance: paiseToRupees(balancePaise),
    lastReminderSentOn: lastSent.get(`${r.loan_uuid}:${r.number}:${r.due_date}`) ?? null,
    delinquencyClass: r.delinquency_class,
  };
}

/**
 * The last day each installment (loan, number, due date) was reminded of. Read from
 * the loans' PaymentReminderSent events: no read model holds them, and these rows are
 * found by the events' primary key (stream id first).
 */
async function lastRemindersSent(
  db: Kysely<Database>,
  loanUuids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(loanUuids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('events')
    .select((eb) => {
      const field = (key: string) => eb.ref('data', '->>').key(key).$castTo<string>();
      return [
        'stream_id',
        eb.cast<number>(field('installmentNumber'), 'integer').as('n'),
        field('dueDate').as('due_date'),
        eb.fn.max(field('sentOn')).as('last'),
      ];
    })
    .where('stream_id', 'in', unique.map(loanStreamId))
    .where('type', '=', 'PaymentReminderSent')
    .groupBy(['stream_id', 'n', 'due_date'])
    .execute();
  return new Map(rows.map((r) => [`${r.stream_id.replace(/^loan-/, '')}:${r.n}:${r.due_date}`, r.last]));
}
