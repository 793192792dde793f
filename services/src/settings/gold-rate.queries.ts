import type { GoldRateEvent, RecordedEvent } from '@goldledger/contracts';
import { fold } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { effectiveRatePaise, GOLD_RATE_STREAM_ID } from './gold-rate.decider.js';
import { evolveGoldRate, initialGoldRateState, type GoldRateState } from './gold-rate.state.js';

export interface GoldRateChange {
  ratePaisePerGram: number;
  previousRatePaisePerGram: number;
  occurredAt: string;
  actor: { id: string; name: string } | null;
}

const asChange = (e: RecordedEvent): GoldRateChange => {
  const { data } = e as unknown as GoldRateEvent;
  const actor = e.metadata.actor;
  return {
    ratePaisePerGram: data.ratePaisePerGram,
    previousRatePaisePerGram: data.previousRatePaisePerGram,
    occurredAt: e.occurredAt,
    actor: actor ? { id: actor.id, name: actor.name } : null,
  };
};

/** Every change, oldest first, from the setting's stream (see readCurrentGoldRate for why). */
export async function readGoldRateHistory(store: EventStore): Promise<GoldRateChange[]> {
  const { events } = await store.readStream(GOLD_RATE_STREAM_ID);
  return events.filter((e) => e.type === 'GoldRateUpdated').map(asChange);
}

export interface CurrentGoldRate {
  ratePaisePerGram: number;
  /** The last change; null while the default applies. */
  lastChange: GoldRateChange | null;
}

/**
 * Read from the stream itself, not a read model: the rate prices loans and auctions,
 * so an admin's change must hold for the very next request (a projection may lag),
 * and the stream is tiny (one event per change, a few hundred a year), so folding it
 * costs one indexed query.
 */
export async function readCurrentGoldRate(store: EventStore): Promise<CurrentGoldRate> {
  const { events } = await store.readStream(GOLD_RATE_STREAM_ID);
  const state = fold(
    (s: GoldRateState, e: RecordedEvent) => evolveGoldRate(s, e as unknown as GoldRateEvent),
    initialGoldRateState(),
    events,
  );
  const last = events.at(-1);
  return { ratePaisePerGram: effectiveRatePaise(state), lastChange: last ? asChange(last) : null };
}
