import { sql, type Kysely, type QueryCreator } from 'kysely';
import {
  branchOfCashRegister,
  loanCashStep,
  parseCashDayStreamId,
  type LoanCashTrail,
} from '@goldledger/contracts';
import { eventReader, ofStream, type EventOf } from '../runtime/known-events.js';
import type { Projection } from '../runtime/projection.js';

/**
 * The branch cash book's read side. `loan_movements`: the cash every loan event moved, by
 * branch and business day, derived from the loan events themselves (`loanCashStep`), and
 * whether the cash book booked it (its `LoanCashBooked`): one not booked is shown on the
 * day, never hidden. `days`: each day's Σ in, Σ out (booked loan cash and the book's own
 * entries), count and close, for the dashboard's cash position and the close's "earlier
 * day still open" check. `books`: where each branch's book starts. The day page itself
 * folds the day's stream (what the close decides from).
 */
export interface CashLoanTrailRow {
  loan_stream_id: string;
  trail: LoanCashTrail;
}
export interface CashLoanMovementRow {
  source_event_id: string;
  branch_id: string;
  business_date: string;
  kind: string;
  direction: 'in' | 'out';
  amount_paise: string | number;
  loan_id: string;
  loan_stream_id: string;
  booked: boolean;
}
export interface CashDayRow {
  branch_id: string;
  business_date: string;
  cash_in_paise: string | number;
  cash_out_paise: string | number;
  entry_count: number;
  counted_paise: string | number | null;
  closed: boolean;
  difference_paise: string | number | null;
}
export interface CashBookRow {
  branch_id: string;
  start_date: string;
  opening_paise: string | number;
}
export interface CashBookTables {
  loan_trails: CashLoanTrailRow;
  loan_movements: CashLoanMovementRow;
  days: CashDayRow;
  books: CashBookRow;
}

const readEvents = eventReader('loan', 'cash-day', 'cash-register');
type CashBookEvent = EventOf<'loan' | 'cash-day' | 'cash-register'>;
const MOVING = new Set(['LoanCreated', 'PaymentRecorded', 'PaymentReversed', 'RefundPaid']);

async function applyLoanEvents(db: QueryCreator<CashBookTables>, events: CashBookEvent[]) {
  const loanEvents = ofStream(events, 'loan').filter((e) => MOVING.has(e.type));
  if (loanEvents.length === 0) return;
  const ids = [...new Set(loanEvents.map((e) => e.streamId))];
  const rows = await db.selectFrom('loan_trails').selectAll().where('loan_stream_id', 'in', ids).execute();
  const trails = new Map<string, LoanCashTrail | null>(rows.map((r) => [r.loan_stream_id, r.trail]));
  const dirty = new Set<string>();
  const movements: CashLoanMovementRow[] = [];
  for (const e of loanEvents) {
    const before = trails.get(e.streamId) ?? null;
    const { trail, movement } = loanCashStep(before, e);
    if (trail !== before) {
      trails.set(e.streamId, trail);
      dirty.add(e.streamId);
    }
    if (movement) {
      movements.push({
        source_event_id: e.eventId,
        branch_id: movement.branchId,
        business_date: movement.businessDate,
        kind: movement.kind,
        direction: movement.direction,
        amount_paise: movement.amountPaise,
        loan_id: movement.loanId,
        loan_stream_id: e.streamId,
        booked: false,
      });
    }
  }
  const changed = [...dirty].flatMap((id) => {
    const trail = trails.get(id);
    return trail ? [{ loan_stream_id: id, trail: JSON.stringify(trail) as unknown as LoanCashTrail }] : [];
  });
  if (changed.length > 0) {
    await db
      .insertInto('loan_trails')
      .values(changed)
      .onConflict((oc) =>
        oc.column('loan_stream_id').doUpdateSet({ trail: (eb) => eb.ref('excluded.trail') }),
      )
      .execute();
  }
  if (movements.length > 0) {
    // Booked first (a batch split between the loan event and its booking): keep booked.
    await db
      .insertInto('loan_movements')
      .values(movements)
      .onConflict((oc) => oc.column('source_event_id').doNothing())
      .execute();
  }
}

const dayKey = (branchId: string, date: string) => ({ branch_id: branchId, business_date: date });

async function addToDay(
  db: QueryCreator<CashBookTables>,
  branchId: string,
  date: string,
  change: { in?: number; out?: number; entries?: number },
) {
  await db
    .insertInto('days')
    .values({
      ...dayKey(branchId, date),
      cash_in_paise: change.in ?? 0,
      cash_out_paise: change.out ?? 0,
      entry_count: change.entries ?? 0,
      counted_paise: null,
      closed: false,
      difference_paise: null,
    })
    .onConflict((oc) =>
      oc.columns(['branch_id', 'business_date']).doUpdateSet({
        cash_in_paise: sql`days.cash_in_paise + excluded.cash_in_paise`,
        cash_out_paise: sql`days.cash_out_paise + excluded.cash_out_paise`,
        entry_count: sql`days.entry_count + excluded.entry_count`,
      }),
    )
    .execute();
}

