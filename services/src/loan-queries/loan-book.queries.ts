// Over 400 lines: the staff lists share private helpers here (the search match, the tab filter, the
// sort orders); split, each would be exported for one caller. The class filter (issue 18) uses them too.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  normaliseMobile,
  paiseToRupees,
  type BranchScope,
  type LoanListQuery,
  highlightColourFor,
  nextLadderRateBps,
} from '@goldledger/contracts';
import {
  loanRowFromDb,
  paymentRowFromDb,
  type LoanListStatus,
  type LoanRow,
  type LoansTables,
} from '@goldledger/projections';
import { branchIn } from '../branches/branch-scope.js';
import { marginCallsOf } from '../margin-calls/margin-calls.queries.js';
import {
  loanItem,
  payoffOfRow,
  paymentItem,
  seesFullAadhar,
  type RowPrices,
  type RowPricing,
  type Viewer,
} from './loan-list-row.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';

export type LoanBook = Kysely<LoansTables>;
export const loanBook = (db: Kysely<Database>): LoanBook => readModel(db, 'rm_loans');

type SearchEb = ExpressionBuilder<LoansTables, 'loan_search'>;
type LoansEb = ExpressionBuilder<LoansTables, 'loans'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%`, `_` and `\` typed into the search box are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** "50000", "50,000.50", "₹ 50,000": an amount in paise; anything else null. */
function amountPaise(text: string): number | null {
  const plain = text.replace(/[₹,\s]/g, '');
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(plain)) return null;
  return Math.round(Number(plain) * 100);
}

/**
 * The search of the staff lists. Aadhar is searched apart from the other fields:
 * admins by any part of it; employees, who only ever see the last four digits, by
 * the whole number (a substring search would let them read it back digit by digit).
 */
function matches(eb: SearchEb, search: string, viewer: Viewer) {
  // A mobile typed `+91 98450 12345` or `098450-12345` is searched as stored: its 10 digits.
  const text = (normaliseMobile(search) ?? search).toLowerCase();
  const ors = [eb('search_text', 'like', likePattern(text))];
  const digits = text.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) {
    if (seesFullAadhar(viewer)) ors.push(eb('aadhar_number', 'like', likePattern(digits)));
    else if (digits.length === 12) ors.push(eb('aadhar_number', '=', digits));
  }
  const amount = amountPaise(text);
  if (amount !== null) ors.push(eb('principal_paise', '=', amount));
  return eb.or(ors);
}

type Tab = 'all' | 'active' | 'closed';

/** Every list shows listed loans only (never deleted ones), the tab narrowing it further. */
const listed = (tab: Tab) =>
  tab === 'all'
    ? sql<boolean>`list_status <> 'hidden'`
    : sql<boolean>`list_status <> 'hidden' and list_status = ${tab}`;

/** The same order over the loans and over their search rows. */
const SORTS = {
  createdAt: { loans: 'created_at', search: 'created_at' },
  // `+ 0` keeps the planner off the amount index for the search's order: walking it backwards
  // past ~99,500 non-matching rows took 45–70 ms at 100,000 loans; collecting the hits and
  // sorting them takes 2.6 ms (bench:loans, docs/benchmarks.md).
  amount: { loans: 'principal_paise', search: sql<number>`principal_paise + 0` },
  name: { loans: sql<string>`lower(name)`, search: 'name_key' },
  loanId: { loans: 'loan_id', search: 'loan_id' },
} as const;

const pageCount = (total: number, limit: number) => Math.ceil(total / limit);

interface BookTotals {
  active: { loans: number; principal: number };
  closed: { loans: number; principal: number };
}

/** The kept totals of the branches in scope, added up per tab. */
async function bookTotals(book: LoanBook, scope: BranchScope): Promise<BookTotals> {
  const rows = await book
    .selectFrom('loan_book_totals')
    .select([
      'list_status',
      (eb) => eb.fn.sum<string>('loans').as('loans'),
      (eb) => eb.fn.sum<string>('principal_paise').as('principal_paise'),
    ])
    .where(branchIn(scope, 'branch_id'))
    .groupBy('list_status')
    .execute();
  const of = (s: LoanListStatus) => {
    const r = rows.find((x) => x.list_status === s);
    return { loans: Number(r?.loans ?? 0), principal: Number(r?.principal_paise ?? 0) };
  };
  return { active: of('active'), closed: of('closed') };
}

/** Rows shaped with the day's prices and their open margin calls (one query for the page). */
export async function withPricing<T>(
  db: Kysely<Database>,
  rows: readonly LoanRow[],
  prices: RowPrices,
  shape: (row: LoanRow, pricing: RowPricing) => T,
): Promise<T[]> {
  const calls = await marginCallsOf(
    db,
    rows.map((r) => r.loan_uuid),
  );
  return rows.map((r) => shape(r, { ...prices, calls }));
}

/** Loans per tab among those the search finds: one grouped count over the search rows it hits. */
async function searchCounts(book: LoanBook, search: string, viewer: Viewer, scope: BranchScope) {
  const rows = await book
    .selectFrom('loan_search')
    .select(['list_status', (eb) => eb.fn.countAll<string>().as('n')])
    .where(listed('all'))
    .where(branchIn(scope, 'branch_id'))
    .where((eb) => matches(eb, search, viewer))
    .groupBy('list_status')
    .execute();
  const of = (s: LoanListStatus) => Number(rows.find((r) => r.list_status === s)?.n ?? 0);
  return { active: of('active'), closed: of('closed') };
}

type DelinquentClass = NonNullable<LoanListQuery['delinquencyClass']>;

/**
 * The loans of one class (issue 18), searched on the loan rows themselves: a class other than
 * standard is a small part of the book, read through its partial index.
 */
function ofClass(
  book: LoanBook,
  cls: DelinquentClass,
  search: string | undefined,
  viewer: Viewer,
  scope: BranchScope,
) {
  const q = book
    .selectFrom('loans')
    .where('delinquency_class', '=', cls)
    .where(sql<boolean>`delinquency_class <> 'standard'`)
    .where(branchIn(scope, 'branch_id'));
  // The loan row has the search table's columns (search text, Aadhar, amount) under the same names.
  return search ? q.where((eb) => matches(eb as unknown as SearchEb, search, viewer)) : q;
}

async function classCounts(
  book: LoanBook,
  cls: DelinquentClass,
  search: string | undefined,
  viewer: Viewer,
  scope: BranchScope,
) {
  const rows = await ofClass(book, cls, search, viewer, scope)
    .select(['list_status', (eb) => eb.fn.countAll<string>().as('n')])
    .where(listed('all'))
    .groupBy('list_status')
    .execute();
  const of = (s: LoanListStatus) => Number(rows.find((r) => r.list_status === s)?.n ?? 0);
  return { active: of('active'), closed: of('closed') };
}

function classPage(
  book: LoanBook,
  query: LoanListQuery,
  cls: DelinquentClass,
  search: string | undefined,
  viewer: Viewer,
  scope: BranchScope,
) {
  const sort = SORTS[query.sort];
  return ofClass(book, cls, search, viewer, scope)
    .selectAll()
    .where(listed(query.status))
    .orderBy(sort.loans, query.order)
    .orderBy('loan_uuid', query.order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
}

/**
 * One page of the list. Without a search it is the first rows of the index for its
 * sort. With one, the search table yields the page's ids (its hits collected and
 * sorted, never a sort order walked in the hope of meeting them) and the page's 20
 * loan rows are then read by key.
 */
function loanPage(
  book: LoanBook,
  query: LoanListQuery,
  search: string | undefined,
  viewer: Viewer,
  scope: BranchScope,
) {
  const sort = SORTS[query.sort];
  const offset = (query.page - 1) * query.limit;
  const page = book.selectFrom('loans').selectAll().where(branchIn(scope, 'branch_id'));
  const narrowed = search
    ? page.where(
        'loan_uuid',
        'in',
        book
          .selectFrom('loan_search')
          .select('loan_uuid')
          .where(listed(query.status))
          .where(branchIn(scope, 'branch_id'))
          .where((eb) => matches(eb, search, viewer))
          .orderBy(sort.search, query.order)
          .orderBy('loan_uuid', query.order)
          .limit(query.limit)
          .offset(offset),
      )
    : page.where(listed(query.status)).limit(query.limit).offset(offset);
  return narrowed.orderBy(sort.loans, query.order).orderBy('loan_uuid', query.order).execute();
}

/**
 * The staff loans list of the branches in scope. The tab counts come from the kept totals
 * (or, with a search, one grouped count), so the cost does not grow with the book.
 */
export async function listLoans(
  db: Kysely<Database>,
  query: LoanListQuery,
  viewer: Viewer,
  prices: RowPrices,
  scope: BranchScope,
) {
  const book = loanBook(db);
  const search = query.search ? query.search : undefined;
  const [rows, totals, found] = await Promise.all([
    query.delinquencyClass
      ? classPage(book, query, query.delinquencyClass, search, viewer, scope)
      : loanPage(book, query, search, viewer, scope),
    bookTotals(book, scope),
    query.delinquencyClass
      ? classCounts(book, query.delinquencyClass, search, viewer, scope)
      : search
        ? searchCounts(book, search, viewer, scope)
        : undefined,
  ]);
  const counts = found ?? { active: totals.active.loans, closed: totals.closed.loans };
  const total = query.status === 'all' ? counts.active + counts.closed : counts[query.status];
  return {
    data: await withPricing(db, rows.map(loanRowFromDb), prices, (r, pricing) =>
      loanItem(r, viewer, pricing),
    ),
    counts: { all: counts.active + counts.closed, active: counts.active, closed: counts.closed },
    pagination: { page: query.page, limit: query.limit, total, totalPages: pageCount(total, query.limit) },
    portfolio: {
      totalLoans: totals.active.loans + totals.closed.loans,
      activeLoans: totals.active.loans,
      closedLoans: totals.closed.loans,
      totalAmount: paiseToRupees(totals.active.principal + totals.closed.principal),
    },
  };
}

/**
 * A listed loan by its internal id or its `GL…` id, at a branch in scope; undefined when
 * there is none (or it was deleted, or it is another branch's).
 */
export async function findLoan(
  db: Kysely<Database>,
  ref: string,
  scope: BranchScope,
): Promise<LoanRow | undefined> {
  const row = await loanBook(db)
    .selectFrom('loans')
    .selectAll()
    .where(UUID.test(ref) ? 'loan_uuid' : 'loan_id', '=', ref)
    .where('list_status', '<>', 'hidden')
    .where(branchIn(scope, 'branch_id'))
    .executeTakeFirst();
  return row && loanRowFromDb(row);
}

export async function paymentsOf(db: Kysely<Database>, loans: readonly LoanRow[]) {
  if (loans.length === 0) return new Map<string, ReturnType<typeof paymentItem>[]>();
  const rows = await loanBook(db)
    .selectFrom('loan_payments')
    .selectAll()
    .where(
      'loan_uuid',
      'in',
      loans.map((l) => l.loan_uuid),
    )
    .orderBy('loan_uuid')
    .orderBy('seq')
    .execute();
  const loanOf = new Map(loans.map((l) => [l.loan_uuid, l]));
  const byLoan = new Map<string, ReturnType<typeof paymentItem>[]>(loans.map((l) => [l.loan_uuid, []]));
  for (const raw of rows) {
    const p = paymentRowFromDb(raw);
    const loan = loanOf.get(p.loan_uuid);
    if (loan) byLoan.get(p.loan_uuid)?.push(paymentItem(p, loan));
  }
  return byLoan;
}

/** The customer number (`CUS…`) of a customer's sign-in account; null when it has none. */
export async function customerIdOfUser(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await readModel(db, 'rm_users')
    .selectFrom('users')
    .select('customer_id')
    .where('user_id', '=', userId)
    .where('role', '=', 'customer')
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

/** A customer's own loans, newest first, each with its payments, and what they add up to. */
export async function customerLoans(db: Kysely<Database>, customerId: string | null, prices: RowPrices) {
  const rows = customerId
    ? (
        await loanBook(db)
          .selectFrom('loans')
          .selectAll()
          .where('customer_id', '=', customerId)
          .where('list_status', '<>', 'hidden')
          .orderBy('created_at', 'desc')
          .execute()
      ).map(loanRowFromDb)
    : [];
  const payments = await paymentsOf(db, rows);
  const sum = (f: (r: LoanRow) => number) => paiseToRupees(rows.reduce((s, r) => s + f(r), 0));
  return {
    data: await withPricing(db, rows, prices, (r, pricing) => ({
      ...loanItem(r, 'customer', pricing),
      payments: payments.get(r.loan_uuid) ?? [],
    })),
    portfolio: {
      totalBorrowed: sum((r) => r.principal_paise),
      totalPaid: sum((r) => r.total_paid_paise),
      // Today's payoff of each loan: the figure its card and its receipt show.
      outstanding: sum((r) => payoffOfRow(r, prices).totalDuePaise),
      activeLoans: rows.filter((r) => r.status === 'active').length,
    },
  };
}

/** Loans that have climbed the rate ladder, highest level first, the next upgrade soonest first. */
export async function upgradedLoans(
  db: Kysely<Database>,
  query: { page: number; limit: number; status: 'all' | 'active' | 'closed' },
  viewer: Viewer,
  prices: RowPrices,
  scope: BranchScope,
) {
  const book = loanBook(db);
  const where = (eb: LoansEb) =>
    eb.and([listed(query.status), eb('upgrade_level', '>=', 1), branchIn(scope, 'branch_id')]);
  const [rows, count] = await Promise.all([
    book
      .selectFrom('loans')
      .selectAll()
      .where(where)
      .orderBy('upgrade_level', 'desc')
      .orderBy(sql`next_upgrade_date asc nulls last`)
      .orderBy('loan_uuid')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    book
      .selectFrom('loans')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  const totalLoans = Number(count.n);
  return {
    success: true as const,
    data: {
      loans: await withPricing(db, rows.map(loanRowFromDb), prices, (r, pricing) => ({
        ...loanItem(r, viewer, pricing),
        highlightColor: highlightColourFor(r.upgrade_level),
        isAtFinalLevel: nextLadderRateBps(r.current_rate_bps) === null,
      })),
      pagination: {
        page: query.page,
        limit: query.limit,
        totalPages: pageCount(totalLoans, query.limit),
        totalLoans,
      },
    },
  };
}

/**
 * The admins' "Refunds due": loans that owe their customer money back (paid beyond
 * closing), oldest closure first, with what was already paid back.
 */
export async function refundsDue(db: Kysely<Database>, scope: BranchScope) {
  const rows = (
    await loanBook(db)
      .selectFrom('loans')
      .selectAll()
      .where('refund_due_paise', '>', 0)
      .where(branchIn(scope, 'branch_id'))
      .orderBy('closed_on', 'asc')
      .orderBy('loan_uuid', 'asc')
      .execute()
  ).map(loanRowFromDb);
  return {
    data: rows.map((r) => ({
      _id: r.loan_uuid,
      loanId: r.loan_id,
      customerId: r.customer_id,
      name: r.name,
      primaryMobile: r.primary_mobile,
      closedOn: r.closed_on,
      excess: paiseToRupees(r.refund_excess_paise),
      auctionSurplus: paiseToRupees(r.auction_surplus_paise),
      dueBy: r.auction_surplus_due_by,
      refunded: paiseToRupees(r.refunded_paise),
      due: paiseToRupees(r.refund_due_paise),
      version: r.version,
      lastRefund: r.last_refund && {
        paidOn: r.last_refund.paidOn,
        amount: paiseToRupees(r.last_refund.amountPaise),
        method: r.last_refund.method,
        reference: r.last_refund.reference,
      },
    })),
    totalDue: paiseToRupees(rows.reduce((sum, r) => sum + r.refund_due_paise, 0)),
  };
}

/**
 * The admins' queue of online payments to approve (issue 19): pending ones, oldest first,
 * of loans in the caller's branches (the partial index `loan_payments_pending_idx` holds
 * only them).
 */
export async function pendingOnlinePayments(db: Kysely<Database>, scope: BranchScope) {
  const rows = await loanBook(db)
    .selectFrom('loan_payments as p')
    .innerJoin('loans as l', 'l.loan_uuid', 'p.loan_uuid')
    .selectAll('p')
    .select(['l.loan_id', 'l.name', 'l.primary_mobile', 'l.version'])
    .where('p.status', '=', 'pending')
    .where('p.method', '=', 'online')
    .where(branchIn(scope, 'l.branch_id'))
    .orderBy('p.recorded_at', 'asc')
    // Recorded the same instant (a fixed clock, a batch): in the loan's own order.
    .orderBy('p.loan_uuid', 'asc')
    .orderBy('p.seq', 'asc')
    .execute();
  const data = rows.map((r) => {
    const p = paymentRowFromDb(r);
    return {
      loanUuid: p.loan_uuid,
      loanId: r.loan_id,
      version: Number(r.version),
      paymentId: p.payment_id,
      receiptNumber: p.receipt_number ?? `${r.loan_id}_${p.installment_number}`,
      customerName: r.name,
      customerMobile: r.primary_mobile,
      amount: paiseToRupees(p.amount_paise),
      paymentDate: p.payment_date,
      transactionId: p.transaction_id,
      bankName: p.bank_name,
      enteredBy: p.entered_by.name,
      recordedAt: p.recorded_at,
    };
  });
  const totalPaise = data.reduce((sum, d) => sum + Math.round(d.amount * 100), 0);
  return { data, total: paiseToRupees(totalPaise) };
}
