import { sql, type Kysely, type Selectable } from 'kysely';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import { PermanentDeliveryError, type DeliveryAdapter } from './adapters/delivery-adapter.js';
import type { Channel } from './message-port.js';
import type { OutboxMessagesTable } from './outbox-messages.schema.js';
import type { Database } from '../platform/platform.js';

/** Waits after the 1st, 2nd… failed attempt; one more attempt than delays, then `dead`. */
export const DEFAULT_BACKOFF_MS: readonly number[] = [
  30_000, // 30 s
  2 * 60_000, // 2 min
  10 * 60_000, // 10 min
  60 * 60_000, // 1 h
  6 * 60 * 60_000, // 6 h
];

export interface DispatcherOptions {
  db: Kysely<Database>;
  clock: Clock;
  log: Logger;
  adapters: Readonly<Record<Channel, DeliveryAdapter>>;
  pollMs: number;
  batchSize: number;
  /**
   * How long a claimed message stays claimed. A dispatcher that dies mid-send leaves its
   * rows `sending`; after this long another dispatcher takes them over. It must outlast
   * the slowest send, or a slow send would be repeated while still under way.
   */
  claimMs: number;
  backoffMs?: readonly number[];
  /**
   * Keep the sealed copy of a message holding a code after it is sent, for the dev
   * outbox (OUTBOX_API=1, refused in production). Otherwise it is dropped at once.
   */
  keepSealedForDevOutbox?: boolean;
  /** Days a finished message keeps its subject and body; then purgeOnce() empties them. */
  bodyRetentionDays?: number;
}

/** How often run() purges message bodies past their retention. */
const PURGE_EVERY_MS = 60 * 60_000;

export interface DrainResult {
  claimed: number;
  sent: number;
  failed: number;
  dead: number;
}

type Outcome = 'sent' | 'failed' | 'dead' | 'lost';
type Row = Selectable<OutboxMessagesTable>;

const MAX_ERROR_LENGTH = 2000;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}

/**
 * Delivers queued messages through the adapter of their channel and records each
 * outcome on the message's own row. Delivery is at least once: a message is claimed
 * (`sending`, with a deadline) in a short transaction that skips rows other
 * dispatchers hold, sent outside any transaction, and its outcome written only if the
 * claim is still ours. Any number of processes may run it.
 */
export class MessageDispatcher {
  private readonly db: Kysely<Database>;
  private readonly backoffMs: readonly number[];
  private wakeUp: (() => void) | undefined;
  private wokenMeanwhile = false;

  constructor(private readonly options: DispatcherOptions) {
    this.db = options.db;
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    if (options.claimMs <= 0) throw new Error('claimMs must be positive');
  }

  /** The number of attempts after which a message is given up as `dead`. */
  get maxAttempts(): number {
    return this.backoffMs.length + 1;
  }

  /** A message was just queued in this process: look now rather than at the next poll. */
  wake(): void {
    this.wokenMeanwhile = true;
    this.wakeUp?.();
  }

  /** Drains due messages, then polls, until the signal aborts; a pass under way finishes. */
  async run(signal: AbortSignal): Promise<void> {
    const { log, pollMs, batchSize } = this.options;
    log.info({ pollMs, batchSize }, 'message dispatcher started');
    let purgedAt = -Infinity;
    while (!signal.aborted) {
      this.wokenMeanwhile = false;
      if (performance.now() - purgedAt >= PURGE_EVERY_MS) {
        purgedAt = performance.now();
        try {
          const purged = await this.purgeOnce();
          if (purged > 0) log.info({ purged }, 'message bodies past their retention purged');
        } catch (error) {
          if (signal.aborted) break;
          log.warn({ err: error }, 'message body purge failed; retrying at the next purge');
        }
      }
      let more = false;
      try {
        more = (await this.drainOnce()).claimed === batchSize;
      } catch (error) {
        if (signal.aborted) break;
        log.warn({ err: error }, 'message dispatch pass failed; retrying');
      }
      if (!more) await this.sleep(pollMs, signal);
    }
    log.info('message dispatcher stopped');
  }

  /** One pass: claims up to a batch of due messages and delivers them concurrently. */
  async drainOnce(): Promise<DrainResult> {
    const claimed = await this.claim();
    const settled = await Promise.allSettled(claimed.map((row) => this.deliver(row)));
    const result: DrainResult = { claimed: claimed.length, sent: 0, failed: 0, dead: 0 };
    let recordingError: unknown;
    for (const s of settled) {
      if (s.status === 'rejected') recordingError ??= s.reason;
      else if (s.value !== 'lost') result[s.value]++;
    }
    // Rows whose outcome could not be written stay claimed and are retried when the
    // claim lapses; the caller hears about it once all the others are recorded.
    if (recordingError !== undefined) throw recordingError;
    return result;
  }

