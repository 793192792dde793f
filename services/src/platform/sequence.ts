import { setTimeout as sleep } from 'node:timers/promises';
import type { EventMetadata } from '@goldledger/contracts';
import type { Clock } from './clock.js';
import { ConcurrencyError, type EventStore } from './event-store/event-store.js';

const MAX_RETRIES = 60;

/**
 * Human reference numbers (CUS000001, GL261100001) from a counter stream per
 * sequence: the n-th `SequenceAdvanced` event is number n. Two callers racing for
 * the same number are serialised by the stream's expected version, so numbers are
 * unique and gap-free. `nextInSequence` spends the number at once (what it was for may
 * then fail); `writeWithNextNumber` spends it in the same transaction as the write it
 * numbers, so a number exists only if its record does (the loan register).
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

/**
 * Writes something numbered by the sequence's next number, and advances the sequence, in
 * one transaction: both commit or neither does, so a refused or failed write spends no
 * number. `write` gets the number and a store bound to the transaction (append through it);
 * the counter is claimed last, so its row is locked only for the commit. A concurrent
 * writer that took the number first makes this attempt roll back and run again with the
 * next one; a DomainError from `write` rolls back and is thrown.
 */
export async function writeWithNextNumber<T>(
  { store, clock }: { store: EventStore; clock: Clock },
  sequence: string,
  metadata: EventMetadata,
  write: (n: number, store: EventStore) => Promise<T>,
): Promise<T> {
  const streamId = `sequence-${sequence}`;
  // A counter event is not the request's own write: an idempotency key stays with the record.
  const { idempotencyKey: _key, ...counterMetadata } = metadata;
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.transaction(async (trx) => {
        const version = await trx.streamVersion(streamId);
        const written = await write(version + 1, trx);
        await trx.append(
          streamId,
          [{ type: 'SequenceAdvanced', data: { value: version + 1 }, occurredAt: clock.now() }],
          {
            streamType: 'sequence',
            expectedVersion: version === 0 ? 'no_stream' : version,
            metadata: counterMetadata,
          },
        );
        return written;
      });
    } catch (error) {
      const lostTheNumber = error instanceof ConcurrencyError && error.streamId === streamId;
      if (!lostTheNumber || attempt > MAX_RETRIES) throw error;
      await sleep(Math.random() * 4 * 2 ** Math.min(attempt, 6));
    }
  }
}
