import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CASH_DAY_STREAM_TYPE,
  cashDayStreamId,
  LOAN_STREAM_TYPE,
  loanCashStep,
  type EventMetadata,
  type LoanCashMovement,
  type LoanCashTrail,
  type LoanEventAt,
} from '@goldledger/contracts';
import { loadBranch } from '../branches/branch.state.js';
import type { CommandDeps } from '../platform/command-handler.js';
import {
  ConcurrencyError,
  type AppendOptions,
  type EventStore,
  type NewEvent,
} from '../platform/event-store/event-store.js';
import { closedDayError } from './cash-day.decider.js';
import { loadCashDay } from './cash-day.state.js';

const MAX_RETRIES = 30;

/**
 * The gate between the loan commands and the branch cash book. Deps whose store books the
 * cash of every loan event it appends (a cash loan, a handcash repayment, a cash refund, a
 * reversed handcash repayment: `loanCashStep`) into the day's cash book of the loan's
 * branch, in the same transaction as the loan event, refusing it with the closed-day
 * message when that day is closed. The booking appends to the day's stream at the version
 * it read, and the close appends there too: of a payment and a close at the same moment
 * one commits first and the other conflicts, reloads and then sees the day as it is (a
 * closed day refuses the payment; a close after the payment counts it).
 *
 * Lending routes wrap their deps with it (`executeLoanCommand(cashBooked(deps), …)`);
 * anything else that writes loan events (the scheduler, auctions) moves no cash.
 */
export function cashBooked<D extends CommandDeps>(deps: D): D {
  return { ...deps, store: cashBookingStore(deps.store) };
}

const isCashDayConflict = (e: unknown) =>
  e instanceof ConcurrencyError && e.streamId.startsWith(`${CASH_DAY_STREAM_TYPE}-`);

const retryPause = (attempt: number) => sleep(Math.random() * 4 * 2 ** Math.min(attempt, 6));

function cashBookingStore(base: EventStore): EventStore {
  return {
    ...delegate(base),
    append: (streamId, events, options) =>
      options.streamType === LOAN_STREAM_TYPE
        ? appendBooked(base, streamId, events, options)
        : base.append(streamId, events, options),
    transaction: (work) => bookingTransaction(base, work),
  };
}

const delegate = (s: EventStore): EventStore => ({
  append: (id, events, options) => s.append(id, events, options),
  readStream: (id) => s.readStream(id),
  readAll: (after, limit) => s.readAll(after, limit),
  headPosition: () => s.headPosition(),
  streamVersion: (id) => s.streamVersion(id),
  transaction: (work) => s.transaction(work),
});

/** A loan event (stored or about to be) as the cash rules read it. */
type LoanEventWithId = LoanEventAt & { eventId: string };
const asLoanEvent = (e: { type: string; data: unknown; occurredAt: string | Date; eventId: string }) =>
  ({
    type: e.type,
    data: e.data,
    eventId: e.eventId,
    occurredAt: typeof e.occurredAt === 'string' ? e.occurredAt : e.occurredAt.toISOString(),
  }) as LoanEventWithId;

/**
 * One command's loan events, outside any transaction of the caller's (a payment, a
 * reversal, a refund). What the day and the loan looked like is read first; then, in one
 * short transaction, the loan's events and the day's booking, each at the version read.
 * Events that move no cash are appended as they would be without the book.
 */
async function appendBooked(base: EventStore, streamId: string, events: NewEvent[], options: AppendOptions) {
  const fresh = events.map((e) => (e.eventId ? e : { ...e, eventId: randomUUID() }));
  for (let attempt = 1; ; attempt++) {
    const { version, events: stored } = await base.readStream(streamId);
    const expected = options.expectedVersion === 'no_stream' ? 0 : options.expectedVersion;
    // A loan that moved on since it was decided: the append below refuses it as it would anyway.
    const plan =
      version === expected
        ? await bookingPlan(
            base,
            streamId,
            stored.map(asLoanEvent),
            fresh.map((e) => asLoanEvent({ ...e, eventId: e.eventId! })),
            options.metadata,
          )
        : [];
    if (plan.length === 0) return base.append(streamId, fresh, options);
    try {
      return await base.transaction(async (trx) => {
        const result = await trx.append(streamId, fresh, options);
        if (!result.duplicate) for (const b of plan) await trx.append(b.streamId, b.events, b.options);
        return result;
      });
    } catch (error) {
      if (!isCashDayConflict(error) || attempt > MAX_RETRIES) throw error;
      await retryPause(attempt);
    }
  }
}

