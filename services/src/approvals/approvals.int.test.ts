import { APPROVAL_RULES, approvalStreamId, loanStreamId } from '@goldledger/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../identity/access.plugin.js';
import { registerStaff } from '../identity/staff-registration.js';
import { loadUser } from '../identity/user-commands.js';
import { lendingApiKit } from '../testing/lending-api-kit.js';
import { executeApprovalCommand, runAsApproval } from './approval-gate.js';
import { approvalExecutorFor } from './approval-executors.js';
import { APPROVAL_RESUME_AFTER_MS } from './approval-commands.js';
import type { SliceDeps } from '../slice-deps.js';

const { kit, call, newLoan, verifiedCustomer, loanBody } = lendingApiKit('approvals');

/** A second admin: the checker. */
let checkerToken = '';
let checkerId = '';

const asChecker = (method: 'GET' | 'POST', url: string, payload?: object) =>
  kit.api.app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload } : {}),
    headers: { 'x-auth-token': checkerToken },
  });

const allOn = Object.fromEntries(APPROVAL_RULES.map((r) => [r, true]));

async function setPolicy(rules: Record<string, boolean>, largeLoanThreshold?: number) {
  const res = await call('admin', 'PUT', '/api/admin/approvals/policy', {
    rules,
    ...(largeLoanThreshold === undefined ? {} : { largeLoanThreshold }),
    reason: 'integration test',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function loanEvents(loanUuid: string) {
  return (await kit.api.store.readStream(loanStreamId(loanUuid))).events;
}

async function loanDetail(loanUuid: string) {
  await kit.api.project();
  const res = await call('admin', 'GET', `/api/loans/${loanUuid}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data ?? res.json();
}

async function cashPayment(loanUuid: string, amount = 20_000, extra: object = {}) {
  const res = await call('employee', 'POST', `/api/loans/${loanUuid}/payment`, {
    amount,
    paymentMethod: 'handcash',
    paymentType: 'total',
    ...extra,
  });
  return res;
}

beforeAll(async () => {
  const deps = { store: kit.api.store, clock: kit.api.clock };
  checkerId = await registerStaff(deps, {
    role: 'admin',
    name: 'Chandra Checker',
    email: 'checker@demo.local',
    primaryMobile: '9000000009',
    secondaryMobile: null,
    aadharNumber: '400000000009',
    mustResetPassword: false,
  });
  const { state, version } = await loadUser(kit.api.store, checkerId);
  checkerToken = issueToken(kit.api.app, {
    userId: checkerId,
    role: 'admin',
    name: state.name,
    email: state.email,
    tokenVersion: version,
  });
  await setPolicy(allOn);
});

describe('maker-checker on a payment reversal', () => {
  let loan: { _id: string; loanId: string };
  let paymentId = '';
  let approvalId = '';

  it('waits for approval: 202, and the loan, its ledger and payments are unchanged', async () => {
    loan = await newLoan();
    const paid = await cashPayment(loan._id);
    expect(paid.statusCode, paid.body).toBe(201);
    paymentId = paid.json().data.payment._id;
    const before = await loanEvents(loan._id);
    const detailBefore = await loanDetail(loan._id);

    const res = await call('admin', 'POST', `/api/loans/${loan._id}/payments/${paymentId}/reverse`, {
      reason: 'Keyed on the wrong loan',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: 'Sent for approval', approvalId: expect.any(String) });
    approvalId = res.json().approvalId;

    expect(await loanEvents(loan._id)).toEqual(before);
    const detailAfter = await loanDetail(loan._id);
    expect(detailAfter).toEqual(detailBefore);
    expect(detailAfter.payments.find((p: { _id: string }) => p._id === paymentId).status).toBe('success');
  });

  it('is in the pending queue with who asked for what, the amount in rupees, and on the bell', async () => {
    await kit.api.project();
    const res = await asChecker('GET', '/api/admin/approvals?status=pending');
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data.find((a: { _id: string }) => a._id === approvalId);
    expect(item).toMatchObject({
      action: 'reverse_payment',
      rules: ['payment_reversal'],
      amount: 20_000,
      loanId: loan.loanId,
      maker: { name: 'Asha Admin', role: 'admin' },
      reason: 'Keyed on the wrong loan',
      status: 'pending',
      outcome: null,
    });
    expect(item.summary).toMatch(/^Reverse the payment of ₹20,000 dated .* on loan GL/);
    expect(res.json().counts.pending).toBeGreaterThanOrEqual(1);

    const bell = await asChecker('GET', '/api/notifications?type=approval_requested');
    expect(bell.statusCode, bell.body).toBe(200);
    expect(bell.json().data[0]).toMatchObject({
      type: 'approval_requested',
      title: 'Approval needed: Payment reversal',
      amount: 20_000,
    });
    expect(bell.json().data[0].message).toContain('Asha Admin (admin) asks: Reverse the payment of ₹20,000');
  });

  it('refuses the maker approving or rejecting their own request: 403 "You cannot approve your own request."', async () => {
    const approve = await call('admin', 'POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(approve.statusCode, approve.body).toBe(403);
    expect(approve.json().message).toBe('You cannot approve your own request.');
    const reject = await call('admin', 'POST', `/api/admin/approvals/${approvalId}/reject`, {
      reason: 'mine',
    });
    expect(reject.statusCode, reject.body).toBe(403);
    expect(reject.json().message).toBe('You cannot approve your own request.');
    const paymentStatus = (await loanDetail(loan._id)).payments[0].status;
    expect(paymentStatus).toBe('success');
  });

  it('refuses an employee approving (admins only)', async () => {
    const res = await call('employee', 'POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(res.statusCode).toBe(403);
  });

  it('once approved by another admin, reverses the payment exactly once; approving again reverses nothing', async () => {
    const res = await asChecker('POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Approved and carried out. Payment reversed.',
      data: { status: 'approved', outcome: 'executed' },
    });
    const detail = await loanDetail(loan._id);
    expect(detail.payments.find((p: { _id: string }) => p._id === paymentId).status).toBe('reversed');
    const reversed = (await loanEvents(loan._id)).filter((e) => e.type === 'PaymentReversed');
    expect(reversed).toHaveLength(1);
    // The maker's command: their name in the event and as its actor, the approval as its cause.
    expect(reversed[0]!.data.reversedBy).toMatchObject({ name: 'Asha Admin' });
    expect(reversed[0]!.metadata).toMatchObject({
      actor: { name: 'Asha Admin' },
      causationId: approvalStreamId(approvalId),
    });

    const again = await asChecker('POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toMatch(/already approved by Chandra Checker and carried out/);
    expect((await loanEvents(loan._id)).filter((e) => e.type === 'PaymentReversed')).toHaveLength(1);

    await kit.api.project();
    const approved = await asChecker('GET', '/api/admin/approvals?status=approved');
    expect(approved.json().data.find((a: { _id: string }) => a._id === approvalId)).toMatchObject({
      status: 'approved',
      checker: { name: 'Chandra Checker' },
      outcome: 'executed',
      outcomeMessage: 'Payment reversed.',
    });
  });
});

describe('a rejected request', () => {
  it('needs a reason, and changes nothing', async () => {
    const loan = await newLoan();
    const paid = await cashPayment(loan._id);
    const paymentId = paid.json().data.payment._id;
    const held = await call('admin', 'POST', `/api/loans/${loan._id}/payments/${paymentId}/reverse`, {
      reason: 'Duplicate entry',
    });
    expect(held.statusCode, held.body).toBe(202);
    const { approvalId } = held.json();
    const before = await loanEvents(loan._id);

    const noReason = await asChecker('POST', `/api/admin/approvals/${approvalId}/reject`, { reason: ' ' });
    expect(noReason.statusCode, noReason.body).toBe(400);
    expect(noReason.json().message).toBe('A reason is required to reject a request');

    const rejected = await asChecker('POST', `/api/admin/approvals/${approvalId}/reject`, {
      reason: 'The receipt is genuine',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', outcome: null });
    expect(await loanEvents(loan._id)).toEqual(before);

    const late = await asChecker('POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This request was rejected by Chandra Checker');
    expect(await loanEvents(loan._id)).toEqual(before);

    await kit.api.project();
    const list = await asChecker('GET', '/api/admin/approvals?status=rejected');
    expect(list.json().data.find((a: { _id: string }) => a._id === approvalId)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The receipt is genuine',
    });
  });
});

describe('a loan above the threshold', () => {
  it("waits for approval (the customer's confirmation names the loan it will open), then opens once", async () => {
    const customerId = await verifiedCustomer();
    const big = loanBody(customerId, {
      amount: 6_00_000,
      goldItems: [{ description: 'Bangles', grossWeight: 200, netWeight: 195 }],
    });
    const count = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from events where type = 'LoanCreated'`.execute(
            kit.t.db,
          )
        ).rows[0]!.n,
      );
    const loansBefore = await count();
    const res = await call('employee', 'POST', '/api/employee/loans', big);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: 'Sent for approval', approvalId: expect.any(String) });
    const { approvalId } = res.json();
    expect(await count()).toBe(loansBefore);

    // The employee sees their own request and its status.
    await kit.api.project();
    const mine = await call('employee', 'GET', '/api/approvals/mine');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.find((a: { _id: string }) => a._id === approvalId)).toMatchObject({
      action: 'create_loan',
      rules: ['large_loan'],
      amount: 6_00_000,
      status: 'pending',
      maker: { name: 'Ravi Employee', role: 'employee' },
    });

    // Any admin but the maker may check it: here the demo admin, the employee being the maker.
    const approved = await call('admin', 'POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', outcome: 'executed' });
    expect(approved.json().message).toMatch(/^Approved and carried out\. Loan GL\d{9} created\.$/);
    expect(await count()).toBe(loansBefore + 1);
    const loanRef = approved.json().data.loanRef as string;
    const created = (await loanEvents(loanRef)).find((e) => e.type === 'LoanCreated')!;
    expect(created.data).toMatchObject({ principalPaise: 6_00_000_00, createdBy: { name: 'Ravi Employee' } });
    const confirmation = await kit.t.db
      .selectFrom('loan_confirmations')
      .select(['loan_uuid', 'consumed_at'])
      .where('loan_uuid', '=', loanRef)
      .executeTakeFirst();
    expect(confirmation?.consumed_at).not.toBeNull();
  });

  it('below the threshold goes straight through', async () => {
    const loan = await newLoan();
    expect(loan.loanId).toMatch(/^GL/);
  });
});

