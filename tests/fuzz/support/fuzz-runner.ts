import { appendFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { TestApi, TestDatabase } from '@goldledger/services/testing';
import type { FuzzCase } from './fuzz-cases.js';
import type { Caller } from './route-catalog.js';

/** Where a refused request was stopped, read off the house error shape (services/src/platform/http/errors.ts). */
type Stage = 'answered (2xx/3xx)' | 'access (401/403)' | 'schema validation' | 'domain rule' | 'other 4xx';

export interface Finding {
  route: string;
  caller: string;
  url: string;
  label: string;
  status: number;
  problem: string;
  body: string;
}

/**
 * Sends fuzz cases to the app, one at a time, and checks each answer: never a 5xx;
 * a 4xx says why in a non-empty `message`; a refused request appends no event.
 */
export class FuzzRunner {
  readonly statuses = new Map<number, number>();
  readonly stages = new Map<Stage, number>();
  readonly routesHit = new Set<string>();
  readonly findings: Finding[] = [];
  sent = 0;
  private events = -1;
  private tokens = new Map<Caller, string>();

  constructor(
    private readonly api: TestApi,
    private readonly t: TestDatabase,
  ) {}

  private async eventCount(): Promise<number> {
    const { rows } = await sql<{ n: string }>`select count(*) as n from events`.execute(this.t.db);
    return Number(rows[0]!.n);
  }

  private async token(caller: Exclude<Caller, 'anonymous'>): Promise<string> {
    let token = this.tokens.get(caller);
    if (!token) {
      token = await this.api.tokenFor(caller);
      this.tokens.set(caller, token);
    }
    return token;
  }

  /** Something other than a fuzz request wrote events (a fresh loan): count again. */
  async recount(): Promise<void> {
    this.events = await this.eventCount();
  }

  async send(route: string, c: FuzzCase): Promise<void> {
    if (this.events < 0) await this.recount();
    const headers: Record<string, string> = { ...c.headers };
    if (c.contentType !== undefined) headers['content-type'] = c.contentType;
    if (c.auth) Object.assign(headers, c.auth);
    else if (c.caller !== 'anonymous') headers['x-auth-token'] = await this.token(c.caller);
    this.sent += 1;
    // A fresh address per request: the per-IP rate limits stay out of the way of the fuzzing.
    const n = this.sent;
    const remoteAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const started = performance.now();
    const res = await this.api.app.inject({
      method: c.method as 'GET',
      url: c.url,
      headers,
      remoteAddress,
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
    const status = res.statusCode;
    // FUZZ_LOG=<file>: every request and its answer, one line each, for digging into a run.
    if (process.env.FUZZ_LOG) {
      appendFileSync(
        process.env.FUZZ_LOG,
        `${status} ${Math.round(performance.now() - started)}ms ${c.auth ? 'forged' : c.caller} ${route} [${c.label}] ${c.url.slice(0, 200)} → ${res.body.slice(0, 200)}\n`,
      );
    }
    this.routesHit.add(route);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    const report = (problem: string) =>
      this.findings.push({
        route,
        caller: c.auth ? 'forged' : c.caller,
        url: c.url.length > 160 ? `${c.url.slice(0, 150)}…(${c.url.length} chars)` : c.url,
        label: c.label,
        status,
        problem,
        body: res.body.slice(0, 300),
      });

    let body: { message?: unknown; errors?: unknown; code?: unknown } | undefined;
    try {
      body = res.body ? (JSON.parse(res.body) as typeof body) : undefined;
    } catch {
      body = undefined;
    }
    const stage = stageOf(status, body);
    this.stages.set(stage, (this.stages.get(stage) ?? 0) + 1);

    if (status >= 500) report('server error');
    if (status >= 400 && status < 500) {
      if (typeof body?.message !== 'string' || body.message.trim() === '') report('4xx without a message');
    }
    const events = await this.eventCount();
    if (status >= 400 && events !== this.events)
      report(`refused, yet appended ${events - this.events} event(s)`);
    // A command that went through may have revoked a session (logout, password change): sign in again.
    if (status < 400 && c.method !== 'GET') this.tokens.clear();
    this.events = events;
  }

  /** The summary CI logs show. */
  summary(routes: number): string {
    const pct = (n: number) => `${((100 * n) / this.sent).toFixed(1)}%`;
    const statuses = [...this.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `    ${s}: ${n} (${pct(n)})`);
    const stages = [...this.stages.entries()]
      .sort(([, a], [, b]) => b - a)
      .map(([s, n]) => `    ${s}: ${n} (${pct(n)})`);
    return [
      `route fuzz: ${this.routesHit.size}/${routes} routes, ${this.sent} requests, ${this.findings.length} findings`,
      '  statuses:',
      ...statuses,
      '  stopped at:',
      ...stages,
    ].join('\n');
  }
}

function stageOf(status: number, body: { errors?: unknown; code?: unknown } | undefined): Stage {
  if (status < 400) return 'answered (2xx/3xx)';
  if (status === 401 || status === 403) return 'access (401/403)';
  if (status === 400 && Array.isArray(body?.errors) && body?.code === undefined) return 'schema validation';
  if (body?.code !== undefined) return 'domain rule';
  return 'other 4xx';
}
