import { beforeAll, describe, expect, it } from 'vitest';
import { listDevOutbox } from '../messaging/outbox-queries.js';
import { lendingApiKit } from '../testing/lending-api-kit.js';
import { confirmBorrower, recordPricesBefore } from '../testing/renewal-test-kit.js';
import { runLedger } from './interest.js';
import { loadLoan } from './loan-commands.js';
import { successfulPayments } from './loan.state.js';
import type { TestDatabase } from '../testing/test-infra.js';
import type { TestApi } from '../testing/test-api.js';

const { kit, call, eventCount, chain, newLoan } = lendingApiKit('loans');
let t: TestDatabase;
let api: TestApi;
beforeAll(() => {
  t = kit.t;
  api = kit.api;
});

describe('repayments', () => {
  it('quotes the closing amount with every field of the early-repayment result', async () => {
    const loan = await newLoan();
    const res = await call('employee', 'POST', `/api/loans/${loan._id}/calculate-early-repayment`, {
      repaymentDate: '2026-11-21',
    });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json();
    for (const field of [
      'totalDue',
      'interest',
      'minimumDays',
      'minimumInterest',
      'rebate',
      'gracePeriodDays',
      'gracePeriodReason',
      'minimumTotalDue',
      'monthlyPayment',
      'breakdown',
    ])
      expect(q).toHaveProperty(field);
    // Closed on the loan day: 7 days' minimum at 18 % on ₹1,00,000 is ₹345.21, less the 2 % rebate
    // of ₹6.90; ₹1,00,338.31 in all. At the counter (docs/interest.md, "Whole rupees at the
    // counter") the rebate rounds up to ₹7 and the total down to ₹1,00,338; the 31 paise are
    // waived, and principal and interest are whole rupees that add up to the total with the rebate.
    expect(q.minimumDays).toBe(7);
    expect(q.minDaysApplied).toBe(true);
    expect(q.rebate).toBe(7);
    expect(q.totalDue).toBe(100_338);
    expect(q.rounding).toBe(0.31);
    expect(Math.round((q.totalDue + q.rounding) * 100)).toBe(100_000_00 + 345_21 - 6_90);
    expect(q.principalOutstanding).toBe(100_000);
    expect(q.interest).toBe(345);
    expect(q.principalOutstanding + q.interest - q.rebate).toBe(q.totalDue);
  });

  it.each([
    [{ amount: 0.5 }, 'Amount must be at least ₹1'],
    [{ amount: 500_000 }, /Amount cannot be more than the total due/],
    [
      { amount: 1_000, paymentMethod: 'online', bankName: 'SBI' },
      'Transaction ID is required for online payments',
    ],
    [
      { amount: 1_000, paymentMethod: 'online', transactionId: 'UTR123' },
      'Bank Name is required for online payments',
    ],
  ])('refuses %o with its message and appends nothing', async (payload, message) => {
    const loan = await newLoan();
    const before = await eventCount();
    const res = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, payload);
    expect(res.statusCode).toBe(400);
    if (typeof message === 'string') expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
    expect(await eventCount()).toBe(before);
  });

  it('takes 50 concurrent repayments on one loan and ends at the exact balance', async () => {
    const loan = await newLoan({
      amount: 150_000,
      goldItems: [{ description: 'Bangles', grossWeight: 40, netWeight: 38 }],
    });
    api.clock.set('2026-12-21T06:00:00Z');
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
            amount: 2_500,
            repaymentDate: '2026-12-21',
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
      const { state } = await loadLoan(api.store, loan._id);
      const successful = successfulPayments(state);
      expect(successful).toHaveLength(50);
      const ledger = runLedger(
        { principalPaise: 150_000_00, annualRateBps: 1800, disbursementDate: '2026-11-21' },
        Array(50).fill({ date: '2026-12-21', amountPaise: 2_500_00 }),
        '2026-12-21',
      );
      // 30 days at 18 % on ₹1,50,000 is ₹2,219.18 of interest (so the first payment must be at least
      // that); the rest of the ₹1,25,000 is principal.
      expect(ledger.interestPaidPaise).toBe(2_219_18);
      expect(ledger.principalOutstandingPaise).toBe(150_000_00 - (125_000_00 - 2_219_18));
      const quote = await call('admin', 'POST', `/api/loans/${loan._id}/calculate-early-repayment`, {
        repaymentDate: '2026-12-21',
      });
      const q = quote.json();
      expect(q.totalPaid).toBe(125_000);
      // The books are exact to the paisa (₹27,219.18 of principal, no interest outstanding); the
      // counter asks whole rupees: ₹27,219, the 18 paise waived (docs/interest.md).
      expect(ledger.interestOutstandingPaise).toBe(0);
      expect(Math.round((q.totalDue + q.rounding) * 100)).toBe(ledger.principalOutstandingPaise);
      expect(q.totalDue).toBe(Math.floor(ledger.principalOutstandingPaise / 100));
      expect(q.rounding).toBe(0.18);
      expect(q.principalOutstanding).toBe(Math.round(ledger.principalOutstandingPaise / 100));
      expect(q.interest).toBe(0);
    } finally {
      api.clock.set('2026-11-21T04:30:00Z');
    }
  });

  it('holds an online payment as pending; the admin approves it and the customer is told', async () => {
    const loan = await newLoan();
    const res = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
      amount: 2_000,
      paymentMethod: 'online',
      transactionId: 'UTR778899',
      bankName: 'State Bank of India',
    });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json().data.payment;
    expect(payment.status).toBe('pending');
    expect(res.json().data.loan.totalPaid).toBe(0);
    const denied = await call('employee', 'PATCH', `/api/loans/${loan._id}/payments/${payment._id}/approve`);
    expect(denied.statusCode).toBe(403);
    const approved = await call('admin', 'PATCH', `/api/loans/${loan._id}/payments/${payment._id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe('Payment approved and customer notified.');
    expect(approved.json().data.totalPaid).toBe(2_000);
    const { state } = await loadLoan(api.store, loan._id);
    const sent = await listDevOutbox(t.db, { to: state.customer!.primaryMobile, limit: 10 });
    const sms = sent.find((m) => m.purpose === 'payment_approved');
    expect(sms!.text).toContain(`${state.loanId}`);
    expect(sms!.text).toContain('approved');
  });

  it('closes the loan when the total due is paid; reversing that payment reopens it', async () => {
    const loan = await newLoan();
    const quote = (
      await call('employee', 'POST', `/api/loans/${loan._id}/calculate-early-repayment`, {
        repaymentDate: '2026-11-21',
      })
    ).json();
    const paid = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, { amount: quote.totalDue });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.loan.status).toBe('closed');
    expect(paid.json().data.loan.remainingBalance).toBe(0);
    const again = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, { amount: 100 });
    expect(again.json().message).toBe('Loan is already closed');
    const paymentId = paid.json().data.payment._id;
    const noReason = await call('admin', 'POST', `/api/loans/${loan._id}/payments/${paymentId}/reverse`, {});
    expect(noReason.statusCode).toBe(400);
    const reversed = await call('admin', 'POST', `/api/loans/${loan._id}/payments/${paymentId}/reverse`, {
      reason: 'Counterfeit notes found in the cash',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().data.status).toBe('active');
    expect(reversed.json().data.payments[0].status).toBe('reversed');
  });
  it('refuses a reversal reason over 500 characters, appends nothing, and prints the longest allowed one', async () => {
    // The receipt prints the reason; pdfmake lays out one long unbroken word in time and
    // memory that grow faster than its length (100 KB of it ran a 4 GB heap out in the route fuzz).
    const loan = await newLoan();
    const paid = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, { amount: 1_000 });
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = paid.json().data.payment._id as string;
    const reverse = `/api/loans/${loan._id}/payments/${paymentId}/reverse`;
    const before = await eventCount();
    for (const reason of ['x'.repeat(501), 'x'.repeat(100 * 1024)]) {
      const res = await call('admin', 'POST', reverse, { reason });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json().message).toBe('Reason must be at most 500 characters');
    }
    expect(await eventCount()).toBe(before);
    const reversed = await call('admin', 'POST', reverse, { reason: 'x'.repeat(500) });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const receipt = await call('admin', 'GET', `/api/loans/${loan._id}/payments/${paymentId}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
  });
});

