// Issue 15, points 1, 2 and 5 (the money ledger), end to end through the API, the event
// store and the loan book. Each test failed on main at ce4a037 (see the issue's note).
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatInrExact } from '@goldledger/contracts';
import { lendingApiKit } from '../../services/src/testing/lending-api-kit.js';
import type { TestApi, TestDatabase } from '../../services/src/testing/index.js';

const { kit, call, eventCount, newLoan } = lendingApiKit('ledger');
let t: TestDatabase;
let api: TestApi;
beforeAll(() => {
  t = kit.t;
  api = kit.api;
});

/** The data of the loan's events of one type, in stream order. */
async function eventsOf(loanUuid: string, type: string) {
  const rows = await sql<{ data: Record<string, unknown> }>`
    select data from events where stream_id = ${`loan-${loanUuid}`} and type = ${type} order by stream_position`.execute(
    t.db,
  );
  return rows.rows.map((r) => r.data);
}

const at = (day: string) => api.clock.set(`${day}T06:00:00Z`);
const DEFAULT_NOW = '2026-11-21T04:30:00Z';

describe('point 1: no payment vanishes; what is paid beyond closing is a refund due', () => {
  it('keeps a later payment when a back-dated one closes the loan, and owes it back', async () => {
    try {
      at('2026-09-25');
      const loan = await newLoan({ amount: 50_000 });
      at('2026-10-05');
      const first = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, { amount: 40_000 });
      expect(first.statusCode, first.body).toBe(201);
      // The total due on 26 Sep, dated back by an admin with a reason (point 2).
      const second = await call('admin', 'POST', `/api/loans/${loan._id}/payment`, {
        amount: 50_169.15,
        repaymentDate: '2026-09-26',
        backdateReason: 'Cash taken on 26 Sep; receipt entered late',
      });
      expect(second.statusCode, second.body).toBe(201);

      const [closed] = await eventsOf(loan._id, 'LoanClosed');
      expect(closed).toMatchObject({ closedOn: '2026-09-26', excessPaise: 40_000_00 });
      const recorded = await eventsOf(loan._id, 'PaymentRecorded');
      expect(recorded.at(-1)!.ledger).toMatchObject({ totalPaidPaise: 90_169_15, excessPaise: 40_000_00 });
      expect(await eventsOf(loan._id, 'RefundDue')).toEqual([
        expect.objectContaining({ amountPaise: 40_000_00, loanId: loan.loanId }),
      ]);
      expect(second.json().message).toBe(
        `Payment recorded. Loan ${loan.loanId} is fully repaid and closed. ₹40,000.00 paid beyond closing is a refund due to the customer.`,
      );
      expect(second.json().data.loan.totalPaid).toBe(90_169.15);

      await api.project();
      const book = (await call('admin', 'GET', `/api/loans/${loan._id}`)).json().data;
      expect(book.totalPaid).toBe(90_169.15);
      expect(book.refund).toMatchObject({ due: 40_000, excess: 40_000, refunded: 0, lastRefund: null });
      // The ₹40,000 recorded first is, in date order, all beyond closing.
      const later = book.payments.find((p: { amount: number }) => p.amount === 40_000);
      expect(later).toMatchObject({ allocation: { interest: 0, principal: 0 }, excess: 40_000 });

      const list = await call('admin', 'GET', '/api/admin/refunds');
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data).toContainEqual(
        expect.objectContaining({ loanId: loan.loanId, due: 40_000, excess: 40_000 }),
      );
      expect((await call('employee', 'GET', '/api/admin/refunds')).statusCode).toBe(403);

      // The payout, by an admin only, never above what is owed.
      const tooMuch = await call('admin', 'POST', `/api/admin/loans/${loan._id}/refunds`, {
        amount: 40_000.01,
        method: 'bank_transfer',
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().message).toBe(
        'Refund amount cannot be more than the ₹40,000.00 owed to the customer',
      );
      expect(
        (await call('employee', 'POST', `/api/admin/loans/${loan._id}/refunds`, { method: 'cash' }))
          .statusCode,
      ).toBe(403);
      const paid = await call('admin', 'POST', `/api/admin/loans/${loan._id}/refunds`, {
        method: 'bank_transfer',
        reference: 'NEFT0001',
      });
      expect(paid.statusCode, paid.body).toBe(201);
      expect(paid.json().message).toBe(
        `Refund recorded; nothing more is due to the customer on loan ${loan.loanId}.`,
      );
      expect(await eventsOf(loan._id, 'RefundPaid')).toEqual([
        expect.objectContaining({
          amountPaise: 40_000_00,
          method: 'bank_transfer',
          reference: 'NEFT0001',
          paidOn: '2026-10-05',
        }),
      ]);
      await api.project();
      expect((await call('admin', 'GET', '/api/admin/refunds')).json().data).not.toContainEqual(
        expect.objectContaining({ loanId: loan.loanId }),
      );
      const after = (await call('admin', 'GET', `/api/loans/${loan._id}`)).json().data;
      expect(after.refund).toMatchObject({
        due: 0,
        refunded: 40_000,
        lastRefund: { paidOn: '2026-10-05', amount: 40_000, method: 'bank_transfer', reference: 'NEFT0001' },
      });
    } finally {
      api.clock.set(DEFAULT_NOW);
    }
  });
});

