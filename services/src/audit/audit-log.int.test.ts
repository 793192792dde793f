import type { AuditLogEntry, AuditLogResponse } from '@goldledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmLoan } from '../testing/loan-confirmation-kit.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { seedGoldPrices } from '../testing/gold-prices-kit.js';

/**
 * The admins' audit search on the real API and read model: commands made
 * through the API from known addresses, then found again by actor, role, IP, event
 * type, loan, correlation id, date and free text, page by page.
 */

let t: TestDatabase;
let api: TestApi;
let adminToken: string;
let loanUuid: string;
let loanId: string;
/** The request id of the gold-rate update: its events' correlation id. */
const RATE_REQUEST = 'audit-test-gold-rate-1';

const ADMIN_IP = '203.0.113.7';
const EMPLOYEE_IP = '198.51.100.23';

async function send(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; ip?: string; requestId?: string } = {},
) {
  return api.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.token ? { 'x-auth-token': options.token } : {}),
      ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

async function search(query: Record<string, string | number> = {}): Promise<AuditLogResponse> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await send('GET', `/api/admin/audit-log?${params.toString()}`, { token: adminToken });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const types = (rows: readonly AuditLogEntry[]) => rows.map((r) => r.eventType);

beforeAll(async () => {
  t = await createTestDatabase('audit');
  // The whole log fits on one page: only the few prices the loan below is valued at.
  api = await createTestApi(t, undefined, {}, { goldPrices: false });
  await seedGoldPrices(api.store, { from: '2026-09-14', to: '2026-09-20' });
  adminToken = await api.tokenFor('admin');

  const rate = await send('POST', '/api/settings/update-gold-rate', {
    token: adminToken,
    body: { rate: 7125.5 },
    ip: ADMIN_IP,
    requestId: RATE_REQUEST,
  });
  expect(rate.statusCode, rate.body).toBe(200);

  // The customer confirms the loan with the wizard's code (the demo customer's mobile).
  await confirmLoan(api, adminToken, { id: api.customers.demo, mobile: '9000000003' });
  const loan = await send('POST', '/api/admin/loans', {
    token: adminToken,
    ip: `::ffff:${ADMIN_IP}`,
    body: {
      customerId: api.customers.demo,
      goldItems: [{ description: 'Chain', grossWeight: 30, netWeight: 28, purityKarat: 22 }],
      interestRate: 18,
      amount: 50_000,
      term: 3,
      disbursementMode: 'bank_transfer',
      disbursementReference: 'UTR-AUDIT-50000',
      // Two installments already due: the due-date job below has something to record.
      customLoanDate: '2026-09-21',
      loanDateReason: 'Entered late from the branch ledger',
    },
  });
  expect(loan.statusCode, loan.body).toBe(201);
  loanUuid = loan.json().data._id;
  loanId = loan.json().data.loanId;

  // The employee's first sign-in sets their password: a command of theirs, from another address.
  const employeeToken = await api.tokenFor('employee');
  const reset = await send('POST', '/api/auth/reset-password/first-login', {
    token: employeeToken,
    body: { password: 'Str0ng!Passw0rd' },
    ip: EMPLOYEE_IP,
  });
  expect(reset.statusCode, reset.body).toBe(200);
  await api.project();
}, 60_000);

afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

