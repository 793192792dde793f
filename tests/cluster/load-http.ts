import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiEndpoint } from './load-types.js';

// How the load driver talks to the API: one request with its id and token, the dev
// outbox's codes, and the run's own mobile and Aadhar numbers.

export interface Answer {
  status: number;
  body: any;
}

export class NotSent extends Error {}

/** A network error that means the request never reached a server (safe to send elsewhere). */
function neverSent(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNREFUSED' || code === 'EHOSTUNREACH';
}

/** A 10-digit Indian mobile number of this run: 7 + 3 random + 6 counter digits. */
export class Numbers {
  private n = 0;
  private readonly mobilePrefix = `7${String(randomInt(100, 1000))}`;
  private readonly aadharPrefix = `${randomInt(2, 10)}${String(randomInt(10_000, 100_000))}`;
  /** Every number handed out, for the check that none of them reached a log. */
  readonly issued: Array<{ mobile: string; emergency: string; aadhar: string }> = [];
  next(): { mobile: string; emergency: string; aadhar: string } {
    const i = ++this.n;
    const n = {
      mobile: `${this.mobilePrefix}${String(i * 2).padStart(6, '0')}`,
      emergency: `${this.mobilePrefix}${String(i * 2 + 1).padStart(6, '0')}`,
      aadhar: `${this.aadharPrefix}${String(i).padStart(6, '0')}`,
    };
    this.issued.push(n);
    return n;
  }
}

export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${error.message} (${cause.code})` : error.message;
}

export async function send(
  api: ApiEndpoint,
  method: 'GET' | 'POST',
  pathname: string,
  token: string | undefined,
  body?: unknown,
  requestId?: string,
  timeoutMs = 20_000,
): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(`${api.url}${pathname}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { 'x-auth-token': token } : {}),
        ...(requestId ? { 'x-request-id': requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (neverSent(error)) throw new NotSent(describe(error));
    throw error;
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed };
}

/** The newest one-time code sent to `to` for `purpose`, from the dev outbox (OUTBOX_API=1). */
/** The code last sent to `to` for `purpose`, from the dev outbox; noted in `seen` when given. */
export async function codeFor(
  api: ApiEndpoint,
  to: string,
  purpose: string,
  seen?: Set<string>,
): Promise<string> {
  const deadline = performance.now() + 15_000;
  while (performance.now() < deadline) {
    const res = await send(api, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}&limit=5`, undefined);
    const found = (res.body?.data as Array<{ text: string; purpose: string }> | undefined)?.find(
      (m) => m.purpose === purpose,
    );
    const code = found?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) {
      seen?.add(code);
      return code;
    }
    await sleep(100);
  }
  throw new Error(`no ${purpose} code for ${to} in the outbox`);
}
