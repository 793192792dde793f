import { DEFAULT_BRANCH_CODE } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import { lendingApiKit } from '../testing/lending-api-kit.js';

const { kit, call, newLoan } = lendingApiKit('receipts');

/** The business month the test API's clock is in (`yyyymm`). */
async function currentMonth() {
  const loan = await newLoan({ amount: 5_000, monthlyPayment: 900, totalPayment: 5_400 });
  const res = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
    amount: 100,
    paymentMethod: 'handcash',
    paymentType: 'total',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.payment.receiptNumber as string;
}

describe('receipt numbers (issue 19)', () => {
  it('are RCPT-<branch>-<yyyymm>-<n>: unique and gap-free when many counters take payments at once', async () => {
    const first = await currentMonth();
    const match = new RegExp(`^RCPT-${DEFAULT_BRANCH_CODE}-(\\d{6})-(\\d{5})$`).exec(first);
    expect(match, first).not.toBeNull();
    const [, month, n] = match!;
    expect(Number(n)).toBe(1);

    const loans = await Promise.all(
      Array.from({ length: 4 }, () => newLoan({ amount: 5_000, monthlyPayment: 900, totalPayment: 5_400 })),
    );
    // 16 payments at once: four on each loan (they also race on the loan's own stream), cash and online.
    const answers = await Promise.all(
      loans.flatMap((loan, l) =>
        Array.from({ length: 4 }, (_, i) =>
          call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
            amount: 100 + i,
            paymentType: 'total',
            ...(i === 3
              ? {
                  paymentMethod: 'online',
                  transactionId: `UTR-${l}-${i}-${loan._id.slice(0, 6)}`,
                  bankName: 'SBI',
                }
              : { paymentMethod: 'handcash' }),
          }),
        ),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const numbers = answers.map((a) => a.json().data.payment.receiptNumber as string);
    const expected = Array.from(
      { length: 16 },
      (_, i) => `RCPT-${DEFAULT_BRANCH_CODE}-${month}-${String(i + 2).padStart(5, '0')}`,
    );
    expect([...numbers].sort()).toEqual(expected);

    // The loan's payment history (the read model) shows the same numbers.
    await kit.api.project();
    const history = await call('admin', 'GET', `/api/loans/${loans[0]!._id}/payments`);
    expect(history.statusCode, history.body).toBe(200);
    const listed = (history.json().data as { receiptNumber: string }[]).map((p) => p.receiptNumber).sort();
    expect(listed).toEqual(
      answers
        .slice(0, 4)
        .map((a) => a.json().data.payment.receiptNumber)
        .sort(),
    );
    // 21 payments and 5 loans through the API: minutes on a busy machine.
  }, 240_000);

  it('a refused payment spends no number', async () => {
    const loan = await newLoan({ amount: 5_000, monthlyPayment: 900, totalPayment: 5_400 });
    const before = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
      amount: 100,
      paymentMethod: 'handcash',
      paymentType: 'total',
    });
    const refused = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
      amount: 500_000,
      paymentMethod: 'handcash',
      paymentType: 'total',
    });
    expect(refused.statusCode).toBe(400);
    const after = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
      amount: 100,
      paymentMethod: 'handcash',
      paymentType: 'total',
    });
    const seq = (a: typeof before) => Number((a.json().data.payment.receiptNumber as string).slice(-5));
    expect(seq(after)).toBe(seq(before) + 1);
  });
});

describe('the queue of online payments to approve (issue 19)', () => {
  const online = (loanId: string, utr: string, amount = 200) =>
    call('employee', 'POST', `/api/loans/${loanId}/payment`, {
      amount,
      paymentMethod: 'online',
      paymentType: 'total',
      transactionId: utr,
      bankName: 'Canara Bank',
    });

  it('lists pending online payments oldest first; approving or rejecting takes them off', async () => {
    const loan = await newLoan({ amount: 5_000, monthlyPayment: 900, totalPayment: 5_400 });
    const a = (await online(loan._id, `UTR-A-${loan._id.slice(0, 8)}`)).json().data.payment;
    const b = (await online(loan._id, `UTR-B-${loan._id.slice(0, 8)}`, 300)).json().data.payment;
    await kit.api.project();

    expect((await call('employee', 'GET', '/api/admin/pending-online-payments')).statusCode).toBe(403);
    const queue = await call('admin', 'GET', '/api/admin/pending-online-payments');
    expect(queue.statusCode, queue.body).toBe(200);
    const mine = queue.json().data.filter((p: { loanUuid: string }) => p.loanUuid === loan._id);
    expect(mine.map((p: { paymentId: string }) => p.paymentId)).toEqual([a._id, b._id]);
    expect(mine[0]).toMatchObject({
      loanId: loan.loanId,
      receiptNumber: a.receiptNumber,
      amount: 200,
      transactionId: `UTR-A-${loan._id.slice(0, 8)}`,
      bankName: 'Canara Bank',
    });

    // Reject needs a reason; a rejection moves no money and frees the transaction id.
    const noReason = await call('admin', 'POST', `/api/loans/${loan._id}/payments/${b._id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('A reason is required to reject a payment');
    expect(
      (
        await call('employee', 'POST', `/api/loans/${loan._id}/payments/${b._id}/reject`, {
          reason: 'Not in bank',
        })
      ).statusCode,
    ).toBe(403);
    const rejected = await call('admin', 'POST', `/api/loans/${loan._id}/payments/${b._id}/reject`, {
      reason: 'Not in the bank statement',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().message).toBe(`Payment ${b.receiptNumber} rejected`);
    const afterReject = rejected.json().data.payments.find((p: { _id: string }) => p._id === b._id);
    expect(afterReject.status).toBe('reversed');
    expect(rejected.json().data.totalPaid).toBe(0);
    // The same UTR can be recorded again for the payment it really was.
    expect((await online(loan._id, `UTR-B-${loan._id.slice(0, 8)}`, 300)).statusCode).toBe(201);

    const approved = await call('admin', 'PATCH', `/api/loans/${loan._id}/payments/${a._id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    // Approving a rejected one, or rejecting an approved one, is refused.
    const again = await call('admin', 'POST', `/api/loans/${loan._id}/payments/${a._id}/reject`, {
      reason: 'Changed my mind',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment is already approved: reverse it instead');

    await kit.api.project();
    const left = (await call('admin', 'GET', '/api/admin/pending-online-payments')).json().data;
    const ids = left.map((p: { paymentId: string }) => p.paymentId);
    expect(ids).not.toContain(a._id);
    expect(ids).not.toContain(b._id);
    expect(left.filter((p: { loanUuid: string }) => p.loanUuid === loan._id)).toHaveLength(1);
  });
});