  /**
   * Empties subject, body, html and template variables of messages finished more than
   * the retention ago; recipient, purpose, times and outcome stay. Returns how many.
   */
  async purgeOnce(): Promise<number> {
    const days = this.options.bodyRetentionDays;
    if (days === undefined) return 0;
    const cutoff = new Date(this.options.clock.now().getTime() - days * 24 * 3_600_000);
    const purged = await this.db
      .updateTable('outbox_messages')
      .set({
        subject: null,
        body: '',
        html: null,
        template: null,
        sealed_body: null,
        sealed_html: null,
        sealed_template: null,
        body_purged_at: this.options.clock.now(),
      })
      .where('body_purged_at', 'is', null)
      .where(sql<boolean>`status in ('sent', 'dead')`)
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    return Number(purged.numUpdatedRows);
  }

  private async claim(): Promise<Row[]> {
    const { clock, batchSize, claimMs } = this.options;
    const now = clock.now();
    const claimedUntil = new Date(now.getTime() + claimMs);
    return this.db
      .with('due', (db) =>
        db
          .selectFrom('outbox_messages')
          .select('id')
          // A literal list, so the planner can use the partial index of unfinished rows.
          .where(sql<boolean>`status in ('queued', 'sending', 'failed')`)
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .limit(batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .updateTable('outbox_messages')
      .from('due')
      .set((eb) => ({
        status: 'sending',
        // Counted when claimed, so a message that kills its dispatcher still runs out.
        attempts: eb('outbox_messages.attempts', '+', 1),
        next_attempt_at: claimedUntil,
      }))
      .whereRef('outbox_messages.id', '=', 'due.id')
      .returningAll('outbox_messages')
      .execute();
  }

  private async deliver(row: Row): Promise<Outcome> {
    const adapter = this.options.adapters[row.channel];
    if (row.attempts > this.maxAttempts) {
      // Only a claim that lapsed on its last attempt gets here (its dispatcher stopped).
      return this.record(row, adapter, {
        status: 'dead',
        last_error: 'gave up: the last attempt was interrupted and its outcome is unknown',
      });
    }
    let providerMessageId: string | null;
    try {
      ({ providerMessageId } = await this.withinClaim(
        adapter.deliver({
          id: row.id,
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject,
          body: row.sealed_body ?? row.body,
          html: row.sealed_body === null ? row.html : row.sealed_html,
          purpose: row.purpose,
          template: row.sealed_template ?? row.template,
          correlationId: row.correlation_id,
        }),
      ));
    } catch (error) {
      const delay = this.backoffMs[row.attempts - 1];
      const giveUp = error instanceof PermanentDeliveryError || delay === undefined;
      const now = this.options.clock.now();
      return this.record(row, adapter, {
        status: giveUp ? 'dead' : 'failed',
        last_error: errorText(error),
        ...(giveUp ? {} : { next_attempt_at: new Date(now.getTime() + delay) }),
      });
    }
    return this.record(row, adapter, {
      status: 'sent',
      provider_message_id: providerMessageId,
      sent_at: this.options.clock.now(),
    });
  }

  /**
   * Adapters bound their own sends; this is the backstop for one that never answers,
   * which would otherwise stall this dispatcher for good. Past its claim the message is
   * another dispatcher's to try anyway.
   */
  private withinClaim<T>(delivery: Promise<T>): Promise<T> {
    const { claimMs } = this.options;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the provider did not answer within ${claimMs} ms`)),
        claimMs,
      );
      timer.unref();
    });
    return Promise.race([delivery, expired]).finally(() => clearTimeout(timer));
  }

  private async record(
    row: Row,
    adapter: DeliveryAdapter,
    change: {
      status: 'sent' | 'failed' | 'dead';
      last_error?: string;
      next_attempt_at?: Date;
      provider_message_id?: string | null;
      sent_at?: Date;
    },
  ): Promise<Outcome> {
    const { log } = this.options;
    // A finished message keeps no code: only its masked copy stays.
    const unseal =
      change.status !== 'failed' && !this.options.keepSealedForDevOutbox
        ? { sealed_body: null, sealed_html: null, sealed_template: null }
        : {};
    const updated = await this.db
      .updateTable('outbox_messages')
      .set({ ...change, ...unseal, provider: adapter.provider })
      .where('id', '=', row.id)
      // Still our claim: not taken over by another dispatcher after it lapsed.
      .where('status', '=', 'sending')
      .where('attempts', '=', row.attempts)
      .executeTakeFirst();
    const context = {
      messageId: row.id,
      channel: row.channel,
      purpose: row.purpose,
      provider: adapter.provider,
      attempt: row.attempts,
    };
    if (updated.numUpdatedRows === 0n) {
      log.warn(context, 'message claim lapsed before its outcome was recorded; another dispatcher has it');
      return 'lost';
    }
    // Never the body: it may hold a one-time password.
    if (change.status === 'sent') log.debug(context, 'message sent');
    else if (change.status === 'failed')
      log.warn(
        { ...context, error: change.last_error, retryAt: change.next_attempt_at },
        'message send failed',
      );
    else log.error({ ...context, error: change.last_error }, 'message given up (dead)');
    return change.status;
  }

  /** Resolves after `ms`, on wake(), or on abort, whichever comes first. */
  private sleep(ms: number, signal: AbortSignal): Promise<void> {
    if (this.wokenMeanwhile || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      this.wakeUp = done;
    });
  }
}
