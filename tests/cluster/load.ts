// Long (over 400 lines) because it is one class: every kind of command the load sends
// (register, verify, the loan gate, open, repay, read) draws on and feeds the same private
// state (customers waiting for verification, their mobiles, open loans, the codes read),
// and the steps only make sense in that order. Its HTTP plumbing is in load-http.ts.
import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { codeFor, describe, NotSent, Numbers, send, type Answer } from './load-http.js';
import type {
  ApiEndpoint,
  CommandKind,
  CommandRecord,
  LoadOptions,
  Outcome,
  StaffLogin,
} from './load-types.js';

/**
 * Staff work through the HTTP API at a steady pace, spread round-robin over every API
 * process: customers registered and verified, loans opened, repayments taken, lists
 * and dashboards read. Every command carries its own `x-request-id`, which the product
 * stores as the events' correlation id: the checker finds each command's events by it.
 */

export class LoadDriver {
  readonly commands: CommandRecord[] = [];
  readonly reads = new Map<string, { ok: number; failed: number }>();
  /** Requests that never reached a killed API and went to the next one instead. */
  redirected = 0;
  /** Connections refused, per API (the process was down). */
  private readonly refused = new Map<string, number>();
  private readonly customers: string[] = [];
  /** Each verified customer's primary mobile, where the loan gate's code goes. */
  private readonly mobiles = new Map<string, string>();
  /** What each registration sent, to send an unanswered one again. */
  private readonly bodies = new Map<string, unknown>();
  private readonly unverified: Array<{ customerUuid: string; mobile: string }> = [];
  private readonly loans: string[] = [];
  private readonly numbers = new Numbers();
  /** Every one-time code read from the dev outbox. */
  private readonly codes = new Set<string>();
  private next = 0;
  private stopped = true;
  private running: Promise<void> | undefined;
  private readonly timeoutMs: number;

