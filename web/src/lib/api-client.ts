import type { z } from 'zod';
import { SentForApprovalResponse } from '@goldledger/contracts';
import { env } from '@/config/env';
import { ApiError, NetworkError, SentForApproval } from './api-error';
import { authSession } from './auth-session';

export { ApiError, NetworkError, SentForApproval, errorMessage } from './api-error';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Send this token instead of the session's (the first-login reset, token validation). */
  token?: string | null;
  /**
   * A command's Idempotency-Key. Each call makes a fresh one (one user action); pass one to
   * make a later call the same action again (a "try again" that must not pay twice).
   */
  idempotencyKey?: string;
}

/**
 * Commands (POST, PUT, PATCH, DELETE) carry an `Idempotency-Key`, fresh per call, and are
 * sent again with the same key when no answer came back or the server could not take them
 * just now (a dropped connection, a restarting server, 502/503/504, or the same key's first
 * attempt still running). The server answers a repeat with the first answer and never
 * records the action twice (services/src/platform/http/idempotency.plugin.ts).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Waits before each resend: four tries in about three and a half seconds. */
export const COMMAND_RETRY_DELAYS_MS = [500, 1_000, 2_000] as const;
const RETRY_STATUSES = new Set([502, 503, 504]);

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * For a form the user may submit again after a failure: the same body gets the same key
 * (pressing "Record" again is the same payment, recorded at most once); a changed body is
 * a new action with a fresh key.
 */
export function actionKeys(): (body: unknown) => string {
  let last: { key: string; body: string } | null = null;
  return (body) => {
    const text = JSON.stringify(body);
    if (last?.body !== text) last = { key: newIdempotencyKey(), body: text };
    return last.key;
  };
}

const wait = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** True when a command may be sent again with its key: nothing came back, or "not now". */
function worthRetrying(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (!(error instanceof ApiError)) return false;
  return (
    RETRY_STATUSES.has(error.status) || (error.status === 409 && error.code === 'idempotency_in_progress')
  );
}

/**
 * Read your own writes (services/src/platform/read-after-write.ts): a command's answer
 * names the newest event it appended; reads for a while after send it back, and the
 * server answers them once its read models include that event. So a list reloaded
 * right after a payment already shows the new balance.
 */
const READ_AFTER = 'x-read-after';
const READ_AFTER_FOR_MS = 15_000;
let readAfter: { value: string; until: number } | null = null;

/** Notes a write's position (every non-GET request of this client). */
function noteWrite(response: Response): void {
  const value = response.headers.get(READ_AFTER);
  if (value && /^\d+:\d+$/.test(value)) readAfter = { value, until: performance.now() + READ_AFTER_FOR_MS };
}

/** The header a read sends: the last write's position, while it is fresh. */
export function readAfterHeader(): Record<string, string> {
  if (readAfter && performance.now() > readAfter.until) readAfter = null;
  return readAfter ? { [READ_AFTER]: readAfter.value } : {};
}

async function send(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
  accept = 'application/json',
): Promise<Response> {
  if (method === 'GET') return sendOnce(method, path, body, options, accept);
  const key = options.idempotencyKey ?? newIdempotencyKey();
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendOnce(method, path, body, options, accept, key);
    } catch (error) {
      const delay = COMMAND_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !worthRetrying(error)) throw error;
      await wait(delay, options.signal);
    }
  }
}

async function sendOnce(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
  accept: string,
  idempotencyKey?: string,
): Promise<Response> {
  const token = options.token !== undefined ? options.token : authSession.get().token;
  const headers: Record<string, string> = { accept, ...(method === 'GET' ? readAfterHeader() : {}) };
  if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  // A form (photo uploads) goes as multipart: the browser writes its content type.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  // The token goes in `x-auth-token`, the header the API has always read; it accepts a Bearer token too.
  if (token) headers['x-auth-token'] = token;
  let response: Response;
  try {
    response = await fetch(`${env.VITE_API_URL}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  if (method !== 'GET') noteWrite(response);
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (a proxy's error page): keep the text
    }
    // The server ended the session (logout elsewhere, role change, expiry): sign out here too.
    if (response.status === 401 && token) authSession.endIfCurrent(token);
    throw new ApiError(response.status, parsed);
  }
  return response;
}

async function json<S extends z.ZodType>(
  method: string,
  path: string,
  body: unknown,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const response = await send(method, path, body, options);
  const data: unknown = response.status === 204 ? undefined : await response.json();
  if (response.status === 202) {
    const held = SentForApprovalResponse.safeParse(data);
    if (held.success) throw new SentForApproval(held.data.approvalId);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    // The contract and the server disagree: a bug to fix, not something to render.
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(response.status, data, 'Unexpected answer from the server');
  }
  return parsed.data;
}

/**
 * The API over fetch: JSON in, JSON out, each answer checked against its zod schema
 * (from @goldledger/contracts wherever the contract defines one).
 */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
    json('GET', path, undefined, schema, options),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
    json('POST', path, body, schema, options),
  /** Multipart (`POST /api/loans/{id}/photos`): the form as the browser encodes it. */
  postForm: <S extends z.ZodType>(path: string, form: FormData, schema: S, options?: RequestOptions) =>
    json('POST', path, form, schema, options),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
    json('PUT', path, body, schema, options),
  patch: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
    json('PATCH', path, body, schema, options),
  delete: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
    json('DELETE', path, undefined, schema, options),
  /** A DELETE whose command takes a body (a loan's `expectedVersion`). */
  deleteWith: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
    json('DELETE', path, body, schema, options),
  /** A file (PDF receipt, slip, photo) with the session's token, as a Blob. */
  async blob(path: string, options: RequestOptions = {}): Promise<Blob> {
    const response = await send('GET', path, undefined, options, '*/*');
    return response.blob();
  },
};
