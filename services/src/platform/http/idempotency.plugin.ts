import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Database } from '../platform.js';
import { enterIdempotentRequest, withRequestScope } from '../request-idempotency.js';
import type { App } from './app.js';

/**
 * `Idempotency-Key` on every command route (POST, PUT, PATCH, DELETE under /api).
 *
 * - The key is scoped to the caller: the signed-in user, or the client's IP on a public
 *   route. Its row (`request_idempotency`) is claimed before the handler runs and holds a
 *   fingerprint of the request (method, route, parameters, query, body).
 * - The same key and the same request again: the first answer (status, body, and the
 *   headers that matter), marked `idempotency-replayed: true`; the handler does not run.
 * - The same key with another request: 422, nothing runs.
 * - While the first is still running, a twin waits for its answer (at most
 *   IDEMPOTENCY_WAIT_MS, then 409 "in progress", which the client retries).
 * - A claim whose run died (its lease, IDEMPOTENCY_LEASE_MS, ran out with no answer) is
 *   taken over by the next retry, which runs the handler again: its appends carry keys
 *   derived from this one (request-idempotency.ts), so what the dead run committed is
 *   found and answered from, never appended twice.
 * - 5xx answers (and 429) are not kept: the claim is released, and a retry runs afresh.
 * - Rows are kept IDEMPOTENCY_RETENTION_HOURS, then ignored and purged on a later claim.
 * Without the header a request runs exactly as before.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotency-replayed';

export const IDEMPOTENCY_MESSAGES = {
  invalid:
    'Idempotency-Key must be 1 to 255 visible characters (letters, digits and punctuation, no spaces).',
  reused: 'This Idempotency-Key was already used for a different request. Send a new key for a new action.',
  inProgress: 'The same request is still being processed. Please try again in a moment.',
} as const;

const COMMAND_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** The headers of an answer that a replay repeats (the rest are per response). */
const KEPT_HEADERS = ['content-type', 'content-disposition', 'location', 'x-read-after'];
const POLL_MS = 20;
const PURGE_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds its Idempotency-Key's claim. */
    idempotencyClaim?: { scope: string; key: string; owner: string };
  }
}

