import { setTimeout as sleep } from 'node:timers/promises';
import type { EventMetadata } from '@goldledger/contracts';
import type { Clock } from './clock.js';
import { ConcurrencyError, type EventStore } from './event-store/event-store.js';

const MAX_RETRIES = 60;

/**
 * Human reference numbers (CUS000001, GL261100001) from a counter stream per
 * sequence: the n-th `SequenceAdvanced` event is number n. Two callers racing for
 * the same number are serialised by the stream's expected version, so numbers are
 * unique and gap-free (a number is spent even if what it was for then fails).
 * The number is the stream's version, read from its `streams` row: folding the
 * stream, which grows by one event per number, made each number cost O(n)
 * (≈ 300 ms at 30,000 customers).
 */
export async function nextInSequence(
  { store, clock }: { store: EventStore; clock: Clock },
  sequence: string,
  metadata: EventMetadata = {},
): Promise<number> {
  const streamId = `sequence-${sequence}`;
  for (let attempt = 1; ; attempt++) {
    const version = await store.streamVersion(streamId);
    try {
      await store.append(
        streamId,
        [{ type: 'SequenceAdvanced', data: { value: version + 1 }, occurredAt: clock.now() }],
        { streamType: 'sequence', expectedVersion: version === 0 ? 'no_stream' : version, metadata },
      );
      return version + 1;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt > MAX_RETRIES) throw error;
      await sleep(Math.random() * 4 * 2 ** Math.min(attempt, 6));
    }
  }
}
