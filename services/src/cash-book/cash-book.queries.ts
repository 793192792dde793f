import { branchesInScope as branchesOf } from '../branches/branch.state.js';
import {
  businessDate,
  type BranchScope,
  type CashBookDayResponse,
  type CashPositionResponse,
} from '@goldledger/contracts';
import type { Kysely } from 'kysely';
import type { CommandDeps } from '../platform/command-handler.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';
import { dayFigures } from './cash-day.decider.js';
import { loadCashDay, loadCashRegister, openingOf, type CashDayState } from './cash-day.state.js';

const r = (paise: number) => paise / 100;
const cashBook = (db: Kysely<Database>) => readModel(db, 'rm_cash_book');

/**
 * The first day before `date` with cash in its book that is not closed, after the last
 * close (or from the book's start): the close waits for it, so no day's cash drops out of
 * the chain of openings. From the read model (a guard; the close itself is exact).
 */
export async function earlierOpenDay(
  db: Kysely<Database>,
  branchId: string,
  date: string,
  after: { lastClose: string | null; start: string | null },
): Promise<string | null> {
  let q = cashBook(db)
    .selectFrom('days')
    .select('business_date')
    .where('branch_id', '=', branchId)
    .where('business_date', '<', date)
    .where('closed', '=', false)
    .where((eb) =>
      eb.or([eb('cash_in_paise', '>', 0), eb('cash_out_paise', '>', 0), eb('entry_count', '>', 0)]),
    );
  if (after.lastClose) q = q.where('business_date', '>', after.lastClose);
  else if (after.start) q = q.where('business_date', '>=', after.start);
  const row = await q.orderBy('business_date').limit(1).executeTakeFirst();
  return row?.business_date ?? null;
}

/** Loan cash of the branch's day found in the loan events but never booked into the cash book. */
async function unbookedOf(db: Kysely<Database>, branchId: string, date: string) {
  const rows = await cashBook(db)
    .selectFrom('loan_movements')
    .select(['loan_id', 'kind', 'direction', 'amount_paise'])
    .where('branch_id', '=', branchId)
    .where('business_date', '=', date)
    .where('booked', '=', false)
    .orderBy('loan_id')
    .execute();
  return rows.map((m) => ({
    loanId: m.loan_id,
    kind: m.kind as CashBookDayResponse['unbooked'][number]['kind'],
    direction: m.direction,
    amount: r(Number(m.amount_paise)),
  }));
}

const loanUuidOf = (loanStreamId: string | null) =>
  loanStreamId ? loanStreamId.replace(/^loan-/, '') : null;

/** One branch's cash book for one day, as the page and the day-end report show it. */
export async function cashDayView(
  deps: CommandDeps & { db: Kysely<Database> },
  branch: { branchId: string; code: string; name: string },
  date: string,
): Promise<CashBookDayResponse & { state: CashDayState }> {
  const [day, register] = await Promise.all([
    loadCashDay(deps.store, branch.branchId, date),
    loadCashRegister(deps.store, branch.branchId),
  ]);
  const { state } = day;
  const closed = state.closed;
  // A closed day shows the figures it was closed with; an open one, the book as it stands.
  const live = dayFigures(state, register.state, date);
  const opening = closed ? { openingPaise: closed.openingPaise, source: closed.openingSource } : live.opening;
  const expectedPaise = closed ? closed.expectedPaise : live.expectedPaise;
  const count = state.count;
  return {
    state,
    branch: { _id: branch.branchId, code: branch.code, name: branch.name },
    date,
    version: day.version,
    status: closed ? 'closed' : 'open',
    book: { startDate: register.state.start?.startDate ?? null },
    opening: opening ? { amount: r(opening.openingPaise), source: opening.source } : null,
    movements: state.lines.map((l) => ({
      id: l.id,
      at: l.at,
      kind: l.kind,
      direction: l.direction,
      amount: r(l.amountPaise),
      loanId: l.loanId,
      loanUuid: loanUuidOf(l.loanStreamId),
      reason: l.reason,
      by: l.by,
    })),
    cashIn: r(closed ? closed.cashInPaise : live.cashInPaise),
    cashOut: r(closed ? closed.cashOutPaise : live.cashOutPaise),
    expected: expectedPaise === null ? null : r(expectedPaise),
    count: count
      ? {
          notes: count.count.notes,
          coins: count.count.coins,
          total: r(count.countedPaise),
          countedBy: count.by,
          countedAt: count.at,
        }
      : null,
    difference: closed
      ? r(closed.differencePaise)
      : count && expectedPaise !== null
        ? r(count.countedPaise - expectedPaise)
        : null,
    closed: closed ? { by: closed.closedBy.name, at: closed.at, reason: closed.reason } : null,
    unbooked: await unbookedOf(deps.db, branch.branchId, date),
  };
}

/** The branches whose cash book a person may open. */
export async function branchesInScope(deps: CommandDeps & { db: Kysely<Database> }, scope: BranchScope) {
  const branches = await branchesOf(deps.db, deps.store, scope);
  return branches.map((b) => ({ _id: b.branchId, code: b.code, name: b.name }));
}

/** Today's expected cash in each branch's drawer: the admin dashboard's cash position. */
export async function cashPosition(
  deps: CommandDeps & { db: Kysely<Database> },
): Promise<CashPositionResponse> {
  const today = businessDate(deps.clock.now());
  const branches = await branchesInScope(deps, { kind: 'all' });
  const rows = await Promise.all(
    branches.map(async (b) => {
      const [day, register] = await Promise.all([
        loadCashDay(deps.store, b._id, today),
        loadCashRegister(deps.store, b._id),
      ]);
      const f = dayFigures(day.state, register.state, today);
      const opening = openingOf(register.state, today);
      return {
        branchId: b._id,
        code: b.code,
        name: b.name,
        started: register.state.start !== null,
        opening: opening ? r(opening.openingPaise) : null,
        cashIn: r(f.cashInPaise),
        cashOut: r(f.cashOutPaise),
        expected: f.expectedPaise === null ? null : r(f.expectedPaise),
        closed: day.state.closed !== null,
      };
    }),
  );
  return { date: today, branches: rows };
}
