import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRANCH_ID, branchCodeStreamId, branchStreamId } from '@goldledger/contracts';
import { registerVerifiedCustomer } from '../customers/customer-commands.js';
import { createLoan } from '../lending/loan-commands.js';
import { listDevOutbox } from '../messaging/outbox-queries.js';
import { onLoanDay } from '../testing/loan-day.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { BANK_PAYOUT } from '../testing/gold-prices-kit.js';

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('branches');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  api.app.inject({ method, url, payload, headers: token ? { 'x-auth-token': token } : {} });
const asAdmin = async (method: Method, url: string, payload?: object) =>
  call(method, url, await api.tokenFor('admin'), payload);

const mysuru = {
  code: 'mys',
  name: 'GoldLedger Mysuru Branch',
  address: 'Sayyaji Rao Road, Mysuru, Karnataka 570001',
  state: 'Karnataka',
  phone: '+91 90000 00200',
  hours: 'Monday to Saturday, 9:30 AM to 5:30 PM',
  vault: { name: 'Mysuru vault', safes: ['Safe A', 'Safe B'] },
};

interface Row {
  _id: string;
  code: string;
  name: string;
  phone: string;
  version: number;
  staffCount: number;
  openLoans: number;
  vault: { name: string; safes: string[] };
}
const listed = async (): Promise<Row[]> => {
  await api.project();
  const res = await asAdmin('GET', '/api/admin/branches');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The claims a JWT carries (its middle part), as the server signed them. */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

let mysuruId: string;

describe('the branch list', () => {
  it('shows the default branch before anything is written about it', async () => {
    const rows = await listed();
    expect(rows).toEqual([
      expect.objectContaining({
        _id: DEFAULT_BRANCH_ID,
        code: 'MAIN',
        version: 0,
        staffCount: 1,
        openLoans: 0,
      }),
    ]);
    expect((await api.store.readStream(branchStreamId(DEFAULT_BRANCH_ID))).version).toBe(0);
  });
});

describe('opening a branch', () => {
  it('opens it with its code in capitals and lists it', async () => {
    const res = await asAdmin('POST', '/api/admin/branches', mysuru);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Branch MYS opened',
      data: { code: 'MYS', version: 1, staffCount: 0, openLoans: 0, vault: mysuru.vault },
    });
    mysuruId = res.json().data._id;
    const rows = await listed();
    expect(rows.map((r) => r.code)).toEqual(['MAIN', 'MYS']);
  });

  it("refuses a code another branch holds with 409, the default branch's included, and writes nothing", async () => {
    const before = await api.store.headPosition();
    const twice = await asAdmin('POST', '/api/admin/branches', { ...mysuru, code: 'MYS', name: 'Second' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Branch code MYS is already used');
    const main = await asAdmin('POST', '/api/admin/branches', { ...mysuru, code: 'MAIN' });
    expect(main.statusCode).toBe(409);
    expect(main.json().message).toBe('Branch code MAIN is already used');
    expect(await api.store.headPosition()).toEqual(before);
  });

  it('refuses incomplete details with a message', async () => {
    const res = await asAdmin('POST', '/api/admin/branches', { ...mysuru, code: 'M', state: 'Atlantis' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Branch code must be 2 to 8 letters or digits');
  });
});

describe('editing a branch', () => {
  it('saves an edit made at the version shown and refuses a stale one with 409', async () => {
    const edited = { ...mysuru, phone: '+91 821 240 0000', expectedVersion: 1 };
    const saved = await asAdmin('PUT', `/api/admin/branches/${mysuruId}`, edited);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ phone: '+91 821 240 0000', version: 2 });
    const stale = await asAdmin('PUT', `/api/admin/branches/${mysuruId}`, {
      ...edited,
      hours: 'Every day',
      expectedVersion: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(
      /^Branch MYS has changed since you opened it \(you saw version 1, it is now at version 2\)/,
    );
    // The same edit sent again (a retried request) finds the branch as asked: saved, nothing written.
    const again = await asAdmin('PUT', `/api/admin/branches/${mysuruId}`, edited);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.version).toBe(2);
  });

  it('moves a branch to a new code and frees the old one', async () => {
    const moved = await asAdmin('PUT', `/api/admin/branches/${mysuruId}`, {
      ...mysuru,
      code: 'MYS1',
      expectedVersion: 2,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const claims = await api.store.readStream(branchCodeStreamId('MYS'));
    expect(claims.events.map((e) => e.type)).toEqual(['BranchCodeClaimed', 'BranchCodeReleased']);
    const reopened = await asAdmin('PUT', `/api/admin/branches/${mysuruId}`, {
      ...mysuru,
      code: 'MYS',
      expectedVersion: 3,
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
  });

  it("writes the default branch's first events on its first edit", async () => {
    const res = await asAdmin('PUT', `/api/admin/branches/${DEFAULT_BRANCH_ID}`, {
      ...(await listed())[0],
      phone: '+91 80 4000 0000',
      expectedVersion: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'MAIN', phone: '+91 80 4000 0000', version: 2 });
    const { events } = await api.store.readStream(branchStreamId(DEFAULT_BRANCH_ID));
    expect(events.map((e) => e.type)).toEqual(['BranchOpened', 'BranchUpdated']);
    const rows = await listed();
    expect(rows[0]).toMatchObject({ _id: DEFAULT_BRANCH_ID, phone: '+91 80 4000 0000', version: 2 });
  });

  it('answers 404 for an unknown branch', async () => {
    const res = await asAdmin('PUT', '/api/admin/branches/00000000-0000-4000-8000-000000000000', {
      ...mysuru,
      code: 'ZZ',
      expectedVersion: 0,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Branch not found');
  });
});

describe('the public list', () => {
  it('names every branch, without anything internal, to anyone', async () => {
    const res = await call('GET', '/api/branches');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((b: { code: string }) => b.code)).toEqual(['MAIN', 'MYS']);
    expect(data[1]).toEqual({
      _id: mysuruId,
      code: 'MYS',
      name: mysuru.name,
      address: mysuru.address,
      state: 'Karnataka',
      phone: mysuru.phone,
      hours: mysuru.hours,
    });
  });
});

describe('assigning staff to branches', () => {
  it("ends the employee's sessions; their next token carries the new branches", async () => {
    const old = await api.tokenFor('employee');
    expect(claimsOf(old).br).toEqual([DEFAULT_BRANCH_ID]);
    const res = await asAdmin('PUT', `/api/admin/employees/${api.users.employee}/branches`, {
      branchIds: [mysuruId, DEFAULT_BRANCH_ID],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.branchIds).toEqual([mysuruId, DEFAULT_BRANCH_ID]);
    expect((await call('GET', '/api/auth/validate', old)).statusCode).toBe(401);

    // Signed in again with a one-time code, as a person would.
    api.clock.advance(61_000);
    await call('POST', '/api/auth/send-login-otp', undefined, { identifier: '9000000002' });
    const [sms] = await listDevOutbox(t.db, { to: '9000000002', limit: 1 });
    const otp = /\b(\d{6})\b/.exec(sms!.text)![1];
    const signedIn = await call('POST', '/api/auth/verify-otp', undefined, { identifier: '9000000002', otp });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(claimsOf(signedIn.json().token).br).toEqual([mysuruId, DEFAULT_BRANCH_ID]);

    await api.project();
    const staff = (await asAdmin('GET', '/api/admin/employees')).json().data;
    expect(staff.find((s: { _id: string }) => s._id === api.users.employee).branchIds).toEqual([
      mysuruId,
      DEFAULT_BRANCH_ID,
    ]);
    const rows = await listed();
    expect(rows.map((r) => [r.code, r.staffCount])).toEqual([
      ['MAIN', 1],
      ['MYS', 1],
    ]);
  });

  it('refuses an unknown branch with 400 "Branch not found" and changes nothing', async () => {
    const res = await asAdmin('PUT', `/api/admin/employees/${api.users.employee}/branches`, {
      branchIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Branch not found');
    const customer = await asAdmin('PUT', `/api/admin/employees/${api.users.customer}/branches`, {
      branchIds: [mysuruId],
    });
    expect(customer.statusCode).toBe(404);
  });

  it('registers a new employee at the branches chosen', async () => {
    const res = await asAdmin('POST', '/api/admin/employees', {
      name: 'Meena Mysuru',
      email: 'meena@branch.in',
      mobile: '9845022222',
      role: 'employee',
      aadharNumber: '234523459999',
      branchIds: [mysuruId],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.branchIds).toEqual([mysuruId]);
    const unknown = await asAdmin('POST', '/api/admin/employees', {
      name: 'Nobody',
      email: 'nobody@branch.in',
      mobile: '9845033333',
      role: 'employee',
      aadharNumber: '234523458888',
      branchIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Branch not found');
    // Without branches: the default one.
    const plain = await asAdmin('POST', '/api/admin/employees', {
      name: 'Dev Default',
      email: 'dev@branch.in',
      mobile: '9845044444',
      role: 'employee',
      aadharNumber: '234523457777',
    });
    expect(plain.json().data.branchIds).toEqual([DEFAULT_BRANCH_ID]);
  });
});

describe("a branch's open loans", () => {
  it('counts the loans made at the branch (a loan belongs to its customer’s branch)', async () => {
    const mysuruCustomer = await registerVerifiedCustomer(
      { store: api.store, clock: api.clock },
      {
        aadharNumber: '777766665555',
        name: 'Mysuru Customer',
        email: null,
        primaryMobile: '9845077777',
        secondaryMobile: null,
        emergencyContact: { mobile: '9845077778', relation: 'Brother' },
        presentAddress: '3 Palace Road, Mysuru 570001',
        permanentAddress: '3 Palace Road, Mysuru 570001',
      },
      {},
      mysuruId,
    );
    await createLoan(onLoanDay(api, '2026-11-21'), {
      customerRef: mysuruCustomer.customerUuid,
      goldItems: [{ description: 'Chain', grossWeightMg: 30_000, netWeightMg: 29_000, purityKarat: 22 }],
      ...BANK_PAYOUT,
      principalPaise: 50_000_00,
      annualRateBps: 1800,
      termMonths: 3,
      loanDate: '2026-11-21',
      createdBy: { id: api.users.admin, name: 'Asha Admin', role: 'admin', email: 'admin@demo.local' },
    });
    const rows = await listed();
    expect(rows.map((r) => [r.code, r.openLoans])).toEqual([
      ['MAIN', 0],
      ['MYS', 1],
    ]);
  });
});
