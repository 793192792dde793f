import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { leaderStatus } from './metrics.js';

/**
 * Session-level advisory lock on a dedicated connection: whoever holds it is the
 * one active instance (relay, scheduler, a projection). If the connection dies the
 * server releases the lock and `lost` fires, so a standby can take over.
 */
export class LeaderLock {
  private client: pg.Client | undefined;
  private lostHandlers: Array<() => void> = [];

  constructor(
    private readonly connectionString: string,
    readonly name: string,
  ) {}

  /** One try. */
  async tryAcquire(): Promise<boolean> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: `goldledger-lock:${this.name}`,
    });
    client.on('error', () => this.dropped(client));
    await client.connect();
    const { rows } = await client.query<{ ok: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok',
      [`goldledger:${this.name}`],
    );
    if (rows[0]?.ok) {
      this.client = client;
      leaderStatus.set({ lock: this.name }, 1);
      client.on('end', () => this.dropped(client));
      return true;
    }
    await client.end().catch(() => undefined);
    return false;
  }

  /** Waits (polling) until this instance holds the lock or the signal aborts. */
  async acquire(signal: AbortSignal, retryMs: number): Promise<boolean> {
    leaderStatus.set({ lock: this.name }, 0);
    while (!signal.aborted) {
      try {
        if (await this.tryAcquire()) return true;
      } catch {
        // database unreachable: keep trying, it may come back
      }
      await sleep(retryMs, undefined, { signal }).catch(() => undefined);
    }
    return false;
  }

  get held(): boolean {
    return this.client !== undefined;
  }

  onLost(handler: () => void): void {
    this.lostHandlers.push(handler);
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    leaderStatus.set({ lock: this.name }, 0);
    await client
      .query('select pg_advisory_unlock(hashtextextended($1, 0))', [`goldledger:${this.name}`])
      .catch(() => undefined);
    await client.end().catch(() => undefined);
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    leaderStatus.set({ lock: this.name }, 0);
    for (const h of this.lostHandlers) h();
  }
}
