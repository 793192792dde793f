import {
  LENDING_POLICY_DOCUMENT,
  LENDING_POLICY_STREAM_ID,
  loanStreamId,
  type LendingPolicyDocument,
} from '@goldledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueToken, sessionOfUser } from '../identity/access.plugin.js';
import { registerStaff } from '../identity/staff-registration.js';
import { loadUser } from '../identity/user-commands.js';
import { lendingApiKit } from '../testing/lending-api-kit.js';

/**
 * Issue 17, point 1: the lending policy is versioned data. An admin proposes a version, a
 * second admin approves it, and a loan keeps the version it was sanctioned under for life.
 * The test API starts with maker-checker off (APPROVALS_OFF_UNTIL_SET): a policy change
 * is held all the same.
 */
const { kit, call, newLoan, eventCount } = lendingApiKit('policy_versions');
const checker = { token: '' };

beforeAll(async () => {
  const deps = { store: kit.api.store, clock: kit.api.clock };
  const id = await registerStaff(deps, {
    role: 'admin',
    name: 'Chandra Checker',
    email: 'checker@demo.local',
    primaryMobile: '9000000009',
    secondaryMobile: null,
    aadharNumber: '400000000009',
    mustResetPassword: false,
  });
  const { state, version } = await loadUser(kit.api.store, id);
  checker.token = issueToken(kit.api.app, sessionOfUser(id, state, version));
});

const asChecker = (method: 'GET' | 'POST', url: string, payload?: object) =>
  kit.api.app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload } : {}),
    headers: { 'x-auth-token': checker.token },
  });

/** Version 2: minimum interest ₹50 → ₹500, and 30 minimum days at any rate. */
const V2: LendingPolicyDocument = {
  ...LENDING_POLICY_DOCUMENT,
  minimumInterestPaise: 50_000,
  minimumDays: { highRate: 30, lowRate: 30 },
};

const policyEvents = async () => (await kit.api.store.readStream(LENDING_POLICY_STREAM_ID)).events;
const createdOf = async (loanUuid: string) =>
  (await kit.api.store.readStream(loanStreamId(loanUuid))).events.find((e) => e.type === 'LoanCreated')!;