/**
 * A transaction of the caller's (a new loan with its number, a renewal): its loan events
 * are noted as they are appended and booked before it commits. A day that moved meanwhile
 * makes the whole transaction run again (the caller's work is written to be re-run).
 */
async function bookingTransaction<T>(base: EventStore, work: (store: EventStore) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await base.transaction(async (trx) => {
        const appended: Array<{ streamId: string; eventIds: string[]; metadata: EventMetadata | undefined }> =
          [];
        const recording: EventStore = {
          ...delegate(trx),
          async append(streamId, events, options) {
            const result = await trx.append(streamId, events, options);
            if (options.streamType === LOAN_STREAM_TYPE && !result.duplicate && result.eventIds.length > 0) {
              appended.push({ streamId, eventIds: result.eventIds, metadata: options.metadata });
            }
            return result;
          },
          transaction: (inner) => inner(recording),
        };
        const result = await work(recording);
        for (const a of appended) {
          const all = (await trx.readStream(a.streamId)).events.map(asLoanEvent);
          const ids = new Set(a.eventIds);
          const plan = await bookingPlan(
            trx,
            a.streamId,
            all.filter((e) => !ids.has(e.eventId)),
            all.filter((e) => ids.has(e.eventId)),
            a.metadata,
          );
          for (const b of plan) await trx.append(b.streamId, b.events, b.options);
        }
        return result;
      });
    } catch (error) {
      if (!isCashDayConflict(error) || attempt > MAX_RETRIES) throw error;
      await retryPause(attempt);
    }
  }
}

/**
 * The bookings `fresh` events of a loan make after its `prior` ones: per branch and day a
 * `LoanCashBooked` for each, at the version of the day's stream read now. A closed day
 * refuses with the closed-day message (nothing is written).
 */
async function bookingPlan(
  store: EventStore,
  loanStreamId: string,
  prior: LoanEventWithId[],
  fresh: LoanEventWithId[],
  metadata: EventMetadata | undefined,
): Promise<Array<{ streamId: string; events: NewEvent[]; options: AppendOptions }>> {
  const freshIds = new Set(fresh.map((e) => e.eventId));
  const moved = loanCashMovementsWithSource([...prior, ...fresh]).filter((x) => freshIds.has(x.eventId));
  if (moved.length === 0) return [];
  const { idempotencyKey: _key, ...bookingMetadata } = metadata ?? {};
  const byDay = new Map<string, typeof moved>();
  for (const x of moved) {
    const key = `${x.m.branchId}|${x.m.businessDate}`;
    byDay.set(key, [...(byDay.get(key) ?? []), x]);
  }
  const plan = [];
  for (const group of byDay.values()) {
    const { branchId, businessDate } = group[0]!.m;
    const day = await loadCashDay(store, branchId, businessDate);
    if (day.state.closed) {
      const { state: branch } = await loadBranch(store, branchId);
      throw closedDayError(branch?.name ?? branchId, businessDate);
    }
    plan.push({
      streamId: cashDayStreamId(branchId, businessDate),
      events: group.map(({ eventId, m }) => ({
        type: 'LoanCashBooked',
        data: {
          sourceEventId: eventId,
          loanStreamId,
          loanId: m.loanId,
          kind: m.kind,
          direction: m.direction,
          amountPaise: m.amountPaise,
          reference: m.reference,
          by: m.by,
        },
        occurredAt: new Date(fresh.find((e) => e.eventId === eventId)!.occurredAt),
      })),
      options: {
        streamType: CASH_DAY_STREAM_TYPE,
        expectedVersion: day.version === 0 ? ('no_stream' as const) : day.version,
        metadata: bookingMetadata,
      },
    });
  }
  return plan;
}

/** The cash movements of one loan's events, each with the id of the event that moved the cash. */
export function loanCashMovementsWithSource(
  events: ReadonlyArray<LoanEventAt & { eventId: string }>,
): Array<{ eventId: string; m: LoanCashMovement }> {
  const out: Array<{ eventId: string; m: LoanCashMovement }> = [];
  let trail: LoanCashTrail | null = null;
  for (const e of events) {
    const step = loanCashStep(trail, e);
    trail = step.trail;
    if (step.movement) out.push({ eventId: e.eventId, m: step.movement });
  }
  return out;
}
