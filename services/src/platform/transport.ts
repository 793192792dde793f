import { randomBytes } from 'node:crypto';
import {
  DeliverPolicy,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { RecordedEvent, START, formatPosition, parsePosition, type Position } from '@goldledger/contracts';
import type { Delivery, EventReader } from '@goldledger/projections';
import { relayPublished } from './metrics.js';

export type DeliveryHandler = (batch: Delivery[]) => Promise<void>;

export interface Subscription {
  stop(): Promise<void>;
  /** Settles when delivery ends: resolves after stop(), rejects if the handler failed. */
  done: Promise<void>;
}

/**
 * How committed events travel from the relay to projectors. Two implementations
 * with the same contract: JetStream, or in-process when there is no NATS_URL.
 * Either way every delivery carries `prev`, so a projector can notice a gap and
 * read it from the store: the transport may lose or repeat, the read models do not.
 */
export interface Transport {
  /** Where the relay resumes: the last position the transport has accepted. */
  lastPublished(): Promise<Position>;
  publish(batch: Delivery[]): Promise<void>;
  subscribe(name: string, handler: DeliveryHandler): Promise<Subscription>;
  close(): Promise<void>;
  /** False while the broker connection is closed. */
  healthy(): boolean;
  readonly kind: 'nats' | 'in-process';
}

export class InProcessTransport implements Transport {
  readonly kind = 'in-process' as const;
  private readonly handlers = new Map<string, DeliveryHandler>();

  constructor(private readonly reader: EventReader) {}

  /** Subscribers catch up from the store themselves, so live delivery starts at the head. */
  lastPublished(): Promise<Position> {
    return this.reader.headPosition();
  }

  async publish(batch: Delivery[]): Promise<void> {
    // The relay waits for every projector: back-pressure instead of an unbounded queue.
    await Promise.all([...this.handlers.values()].map((h) => h(batch)));
    relayPublished.inc(batch.length);
  }

  async subscribe(name: string, handler: DeliveryHandler): Promise<Subscription> {
    this.handlers.set(name, handler);
    let ended!: () => void;
    const done = new Promise<void>((resolve) => (ended = resolve));
    return {
      stop: async () => {
        this.handlers.delete(name);
        ended();
      },
      done,
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }

  healthy(): boolean {
    return true;
  }
}

const POSITION = 'Es-Position';
const PREV = 'Es-Prev';

/** Subject tokens may not hold dots, spaces or wildcards. */
const token = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_');

export class NatsTransport implements Transport {
  readonly kind = 'nats' as const;

  private constructor(
    readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly stream: string,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, stream: string, prefix: string): Promise<NatsTransport> {
    const nc = await connect({
      // NATS_URL may list several cluster nodes, comma-separated: any one lets the client in.
      servers: url.split(',').map((s) => s.trim()),
      name: 'goldledger',
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    });
    const jsm = await jetstreamManager(nc);
    const t = new NatsTransport(nc, jetstream(nc), jsm, stream, prefix);
    await t.ensureStream();
    return t;
  }

  private async ensureStream(): Promise<void> {
    const subjects = [`${this.prefix}.>`];
    try {
      await this.jsm.streams.info(this.stream);
    } catch {
      try {
        await this.jsm.streams.add({
          name: this.stream,
          subjects,
          retention: RetentionPolicy.Limits,
          storage: StorageType.File,
          // Dedup window for Nats-Msg-Id: longer than any relay restart.
          duplicate_window: 2 * 60 * 1_000_000_000,
        });
      } catch (error) {
        // Another process created it first.
        await this.jsm.streams.info(this.stream).catch(() => {
          throw error;
        });
      }
    }
  }

  streamInfo() {
    return this.jsm.streams.info(this.stream);
  }

  /** For tests and tear-down of a throwaway stream. */
  deleteStream(): Promise<boolean> {
    return this.jsm.streams.delete(this.stream);
  }

  subject(streamType: string, type: string): string {
    return `${this.prefix}.${token(streamType)}.${token(type)}`;
  }

  async lastPublished(): Promise<Position> {
    const info = await this.jsm.streams.info(this.stream);
    if (info.state.messages === 0) return START;
    const last = await this.jsm.streams.getMessage(this.stream, { seq: info.state.last_seq });
    const header = last?.header.get(POSITION);
    return header ? parsePosition(header) : START;
  }

  async publish(batch: Delivery[]): Promise<void> {
    // Sent without waiting in between: one connection keeps them in order.
    await Promise.all(
      batch.map(({ event, prev }) => {
        const h = headers();
        h.set(POSITION, formatPosition(event.position));
        h.set(PREV, formatPosition(prev));
        return this.js.publish(this.subject(event.streamType, event.type), JSON.stringify(event), {
          msgID: event.eventId,
          headers: h,
        });
      }),
    );
    relayPublished.inc(batch.length);
  }

  /**
   * An ordered consumer starting at the last message: anything before it that the
   * projector has not applied shows as a gap (`prev` ahead of its checkpoint) and is
   * read from the store. Messages are handed over in batches of what has arrived.
   */
  async subscribe(name: string, handler: DeliveryHandler): Promise<Subscription> {
    const info = await this.jsm.streams.info(this.stream);
    const consumer = await this.js.consumers.get(this.stream, {
      // Unique per subscription: a crashed process leaves its consumer on the server for
      // the inactive threshold, and re-creating that name with another deliver policy fails.
      name_prefix: `proj_${token(name)}_${randomBytes(4).toString('hex')}`,
      deliver_policy: info.state.messages === 0 ? DeliverPolicy.All : DeliverPolicy.Last,
    });
    // Pulls expire after 5 s (heartbeats every 2.5 s): after a NATS restart the client
    // re-checks and re-creates the consumer at that pace. The default, 30 s, left the
    // read models still for 30-45 s after NATS was back (tests/faults).
    const messages = await consumer.consume({ max_messages: 1000, expires: 5_000 });
    let queue: Delivery[] = [];
    let draining: Promise<void> | undefined;
    let failure: unknown;
    const drain = async () => {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        await handler(batch);
      }
    };
    const loop = (async () => {
      for await (const m of messages) {
        const event = RecordedEvent.parse(m.json());
        const prevHeader = m.headers?.get(PREV);
        queue.push({ event, prev: prevHeader ? parsePosition(prevHeader) : START });
        if (!draining) {
          draining = drain()
            .catch((error: unknown) => {
              failure = error;
              void messages.close();
            })
            .finally(() => {
              draining = undefined;
            });
        }
        // Back-pressure: stop pulling while a large backlog is being applied.
        if (queue.length >= 5000 && draining) await draining;
      }
      if (draining) await draining;
      if (failure) throw failure;
    })();
    return {
      stop: async () => {
        await messages.close();
        await loop.catch(() => undefined);
      },
      done: loop,
    };
  }

  async close(): Promise<void> {
    await this.nc.drain().catch(() => undefined);
  }

  healthy(): boolean {
    return !this.nc.isClosed();
  }
}