describe('back-dated loans and payments', () => {
  it('a back-dated loan waits for approval', async () => {
    const customerId = await verifiedCustomer();
    const res = await call(
      'employee',
      'POST',
      '/api/employee/loans',
      loanBody(customerId, { customLoanDate: '2026-11-10' }),
    );
    expect(res.statusCode, res.body).toBe(202);
    await kit.api.project();
    const mine = await call('employee', 'GET', '/api/approvals/mine?status=pending');
    expect(mine.json().data.find((a: { _id: string }) => a._id === res.json().approvalId)).toMatchObject({
      rules: ['backdated_loan'],
    });
  });

  it('a back-dated payment waits, then is recorded with the date the maker gave', async () => {
    await setPolicy({ backdated_loan: false });
    const loan = await newLoan({ customLoanDate: '2026-11-10' });
    await setPolicy({ backdated_loan: true });
    const before = await loanEvents(loan._id);
    const res = await cashPayment(loan._id, 20_000, { repaymentDate: '2026-11-19' });
    expect(res.statusCode, res.body).toBe(202);
    expect(await loanEvents(loan._id)).toEqual(before);

    const approved = await asChecker('POST', `/api/admin/approvals/${res.json().approvalId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.outcome).toBe('executed');
    const recorded = (await loanEvents(loan._id)).filter((e) => e.type === 'PaymentRecorded');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.data).toMatchObject({
      paymentDate: '2026-11-19',
      amountPaise: 20_000_00,
      enteredBy: { name: 'Ravi Employee' },
    });
  });

  it('a payment dated today needs no approval', async () => {
    const loan = await newLoan();
    const res = await cashPayment(loan._id);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('a policy change', () => {
  it('turning payment reversals off lets a reversal go straight through, and is kept with who and why', async () => {
    const policy = await setPolicy({ payment_reversal: false });
    expect(policy.policy.rules.payment_reversal).toBe(false);
    expect(policy.history[0]).toMatchObject({
      by: 'Asha Admin',
      changes: ['Payment reversals: no longer needs a second person'],
      reason: 'integration test',
    });
    const loan = await newLoan();
    const paid = await cashPayment(loan._id);
    const paymentId = paid.json().data.payment._id;
    const res = await call('admin', 'POST', `/api/loans/${loan._id}/payments/${paymentId}/reverse`, {
      reason: 'Typed twice',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Payment reversed');

    await kit.api.project();
    const bell = await asChecker('GET', '/api/notifications?type=approval_policy_changed');
    expect(bell.json().data[0].title).toBe('Maker-checker policy changed by Asha Admin');
    await setPolicy({ payment_reversal: true });
  });

  it('refuses a non-admin', async () => {
    const res = await call('employee', 'PUT', '/api/admin/approvals/policy', { rules: {} });
    expect(res.statusCode).toBe(403);
  });
});

describe('approval interrupted between the command and its outcome', () => {
  it('is resumed by approving again: the command is found, not run twice', async () => {
    const loan = await newLoan();
    const paid = await cashPayment(loan._id);
    const paymentId = paid.json().data.payment._id;
    const held = await call('admin', 'POST', `/api/loans/${loan._id}/payments/${paymentId}/reverse`, {
      reason: 'Wrong customer',
    });
    const { approvalId } = held.json();
    // What an approval does up to a crash: approved, the command run, no outcome recorded.
    const deps = { store: kit.api.store, clock: kit.api.clock } as unknown as SliceDeps;
    const checker = { id: checkerId, name: 'Chandra Checker', role: 'admin' };
    const granted = await executeApprovalCommand(
      { ...deps, config: { APPROVALS_OFF_UNTIL_SET: true } },
      approvalId,
      { type: 'ApproveRequest', checker },
    );
    await runAsApproval(approvalId, () =>
      approvalExecutorFor('reverse_payment')!(deps, granted.state.command, {
        approvalId,
        maker: granted.state.maker!,
        metadata: {},
      }),
    );
    expect((await loanEvents(loan._id)).filter((e) => e.type === 'PaymentReversed')).toHaveLength(1);

    // Another approval at once is told it is being carried out.
    const soon = await asChecker('POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(soon.statusCode, soon.body).toBe(409);
    expect(soon.json().code).toBe('approval_in_progress');

    kit.api.clock.advance(APPROVAL_RESUME_AFTER_MS + 1000);
    const resumed = await asChecker('POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data).toMatchObject({ status: 'approved', outcome: 'executed' });
    expect((await loanEvents(loan._id)).filter((e) => e.type === 'PaymentReversed')).toHaveLength(1);
  });
});