describe('point 2: back-dating a payment', () => {
  it('lets staff date a payment at most 3 days back; older dates need an admin and a reason', async () => {
    const loan = await newLoan();
    try {
      at('2026-11-30');
      const before = await eventCount();
      const old = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
        amount: 1_000,
        repaymentDate: '2026-11-26',
      });
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toBe(
        'A payment can be dated at most 3 days back (2026-11-27); an admin may record an older date with a reason',
      );
      const noReason = await call('admin', 'POST', `/api/loans/${loan._id}/payment`, {
        amount: 1_000,
        repaymentDate: '2026-11-26',
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().message).toBe('A reason is required to date a payment more than 3 days back');
      const beforeLoan = await call('admin', 'POST', `/api/loans/${loan._id}/payment`, {
        amount: 1_000,
        repaymentDate: '2026-11-20',
        backdateReason: 'Typo',
      });
      expect(beforeLoan.statusCode).toBe(400);
      expect(beforeLoan.json().message).toBe('Repayment date cannot be before the loan date');
      expect(await eventCount()).toBe(before);

      const inWindow = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
        amount: 1_000,
        repaymentDate: '2026-11-27',
      });
      expect(inWindow.statusCode, inWindow.body).toBe(201);
      const byAdmin = await call('admin', 'POST', `/api/loans/${loan._id}/payment`, {
        amount: 1_000,
        repaymentDate: '2026-11-22',
        backdateReason: 'Branch receipt book entry',
      });
      expect(byAdmin.statusCode, byAdmin.body).toBe(201);
      const recorded = await eventsOf(loan._id, 'PaymentRecorded');
      expect(recorded.at(-2)!.backdated).toBeNull();
      expect(recorded.at(-1)!.backdated).toEqual({ reason: 'Branch receipt book entry', byAdmin: true });
    } finally {
      api.clock.set(DEFAULT_NOW);
    }
  });
});

describe('point 5: approving an online payment that overpays', () => {
  it('answers with the excess and asks to confirm; the confirmed excess becomes a refund due', async () => {
    const loan = await newLoan({ amount: 50_000 });
    const online = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
      amount: 30_000,
      paymentMethod: 'online',
      transactionId: 'UTR55501',
      bankName: 'Canara Bank',
    });
    expect(online.statusCode, online.body).toBe(201);
    const paymentId = online.json().data.payment._id as string;
    const quote = (
      await call('employee', 'POST', `/api/loans/${loan._id}/calculate-early-repayment`, {
        repaymentDate: '2026-11-21',
      })
    ).json();
    const cash = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
      amount: Math.round((quote.totalDue - 20_000) * 100) / 100,
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const before = await eventCount();
    const asked = await call('admin', 'PATCH', `/api/loans/${loan._id}/payments/${paymentId}/approve`);
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'excess_confirmation_required' });
    // About ₹10,000: ₹30,000 against what the cash payment left to close (interest priced to the minimum days).
    const excess = asked.json().excess as number;
    expect(excess).toBeGreaterThan(10_000);
    expect(excess).toBeLessThan(10_200);
    const shown = formatInrExact(Math.round(excess * 100));
    expect(asked.json().message).toBe(
      `Approving this payment leaves ${shown} above what closes the loan: the loan closes and ${shown} becomes a refund due to the customer. Confirm the excess to approve`,
    );
    const stale = await call('admin', 'PATCH', `/api/loans/${loan._id}/payments/${paymentId}/approve`, {
      confirmExcess: excess - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(await eventCount()).toBe(before);

    const approved = await call('admin', 'PATCH', `/api/loans/${loan._id}/payments/${paymentId}/approve`, {
      confirmExcess: excess,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(
      `Payment approved and customer notified. ${shown} paid beyond closing is a refund due to the customer.`,
    );
    expect(approved.json().data.status).toBe('closed');
    const [closed] = await eventsOf(loan._id, 'LoanClosed');
    expect(closed).toMatchObject({ excessPaise: Math.round(excess * 100) });
    expect(await eventsOf(loan._id, 'RefundDue')).toEqual([
      expect.objectContaining({ amountPaise: Math.round(excess * 100) }),
    ]);
    await api.project();
    expect((await call('admin', 'GET', '/api/admin/refunds')).json().data).toContainEqual(
      expect.objectContaining({ loanId: loan.loanId, due: excess }),
    );
  });
});
