import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { ProjectionRunner, type EventReader, type Projection } from '@goldledger/projections';
import { whenAborted } from './abort.js';
import { LeaderLock } from './leader-lock.js';
import type { Logger } from './logger.js';
import type { Transport } from './transport.js';
import type { Database } from './platform.js';

export interface ProjectorHostOptions {
  db: Kysely<Database>;
  reader: EventReader;
  transport: Transport;
  connectionString: string;
  projections: readonly Projection[];
  log: Logger;
  lockRetryMs: number;
  runner?: { attempts?: number; backoffMs?: number };
}

/**
 * Runs every projection for which this process wins the lock; stands by for the
 * others and takes over when their holder dies. Per projection: lock → init
 * (create or rebuild) → catch up from the store → live deliveries.
 */
export class ProjectorHost {
  readonly runners = new Map<string, ProjectionRunner>();

  constructor(private readonly options: ProjectorHostOptions) {}

  run(signal: AbortSignal): Promise<void> {
    return Promise.all(this.options.projections.map((p) => this.runOne(p, signal))).then(() => undefined);
  }

  private async runOne(projection: Projection, signal: AbortSignal): Promise<void> {
    const { log, lockRetryMs } = this.options;
    while (!signal.aborted) {
      const lock = new LeaderLock(this.options.connectionString, `projection:${projection.name}`);
      if (!(await lock.acquire(signal, lockRetryMs))) break;
      const plog = log.child({ projection: projection.name });
      plog.info('projection lock acquired; this instance is active');
      const lost = new AbortController();
      lock.onLost(() => lost.abort());
      const stopped = AbortSignal.any([signal, lost.signal]);
      try {
        const runner = new ProjectionRunner({
          db: this.options.db,
          reader: this.options.reader,
          projection,
          log: plog,
          signal: stopped,
          ...this.options.runner,
        });
        await runner.init();
        await runner.catchUp();
        this.runners.set(projection.name, runner);
        const sub = await this.options.transport.subscribe(projection.name, (batch) => runner.deliver(batch));
        // Events committed between the first catch-up and the subscription would
        // otherwise wait for the next delivery's gap check; the checkpoint lock
        // makes this overlap with live deliveries harmless.
        await runner.catchUp();
        await Promise.race([sub.done, whenAborted(stopped)]);
        await sub.stop();
      } catch (error) {
        if (!signal.aborted) plog.error({ err: error }, 'projection stopped; restarting');
      } finally {
        this.runners.delete(projection.name);
        await lock.release();
      }
      if (!signal.aborted) await sleep(lockRetryMs, undefined, { signal }).catch(() => undefined);
    }
  }
}