describe('edit, renew, delete', () => {
  it('lets staff edit gold items but only admins the bank fields', async () => {
    const loan = await newLoan();
    const items = [chain, { description: 'Ring', grossWeight: 5, netWeight: 4.8, purityKarat: 18 }];
    const ok = await call('employee', 'PUT', `/api/employee/loans/${loan._id}`, { goldItems: items });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.goldItems).toHaveLength(2);
    const before = await eventCount();
    const bad = await call('employee', 'PUT', `/api/employee/loans/${loan._id}`, {
      goldItems: [{ description: 'Ring', grossWeight: 0, netWeight: 1 }],
    });
    expect(bad.json().message).toBe('All gold items must have a description and valid weights');
    const bank = await call('employee', 'PUT', `/api/employee/loans/${loan._id}`, {
      depositedBank: 'Canara Bank',
    });
    expect(bank.statusCode).toBe(403);
    expect(await eventCount()).toBe(before);
    const admin = await call('admin', 'PUT', `/api/admin/loans/${loan._id}`, {
      depositedBank: 'Canara Bank',
      bankLoanAmount: 80_000,
      renewalDate: '2027-05-21',
      bankMobileNumber: '9444000000',
    });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().data).toMatchObject({ depositedBank: 'Canara Bank', bankLoanAmount: 80_000 });
    // A later gold-item edit names no bank field and leaves the bank's mobile as it was.
    const again = await call('employee', 'PUT', `/api/employee/loans/${loan._id}`, { goldItems: [chain] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ bankMobileNumber: '9444000000', depositedBank: 'Canara Bank' });
  });

  it('renews only a closed loan, as a new loan on the same gold', async () => {
    const loan = await newLoan();
    const open = await call('admin', 'POST', `/api/admin/loans/${loan._id}/renew`, {
      amount: 50_000,
      interestRate: 24,
      term: 6,
    });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe('Only closed loans can be renewed');
    const quote = (
      await call('admin', 'POST', `/api/loans/${loan._id}/calculate-early-repayment`, {})
    ).json();
    await call('admin', 'POST', `/api/loans/${loan._id}/payment`, { amount: quote.totalDue });
    const badRate = await call('admin', 'POST', `/api/admin/loans/${loan._id}/renew`, {
      amount: 50_000,
      interestRate: 12,
      term: 6,
    });
    expect(badRate.json().message).toBe('Interest rate must be 18, 24, 30 or 36 percent');
    const tooSmall = await call('admin', 'POST', `/api/admin/loans/${loan._id}/renew`, {
      amount: 50,
      interestRate: 24,
      term: 6,
    });
    expect(tooSmall.json().message).toBe('Loan amount must be at least 100');
    const employee = await call('employee', 'POST', `/api/admin/loans/${loan._id}/renew`, {
      amount: 50_000,
      interestRate: 24,
    });
    expect(employee.statusCode).toBe(403);
    // On the borrower's request, at today's valuation price (issue 17).
    await recordPricesBefore(kit.api.store, '2026-11-21', 6_500_00);
    await confirmBorrower(kit.api, loan._id);
    const renewed = await call('admin', 'POST', `/api/admin/loans/${loan._id}/renew`, {
      amount: 50_000,
      interestRate: 24,
      term: 3,
      disbursementMode: 'upi',
      disbursementReference: 'UPI-4411',
    });
    expect(renewed.statusCode, renewed.body).toBe(201);
    expect(renewed.json().message).toBe('Loan renewed successfully!');
    expect(renewed.json().data).toMatchObject({
      amount: 50_000,
      interestRate: 24,
      term: 3,
      status: 'active',
    });
    expect(renewed.json().data.goldItems).toEqual([{ ...chain, purityKarat: 22 }]);
    const twice = await call('admin', 'POST', `/api/admin/loans/${loan._id}/renew`, {
      amount: 50_000,
      interestRate: 24,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('deletes as an admin only, reporting the payments, and keeps the history', async () => {
    const loan = await newLoan();
    await call('employee', 'POST', `/api/loans/${loan._id}/payment`, { amount: 1_000 });
    const denied = await call('employee', 'DELETE', `/api/loans/${loan._id}`);
    expect(denied.statusCode).toBe(403);
    const res = await call('admin', 'DELETE', `/api/loans/${loan._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      hadPayments: true,
      paymentCount: 1,
      message: `Loan ${loan.loanId} deleted successfully (had 1 payment(s))`,
    });
    expect((await call('admin', 'POST', `/api/loans/${loan._id}/payment`, { amount: 100 })).statusCode).toBe(
      404,
    );
    const history = await call('admin', 'GET', `/api/loans/${loan._id}/events`);
    expect(history.json().data.map((e: { type: string }) => e.type)).toEqual([
      'LoanCreated',
      'PaymentRecorded',
      'LoanDeleted',
    ]);
  });
});

describe('upgrades', () => {
  it('shows the past and projected upgrades up to auction readiness', async () => {
    const loan = await newLoan({ term: 3 });
    const res = await call('employee', 'GET', `/api/employee/loans/${loan._id}/upgrade-history`);
    expect(res.statusCode, res.body).toBe(200);
    const { upgradeHistory, timeline } = res.json().data;
    expect(upgradeHistory.totalUpgrades).toBe(0);
    expect(upgradeHistory.nextUpgradeInfo).toMatchObject({ toRate: 24, upgradeDate: '2027-02-21' });
    expect(timeline.map((e: { date: string; isFuture: boolean }) => [e.date, e.isFuture])).toEqual([
      ['2026-11-21', false],
      ['2027-02-21', true],
      ['2027-05-21', true],
      ['2027-08-21', true],
      ['2027-12-21', true], // 3 + 1 + 3 × 3 months after the loan date
    ]);
    // Before the upgrade date: an early upgrade, confirmed with a reason (issue 15).
    const upgraded = await call('admin', 'POST', `/api/admin/loans/${loan._id}/upgrade-rate`, {
      confirmEarly: true,
      reason: 'Customer asked for the higher slab',
    });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(upgraded.json().data).toMatchObject({ currentInterestRate: 24, currentUpgradeLevel: 1 });
    const after = (await call('admin', 'GET', `/api/admin/loans/${loan._id}/upgrade-history`)).json().data;
    expect(after.timeline[1]).toMatchObject({
      isUpgrade: true,
      isFuture: false,
      upgradedBy: { type: 'admin' },
    });
  });
});