async function quote(loanUuid: string, repaymentDate: string) {
  const res = await call('admin', 'POST', `/api/loans/${loanUuid}/calculate-early-repayment`, {
    repaymentDate,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const propose = (policy: object, effectiveFrom: string, reason = 'Board resolution 14/2026') =>
  call('admin', 'POST', '/api/admin/lending-policy', { policy, effectiveFrom, reason });

describe('a policy change with a later effective date leaves an earlier loan’s pricing unchanged', () => {
  let loanA = '';
  let quoteABefore: Record<string, unknown> = {};
  let approvalId = '';

  it('loan A is sanctioned under version 1, and its closing quote is taken', async () => {
    expect(kit.api.clock.now().toISOString()).toBe('2026-11-21T04:30:00.000Z');
    loanA = (await newLoan())._id;
    expect((await createdOf(loanA)).data).toMatchObject({ policyVersion: 1 });
    quoteABefore = await quote(loanA, '2026-11-24');
    expect(quoteABefore).toMatchObject({ minimumDays: 7, minimumInterest: 50, minDaysApplied: true });
  });

  it('an admin proposes version 2 effective tomorrow: held for a second admin, nothing adopted', async () => {
    const res = await propose(V2, '2026-11-22');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: 'Sent for approval', approvalId: expect.any(String) });
    approvalId = res.json().approvalId;
    expect(await policyEvents()).toHaveLength(0);

    await kit.api.project();
    const overview = await call('admin', 'GET', '/api/admin/lending-policy');
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().pending).toEqual([
      expect.objectContaining({ approvalId, proposedBy: expect.objectContaining({ name: 'Asha Admin' }) }),
    ]);
    expect(overview.json().pending[0].summary).toContain('Minimum interest on closure: ₹50 → ₹500');
  });

  it('refuses the maker approving their own proposal: 403', async () => {
    const res = await call('admin', 'POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe('You cannot approve your own request.');
    expect(await policyEvents()).toHaveLength(0);
  });

  it('a second admin approves: version 2 is adopted with the change lines, in effect from tomorrow', async () => {
    const res = await asChecker('POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Approved and carried out. Lending policy version 2 adopted, in effect from 22 Nov 2026.',
    );
    const events = await policyEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'LendingPolicyAdopted',
      data: {
        version: 2,
        effectiveFrom: '2026-11-22',
        reason: 'Board resolution 14/2026',
        approvalId,
        proposedBy: { name: 'Asha Admin' },
        changes: [
          'Minimum chargeable days, above the threshold rate: 7 days → 30 days',
          'Minimum chargeable days, at or below the threshold rate: 15 days → 30 days',
          'Minimum interest on closure: ₹50 → ₹500',
        ],
      },
    });
    expect(events[0]!.data.policy).toEqual(V2);
  });

  it('today, a new loan is still sanctioned under version 1', async () => {
    const today = (await newLoan())._id;
    expect((await createdOf(today)).data).toMatchObject({ policyVersion: 1 });
    const overview = (await call('admin', 'GET', '/api/admin/lending-policy')).json();
    expect(overview.current).toMatchObject({ version: 1, status: 'in_effect' });
    expect(overview.next).toMatchObject({ version: 2, status: 'scheduled', effectiveFrom: '2026-11-22' });
  });

  it('past the effective date, loan B is priced by version 2 and loan A exactly as before', async () => {
    kit.api.clock.set('2026-11-23T04:30:00Z');
    const loanB = (await newLoan())._id;
    expect((await createdOf(loanA)).data).toMatchObject({ policyVersion: 1 });
    expect((await createdOf(loanB)).data).toMatchObject({ policyVersion: 2 });

    expect(await quote(loanA, '2026-11-24')).toEqual(quoteABefore);
    const quoteB = await quote(loanB, '2026-11-24');
    expect(quoteB).toMatchObject({ minimumDays: 30, minimumInterest: 500, minDaysApplied: true });
    // Thirty days of interest, not A's seven.
    expect(quoteB.interest).toBeGreaterThan((quoteABefore.interest as number) * 4);
  });

  it('the public calculator answers by the version in effect today', async () => {
    const res = await call('anonymous', 'POST', '/api/loans/calculate-interest', {
      principal: 1_000,
      annualRate: 12,
      disbursementDate: '2026-11-23',
      closureDate: '2026-11-24',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ effectiveDays: 30, totalInterest: 500, minInterestApplied: true });
    expect(res.json().message).toContain('The minimum interest of ₹500 applies.');
  });

  it('lists both versions with who proposed and approved each, and shows any version in full', async () => {
    const res = await call('admin', 'GET', '/api/admin/lending-policy');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.current).toMatchObject({ version: 2, status: 'in_effect', policy: V2 });
    expect(body.next).toBeNull();
    expect(body.versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [2, 'in_effect'],
      [1, 'superseded'],
    ]);
    expect(body.versions[0]).toMatchObject({
      proposedBy: { name: 'Asha Admin' },
      approvedBy: { name: 'Chandra Checker' },
      changes: expect.arrayContaining(['Minimum interest on closure: ₹50 → ₹500']),
    });
    expect(body.rules.minimumInterestPaise).toMatchObject({
      label: 'Minimum interest on closure',
      source: expect.any(String),
    });

    const v1 = await call('admin', 'GET', '/api/admin/lending-policy/versions/1');
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.json()).toMatchObject({ version: 1, status: 'superseded', policy: LENDING_POLICY_DOCUMENT });
    const auditor = await kit.api.app.inject({
      method: 'GET',
      url: '/api/admin/lending-policy/versions/2',
      headers: { 'x-auth-token': await kit.api.tokenFor('auditor') },
    });
    expect(auditor.statusCode, auditor.body).toBe(200);
    const missing = await call('admin', 'GET', '/api/admin/lending-policy/versions/9');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Lending policy version 9 does not exist');
  });
});