async function applyCashEvents(db: QueryCreator<CashBookTables>, events: CashBookEvent[]) {
  for (const e of events) {
    if (e.streamType === 'cash-register') {
      if (e.type === 'CashBookStarted') {
        await db
          .insertInto('books')
          .values({
            branch_id: branchOfCashRegister(e.streamId),
            start_date: e.data.startDate,
            opening_paise: e.data.openingPaise,
          })
          .onConflict((oc) => oc.column('branch_id').doNothing())
          .execute();
      }
      continue;
    }
    if (e.streamType !== 'cash-day') continue;
    const day = parseCashDayStreamId(e.streamId);
    if (!day) continue;
    const amount = (d: { direction: 'in' | 'out'; amountPaise: number }) =>
      d.direction === 'in' ? { in: d.amountPaise } : { out: d.amountPaise };
    switch (e.type) {
      case 'LoanCashBooked': {
        const d = e.data;
        await addToDay(db, day.branchId, day.date, amount(d));
        await db
          .insertInto('loan_movements')
          .values({
            source_event_id: d.sourceEventId,
            branch_id: day.branchId,
            business_date: day.date,
            kind: d.kind,
            direction: d.direction,
            amount_paise: d.amountPaise,
            loan_id: d.loanId,
            loan_stream_id: d.loanStreamId,
            booked: true,
          })
          .onConflict((oc) => oc.column('source_event_id').doUpdateSet({ booked: true }))
          .execute();
        break;
      }
      case 'CashEntryRecorded':
        await addToDay(db, day.branchId, day.date, { ...amount(e.data), entries: 1 });
        break;
      case 'CashCounted':
        await addToDay(db, day.branchId, day.date, {});
        await db
          .updateTable('days')
          .set({ counted_paise: e.data.countedPaise })
          .where('branch_id', '=', day.branchId)
          .where('business_date', '=', day.date)
          .execute();
        break;
      case 'CashDayClosed':
        await addToDay(db, day.branchId, day.date, {});
        await db
          .updateTable('days')
          .set({ closed: true, counted_paise: e.data.countedPaise, difference_paise: e.data.differencePaise })
          .where('branch_id', '=', day.branchId)
          .where('business_date', '=', day.date)
          .execute();
        break;
      default: {
        const _exhaustive: never = e;
        return _exhaustive;
      }
    }
  }
}

export const cashBookProjection: Projection<CashBookTables> = {
  name: 'cash-book',
  version: 1,
  schema: 'rm_cash_book',

  async createTables(db: Kysely<any>, schema: string) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('loan_trails')
      .addColumn('loan_stream_id', 'text', (c) => c.primaryKey())
      .addColumn('trail', 'jsonb', (c) => c.notNull())
      .execute();
    await s
      .createTable('loan_movements')
      .addColumn('source_event_id', 'uuid', (c) => c.primaryKey())
      .addColumn('branch_id', 'text', (c) => c.notNull())
      .addColumn('business_date', 'date', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('amount_paise', 'bigint', (c) => c.notNull())
      .addColumn('loan_id', 'text', (c) => c.notNull())
      .addColumn('loan_stream_id', 'text', (c) => c.notNull())
      .addColumn('booked', 'boolean', (c) => c.notNull())
      .execute();
    await s
      .createIndex('loan_movements_day_idx')
      .on('loan_movements')
      .columns(['branch_id', 'business_date'])
      .execute();
    await s
      .createTable('days')
      .addColumn('branch_id', 'text', (c) => c.notNull())
      .addColumn('business_date', 'date', (c) => c.notNull())
      .addColumn('cash_in_paise', 'bigint', (c) => c.notNull())
      .addColumn('cash_out_paise', 'bigint', (c) => c.notNull())
      .addColumn('entry_count', 'integer', (c) => c.notNull())
      .addColumn('counted_paise', 'bigint')
      .addColumn('closed', 'boolean', (c) => c.notNull())
      .addColumn('difference_paise', 'bigint')
      .addPrimaryKeyConstraint('days_pk', ['branch_id', 'business_date'])
      .execute();
    await s
      .createTable('books')
      .addColumn('branch_id', 'text', (c) => c.primaryKey())
      .addColumn('start_date', 'date', (c) => c.notNull())
      .addColumn('opening_paise', 'bigint', (c) => c.notNull())
      .execute();
  },

  async apply({ db }, recorded) {
    const events = readEvents(recorded);
    if (events.length === 0) return;
    await applyLoanEvents(db, events);
    await applyCashEvents(db, events);
  },
};
