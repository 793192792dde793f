import { setTimeout as sleep } from 'node:timers/promises';
import type { EventMetadata, RecordedEvent } from '@goldledger/contracts';
import { fold } from './decider.js';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type NewEvent,
} from './event-store/event-store.js';
import type { Clock } from './clock.js';
import { nextCommandKey } from './request-idempotency.js';

/** What every command needs: the store to load and append, and the clock for "now" and the business date. */
export interface CommandDeps {
  store: EventStore;
  clock: Clock;
}

/** What a decide step sees: the state and the version it was folded from. */
export interface Loaded<State> {
  state: State;
  version: number;
}

export interface HandleOptions<State> {
  streamType: string;
  initialState: () => State;
  /** Folds stored events on load and the decided ones for the returned state. */
  evolve: (state: State, event: Pick<RecordedEvent, 'type' | 'data'>) => State;
  metadata?: EventMetadata;
  /** Attempts after a conflict before giving up; each reloads and re-decides. */
  maxRetries?: number;
  /** Random delay cap (ms) between attempts, doubled each time, so contenders spread out. */
  backoffMs?: number;
}

export interface HandleResult<State> extends AppendResult {
  state: State;
  attempts: number;
}

/**
 * load → fold → decide → append(expected version). A concurrent writer makes the
 * append fail with ConcurrencyError; we then reload and decide again against the
 * new state, a bounded number of times. An empty decision appends nothing.
 */
export async function handle<State>(
  store: EventStore,
  streamId: string,
  /** Pure, but may await what it needs to know first (a loan's branch's calendar, read once). */
  decide: (loaded: Loaded<State>) => NewEvent[] | Promise<NewEvent[]>,
  options: HandleOptions<State>,
): Promise<HandleResult<State>> {
  const maxRetries = options.maxRetries ?? 30;
  const backoff = options.backoffMs ?? 4;
  // Inside a request sent with an Idempotency-Key (request-idempotency.ts), the append
  // carries a key of that request's, unless the caller chose one (a job's).
  const requestKey = options.metadata?.idempotencyKey === undefined ? nextCommandKey(streamId) : undefined;
  const metadata = requestKey ? { ...options.metadata, idempotencyKey: requestKey } : options.metadata;
  for (let attempt = 1; ; attempt++) {
    const { version, events } = await store.readStream(streamId);
    const state = fold(options.evolve, options.initialState(), events);
    if (requestKey) {
      // The same request ran before and its events committed (its answer was lost, e.g. in
      // a crash): answer from them rather than deciding, and perhaps appending, again.
      const earlier = events.filter((e) => e.metadata.idempotencyKey === requestKey);
      if (earlier.length > 0) {
        return {
          streamId,
          nextExpectedVersion: version,
          eventIds: earlier.map((e) => e.eventId),
          duplicate: true,
          state,
          attempts: attempt,
        };
      }
    }
    const decided = await decide({ state, version });
    if (decided.length === 0) {
      return {
        streamId,
        nextExpectedVersion: version,
        eventIds: [],
        duplicate: false,
        state,
        attempts: attempt,
      };
    }
    try {
      const result = await store.append(streamId, decided, {
        streamType: options.streamType,
        expectedVersion: version === 0 ? 'no_stream' : version,
        metadata,
      });
      if (result.duplicate) {
        // The key was used before: nothing was appended now, so the state is what the
        // stream holds (the first attempt's events included), not this decision's.
        const now = await store.readStream(streamId);
        return {
          ...result,
          state: fold(options.evolve, options.initialState(), now.events),
          attempts: attempt,
        };
      }
      return { ...result, state: fold(options.evolve, state, decided), attempts: attempt };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt > maxRetries) throw error;
      await sleep(Math.random() * backoff * 2 ** Math.min(attempt, 6));
    }
  }
}
