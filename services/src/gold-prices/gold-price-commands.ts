import { setTimeout as sleep } from 'node:timers/promises';
import {
  GOLD_PRICES_STREAM_TYPE,
  businessDate,
  goldPricesStreamId,
  type EventMetadata,
  type GoldPriceEvent,
  type GoldPriceSource,
  type LendingPolicy,
} from '@goldledger/contracts';
import type { CommandDeps } from '../platform/command-handler.js';
import { ConcurrencyError, type EventStore } from '../platform/event-store/event-store.js';
import { decideGoldPrices, outcomesOf, registerOf, streamsOf, type PriceRow } from './gold-price.decider.js';

export interface RecordPricesOptions {
  source: GoldPriceSource;
  importId: string | null;
  policy: LendingPolicy;
  metadata: EventMetadata;
}

export type PriceOutcome = ReturnType<typeof outcomesOf>[number];

export interface RecordPricesResult {
  outcomes: PriceOutcome[];
  recorded: number;
  corrected: number;
  unchanged: number;
}

const MAX_RETRIES = 30;

/**
 * Runs `work` in one transaction, again from the start when a concurrent writer moved one
 * of its streams (the whole transaction rolled back). Nothing retries inside: an append
 * that lost its expected version inside a transaction is not safely repeatable there.
 */
export async function inTransactionWithRetries<T>(
  store: EventStore,
  work: (trx: EventStore) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.transaction(work);
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt > MAX_RETRIES) throw error;
      await sleep(Math.random() * 4 * 2 ** Math.min(attempt, 6));
    }
  }
}

/**
 * Load the month streams the rows fall in, decide, append each stream's events in one
 * batch at the version it was read at. Call inside a transaction (`trx` bound to it), so the
 * months commit together; a ConcurrencyError is for the caller to retry the whole.
 * No idempotency key is needed: the register is idempotent by content (the same price again
 * records nothing), so a request run twice records once.
 */
export async function recordGoldPricesIn(
  { store, clock }: CommandDeps,
  rows: readonly PriceRow[],
  options: RecordPricesOptions,
): Promise<RecordPricesResult> {
  const streams = streamsOf(rows);
  const loaded = new Map<string, { version: number; events: GoldPriceEvent[] }>();
  // One after another: the transaction has one connection, and this is the lock order.
  for (const streamId of streams) {
    const { version, events } = await store.readStream(streamId);
    loaded.set(streamId, { version, events: events as unknown as GoldPriceEvent[] });
  }
  const state = registerOf([...loaded.values()].flatMap((s) => s.events));
  const decided = decideGoldPrices(
    { type: 'RecordGoldPrices', rows, today: businessDate(clock.now()), ...options },
    state,
    options.policy,
  );
  const occurredAt = clock.now();
  for (const streamId of streams) {
    const events = decided.filter((e) => goldPricesStreamId(e.data.date) === streamId);
    if (events.length === 0) continue;
    const { version } = loaded.get(streamId)!;
    await store.append(
      streamId,
      events.map((e) => ({ type: e.type, data: e.data, occurredAt })),
      {
        streamType: GOLD_PRICES_STREAM_TYPE,
        expectedVersion: version === 0 ? 'no_stream' : version,
        metadata: options.metadata,
      },
    );
  }
  const outcomes = outcomesOf(rows, state);
  const count = (o: PriceOutcome['outcome']) => outcomes.filter((x) => x.outcome === o).length;
  return {
    outcomes,
    recorded: count('recorded'),
    corrected: count('corrected'),
    unchanged: count('unchanged'),
  };
}

/** Records prices (a day's entry, an import, the gold rate's 22K close): all of them, or none. */
export function recordGoldPrices(
  deps: CommandDeps,
  rows: readonly PriceRow[],
  options: RecordPricesOptions,
): Promise<RecordPricesResult> {
  return inTransactionWithRetries(deps.store, (trx) =>
    recordGoldPricesIn({ ...deps, store: trx }, rows, options),
  );
}
