import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The access log: one line per request when it completes (`request completed`, with the
 * request and the answer; the `incoming request` line is at debug level), except for
 * requests refused by a rate limit. A flood of those wrote a line each (277k refused
 * requests, 125 MB of log in 20 s): now the first refusal of a key (route and client)
 * in a window is logged, and the ones after it are counted and reported on the next
 * logged refusal of that key (`refusedSinceLastLogged`) or, for a key that went quiet,
 * in a `rate-limit refusals not logged` line.
 */
const refusedKeys = new WeakMap<object, string>();

/** Marks a request as refused by a rate limit under `key` (the limit's onExceeded). */
export function markRateLimited(request: FastifyRequest, key: string): void {
  refusedKeys.set(request, key);
}

interface Sampled {
  /** Until when refusals of this key are counted, not logged (performance.now() ms). */
  until: number;
  suppressed: number;
}

/** At most this many keys are followed; beyond, the quietest are reported and forgotten. */
const MAX_KEYS = 10_000;

export class AccessLogController extends LogController {
  private readonly sampled = new Map<string, Sampled>();
  private nextSweep = 0;

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  /** Fastify's own error handler logs each 4xx; a rate-limit refusal is logged (or counted) on completion instead. */
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (refusedKeys.has(request)) return;
    super.defaultErrorLog(error, request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const key = reply.statusCode === 429 ? refusedKeys.get(request) : undefined;
    let extra: Record<string, unknown> = {};
    if (key !== undefined) {
      const now = performance.now();
      this.sweep(request, now);
      const seen = this.sampled.get(key);
      if (seen && seen.until > now) {
        seen.suppressed += 1;
        return;
      }
      const retryAfter = Number(reply.getHeader('retry-after') ?? 60);
      this.sampled.delete(key);
      if (this.sampled.size >= MAX_KEYS) this.report(request, this.sampled.keys().next().value!);
      this.sampled.set(key, { until: now + Math.max(1, retryAfter) * 1000, suppressed: 0 });
      extra = { rateLimitKey: key, refusedSinceLastLogged: seen?.suppressed ?? 0 };
    }
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime, ...extra },
        'request completed',
      );
    }
  }

  /** Reports and forgets the keys whose window has passed with refusals left unlogged. */
  private sweep(request: FastifyRequest, now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 10_000;
    for (const [key, sampled] of this.sampled) if (sampled.until <= now) this.report(request, key);
  }

  private report(request: FastifyRequest, key: string): void {
    const sampled = this.sampled.get(key);
    this.sampled.delete(key);
    if (sampled && sampled.suppressed > 0) {
      request.server.log.info(
        { rateLimitKey: key, refusedSinceLastLogged: sampled.suppressed },
        'rate-limit refusals not logged',
      );
    }
  }
}
