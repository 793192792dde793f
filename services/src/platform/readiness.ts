import { sql } from 'kysely';
import client from 'prom-client';
import type { Projection } from '@goldledger/projections';
import { registry } from './metrics.js';
import type { Platform } from './platform.js';

/**
 * What must hold before a process of a role says it is ready. An API answers from the
 * database alone: read-model lag must not take every API out of the load balancer at
 * once (reads that need fresh data wait with x-read-after). A relay needs its
 * transport; a projector (and the one-process `all`) also needs its read models
 * caught up.
 */
export interface ReadinessGates {
  transport: boolean;
  projections: boolean;
}

export function readinessGatesFor(role: string): ReadinessGates {
  switch (role) {
    case 'api':
    case 'scheduler':
      return { transport: false, projections: false };
    case 'relay':
      return { transport: true, projections: false };
    default:
      return { transport: true, projections: true };
  }
}

export interface Readiness {
  ready: boolean;
  /** Which of the checks below decide `ready` for this process's role. */
  requires: ReadinessGates;
  checks: {
    store: boolean;
    transport: { kind: string; ok: boolean };
    projections: Record<string, { behind: number | null; caughtUp: boolean }>;
  };
}

/** How many events lie after each projection's checkpoint (counted up to `cap + 1`). */
export async function projectionBacklog(
  platform: Platform,
  projections: readonly Projection[],
  cap: number,
): Promise<Record<string, number | null>> {
  const { rows } = await sql<{ projection: string; behind: string | null }>`
    select p.name as projection,
      -- No checkpoint row: the projector has not created the read model yet (not "0 behind").
      case when c.projection is null then null else
      (select count(*) from (
         select 1 from events e
         where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
         limit ${cap + 1}) x) end as behind
    from unnest(${projections.map((p) => p.name)}::text[]) as p(name)
    left join projection_checkpoints c on c.projection = p.name`.execute(platform.db);
  return Object.fromEntries(rows.map((r) => [r.projection, r.behind === null ? null : Number(r.behind)]));
}

export async function checkReadiness(
  platform: Platform,
  projections: readonly Projection[],
): Promise<Readiness> {
  const cap = platform.config.READY_MAX_BEHIND_EVENTS;
  const store = await sql`select 1`.execute(platform.db).then(
    () => true,
    () => false,
  );
  const transport = platform.transport;
  const transportOk = transport.healthy();
  const backlog = store ? await projectionBacklog(platform, projections, cap).catch(() => ({})) : {};
  const checks: Readiness['checks']['projections'] = {};
  for (const p of projections) {
    const behind = (backlog as Record<string, number | null>)[p.name] ?? null;
    checks[p.name] = { behind, caughtUp: behind !== null && behind <= cap };
  }
  const requires = platform.readiness ?? readinessGatesFor('all');
  const ready =
    store &&
    (!requires.transport || transportOk) &&
    (!requires.projections || Object.values(checks).every((c) => c.caughtUp));
  return {
    ready,
    requires,
    checks: { store, transport: { kind: transport.kind, ok: transportOk }, projections: checks },
  };
}

/** Gauges read from the database at scrape time, so any process reports the same truth. */
export function registerStoreGauges(platform: Platform, projections: readonly Projection[]): void {
  const behind = new client.Gauge({
    name: 'goldledger_projection_behind_events',
    help: 'Events after a projection checkpoint (capped at 100000)',
    labelNames: ['projection'] as const,
    registers: [],
    async collect() {
      const backlog = await projectionBacklog(platform, projections, 100_000).catch(() => ({}));
      for (const [name, n] of Object.entries(backlog)) if (n !== null) this.set({ projection: name }, n);
    },
  });
  const parked = new client.Gauge({
    name: 'goldledger_dead_letters',
    help: 'Events parked in the dead-letter table',
    labelNames: ['projection'] as const,
    registers: [],
    async collect() {
      const rows = await platform.db
        .selectFrom('projection_dead_letters')
        .select(['projection', sql<string>`count(*)`.as('n')])
        .groupBy('projection')
        .execute()
        .catch(() => []);
      this.reset();
      for (const r of rows) this.set({ projection: r.projection }, Number(r.n));
    },
  });
  for (const [name, gauge] of [
    ['goldledger_projection_behind_events', behind],
    ['goldledger_dead_letters', parked],
  ] as const) {
    if (!registry.getSingleMetric(name)) registry.registerMetric(gauge);
  }
}
