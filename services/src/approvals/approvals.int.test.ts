import { approvalStreamId } from '@goldledger/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { approvalsKit } from './approvals-test-kit.js';

const {
  kit,
  call,
  newLoan,
  verifiedCustomer,
  loanBody,
  asChecker,
  setPolicy,
  loanEvents,
  loanDetail,
  cashPayment,
} = approvalsKit('approvals');

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
