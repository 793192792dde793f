// Over 400 lines: every check here runs against one seeded world (two branches, their staff,
// a loan with a payment and a photo at each); split, each file would seed it again.
import { randomUUID } from 'node:crypto';
import type { Role } from '@goldledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerifiedCustomer } from '../customers/customer-commands.js';
import type { RouteAccess } from '../identity/access.plugin.js';
import { registerStaff } from '../identity/staff-registration.js';
import { loanFacts, sealPacket } from '../custody/custody-commands.js';
import { createLoan, executeLoanCommand, loadLoan } from '../lending/loan-commands.js';
import { assignBranches, openBranch, tokenOfUser } from '../testing/branch-test-support.js';
import { GOLD_ITEMS, jpeg, multipart } from '../testing/photo-test-support.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { BANK_PAYOUT } from '../testing/gold-prices-kit.js';

/**
 * Issue 16's scoping, shown route by route: two branches, an employee at each, a customer
 * with a loan, a payment and a photo at each. Every route of the access table is visited,
 * so a route added later is checked without anyone remembering to list it.
 */

interface BranchData {
  branchId: string;
  customerUuid: string;
  customerId: string;
  name: string;
  mobile: string;
  aadhar: string;
  loanUuid: string;
  loanId: string;
  paymentId: string;
  photoId: string;
}

/** Routes an auditor may call besides reads: signing in and out (route-access.int.test.ts holds the same list). */
const AUDITOR_WRITES = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/reset-password/first-login',
  'POST /api/vault/audits',
  'POST /api/vault/audits/:id/scans',
  'POST /api/vault/audits/:id/complete',
]);

/** Query strings a read needs to answer at all. */
const QUERIES: Record<string, string> = { 'GET /api/loans/:id/as-of': 'date=2026-11-21&basis=occurred' };

let t: TestDatabase;
let api: TestApi;
let north: BranchData;
let south: BranchData;
const tokens: Record<'north' | 'south' | 'admin' | 'auditor', string> = {
  north: '',
  south: '',
  admin: '',
  auditor: '',
};

const keyOf = (r: RouteAccess) => `${r.method} ${r.url}`;
const allows = (r: RouteAccess, role: Role) =>
  r.access === 'public' || r.access === 'signed-in' || r.access.includes(role);

/** The route's path with each parameter naming `d`'s loan, customer, payment or photo. */
function urlFor(route: RouteAccess, d: BranchData): string {
  const values: Record<string, string> = {
    id: d.loanUuid,
    loanId: d.loanUuid,
    aadhar: d.aadhar,
    paymentId: d.paymentId,
    photoId: d.photoId,
    index: '0',
    branchId: d.branchId,
    date: '2026-11-21',
  };
  const path = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => values[name] ?? 'x');
  const query = QUERIES[keyOf(route)];
  return query ? `${path}?${query}` : path;
}

/** Loan, customer, payment and photo that exist nowhere: what "not found" looks like. */
const missing = (): BranchData => ({
  branchId: randomUUID(),
  customerUuid: randomUUID(),
  customerId: 'CUS999999',
  name: 'Nobody',
  mobile: '9111111111',
  aadhar: '999999999999',
  loanUuid: randomUUID(),
  loanId: 'GL261199999',
  paymentId: randomUUID(),
  photoId: randomUUID(),
});

/** What of a branch's data may not reach the other branch's employee. */
const markersOf = (d: BranchData) => [d.loanUuid, d.loanId, d.customerUuid, d.customerId, d.name, d.mobile];
const leaked = (body: string, d: BranchData) => markersOf(d).filter((m) => body.includes(m));

const get = (token: string, url: string) =>
  api.app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });

const isJson = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['content-type'] ?? '').startsWith('application/json');