  constructor(private readonly options: LoadOptions) {
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  /** Sign-in by OTP through the API, as the console does (the code read back from the dev outbox). */
  static async signIn(api: ApiEndpoint, mobile: string, codes?: Set<string>): Promise<StaffLogin> {
    const sent = await send(api, 'POST', '/api/auth/send-login-otp', undefined, { identifier: mobile });
    if (sent.status !== 200) throw new Error(`send-login-otp: ${sent.status} ${JSON.stringify(sent.body)}`);
    const otp = await codeFor(api, mobile, 'login_otp', codes);
    const verified = await send(api, 'POST', '/api/auth/verify-otp', undefined, { identifier: mobile, otp });
    if (verified.status !== 200)
      throw new Error(`verify-otp: ${verified.status} ${JSON.stringify(verified.body)}`);
    return { mobile, token: verified.body.token as string };
  }

  /** The personal data the load sent: Aadhar numbers, mobiles and the codes it entered. */
  personalData(): { aadhars: string[]; mobiles: string[]; codes: string[] } {
    const issued = this.numbers.issued;
    return {
      aadhars: issued.map((n) => n.aadhar),
      mobiles: issued.flatMap((n) => [n.mobile, n.emergency]),
      codes: [...this.codes],
    };
  }

  start(): void {
    this.stopped = false;
    const { ratePerSecond, concurrency } = this.options;
    const began = performance.now();
    let issued = 0;
    const worker = async () => {
      while (!this.stopped) {
        const due = began + (issued++ * 1000) / ratePerSecond;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (this.stopped) break;
        await this.step().catch(() => undefined);
      }
    };
    this.running = Promise.all(Array.from({ length: concurrency }, worker)).then(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** Runs until `stop()`; meanwhile callers read the counters. */
  counts(): Record<Outcome, number> & { reads: number; readFailures: number } {
    const c = { acked: 0, rejected: 0, failed: 0, reads: 0, readFailures: 0 };
    for (const r of this.commands) if (r.done) c[r.outcome]++;
    for (const r of this.reads.values()) {
      c.reads += r.ok;
      c.readFailures += r.failed;
    }
    return c;
  }

  /** Failures (no answer or 5xx) per API label, commands and reads together. */
  failuresByApi(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const r of this.commands) if (r.done && r.outcome === 'failed') out[r.api] = (out[r.api] ?? 0) + 1;
    for (const [api, r] of this.reads) if (r.failed) out[api] = (out[api] ?? 0) + r.failed;
    for (const [api, n] of this.refused) out[api] = (out[api] ?? 0) + n;
    return out;
  }

  /** Failed commands grouped by kind and error, for the report. */
  failureSummary(commands: readonly CommandRecord[] = this.commands): string[] {
    const groups = new Map<string, number>();
    for (const r of commands) {
      if (!r.done || r.outcome === 'acked') continue;
      const key = `${r.outcome} ${r.kind} on ${r.api}: ${r.status ?? ''} ${r.error ?? ''}`.replace(
        /\s+/g,
        ' ',
      );
      groups.set(key, (groups.get(key) ?? 0) + 1);
    }
    return [...groups].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n}× ${k}`);
  }

  /** About 1 in 8 steps registers a customer and 1 in 8 verifies one, 1 in 4 opens a loan, 3 in 10 take a repayment, the rest read. */
  private async step(): Promise<void> {
    const roll = Math.random();
    if (this.unverified.length > 0 && (this.customers.length < 3 || roll < 0.125))
      return this.verifyCustomer();
    if (this.customers.length < 3 || roll < 0.25) return this.registerCustomer();
    if (this.loans.length < 3 || roll < 0.5) return this.createLoan();
    if (roll < 0.8) return this.recordPayment();
    return this.read();
  }

  /** A signed-in staff token, for requests the driver does not make itself. */
  token(): string {
    return this.staff().token;
  }

  private staff(): StaffLogin {
    const { staff } = this.options;
    return staff[randomInt(staff.length)]!;
  }

  /** The next API in turn; a refused connection (process down) moves on to the next one. */
  private async call(
    method: 'GET' | 'POST',
    pathname: string,
    body: unknown,
    requestId: string,
    token = this.staff().token,
  ): Promise<{ api: string; answer: Answer }> {
    const apis = this.options.apis();
    const first = this.next++;
    let lastError: unknown;
    for (let tries = 0; tries < apis.length; tries++) {
      const api = apis[(first + tries) % apis.length]!;
      try {
        const answer = await send(api, method, pathname, token, body, requestId, this.timeoutMs);
        return { api: api.label, answer };
      } catch (error) {
        if (!(error instanceof NotSent)) {
          throw Object.assign(new Error(describe(error)), { api: api.label });
        }
        lastError = error;
        this.redirected++;
        this.refused.set(api.label, (this.refused.get(api.label) ?? 0) + 1);
      }
    }
    throw Object.assign(new Error(describe(lastError)), { api: 'none' });
  }

  private countRead(api: string, ok: boolean): void {
    const r = this.reads.get(api) ?? { ok: 0, failed: 0 };
    if (ok) r.ok++;
    else r.failed++;
    this.reads.set(api, r);
  }

  /**
   * After a fault: sends each unanswered customer registration again, as the clerk would
   * (same Aadhar number, same details). It must succeed (201) or, if the first one did
   * take effect, be refused as a duplicate (409); nothing half-done may block it.
   */
  async resendUnansweredRegistrations(): Promise<{
    sent: number;
    registered: number;
    duplicate: number;
    other: string[];
  }> {
    const result = { sent: 0, registered: 0, duplicate: 0, other: [] as string[] };
    const unanswered = this.commands.filter(
      (c) =>
        c.kind === 'register-customer' &&
        c.outcome === 'failed' &&
        !c.retryOf &&
        this.bodies.has(c.requestId),
    );
    for (const c of unanswered) {
      if (this.commands.some((r) => r.retryOf === c.requestId)) continue;
      result.sent++;
      const acked = await this.command(
        'register-customer',
        '/api/admin/customers',
        this.bodies.get(c.requestId),
        {
          aadhar: c.ids.aadhar,
        },
        c.requestId,
      );
      const record = this.commands.at(-1)!;
      if (acked) {
        record.ids.customerUuid = String(acked.answer.body.customer._id);
        result.registered++;
      } else if (record.status === 409) result.duplicate++;
      else result.other.push(`${record.status ?? ''} ${record.error ?? ''}`);
    }
    return result;
  }

  /** Sends a command and records its outcome; the answer when acknowledged, with its record. */
  private async command(
    kind: CommandKind,
    pathname: string,
    body: unknown,
    ids: CommandRecord['ids'],
    retryOf?: string,
    token?: string,
  ): Promise<{ answer: Answer; record: CommandRecord } | undefined> {
    const requestId = randomUUID();
    const startedAt = performance.now();
    const record: CommandRecord = {
      kind,
      requestId,
      done: false,
      api: 'none',
      outcome: 'failed',
      status: undefined,
      error: undefined,
      ids: { ...ids },
      startedAt,
      endedAt: startedAt,
      ...(retryOf ? { retryOf } : {}),
    };
    this.commands.push(record);
    if (kind === 'register-customer') this.bodies.set(requestId, body);
    try {
      const { api, answer } = await this.call('POST', pathname, body, requestId, token);
      record.api = api;
      record.status = answer.status;
      record.outcome = answer.status < 300 ? 'acked' : answer.status < 500 ? 'rejected' : 'failed';
      if (answer.status >= 300) record.error = String(answer.body?.message ?? answer.body).slice(0, 200);
      return record.outcome === 'acked' ? { answer, record } : undefined;
    } catch (error) {
      record.api = (error as { api?: string }).api ?? 'none';
      record.error = describe(error);
      return undefined;
    } finally {
      record.endedAt = performance.now();
      record.done = true;
    }
  }

  private async registerCustomer(): Promise<void> {
    const n = this.numbers.next();
    const acked = await this.command(
      'register-customer',
      '/api/admin/customers',
      {
        aadharNumber: n.aadhar,
        name: `Load Customer ${n.mobile.slice(-5)}`,
        email: null,
        primaryMobile: n.mobile,
        secondaryMobile: null,
        emergencyContact: { mobile: n.emergency, relation: 'Spouse' },
        presentAddress: '4 Car Street, Mylapore, Chennai 600004',
        permanentAddress: '4 Car Street, Mylapore, Chennai 600004',
      },
      { aadhar: n.aadhar },
    );
    if (!acked) return;
    const customerUuid = String(acked.answer.body.customer._id);
    acked.record.ids.customerUuid = customerUuid;
    this.unverified.push({ customerUuid, mobile: n.mobile });
  }

  private async verifyCustomer(): Promise<void> {
    const pending = this.unverified.shift();
    if (!pending) return;
    let otp: string;
    try {
      otp = await codeFor(this.liveApi(), pending.mobile, 'customer_verification_otp', this.codes);
    } catch {
      this.unverified.push(pending); // the outbox read failed (API down): try later
      return;
    }
    const acked = await this.command(
      'verify-customer',
      '/api/admin/verify-customer-otp',
      { phoneNumber: pending.mobile, otp },
      { customerUuid: pending.customerUuid },
    );
    if (acked) {
      this.customers.push(pending.customerUuid);
      this.mobiles.set(pending.customerUuid, pending.mobile);
    }
  }

  private async createLoan(): Promise<void> {
    const customerUuid = this.customers[randomInt(this.customers.length)];
    if (!customerUuid) return this.registerCustomer();
    // The customer confirms the loan with the wizard's code, for the member of staff
    // who opens it; a customer asked less than a minute ago makes way for a new one.
    const { token } = this.staff();
    if (!(await this.confirmLoan(customerUuid, token))) return this.registerCustomer();
    const grams = randomInt(10, 60);
    const acked = await this.command(
      'create-loan',
      '/api/admin/loans',
      {
        customerId: customerUuid,
        goldItems: [
          { description: 'Chain', grossWeight: grams + 1, netWeight: grams, purityKarat: 22 },
          { description: 'Ring', grossWeight: 4, netWeight: 3.5 },
        ],
        interestRate: 18,
        amount: grams * 2_000,
        term: 6,
        // Above ₹20,000 a loan cannot be paid out in cash (s.269SS).
        disbursementMode: 'bank_transfer',
        disbursementReference: `UTR-LOAD-${customerUuid.slice(0, 8)}`,
      },
      { customerUuid },
      undefined,
      token,
    );
    if (!acked) return;
    const loanUuid = String(acked.answer.body.data._id);
    acked.record.ids.loanUuid = loanUuid;
    this.loans.push(loanUuid);
  }

  /** The loan gate (send-otp, the code from the dev outbox, verify-otp); false when it did not pass. */
  private async confirmLoan(customerUuid: string, token: string): Promise<boolean> {
    const mobile = this.mobiles.get(customerUuid)!;
    try {
      const body = { customerId: customerUuid };
      const sent = await this.call('POST', '/api/loans/send-otp', body, randomUUID(), token);
      if (sent.answer.status !== 200) return false;
      const otp = await codeFor(this.liveApi(), mobile, 'loan_otp', this.codes);
      const verified = await this.call(
        'POST',
        '/api/loans/verify-otp',
        { ...body, otp },
        randomUUID(),
        token,
      );
      return verified.answer.status === 200;
    } catch {
      return false; // an API down: the loan waits for another step
    }
  }

  private async recordPayment(): Promise<void> {
    const loanUuid = this.loans[randomInt(this.loans.length)];
    if (!loanUuid) return this.createLoan();
    // The quote is a read: what the smallest accepted payment is today.
    const requestId = randomUUID();
    let quote: Answer;
    try {
      const { api, answer } = await this.call(
        'POST',
        `/api/loans/${loanUuid}/calculate-early-repayment`,
        {},
        requestId,
      );
      this.countRead(api, answer.status < 500);
      if (answer.status !== 200) return;
      quote = answer;
    } catch (error) {
      this.countRead((error as { api?: string }).api ?? 'none', false);
      return;
    }
    const minimum = Number(quote.body.minimumTotalDue);
    const total = Number(quote.body.totalDue);
    if (!(total > 0)) return;
    const amount = Math.min(total, Math.max(minimum, 100) + randomInt(0, 200));
    const acked = await this.command(
      'record-payment',
      `/api/loans/${loanUuid}/payment`,
      { amount, paymentMethod: 'handcash', paymentType: 'total' },
      { loanUuid },
    );
    if (acked) acked.record.ids.paymentId = String(acked.answer.body.data.payment._id);
  }

  private async read(): Promise<void> {
    const loanUuid = this.loans[randomInt(this.loans.length)];
    const paths = [
      '/api/admin/loans?limit=20',
      '/api/admin/reports',
      '/api/notifications/todays-due',
      '/api/admin/customers?limit=20',
      ...(loanUuid ? [`/api/loans/${loanUuid}`] : []),
    ];
    const pathname = paths[randomInt(paths.length)]!;
    try {
      const { api, answer } = await this.call('GET', pathname, undefined, randomUUID());
      this.countRead(api, answer.status < 500);
    } catch (error) {
      this.countRead((error as { api?: string }).api ?? 'none', false);
    }
  }

  private liveApi(): ApiEndpoint {
    const apis = this.options.apis();
    return apis[this.next++ % apis.length]!;
  }
}