describe('the audit log', () => {
  it('records who made a command through the API, and from which address', async () => {
    const { data } = await search({ eventType: 'GoldRateUpdated' });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      eventType: 'GoldRateUpdated',
      summary: 'Gold rate updated',
      actor: { id: api.users.admin, role: 'admin', name: 'Asha Admin' },
      clientIp: ADMIN_IP,
      streamType: 'settings',
      loan: null,
    });
    expect(data[0]!.correlationId).toBe(RATE_REQUEST);
  });

  it('keeps an IPv4 client of a dual-stack socket as its plain IPv4 address', async () => {
    const { data } = await search({ stream: loanId, eventType: 'LoanCreated' });
    expect(data).toHaveLength(1);
    expect(data[0]!.clientIp).toBe(ADMIN_IP);
    expect(data[0]!.loan).toEqual({ uuid: loanUuid, loanId });
  });

  it('lists newest first and pages with a cursor, without repeats or gaps', async () => {
    const all = await search({ limit: 100 });
    expect(all.total).toEqual({ value: all.data.length, relation: 'eq' });
    expect(all.data.length).toBeGreaterThan(10);
    const times = all.data.map((r) => `${r.recordedAt}|${r.position.padStart(20, '0')}`);
    expect(times).toEqual([...times].sort().reverse());

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AuditLogResponse = await search({ limit: 4, ...(cursor ? { cursor } : {}) });
      expect(page.data.length).toBeLessThanOrEqual(4);
      expect(page.total.value).toBe(all.data.length);
      seen.push(...page.data.map((r) => r.eventId));
      cursor = page.page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(all.data.map((r) => r.eventId));
    expect(pages).toBe(Math.ceil(all.data.length / 4));
  });

  it('finds an actor by any part of their name or id, whatever the case', async () => {
    const byName = await search({ actor: 'ravi emp' });
    expect(byName.data.length).toBeGreaterThan(0);
    expect(new Set(byName.data.map((r) => r.actor?.id))).toEqual(new Set([api.users.employee]));
    expect(types(byName.data)).toContain('PasswordSet');

    const byId = await search({ actor: api.users.admin.slice(0, 8).toUpperCase() });
    expect(new Set(byId.data.map((r) => r.actor?.id))).toEqual(new Set([api.users.admin]));

    expect((await search({ actor: 'nobody-like-this' })).data).toEqual([]);
  });

  it('merges the newest rows of several matching actors, page by page, in one order', async () => {
    // "a" is in both staff names: each one's rows, merged newest first.
    const all = await search({ limit: 100 });
    const staff = new Set([api.users.admin, api.users.employee]);
    const expected = all.data.filter((r) => r.actor && staff.has(r.actor.id)).map((r) => r.eventId);
    expect(expected.length).toBeGreaterThanOrEqual(4);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditLogResponse = await search({ actor: 'a', limit: 1, ...(cursor ? { cursor } : {}) });
      expect(page.total).toEqual({ value: expected.length, relation: 'eq' });
      seen.push(...page.data.map((r) => r.eventId));
      cursor = page.page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('narrows by role, and by IP exactly or by its first parts', async () => {
    const employees = await search({ role: 'employee' });
    expect(employees.data.length).toBeGreaterThan(0);
    expect(employees.data.every((r) => r.actor?.role === 'employee')).toBe(true);

    const exact = await search({ ip: EMPLOYEE_IP });
    expect(exact.data.length).toBeGreaterThan(0);
    expect(exact.data.every((r) => r.clientIp === EMPLOYEE_IP && r.actor?.id === api.users.employee)).toBe(
      true,
    );
    for (const prefix of ['203.0.113.', '203.0.113', '203.0.113.*', '203.0.113.0/24', '203.0.0.0/16']) {
      const found = await search({ ip: prefix });
      expect(found.data.length, prefix).toBeGreaterThan(0);
      expect(
        found.data.every((r) => r.clientIp === ADMIN_IP),
        prefix,
      ).toBe(true);
    }
    // A prefix of whole octets: 203.0.11 does not find 203.0.113.7.
    expect((await search({ ip: '203.0.11' })).data).toEqual([]);
  });

  it('narrows by loan (GL number, uuid or stream id), correlation id and event type', async () => {
    const byGl = await search({ stream: loanId.toLowerCase() });
    expect(byGl.data.length).toBeGreaterThan(0);
    expect(byGl.data.every((r) => r.loan?.uuid === loanUuid)).toBe(true);
    expect(types((await search({ stream: loanUuid })).data)).toEqual(types(byGl.data));
    expect(types((await search({ stream: `loan-${loanUuid}` })).data)).toEqual(types(byGl.data));
    expect((await search({ stream: 'GL9999999999' })).data).toEqual([]);

    const request = await search({ correlationId: RATE_REQUEST });
    // Issue 17: the rate form also records today's 22K close in the gold price register.
    expect(types(request.data)).toEqual(['GoldPriceRecorded', 'GoldRateUpdated']);

    const created = await search({ eventType: 'LoanCreated', actor: 'asha' });
    expect(created.data.map((r) => r.loan?.loanId)).toEqual([loanId]);
  });

  it('searches free text over actor names, event words and streams', async () => {
    expect(types((await search({ q: 'gold rate' })).data)).toEqual(['GoldRateUpdated']);
    const ravi = await search({ q: 'Ravi' });
    expect(ravi.data.length).toBeGreaterThan(0);
    expect(ravi.data.every((r) => r.actor?.name === 'Ravi Employee')).toBe(true);
    const loan = await search({ q: loanId });
    expect(loan.data.every((r) => r.loan?.loanId === loanId)).toBe(true);
  });

  it('takes recorded business dates (Asia/Kolkata) for its range', async () => {
    const all = await search({ limit: 100 });
    const newest = all.data[0]!.recordedAt;
    const day = new Date(new Date(newest).getTime() + 330 * 60_000).toISOString().slice(0, 10);
    expect((await search({ from: day, to: day, limit: 100 })).data.length).toBe(all.data.length);
    expect((await search({ to: '2000-01-01' })).data).toEqual([]);
    expect((await search({ from: '2999-01-01' })).data).toEqual([]);
  });

  it('offers the event types seen and the staff who acted as filter choices', async () => {
    const res = await send('GET', '/api/admin/audit-log/facets', { token: adminToken });
    expect(res.statusCode, res.body).toBe(200);
    const facets = res.json();
    expect(facets.eventTypes).toContainEqual({
      type: 'GoldRateUpdated',
      label: 'Gold rate updated',
      events: 1,
    });
    expect(facets.roles).toEqual(['admin', 'employee', 'customer', 'auditor', 'system']);
    expect(facets.actors.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Asha Admin', 'Ravi Employee']),
    );
  });

  it('exports the filter as CSV, saying how many rows it holds', async () => {
    const res = await send('GET', `/api/admin/audit-log/export?ip=${ADMIN_IP}&eventType=GoldRateUpdated`, {
      token: adminToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log-2026-11-21.csv"');
    expect(res.headers['x-export-rows']).toBe('1');
    expect(res.headers['x-export-limit']).toBe('10000');
    expect(res.headers['x-export-truncated']).toBe('false');
    const [header, row, end] = res.body.split('\r\n');
    expect(header).toBe(
      'Recorded at (IST),Occurred at (IST),Event,Event type,Actor,Role,Actor ID,IP,Loan ID,Stream,Stream position,Correlation ID,Event ID,Position',
    );
    expect(row).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}\\+05:30,2026-11-21T10:00:00\\.000\\+05:30,Gold rate updated,GoldRateUpdated,Asha Admin,admin,${api.users.admin},${ADMIN_IP},,`,
      ),
    );
    expect(end).toBe('');
  });

  it('refuses bad filters with a clear message', async () => {
    const cases: Array<[string, string]> = [
      ['from=2026-11-22&to=2026-11-21', 'From date must not be after the to date'],
      ['from=21-11-2026', 'Date must be in the form YYYY-MM-DD'],
      ['to=2026-02-30', 'Date is not a real calendar date'],
      [
        'ip=300.1.2.3',
        'IP must be an address such as 203.0.113.7, or the start of one such as 203.0.113. or 203.0.113.0/24',
      ],
      [
        'ip=10.0.0.0/20',
        'IP must be an address such as 203.0.113.7, or the start of one such as 203.0.113. or 203.0.113.0/24',
      ],
      ['role=inspector', 'Role must be one of admin, employee, customer, auditor, system'],
      ['eventType=drop table', 'Event type must be a name such as PaymentRecorded'],
      ['limit=101', 'Limit must be at most 100'],
      ['limit=0', 'Limit must be at least 1'],
      ['cursor=abc', 'The page cursor is not valid: start again from the first page'],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/admin/audit-log', '/api/admin/audit-log/export']) {
        if (path.endsWith('export') && /^(limit|cursor)=/.test(query)) continue;
        const res = await send('GET', `${path}?${query}`, { token: adminToken });
        expect(res.statusCode, `${path}?${query}: ${res.body}`).toBe(400);
        expect(res.json().message, `${path}?${query}`).toBe(message);
      }
    }
  });

  it('is for admins only', async () => {
    for (const path of [
      '/api/admin/audit-log',
      '/api/admin/audit-log/facets',
      '/api/admin/audit-log/export',
    ]) {
      expect((await send('GET', path)).statusCode, path).toBe(401);
      for (const role of ['employee', 'customer'] as const) {
        const res = await send('GET', path, { token: await api.tokenFor(role) });
        expect(res.statusCode, `${path} as ${role}`).toBe(403);
      }
    }
  });
});

describe('a job an admin runs by hand', () => {
  it('names the admin and their address on the events it appends', async () => {
    const res = await send('POST', '/api/cron-jobs/execute/due_date_events', {
      token: adminToken,
      ip: '192.0.2.99',
    });
    expect(res.statusCode, res.body).toBe(200);
    const runId = res.json().data.runId;
    let status = 'running';
    for (let i = 0; i < 200 && status === 'running'; i++) {
      const history = await send('GET', '/api/cron-jobs/history?jobName=due_date_events', {
        token: adminToken,
      });
      status = history.json().data.find((r: { _id: string }) => String(r._id) === String(runId))?.status;
      if (status === 'running') await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('success');
    await api.project();
    const { data } = await search({ correlationId: `job-run:${runId}` });
    expect(types(data)).toContain('InstallmentFellDue');
    for (const row of data) {
      expect(row.actor).toEqual({ id: api.users.admin, role: 'admin', name: 'Asha Admin' });
      expect(row.clientIp).toBe('192.0.2.99');
      expect(row.loan?.loanId).toBe(loanId);
    }
  });
});

describe('commands made without a session', () => {
  it('name the account that proved itself with a one-time code as their actor', async () => {
    const sent = await send('POST', '/api/auth/send-login-otp', {
      body: { identifier: 'admin@demo.local' },
      ip: '192.0.2.44',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const outbox = await send('GET', '/api/dev/outbox?to=admin@demo.local&limit=1');
    const otp = /\b(\d{6})\b/.exec(outbox.json().data[0].text)![1];
    const verified = await send('POST', '/api/auth/verify-otp', {
      body: { identifier: 'admin@demo.local', otp },
      ip: '192.0.2.44',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    await api.project();
    const { data } = await search({ eventType: 'SignedIn', ip: '192.0.2.44' });
    expect(data).toHaveLength(1);
    expect(data[0]!.actor).toEqual({ id: api.users.admin, role: 'admin', name: 'Asha Admin' });
  });
});
