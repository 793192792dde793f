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

interface LoanAppend {
  streamId: string;
  eventIds: string[];
  metadata: EventMetadata | undefined;
}

function cashBookingStore(base: EventStore): EventStore {
  const gated: EventStore = {
    readStream: (id) => base.readStream(id),
    readAll: (after, limit) => base.readAll(after, limit),
    headPosition: () => base.headPosition(),
    streamVersion: (id) => base.streamVersion(id),
    append: (streamId: string, events: NewEvent[], options: AppendOptions) =>
      options.streamType === LOAN_STREAM_TYPE
        ? gated.transaction((tx) => tx.append(streamId, events, options))
        : base.append(streamId, events, options),
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await base.transaction(async (trx) => {
            const appended: LoanAppend[] = [];
            const recording: EventStore = {
              ...delegate(trx),
              async append(streamId, events, options) {
                const result = await trx.append(streamId, events, options);
                if (
                  options.streamType === LOAN_STREAM_TYPE &&
                  !result.duplicate &&
                  result.eventIds.length > 0
                ) {
                  appended.push({ streamId, eventIds: result.eventIds, metadata: options.metadata });
                }
                return result;
              },
              transaction: (inner) => inner(recording),
            };
            const result = await work(recording);
            for (const a of appended) await bookLoanCash(trx, a);
            return result;
          });
        } catch (error) {
          if (!isCashDayConflict(error) || attempt > MAX_RETRIES) throw error;
          await sleep(Math.random() * 4 * 2 ** Math.min(attempt, 6));
        }
      }
    },
  };
  return gated;
}

const delegate = (s: EventStore): EventStore => ({
  append: (id, events, options) => s.append(id, events, options),
  readStream: (id) => s.readStream(id),
  readAll: (after, limit) => s.readAll(after, limit),
  headPosition: () => s.headPosition(),
  streamVersion: (id) => s.streamVersion(id),
  transaction: (work) => s.transaction(work),
});

/** The cash the newly appended events of one loan moved, booked day by day; a closed day refuses. */
async function bookLoanCash(trx: EventStore, { streamId, eventIds, metadata }: LoanAppend) {
  const { events } = await trx.readStream(streamId);
  const fresh = new Set(eventIds);
  const moved: Array<{ eventId: string; m: LoanCashMovement }> = [];
  // The trail needs the loan's earlier events (a reversal takes back what its payment brought).
  const typed = events.map(
    (e) => ({ ...e, type: e.type, data: e.data }) as unknown as LoanEventAt & { eventId: string },
  );
  const movements = loanCashMovementsWithSource(typed);
  for (const x of movements) if (fresh.has(x.eventId)) moved.push(x);
  if (moved.length === 0) return;
  const { idempotencyKey: _key, ...bookingMetadata } = metadata ?? {};
  const byDay = new Map<string, typeof moved>();
  for (const x of moved) {
    const key = `${x.m.branchId}|${x.m.businessDate}`;
    byDay.set(key, [...(byDay.get(key) ?? []), x]);
  }
  for (const group of byDay.values()) {
    const { branchId, businessDate } = group[0]!.m;
    const day = await loadCashDay(trx, branchId, businessDate);
    if (day.state.closed) {
      const { state: branch } = await loadBranch(trx, branchId);
      throw closedDayError(branch?.name ?? branchId, businessDate);
    }
    await trx.append(
      cashDayStreamId(branchId, businessDate),
      group.map(({ eventId, m }) => ({
        type: 'LoanCashBooked',
        data: {
          sourceEventId: eventId,
          loanStreamId: streamId,
          loanId: m.loanId,
          kind: m.kind,
          direction: m.direction,
          amountPaise: m.amountPaise,
          reference: m.reference,
          by: m.by,
        },
        occurredAt: new Date(events.find((e) => e.eventId === eventId)!.occurredAt),
      })),
      {
        streamType: CASH_DAY_STREAM_TYPE,
        expectedVersion: day.version === 0 ? 'no_stream' : day.version,
        metadata: bookingMetadata,
      },
    );
  }
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
