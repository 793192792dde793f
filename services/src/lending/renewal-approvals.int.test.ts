import { addDays, loanTopUpsStreamId } from '@goldledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_RULES } from '@goldledger/contracts';
import { approvalsKit } from '../approvals/approvals-test-kit.js';
import { loadCustomer } from '../customers/customer-commands.js';
import { recordTestPrices } from '../testing/renewal-test-kit.js';
import { BANK_PAYOUT } from '../testing/gold-prices-kit.js';

/**
 * A renewal or top-up above the large-loan threshold (₹1,50,000 here) waits for a checker:
 * the borrower's code is taken when it is asked for, and the checker's approval opens the
 * new loan with the request, a fresh appraisal of the day it is carried out, and (a top-up)
 * its link to the parent. 200 g of bangles at ₹6,500 a gram of 22K: ₹12,67,500 of gold.
 */
const { kit, call, verifiedCustomer, loanBody, confirmLoanFor, asChecker, setPolicy, loanEvents } =
  approvalsKit('renewal_approvals');
const TODAY = '2026-11-21';
const bangles = [{ description: 'Bangles', grossWeight: 200, netWeight: 195 }];

beforeAll(async () => {
  await recordTestPrices(kit.api.store, {
    from: addDays(TODAY, -40),
    to: addDays(TODAY, -1),
    pricePaise: 6_500_00,
  });
  await setPolicy(Object.fromEntries(APPROVAL_RULES.map((r) => [r, true])), 1_50_000);
});

/** A ₹1,00,000 loan on the bangles, opened by the employee who registered the borrower. */
async function bangleLoan() {
  const id = await verifiedCustomer([]);
  const { state } = await loadCustomer(kit.api.store, id);
  const res = await call('employee', 'POST', '/api/employee/loans', loanBody(id, { goldItems: bangles }));
  expect(res.statusCode, res.body).toBe(201);
  const loan = res.json().data as { _id: string; loanId: string };
  return { ...loan, customer: { id, mobile: state!.profile.primaryMobile } };
}

const created = async (loanUuid: string) =>
  (await loanEvents(loanUuid)).find((e) => e.type === 'LoanCreated')!;

describe('above the large-loan threshold', () => {
  it('a top-up waits for a checker, then opens linked to its parent with the borrower’s request', async () => {
    const parent = await bangleLoan();
    await confirmLoanFor(parent.customer, 'employee');
    const held = await call('employee', 'POST', `/api/loans/${parent._id}/top-up`, {
      ...BANK_PAYOUT,
      amount: 2_00_000,
      interestRate: 18,
      term: 6,
    });
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json()).toEqual({ message: 'Sent for approval', approvalId: expect.any(String) });
    expect((await kit.api.store.readStream(loanTopUpsStreamId(parent._id))).version).toBe(0);

    const approved = await asChecker('POST', `/api/admin/approvals/${held.json().approvalId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toMatch(/^Approved and carried out\. Loan topped up as GL\d{9}\.$/);
    const topUp = approved.json().data.loanRef as string;
    expect((await created(topUp)).data).toMatchObject({
      principalPaise: 2_00_000_00,
      topUpOf: { loanStreamId: `loan-${parent._id}`, loanId: parent.loanId },
      borrowerRequest: { channel: 'sms' },
      appraisal: { valuedOn: TODAY, goldValuePaise: 12_67_500_00 },
    });
    const links = await kit.api.store.readStream(loanTopUpsStreamId(parent._id));
    expect(links.events.map((e) => e.data)).toEqual([
      expect.objectContaining({ principalPaise: 2_00_000_00 }),
    ]);
  });

  it('a renewal waits for a checker, then opens with the borrower’s request and a fresh appraisal', async () => {
    const old = await bangleLoan();
    const quote = (await call('admin', 'POST', `/api/loans/${old._id}/calculate-early-repayment`, {})).json();
    expect(
      (await call('admin', 'POST', `/api/loans/${old._id}/payment`, { amount: quote.totalDue })).statusCode,
    ).toBe(201);
    await confirmLoanFor(old.customer, 'admin');
    const held = await call('admin', 'POST', `/api/admin/loans/${old._id}/renew`, {
      ...BANK_PAYOUT,
      amount: 2_00_000,
      interestRate: 24,
      term: 6,
    });
    expect(held.statusCode, held.body).toBe(202);
    const approved = await asChecker('POST', `/api/admin/approvals/${held.json().approvalId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const renewal = approved.json().data.loanRef as string;
    expect((await created(renewal)).data).toMatchObject({
      principalPaise: 2_00_000_00,
      renewalOf: { loanId: old.loanId },
      borrowerRequest: { channel: 'sms' },
      appraisal: { valuedOn: TODAY },
    });
  });
});