/** JSON with object keys sorted, so the same body in another key order is the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function fingerprintOf(request: FastifyRequest): string {
  // A body no parser read (an upload streamed by its route) is known by its media type and
  // size; not by its multipart boundary, which a browser picks afresh for each resend.
  const body =
    request.body === undefined
      ? {
          contentType: request.headers['content-type']?.split(';')[0]?.trim() ?? null,
          length: request.headers['content-length'] ?? null,
        }
      : canonical(request.body);
  return createHash('sha256')
    .update(
      JSON.stringify([
        request.method,
        request.routeOptions.url ?? request.url,
        canonical(request.params),
        canonical(request.query),
        body,
      ]),
    )
    .digest('hex');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface StoredRow {
  fingerprint: string;
  state: 'running' | 'completed';
  lapsed: boolean;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: Buffer | null;
}

export function registerIdempotency(
  app: App,
  options: {
    db: Kysely<Database>;
    config: Pick<Config, 'IDEMPOTENCY_RETENTION_HOURS' | 'IDEMPOTENCY_LEASE_MS' | 'IDEMPOTENCY_WAIT_MS'>;
    log: Logger;
  },
): void {
  const { db, config, log } = options;
  const retentionHours = config.IDEMPOTENCY_RETENTION_HOURS;
  const leaseMs = config.IDEMPOTENCY_LEASE_MS;

  let lastPurge = -Infinity;
  function purgeNowAndThen(): void {
    if (performance.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = performance.now();
    sql`delete from request_idempotency where created_at < now() - make_interval(hours => ${retentionHours})`
      .execute(db)
      .catch((error: unknown) => log.warn({ err: error }, 'idempotency purge failed'));
  }

  /** Inserts the claim, or takes over an expired row; true when this run now holds the key. */
  async function claim(
    scope: string,
    key: string,
    owner: string,
    fingerprint: string,
    request: FastifyRequest,
  ): Promise<boolean> {
    const { rows } = await sql<{ owner: string }>`
      insert into request_idempotency
        (scope, idempotency_key, fingerprint, method, route, state, owner, lease_until)
      values (${scope}, ${key}, ${fingerprint}, ${request.method}, ${request.routeOptions.url ?? request.url},
              'running', ${owner}::uuid, now() + make_interval(secs => ${leaseMs / 1000}))
      on conflict (scope, idempotency_key) do update
        set fingerprint = excluded.fingerprint, method = excluded.method, route = excluded.route,
            state = 'running', owner = excluded.owner, lease_until = excluded.lease_until, runs = 1,
            response_status = null, response_headers = null, response_body = null,
            created_at = now(), completed_at = null
        where request_idempotency.created_at < now() - make_interval(hours => ${retentionHours})
      returning owner::text as owner`.execute(db);
    return rows[0]?.owner === owner;
  }

  async function takeOver(scope: string, key: string, owner: string): Promise<boolean> {
    const { rows } = await sql<{ owner: string }>`
      update request_idempotency
      set owner = ${owner}::uuid, lease_until = now() + make_interval(secs => ${leaseMs / 1000}), runs = runs + 1
      where scope = ${scope} and idempotency_key = ${key} and state = 'running' and lease_until < now()
      returning owner::text as owner`.execute(db);
    return rows[0]?.owner === owner;
  }

  async function stored(scope: string, key: string): Promise<StoredRow | undefined> {
    const { rows } = await sql<StoredRow>`
      select fingerprint, state, lease_until < now() as lapsed,
             response_status, response_headers, response_body
      from request_idempotency
      where scope = ${scope} and idempotency_key = ${key}
        and created_at >= now() - make_interval(hours => ${retentionHours})`.execute(db);
    return rows[0];
  }

  function replay(reply: FastifyReply, row: StoredRow): FastifyReply {
    for (const [name, value] of Object.entries(row.response_headers ?? {})) reply.header(name, value);
    reply.header(REPLAYED_HEADER, 'true');
    return reply.status(row.response_status ?? 200).send(row.response_body ?? Buffer.alloc(0));
  }

  // Runs the rest of each request with a place for its idempotency (request-idempotency.ts).
  app.addHook('onRequest', (_request, _reply, done) => withRequestScope(done));

  app.addHook('preHandler', async (request, reply) => {
    if (!COMMAND_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      return reply
        .status(400)
        .send({ message: IDEMPOTENCY_MESSAGES.invalid, code: 'idempotency_key_invalid' });
    }
    const scope = request.session ? `user:${request.session.userId}` : `ip:${request.ip}`;
    const fingerprint = fingerprintOf(request);
    const owner = randomUUID();
    purgeNowAndThen();
    const deadline = performance.now() + config.IDEMPOTENCY_WAIT_MS;
    for (;;) {
      let holds = await claim(scope, key, owner, fingerprint, request);
      if (!holds) {
        const row = await stored(scope, key);
        // Released (its first run failed with a 5xx) or expired a moment ago: claim again.
        if (!row && performance.now() < deadline) continue;
        if (!row) throw new Error('idempotency claim neither made nor found');
        if (row.fingerprint !== fingerprint) {
          return reply
            .status(422)
            .send({ message: IDEMPOTENCY_MESSAGES.reused, code: 'idempotency_key_reused' });
        }
        if (row.state === 'completed') return replay(reply, row);
        holds = row.lapsed && (await takeOver(scope, key, owner));
        if (!holds) {
          if (performance.now() >= deadline) {
            reply.header('retry-after', '1');
            return reply
              .status(409)
              .send({ message: IDEMPOTENCY_MESSAGES.inProgress, code: 'idempotency_in_progress' });
          }
          await sleep(POLL_MS);
          continue;
        }
      }
      request.idempotencyClaim = { scope, key, owner };
      enterIdempotentRequest(sha256(`${scope}\n${key}`));
      return;
    }
  });

  // After the answer is final (the read-after-write header included), before it is sent.
  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotencyClaim;
    if (!held) return payload;
    request.idempotencyClaim = undefined;
    const status = reply.statusCode;
    const body =
      payload === null || payload === undefined
        ? Buffer.alloc(0)
        : typeof payload === 'string'
          ? Buffer.from(payload)
          : Buffer.isBuffer(payload)
            ? payload
            : undefined;
    try {
      if (status >= 500 || status === 429 || body === undefined) {
        // Not an answer to keep (a failure on our side, or a stream): the next retry runs again.
        await sql`delete from request_idempotency
          where scope = ${held.scope} and idempotency_key = ${held.key} and owner = ${held.owner}::uuid`.execute(
          db,
        );
      } else {
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        await sql`update request_idempotency
          set state = 'completed', response_status = ${status}, response_headers = ${JSON.stringify(headers)}::jsonb,
              response_body = ${body}, completed_at = now()
          where scope = ${held.scope} and idempotency_key = ${held.key} and owner = ${held.owner}::uuid`.execute(
          db,
        );
      }
    } catch (error) {
      // The answer still goes out; a retry finds the claim running and, once its lease is
      // over, runs again without doubling anything (see above).
      request.log.warn({ err: error }, 'could not store the answer to an idempotent request');
    }
    return payload;
  });
}
