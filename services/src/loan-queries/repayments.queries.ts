import { sql, type Kysely } from 'kysely';
import {
  addDays,
  daysBetween,
  installmentPlace,
  paiseToRupees,
  type BranchScope,
  type ScheduleUpgrade,
} from '@goldledger/contracts';
import { branchIn } from '../branches/branch-scope.js';
import { aadharFor, type Viewer } from './loan-list-row.js';
import { loanBook } from './loan-book.queries.js';
import type { Database } from '../platform/platform.js';

/** How far ahead "upcoming" repayments reach. */
export const UPCOMING_WINDOW_DAYS = 30;

export type RepaymentFilter = 'all' | 'unpaid' | 'upcoming';

/**
 * The installments still owed: unpaid ones of active loans at the branches in scope, as
 * `i`. Every list of what is due (pending repayments, today's due, payment reminders)
 * starts here, and reads it off the partial index of exactly these rows by due date.
 */
export const unpaidInstallmentRows = (db: Kysely<Database>, scope: BranchScope) =>
  loanBook(db)
    .selectFrom('loan_installments as i')
    .where('i.status', '=', 'unpaid')
    .where('i.loan_active', '=', true)
    .where(branchIn(scope, 'i.branch_id'));

/** Those installments (narrowed as the caller likes) with what every list of them shows of the loan. */
export const withTheirLoans = (installments: ReturnType<typeof unpaidInstallmentRows>) =>
  installments
    .innerJoin('loans as l', 'l.loan_uuid', 'i.loan_uuid')
    .select([
      'i.loan_uuid',
      'i.number',
      'i.due_date',
      'i.amount_paise',
      'i.amount_paid_paise',
      'l.loan_id',
      'l.name',
      'l.primary_mobile',
      'l.schedule_upgrades',
      sql<number>`(l.installments -> -1 ->> 'number')::int`.as('last_number'),
    ]);

/** An unpaid installment's place in the schedule in force ("2 of 3 after the upgrade on …"). */
export const placeOf = (r: { number: number; last_number: number; schedule_upgrades: ScheduleUpgrade[] }) =>
  installmentPlace(r.number, Number(r.last_number), r.schedule_upgrades);

/** What is still owed on an installment, in rupees. */
export const owedRupees = (i: { amount_paise: number; amount_paid_paise: number }) =>
  paiseToRupees(Number(i.amount_paise) - Number(i.amount_paid_paise));

/**
 * Installments not yet paid of active loans, for the pending repayments page: `unpaid`
 * once the due date has passed, `upcoming` from today to the window's end.
 */
export async function pendingRepayments(
  db: Kysely<Database>,
  query: { filter: RepaymentFilter; page: number; limit: number },
  today: string,
  viewer: Viewer,
  scope: BranchScope,
) {
  const horizon = addDays(today, UPCOMING_WINDOW_DAYS);
  const pending = unpaidInstallmentRows(db, scope).where('i.due_date', '<=', horizon);
  const filtered =
    query.filter === 'unpaid'
      ? pending.where('i.due_date', '<', today)
      : query.filter === 'upcoming'
        ? pending.where('i.due_date', '>=', today)
        : pending;

  const [rows, counts] = await Promise.all([
    withTheirLoans(filtered)
      .select(['l.aadhar_number', 'l.email'])
      .orderBy('i.due_date')
      .orderBy('i.loan_uuid')
      .orderBy('i.number')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    pending
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('i.due_date', '<', today).as('unpaid'),
        eb.fn.countAll<string>().filterWhere('i.due_date', '>=', today).as('upcoming'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const unpaid = Number(counts.unpaid);
  const upcoming = Number(counts.upcoming);
  const total =
    query.filter === 'unpaid' ? unpaid : query.filter === 'upcoming' ? upcoming : unpaid + upcoming;
  return {
    data: rows.map((r) => ({
      _id: r.loan_uuid,
      loanId: r.loan_id,
      installmentNumber: r.number,
      installmentPlace: placeOf(r),
      dueDate: r.due_date,
      status: r.due_date < today ? ('unpaid' as const) : ('upcoming' as const),
      amount: owedRupees(r),
      daysUnpaid: Math.max(0, daysBetween(r.due_date, today)),
      customer: {
        name: r.name,
        primaryMobile: r.primary_mobile,
        aadharNumber: aadharFor(viewer, r.aadhar_number),
        email: r.email,
      },
    })),
    message: total === 0 ? 'No pending repayments' : `${total} pending repayment${total === 1 ? '' : 's'}`,
    counts: { all: unpaid + upcoming, unpaid, upcoming },
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
    },
  };
}

/** Installments due today and not fully paid, of active loans in scope (the dashboard's "Due Today" cards). */
export async function todaysDue(db: Kysely<Database>, today: string, scope: BranchScope) {
  const rows = await withTheirLoans(unpaidInstallmentRows(db, scope).where('i.due_date', '=', today))
    .orderBy('l.name')
    .orderBy('l.loan_id')
    .execute();
  return {
    data: rows.map((r) => ({
      _id: r.loan_uuid,
      customerName: r.name,
      customerMobile: r.primary_mobile,
      amount: owedRupees(r),
      loanId: r.loan_id,
      installmentNumber: r.number,
      installmentPlace: placeOf(r),
      dueDate: r.due_date,
    })),
  };
}
