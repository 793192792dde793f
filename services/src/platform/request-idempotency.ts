import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';

/**
 * The idempotency of the request being served, for the code below the HTTP layer.
 *
 * A command request that carries an `Idempotency-Key` is claimed by the HTTP plugin
 * (`http/idempotency.plugin.ts`) before its handler runs. The handler may still be cut
 * short after its events committed (a crash before the answer was stored); the retry
 * then runs the handler again. So that this second run records nothing twice:
 *   - every command append of the request carries a key derived from the request's key,
 *     the stream and how many times the request has appended to that stream; the store
 *     writes that key in the same transaction as the events, and `handle` finds it on
 *     the stream and returns what the first run appended instead of deciding again;
 *   - ids a handler makes up (a payment's id) are derived from the request's key too,
 *     so the second run answers about the same payment.
 * Outside such a request (no header, a job, a test) nothing changes: no key, random ids.
 */
interface RequestScope {
  /** Digest of (caller scope, Idempotency-Key): names the request across retries. */
  digest?: string;
  /** Per stream (and per id name): how many times this request has used it so far. */
  counts: Map<string, number>;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` (a request) with a place for its idempotency; the plugin fills it once the key is claimed. */
export function withRequestScope<T>(fn: () => T): T {
  return scopes.run({ counts: new Map() }, fn);
}

/** Marks the current request as the run of an idempotent request named by `digest`. */
export function enterIdempotentRequest(digest: string): void {
  const scope = scopes.getStore();
  if (scope) scope.digest = digest;
}

function nextUse(scope: RequestScope, name: string): number {
  const n = (scope.counts.get(name) ?? 0) + 1;
  scope.counts.set(name, n);
  return n;
}

/** The metadata key's longest form (contracts' EventMetadata.idempotencyKey). */
const MAX_KEY = 200;

/**
 * The idempotency key of this request's next append to `streamId`, or undefined outside
 * an idempotent request. Deterministic: the same request run again asks for the same keys
 * in the same order.
 */
export function nextCommandKey(streamId: string): string | undefined {
  const scope = scopes.getStore();
  if (!scope?.digest) return undefined;
  const key = `request:${scope.digest.slice(0, 40)}:${nextUse(scope, `stream:${streamId}`)}:${streamId}`;
  return key.length <= MAX_KEY ? key : `request:${createHash('sha256').update(key).digest('hex')}`;
}

/** True when `key` is one `nextCommandKey` made (a request's, not a job's). */
export const isRequestKey = (key: string | undefined): boolean => key?.startsWith('request:') ?? false;

/**
 * A new id for something a command creates (`name`: 'payment', …): random, except in an
 * idempotent request, where the same request run again gets the same id (a UUID in the
 * RFC 9562 version 8 layout, from the request's digest).
 */
export function requestScopedUuid(name: string): string {
  const scope = scopes.getStore();
  if (!scope?.digest) return randomUUID();
  const hex = createHash('sha256')
    .update(`${scope.digest}:${name}:${nextUse(scope, `id:${name}`)}`)
    .digest('hex')
    .slice(0, 32)
    .split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
