import { sql, type Kysely } from 'kysely';

/**
 * Rate-limit counters in PostgreSQL, shared by every API process: N replicas allow a
 * client the limit once, not N times. A key's window starts at its first request (as
 * the plugin's memory store does), on the database's clock; one row per key, counted
 * by one atomic upsert.
 *
 * A key known to be over its limit is refused from memory until its window ends: a
 * flood of refused requests costs no database round trip each (the count past the
 * limit changes nothing).
 */
export interface Hit {
  /** Requests counted in this window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Keys remembered as over their limit; beyond this many, the oldest are forgotten (they then ask the database). */
const MAX_REMEMBERED = 10_000;
/** Expired counters are deleted at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

export class RateLimitCounters {
  private readonly exceeded = new Map<string, { until: number; current: number }>();
  private nextSweep = 0;

  constructor(private readonly db: Kysely<any>) {}

  /** Counts one request of `key` in its current window of `windowMs`. */
  async hit(key: string, windowMs: number, max: number): Promise<Hit> {
    const now = performance.now();
    const over = this.exceeded.get(key);
    if (over && over.until > now) {
      over.current += 1;
      return { current: over.current, ttl: over.until - now };
    }
    if (over) this.exceeded.delete(key);
    const window = Math.max(1, Math.trunc(windowMs));
    // A window starts at the key's first request and lasts `window`; the first request
    // after it starts the next one. The conflicting row is locked while it is updated,
    // so concurrent requests on any replica count one by one.
    const { rows } = await sql<{ hits: number; ttl: string }>`
      with clock as (select (extract(epoch from clock_timestamp()) * 1000)::bigint as ms)
      insert into rate_limit_counters as c (key, window_start, expires_at, hits)
      select ${key}, ms, ms + ${window}::bigint, 1 from clock
      on conflict (key) do update set
        hits = case when c.expires_at <= excluded.window_start then 1 else c.hits + 1 end,
        window_start = case when c.expires_at <= excluded.window_start then excluded.window_start else c.window_start end,
        expires_at = case when c.expires_at <= excluded.window_start then excluded.expires_at else c.expires_at end
      returning c.hits, c.expires_at - (select ms from clock) as ttl`.execute(this.db);
    const hit = { current: Number(rows[0]!.hits), ttl: Math.max(1, Number(rows[0]!.ttl)) };
    if (hit.current > max) {
      if (this.exceeded.size >= MAX_REMEMBERED) this.exceeded.delete(this.exceeded.keys().next().value!);
      this.exceeded.set(key, { until: now + hit.ttl, current: hit.current });
    }
    if (now >= this.nextSweep) {
      this.nextSweep = now + SWEEP_EVERY_MS;
      await sql`delete from rate_limit_counters
        where expires_at < (extract(epoch from clock_timestamp()) * 1000)::bigint`.execute(this.db);
    }
    return hit;
  }
}

type Callback = (error: Error | null, result?: Hit) => void;
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit on these counters: the plugin makes one per route
 * (`child`), and the route is part of every key, as the plugin's memory store keeps a
 * map per route.
 */
export function sharedRateLimitStore(counters: RateLimitCounters) {
  return class SharedRateLimitStore {
    private readonly prefix: string;

    /** The plugin passes its options, with `routeInfo` (the route) to a route's child. */
    constructor(params: object = {}) {
      const route = (params as RouteParams).routeInfo;
      const method = route?.method;
      this.prefix = `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${route?.url ?? ''}`;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      counters.hit(`${this.prefix} ${key}`, timeWindow, max).then(
        (hit) => callback(null, hit),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(params: object): SharedRateLimitStore {
      return new SharedRateLimitStore(params);
    }
  };
}