describe('a proposal the policy cannot take', () => {
  it('refuses a bad document with 400 and a message per problem, appending nothing', async () => {
    const before = await eventCount();
    const res = await propose(
      {
        ...V2,
        minimumInterestPaise: -100,
        upgradeLadderBps: [1200, 3600, 2400],
        ltvSlabs: [
          { upToPaise: null, capBps: 8500 },
          { upToPaise: 2_50_000_00, capBps: 7500 },
        ],
      },
      '2026-12-01',
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().problems).toEqual(['Minimum interest on closure cannot be negative']);
    expect(res.json().message).toBe('Minimum interest on closure cannot be negative');

    const senseless = await propose(
      {
        ...V2,
        upgradeLadderBps: [1200, 3600, 2400],
        ltvSlabs: [
          { upToPaise: null, capBps: 8500 },
          { upToPaise: 2_50_000_00, capBps: 7500 },
        ],
        termOptionsMonths: [3, 6, 72],
      },
      '2026-12-01',
    );
    expect(senseless.statusCode, senseless.body).toBe(400);
    expect(senseless.json().problems).toEqual([
      'Rate upgrade ladder must rise from each rate to the next (12%, 36%, 24%)',
      'Terms offered must each lie within 1 month to 60 months',
      "LTV cap by borrower's total consumption loans: the last tier must have no ceiling (it covers every larger total)",
      "LTV cap by borrower's total consumption loans: only the last tier may be without a ceiling",
    ]);
    expect(senseless.json().message).toMatch(/^The policy has 4 problems: Rate upgrade ladder must rise/);
    expect(await eventCount()).toBe(before);
  });

  it('refuses a version effective today, one that changes nothing, and one without a reason', async () => {
    const before = await eventCount();
    const today = await propose({ ...V2, minimumInterestPaise: 60_000 }, '2026-11-23');
    expect(today.statusCode, today.body).toBe(400);
    expect(today.json().message).toBe(
      'A new version can take effect from 24 Nov 2026 at the earliest: loans dated today or before keep the rules they were sanctioned under',
    );
    const same = await propose(V2, '2026-12-01');
    expect(same.statusCode, same.body).toBe(400);
    expect(same.json().message).toBe('The proposal changes nothing: it is the same as version 2');
    const noReason = await call('admin', 'POST', '/api/admin/lending-policy', {
      policy: { ...V2, minimumInterestPaise: 60_000 },
      effectiveFrom: '2026-12-01',
      reason: ' ',
    });
    expect(noReason.statusCode, noReason.body).toBe(400);
    expect(noReason.json().message).toBe('A reason for the change is required');
    const employee = await call('employee', 'POST', '/api/admin/lending-policy', {
      policy: { ...V2, minimumInterestPaise: 60_000 },
      effectiveFrom: '2026-12-01',
      reason: 'mine',
    });
    expect(employee.statusCode).toBe(403);
    expect(await eventCount()).toBe(before);
  });

  it('adopts only the first of two proposals made from the same version; the other fails, nothing written', async () => {
    const first = await propose({ ...V2, minimumInterestPaise: 60_000 }, '2026-12-01', 'First');
    const second = await propose({ ...V2, minimumInterestPaise: 70_000 }, '2026-12-01', 'Second');
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    const adopted = await asChecker('POST', `/api/admin/approvals/${second.json().approvalId}/approve`, {});
    expect(adopted.json().message).toMatch(/Lending policy version 3 adopted/);
    const stale = await asChecker('POST', `/api/admin/approvals/${first.json().approvalId}/approve`, {});
    expect(stale.statusCode, stale.body).toBe(200);
    expect(stale.json().data.outcome).toBe('failed');
    expect(stale.json().message).toContain(
      'Version 3 was adopted after this proposal was made from version 2: propose the change again from version 3',
    );
    const events = await policyEvents();
    expect(events.map((e) => [e.data.version, e.data.reason])).toEqual([
      [2, 'Board resolution 14/2026'],
      [3, 'Second'],
    ]);
  });
});
