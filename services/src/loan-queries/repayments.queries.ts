import type { Kysely } from 'kysely';
import { addDays, daysBetween, paiseToRupees } from '@goldledger/contracts';
import { aadharFor, type Viewer } from './loan-list-row.js';
import { loanBook } from './loan-book.queries.js';

/** How far ahead "upcoming" repayments reach. */
export const UPCOMING_WINDOW_DAYS = 30;

export type RepaymentFilter = 'all' | 'unpaid' | 'upcoming';

/**
 * Installments not yet paid of active loans (001 §2.9): `unpaid` once the due date has
 * passed, `upcoming` from today to the window's end. Each is read off the partial
 * index of unpaid installments of active loans by due date.
 */
export async function pendingRepayments(
  db: Kysely<any>,
  query: { filter: RepaymentFilter; page: number; limit: number },
  today: string,
  viewer: Viewer,
) {
  const book = loanBook(db);
  const horizon = addDays(today, UPCOMING_WINDOW_DAYS);
  const pending = book
    .selectFrom('loan_installments as i')
    .where('i.status', '=', 'unpaid')
    .where('i.loan_active', '=', true)
    .where('i.due_date', '<=', horizon);
  const filtered =
    query.filter === 'unpaid'
      ? pending.where('i.due_date', '<', today)
      : query.filter === 'upcoming'
        ? pending.where('i.due_date', '>=', today)
        : pending;

  const [rows, counts] = await Promise.all([
    filtered
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
        'l.aadhar_number',
        'l.email',
      ])
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
      dueDate: r.due_date,
      status: r.due_date < today ? ('unpaid' as const) : ('upcoming' as const),
      amount: paiseToRupees(Number(r.amount_paise) - Number(r.amount_paid_paise)),
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

/** Installments due today and not fully paid, of active loans (the dashboard's "Due Today" cards). */
export async function todaysDue(db: Kysely<any>, today: string) {
  const rows = await loanBook(db)
    .selectFrom('loan_installments as i')
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
    ])
    .where('i.status', '=', 'unpaid')
    .where('i.loan_active', '=', true)
    .where('i.due_date', '=', today)
    .orderBy('l.name')
    .orderBy('l.loan_id')
    .execute();
  return {
    data: rows.map((r) => ({
      _id: r.loan_uuid,
      customerName: r.name,
      customerMobile: r.primary_mobile,
      amount: paiseToRupees(Number(r.amount_paise) - Number(r.amount_paid_paise)),
      loanId: r.loan_id,
      installmentNumber: r.number,
      dueDate: r.due_date,
    })),
  };
}