async function seedBranch(
  branchId: string,
  n: number,
  staffId: string,
  staffToken: string,
): Promise<BranchData> {
  const deps = { store: api.store, clock: api.clock };
  const name = n === 1 ? 'Nalini Northfield' : 'Sunita Southgate';
  const mobile = `98765000${n}${n}`;
  const aadhar = `7000000000${n}${n}`;
  const { customerUuid, customer } = await registerVerifiedCustomer(
    deps,
    {
      aadharNumber: aadhar,
      name,
      email: `branch${n}@example.com`,
      primaryMobile: mobile,
      secondaryMobile: null,
      emergencyContact: { mobile: `98765100${n}${n}`, relation: 'Sister' },
      presentAddress: `${n} Market Road, Bengaluru`,
      permanentAddress: `${n} Market Road, Bengaluru`,
    },
    {},
    branchId,
  );
  const { loanUuid, loanId } = await createLoan(deps, {
    customerRef: customerUuid,
    goldItems: GOLD_ITEMS,
    // Amounts differ by branch, so a report of one branch cannot pass for the other's.
    ...BANK_PAYOUT,
    principalPaise: n * 50_000_00,
    annualRateBps: 1800,
    termMonths: 6,
    // A month back: its first installment falls due today, so today's dues have it to leak.
    loanDate: '2026-10-21',
    loanDateReason: 'Entered late for the test',
    createdBy: { id: api.users.admin, name: 'Asha Admin', role: 'admin', email: 'admin@demo.local' },
  });
  const paymentId = randomUUID();
  await executeLoanCommand(deps, loanUuid, {
    type: 'RecordPayment',
    paymentId,
    amountPaise: 5_000_00,
    method: 'handcash',
    paymentType: 'total',
    paymentDate: '2026-11-21',
    transactionId: null,
    bankName: null,
    enteredBy: { id: staffId, name: 'Branch staff' },
    today: '2026-11-21',
  });
  const upload = await multipart({ goldItemIndex: '0' }, [
    { name: 'chain.jpg', bytes: await jpeg(400, 300) },
  ]);
  const res = await api.app.inject({
    method: 'POST',
    url: `/api/loans/${loanUuid}/photos`,
    payload: upload.payload,
    headers: { ...upload.headers, 'x-auth-token': staffToken },
  });
  expect(res.statusCode, res.body).toBe(201);
  const photoId = res.json().data[0]._id as string;
  // Its gold sealed in a packet (custody, its label and the vault register have something to show).
  const { state: loan } = await loadLoan(api.store, loanUuid);
  const at = api.clock.now().toISOString();
  await sealPacket(
    deps,
    loanUuid,
    (packetNumber) => ({
      type: 'SealPacket',
      by: { id: staffId, name: 'Branch staff' },
      confirmedBy: { id: api.users.admin, name: 'Asha Admin', method: 'password' },
      at,
      packetId: loanUuid,
      packetNumber,
      loanStreamId: `loan-${loanUuid}`,
      branchId,
      sealedGrossWeightMg: 30_000,
      itemCount: 1,
      loan: loanFacts(loan),
    }),
    {},
  );
  return {
    branchId,
    customerUuid,
    customerId: customer.customerId,
    name,
    mobile,
    aadhar,
    loanUuid,
    loanId,
    paymentId,
    photoId,
  };
}

beforeAll(async () => {
  t = await createTestDatabase('scoping');
  api = await createTestApi(t);
  const [northId, southId] = [
    await openBranch(api, { code: 'NORTH', name: 'North Branch' }),
    await openBranch(api, { code: 'SOUTH', name: 'South Branch' }),
  ];
  const southEmployee = await registerStaff(
    { store: api.store, clock: api.clock },
    {
      role: 'employee',
      name: 'Selvi South',
      email: 'selvi@demo.local',
      primaryMobile: '9000000022',
      secondaryMobile: null,
      aadharNumber: '400000000022',
      mustResetPassword: false,
    },
  );
  await assignBranches(api, api.users.employee, [northId]);
  await assignBranches(api, southEmployee, [southId]);
  tokens.north = await tokenOfUser(api, api.users.employee);
  tokens.south = await tokenOfUser(api, southEmployee);
  tokens.admin = await api.tokenFor('admin');
  tokens.auditor = await api.tokenFor('auditor');
  north = await seedBranch(northId, 1, api.users.employee, tokens.north);
  south = await seedBranch(southId, 2, southEmployee, tokens.south);
  await api.project();
}, 60_000);

afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

