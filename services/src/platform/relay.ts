import pg from 'pg';
import { comparePositions, formatPosition, type Position } from '@goldledger/contracts';
import { batchLogFields, type Delivery } from '@goldledger/projections';
import type { EventStore } from './event-store/event-store.js';
import type { Logger } from './logger.js';
import type { Transport } from './transport.js';

export interface RelayOptions {
  store: EventStore;
  transport: Transport;
  connectionString: string;
  log: Logger;
  pollMs: number;
  batchSize: number;
}

/**
 * Reads committed events in store order and hands them to the transport. It keeps
 * no checkpoint of its own: it resumes from what the transport last accepted, so a
 * crash at any point republishes at most the unacknowledged tail (JetStream drops
 * the repeats by Nats-Msg-Id). Run it only while holding the relay's leader lock.
 */
export class Relay {
  private wake: (() => void) | undefined;
  /** A NOTIFY that arrived while we were reading, not sleeping: don't sleep through it. */
  private notifiedMeanwhile = false;
  private listener: pg.Client | undefined;
  private cursor: Position | undefined;

  constructor(private readonly options: RelayOptions) {}

  get position(): Position | undefined {
    return this.cursor;
  }

  async run(signal: AbortSignal): Promise<void> {
    const { store, transport, log, batchSize } = this.options;
    await this.listen(signal);
    let cursor = await transport.lastPublished();
    this.cursor = cursor;
    log.info({ from: formatPosition(cursor), transport: transport.kind }, 'relay started');
    const head = await store.headPosition();
    if (comparePositions(cursor, head) > 0) {
      // Only after a restore to an earlier point (docs/operations.md): new events would
      // reuse those positions and be skipped.
      log.error(
        { lastPublished: formatPosition(cursor), storeHead: formatPosition(head) },
        'the transport holds events past the store head: purge the JetStream stream (or use a new NATS_STREAM) after a restore',
      );
    }
    let quickPolls = 0;
    try {
      while (!signal.aborted) {
        try {
          this.notifiedMeanwhile = false;
          const events = await store.readAll(cursor, batchSize);
          if (events.length > 0) {
            const batch: Delivery[] = events.map((event, i) => ({
              event,
              prev: i === 0 ? cursor : events[i - 1]!.position,
            }));
            await transport.publish(batch);
            log.info(batchLogFields(events), 'published');
            cursor = events.at(-1)!.position;
            this.cursor = cursor;
            quickPolls = 0;
            continue;
          }
        } catch (error) {
          if (signal.aborted) break;
          log.warn({ err: error }, 'relay pass failed; retrying');
          await this.sleep(this.options.pollMs, signal);
          continue;
        }
        // A NOTIFY whose event is still behind an older open transaction is not
        // readable yet: look again soon rather than at the next slow poll.
        const notified = await this.sleep(
          quickPolls > 0 && quickPolls < 50 ? 10 : this.options.pollMs,
          signal,
        );
        quickPolls = notified ? 1 : quickPolls > 0 ? quickPolls + 1 : 0;
      }
    } finally {
      const listener = this.listener;
      this.listener = undefined;
      await listener?.end().catch(() => undefined);
      log.info({ at: formatPosition(cursor) }, 'relay stopped');
    }
  }

  /** Resolves true when woken by NOTIFY, false on timeout or abort. */
  private sleep(ms: number, signal: AbortSignal): Promise<boolean> {
    if (this.notifiedMeanwhile) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.wake = undefined;
        resolve(woken);
      };
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(false), ms);
      signal.addEventListener('abort', onAbort, { once: true });
      this.wake = () => done(true);
    });
  }

  /** LISTEN on its own connection; if it drops, polling carries on and we reconnect. */
  private async listen(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: 'goldledger-relay-listen',
    });
    const reconnect = () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      setTimeout(() => void this.listen(signal).catch(() => undefined), this.options.pollMs);
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    client.on('notification', () => {
      this.notifiedMeanwhile = true;
      this.wake?.();
    });
    try {
      await client.connect();
      await client.query('listen goldledger_events_appended');
      this.listener = client;
    } catch (error) {
      this.options.log.warn({ err: error }, 'relay LISTEN unavailable; polling only');
      await client.end().catch(() => undefined);
      setTimeout(() => void this.listen(signal).catch(() => undefined), this.options.pollMs);
    }
  }
}