describe("another branch's employee", () => {
  it('gets nothing from any read: not found as for what does not exist, or a list without the other branch', async () => {
    const reads = api.app.accessTable.filter((r) => r.method === 'GET' && r.access !== 'public');
    const seenByOwnBranch: string[] = [];
    for (const route of reads) {
      const key = keyOf(route);
      const res = await get(tokens.north, urlFor(route, south));
      if (!allows(route, 'employee')) {
        expect(res.statusCode, key).toBe(403);
        continue;
      }
      const body = isJson(res) ? res.body : '';
      expect([200, 404], `${key}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(leaked(body, south), key).toEqual([]);
      if (route.url.includes(':')) {
        // The other branch's loan, customer, payment or photo answers exactly as one that does not exist.
        const none = await get(tokens.north, urlFor(route, missing()));
        expect(res.statusCode, key).toBe(none.statusCode);
        if (isJson(none)) expect(res.json(), key).toEqual(none.json());
      }
      // The check can fail: the branch's own employee gets the same route's answer with its data.
      const own = await get(tokens.south, urlFor(route, south));
      expect(own.statusCode, `${key} for its own branch: ${own.body.slice(0, 200)}`).toBe(200);
      if (!isJson(own) || leaked(own.body, south).length > 0 || own.body !== res.body)
        seenByOwnBranch.push(key);
    }
    // Every loan or customer the routes name, and the lists that hold them, were really there to leak.
    for (const key of [
      'GET /api/loans/:id',
      'GET /api/loans/:id/payments',
      'GET /api/loans/:id/photos',
      'GET /api/loans/:id/photos/:photoId/image',
      'GET /api/loans/:id/receipt',
      'GET /api/loans/:id/payments/:paymentId/receipt',
      'GET /api/loans/:id/slip',
      'GET /api/loans/:id/key-facts',
      'GET /api/loans/:id/appraisal-certificate',
      'GET /api/employee/loans/:id/upgrade-history',
      'GET /api/employee/check-aadhar/:aadhar',
      'GET /api/employee/loans',
      'GET /api/employee/customers',
      'GET /api/loans/pending-repayments',
      'GET /api/notifications/todays-due',
      'GET /api/employee/reports',
      'GET /api/loans/:id/custody',
      'GET /api/loans/:id/custody/label.pdf',
      'GET /api/loans/:id/ltv',
      'GET /api/loans/:id/delinquency',
      'GET /api/custody/packets',
      'GET /api/vault/register',
      'GET /api/vault/register.csv',
      'GET /api/cash-book/:branchId/:date',
      'GET /api/cash-book/:branchId/:date/report.pdf',
    ])
      expect(seenByOwnBranch, key).toContain(key);
  });

  it('counts and reports only their own branches', async () => {
    const loans = (await get(tokens.north, '/api/employee/loans')).json();
    expect(loans.portfolio.totalLoans).toBe(1);
    expect(loans.data.map((l: { loanId: string }) => l.loanId)).toEqual([north.loanId]);
    const customers = (await get(tokens.north, '/api/employee/customers')).json();
    expect(customers.data.map((c: { customerId: string }) => c.customerId)).toEqual([north.customerId]);
    const search = (await get(tokens.north, `/api/employee/loans?search=${south.mobile}`)).json();
    expect(search.pagination.total).toBe(0);
    const reports = (await get(tokens.north, '/api/employee/reports')).json();
    const active = reports.data.portfolio.find((p: { status: string }) => p.status === 'active');
    expect(active.loans).toBe(1);
    // An employee naming the other branch narrows to nothing, never widens.
    const asked = (await get(tokens.north, `/api/employee/loans?branchId=${south.branchId}`)).json();
    expect(asked.data).toEqual([]);
  });

  it('can act on none of it: every command on the other branch is not found, and nothing is written', async () => {
    const before = await api.store.streamVersion(`loan-${south.loanUuid}`);
    const customerBefore = await api.store.streamVersion(`customer-${south.customerUuid}`);
    const form = {
      aadharNumber: south.aadhar,
      name: south.name,
      email: null,
      primaryMobile: south.mobile,
      secondaryMobile: null,
      emergencyContact: { mobile: '9876510022', relation: 'Sister' },
      presentAddress: '2 Market Road, Bengaluru',
      permanentAddress: '2 Market Road, Bengaluru',
    };
    const upload = await multipart({ goldItemIndex: '0' }, [{ name: 'x.jpg', bytes: await jpeg(200, 150) }]);
    const confirmer = { identifier: 'admin@demo.local', password: 'not-checked' };
    const bodies: Record<string, { payload?: unknown; headers?: Record<string, string> }> = {
      'PUT /api/employee/customers/:aadhar': { payload: form },
      'POST /api/loans/send-otp': { payload: { customerId: south.customerId } },
      'POST /api/loans/verify-otp': { payload: { customerId: south.customerId, otp: '123456' } },
      'POST /api/employee/loans': {
        payload: {
          customerId: south.customerUuid,
          goldItems: [{ description: 'Chain', grossWeight: 20, netWeight: 19, purityKarat: 22 }],
          interestRate: 18,
          amount: 10_000,
          term: 6,
        },
      },
      'PUT /api/employee/loans/:id': { payload: { depositedBank: 'Elsewhere Bank' } },
      // The form's valuation names the borrower whose other loans set the LTV tier.
      'POST /api/loans/valuation': {
        payload: {
          customerId: south.customerUuid,
          goldItems: [{ description: 'Chain', grossWeight: 20, netWeight: 19, purityKarat: 22 }],
        },
      },
      'POST /api/loans/:id/calculate-early-repayment': { payload: {} },
      // Issue 17: a top-up of the other branch's loan and its quote are not found.
      'POST /api/loans/:id/top-up': { payload: { amount: 1_000, interestRate: 18, term: 3 } },
      'POST /api/loans/:id/renewal-quote': { payload: { kind: 'top_up' } },
      'POST /api/loans/:id/payment': { payload: { amount: 100, paymentMethod: 'handcash' } },
      'POST /api/loans/:id/photos': { payload: upload.payload, headers: upload.headers },
      'DELETE /api/loans/:id/photos/:photoId': {},
      // Custody (issue 16): each move names the loan; the second person's credential is never reached.
      'POST /api/loans/:id/custody/seal': { payload: { sealedGrossWeight: 30, confirmer } },
      'POST /api/loans/:id/custody/store': {
        payload: { location: { safe: 'Safe 1', slot: 'A1' }, confirmer },
      },
      'POST /api/loans/:id/custody/take-out': {
        payload: { purpose: 'inspection', reason: 'Check the seal', confirmer },
      },
      'POST /api/loans/:id/custody/release-code': { payload: {} },
      'POST /api/loans/:id/custody/release': {
        payload: { customerCode: '123456', weighedGrossWeight: 30, confirmer },
      },
      'POST /api/loans/:id/custody/send-to-auction': { payload: { confirmer } },
      'POST /api/loans/:id/custody/transfer-out': {
        payload: { toBranchId: north.branchId, reason: 'Consolidate', confirmer },
      },
      // The cash book (issue 16): another branch's drawer is not found.
      'POST /api/cash-book/:branchId/:date/entries': {
        payload: { direction: 'in', amount: 100, reason: 'Float from head office' },
      },
      'POST /api/cash-book/:branchId/:date/count': { payload: { notes: { '500': 1 } } },
      'POST /api/cash-book/:branchId/:date/close': { payload: { reason: 'End of day' } },
      'POST /api/loans/:id/custody/transfer-in': {
        payload: { location: { safe: 'Safe 1', slot: 'A1' }, confirmer },
      },
      // Gold added to a loan (issue 17): the loan is not found before any price or credential is read.
      'POST /api/loans/:id/gold-items': {
        payload: {
          items: [{ description: 'Ring', grossWeight: 5, netWeight: 4.5, purityKarat: 22 }],
          resealedGrossWeight: 35,
          confirmer,
        },
      },
    };
    /** Employee commands that name no loan or customer of a branch, and why. */
    const unscoped: Record<string, string> = {
      'POST /api/auth/logout': 'their own session',
      'POST /api/auth/reset-password/first-login': 'their own password',
      'POST /api/employee/customers': 'registers at their own branch (naming another is shown below)',
      'POST /api/employee/verify-customer-otp':
        'finds the customer by the code the customer holds; another branch’s is refused after it',
      'POST /api/custody/confirmation-code': 'a code to the second person’s own mobile; names no loan',
    };
    const commands = api.app.accessTable.filter((r) => r.method !== 'GET' && allows(r, 'employee'));
    for (const route of commands) {
      const key = keyOf(route);
      if (route.access === 'public' || unscoped[key]) continue;
      const body = bodies[key];
      expect(
        body,
        `${key}: say how to send it here, or why it names no branch's loan or customer`,
      ).toBeDefined();
      const res = await api.app.inject({
        method: route.method as 'POST',
        url: urlFor(route, south),
        ...(body!.payload !== undefined ? { payload: body!.payload as string } : {}),
        headers: { ...body!.headers, 'x-auth-token': tokens.north },
      });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(404);
    }
    // Registering a customer at the other branch: that branch is not found.
    const elsewhere = await api.app.inject({
      method: 'POST',
      url: '/api/employee/customers',
      payload: {
        ...form,
        aadharNumber: '700000000099',
        primaryMobile: '9876500099',
        branchId: south.branchId,
      },
      headers: { 'x-auth-token': tokens.north },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(404);
    expect(elsewhere.json().message).toBe('Branch not found');
    expect(await api.store.streamVersion(`loan-${south.loanUuid}`)).toBe(before);
    expect(await api.store.streamVersion(`customer-${south.customerUuid}`)).toBe(customerBefore);
  });
});

describe('an admin', () => {
  it('sees every branch, and narrows a list to one with ?branchId=', async () => {
    const all = (await get(tokens.admin, '/api/admin/loans')).json();
    const ids = all.data.map((l: { loanId: string }) => l.loanId);
    expect(ids).toEqual(expect.arrayContaining([north.loanId, south.loanId]));
    const one = (await get(tokens.admin, `/api/admin/loans?branchId=${south.branchId}`)).json();
    expect(one.data.map((l: { loanId: string }) => l.loanId)).toEqual([south.loanId]);
    expect(one.portfolio.totalLoans).toBe(1);
    const customers = (await get(tokens.admin, `/api/admin/customers?branchId=${north.branchId}`)).json();
    expect(customers.data.map((c: { customerId: string }) => c.customerId)).toEqual([north.customerId]);
    expect(one.data[0].branchId).toBe(south.branchId);
  });
});

describe('registering a customer', () => {
  const form = (n: number, branchId?: string) => ({
    aadharNumber: `70000000050${n}`,
    name: `Branch Test ${n}`,
    email: null,
    primaryMobile: `987650050${n}`,
    secondaryMobile: null,
    emergencyContact: { mobile: `987651050${n}`, relation: 'Son' },
    presentAddress: '5 Market Road, Bengaluru',
    permanentAddress: '5 Market Road, Bengaluru',
    ...(branchId ? { branchId } : {}),
  });
  const register = (token: string, prefix: string, body: object) =>
    api.app.inject({
      method: 'POST',
      url: `/api/${prefix}/customers`,
      payload: body,
      headers: { 'x-auth-token': token },
    });

  it("records the employee's branch; an admin's is the one named, or the main branch", async () => {
    const byEmployee = await register(tokens.north, 'employee', form(1));
    expect(byEmployee.statusCode, byEmployee.body).toBe(201);
    expect(byEmployee.json().customer.branchId).toBe(north.branchId);
    const byAdmin = await register(tokens.admin, 'admin', form(2, south.branchId));
    expect(byAdmin.json().customer.branchId).toBe(south.branchId);
    const unknown = await register(tokens.admin, 'admin', form(3, randomUUID()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Branch not found');
  });

  it('makes an employee of two branches choose one of theirs', async () => {
    const both = await registerStaff(
      { store: api.store, clock: api.clock },
      {
        role: 'employee',
        name: 'Bala Both',
        email: 'bala@demo.local',
        primaryMobile: '9000000033',
        secondaryMobile: null,
        aadharNumber: '400000000033',
        mustResetPassword: false,
      },
    );
    await assignBranches(api, both, [north.branchId, south.branchId]);
    const token = await tokenOfUser(api, both);
    const unchosen = await register(token, 'employee', form(4));
    expect(unchosen.statusCode).toBe(400);
    expect(unchosen.json().message).toMatch(/^Choose the branch/);
    const chosen = await register(token, 'employee', form(4, south.branchId));
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().customer.branchId).toBe(south.branchId);
  });
});

describe('the auditor', () => {
  it('reads what an admin reads, both branches included, and is refused every write with 403', async () => {
    let reads = 0;
    for (const route of api.app.accessTable) {
      const key = keyOf(route);
      if (route.access === 'public') continue;
      const url = urlFor(route, south);
      if (route.method === 'GET') {
        if (!allows(route, 'admin') && !allows(route, 'employee')) continue;
        const [asAuditor, asAdmin] = [await get(tokens.auditor, url), await get(tokens.admin, url)];
        expect(asAuditor.statusCode, `${key}: ${asAuditor.body.slice(0, 200)}`).toBe(asAdmin.statusCode);
        expect([401, 403], key).not.toContain(asAuditor.statusCode);
        reads += 1;
        continue;
      }
      if (AUDITOR_WRITES.has(key)) continue;
      const res = await api.app.inject({
        method: route.method as 'POST',
        url,
        payload: {},
        headers: { 'x-auth-token': tokens.auditor },
      });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(403);
    }
    expect(reads).toBeGreaterThan(30);
    const loans = await get(tokens.auditor, '/api/admin/loans');
    expect(leaked(loans.body, north).length).toBeGreaterThan(0);
    expect(leaked(loans.body, south).length).toBeGreaterThan(0);
    const replay = await get(
      tokens.auditor,
      `/api/loans/${south.loanUuid}/as-of?date=2026-11-21&basis=occurred`,
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json().loan.loanId).toBe(south.loanId);
  });
});
