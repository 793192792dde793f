import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LoanAsOfResponse, LoanEventsResponse } from '@goldledger/contracts';
import { listOutbox } from '../messaging/outbox-queries.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { runLedger } from './interest.js';
import { loadLoan } from './loan-commands.js';
import { successfulPayments } from './loan.state.js';

let t: TestDatabase;
let api: TestApi;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestDatabase('loans');
  api = await createTestApi(t);
  for (const role of ['admin', 'employee', 'customer'] as const) tokens[role] = await api.tokenFor(role);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

type Caller = 'admin' | 'employee' | 'customer' | 'anonymous';
const call = (
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  api.app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload } : {}),
    headers: caller === 'anonymous' ? {} : { 'x-auth-token': tokens[caller]! },
  });

const eventCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.db)).rows[0]!.n);

let serial = 0;
/** A customer created and verified through the API, the way the wizard does it. */
async function verifiedCustomer(): Promise<string> {
  serial += 1;
  const mobile = `97${String(serial).padStart(8, '0')}`;
  const created = await call('employee', 'POST', '/api/employee/customers', {
    aadharNumber: `7${String(serial).padStart(11, '0')}`,
    name: `borrower ${serial}`,
    primaryMobile: mobile,
    emergencyContact: { mobile: `96${String(serial).padStart(8, '0')}`, relation: 'brother' },
    presentAddress: '12 Anna Salai, Chennai',
    permanentAddress: '12 Anna Salai, Chennai',
    purpose: 'loan_creation',
  });
  expect(created.statusCode, created.body).toBe(201);
  const sent = await listOutbox(t.db, { to: mobile, limit: 10 });
  const sms = sent.find((m) => /verif/i.test(m.purpose));
  const otp = /\b(\d{6})\b/.exec(sms!.text)![1]!;
  const verified = await call('employee', 'POST', '/api/employee/verify-customer-otp', {
    otp,
    phoneNumber: mobile,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().customer._id as string;
}

const chain = { description: 'Gold chain', grossWeight: 30, netWeight: 28.5 };
const loanBody = (customerId: string, extra: object = {}) => ({
  customerId,
  goldItems: [chain],
  interestRate: 18,
  amount: 100_000,
  term: 6,
  monthlyPayment: 17_500,
  totalPayment: 105_000,
  ...extra,
});

async function newLoan(extra: object = {}) {
  const customerId = await verifiedCustomer();
  const res = await call('employee', 'POST', '/api/employee/loans', loanBody(customerId, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; loanId: string; totalPayment: number; installments: unknown[] };
}

describe('the public calculator', () => {
  it.each([
    [70_000, 12, 365, 8_879, 78_879, 13, 365],
    [100_000, 24, 95, 6_384, 106_384, 4, 95],
    [10_000, 18, 10, 50, 10_050, 1, 10],
    [100_000, 12, 5, 493, 100_493, 1, 15],
  ])(
    'answers ₹%i at %i%% for %i days with ₹%i interest',
    async (principal, rate, days, interest, total, months, eff) => {
      const from = new Date('2026-11-21T06:00:00.000Z');
      const res = await call('anonymous', 'POST', '/api/loans/calculate-interest', {
        principal,
        annualRate: rate,
        disbursementDate: from.toISOString(),
        closureDate: new Date(from.getTime() + days * 86_400_000).toISOString(),
        termMonths: 12,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(Math.round(body.totalInterest)).toBe(interest);
      expect(Math.round(body.totalAmount)).toBe(total);
      expect(body.months).toBe(months);
      expect(body.effectiveDays).toBe(eff);
      expect(body.monthlyPayment).toBe(Math.round(body.totalAmount / 12));
      expect(body.message).toMatch(/compounded every 30 days/);
    },
  );
});

describe('creating a loan', () => {
  it('gives a GL number, a schedule and the valuation for a verified customer', async () => {
    const loan = await newLoan();
    expect(loan.loanId).toMatch(/^GL2611\d{5}$/);
    expect(loan.installments).toHaveLength(6);
  });

  it.each([
    [{ amount: 99 }, 'Loan amount must be at least 100'],
    [{ term: 0 }, 'Loan duration must be at least 1 month'],
    [{ interestRate: -1 }, 'Interest rate cannot be negative'],
    [{ monthlyPayment: 0 }, 'Invalid monthly payment amount'],
    [{ totalPayment: 0 }, 'Invalid total payment amount'],
    [{ goldItems: [] }, 'Please add at least one gold item with complete details'],
    [
      { goldItems: [{ description: '', grossWeight: 10, netWeight: 9 }] },
      'Please add at least one gold item with complete details',
    ],
    [
      { goldItems: [{ description: 'Ring', grossWeight: 0, netWeight: 0 }] },
      'Please add at least one gold item with complete details',
    ],
    [{ amount: 5_00_000 }, /loan-to-value limit/],
    [{ customLoanDate: '2026-12-01' }, 'Loan date cannot be in the future'],
  ])('refuses %o with its message and appends nothing', async (change, message) => {
    const customerId = await verifiedCustomer();
    const before = await eventCount();
    const res = await call('employee', 'POST', '/api/employee/loans', loanBody(customerId, change));
    expect([400, 422]).toContain(res.statusCode);
    const body = res.json();
    const messages = [body.message, ...(body.errors ?? []).map((e: { msg: string }) => e.msg)].join('\n');
    if (typeof message === 'string') expect(messages).toContain(message);
    else expect(messages).toMatch(message);
    expect(await eventCount()).toBe(before);
  });

  it('refuses an unverified customer with "Customer must be verified before adding a loan."', async () => {
    serial += 1;
    const created = await call('admin', 'POST', '/api/admin/customers', {
      aadharNumber: `8${String(serial).padStart(11, '0')}`,
      name: 'not yet verified',
      primaryMobile: `95${String(serial).padStart(8, '0')}`,
      emergencyContact: { mobile: `94${String(serial).padStart(8, '0')}`, relation: 'sister' },
      presentAddress: 'Madurai',
      permanentAddress: 'Madurai',
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = await eventCount();
    const res = await call('admin', 'POST', '/api/admin/loans', loanBody(created.json().customer._id));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Customer must be verified before adding a loan.');
    expect(await eventCount()).toBe(before);
  });
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
    // Closed on the loan day: 7 days' minimum at 18 % on ₹1,00,000 is ₹345.21, less the 2 % rebate.
    expect(q.minimumDays).toBe(7);
    expect(q.interest).toBe(345.21);
    expect(q.rebate).toBe(6.9);
    expect(q.totalDue).toBeCloseTo(100_000 + 345.21 - 6.9, 2);
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
      expect(quote.json().principalOutstanding).toBe(ledger.principalOutstandingPaise / 100);
      expect(quote.json().totalPaid).toBe(125_000);
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
    const sent = await listOutbox(t.db, { to: state.customer!.primaryMobile, limit: 10 });
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
    const renewed = await call('admin', 'POST', `/api/admin/loans/${loan._id}/renew`, {
      amount: 50_000,
      interestRate: 24,
      term: 3,
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
    const upgraded = await call('admin', 'POST', `/api/admin/loans/${loan._id}/upgrade-rate`, {});
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

describe("an auditor's replay", () => {
  it('gives, at the moment of each change, the state the read model held then', async () => {
    const loan = await newLoan({
      amount: 120_000,
      goldItems: [{ description: 'Necklace', grossWeight: 40, netWeight: 38 }],
    });
    const day = (n: number) => api.clock.set(new Date(Date.parse('2026-11-21T04:30:00Z') + n * 86_400_000));
    const paymentOf = (res: { json(): { data: { payment: { _id: string } } } }) =>
      res.json().data.payment._id;
    const steps: Array<() => Promise<unknown>> = [
      async () => undefined, // the loan as created
      async () => {
        day(20);
        return paymentOf(await call('employee', 'POST', `/api/loans/${loan._id}/payment`, { amount: 5_000 }));
      },
      async () =>
        call('employee', 'PUT', `/api/employee/loans/${loan._id}`, {
          goldItems: [
            { description: 'Necklace', grossWeight: 40, netWeight: 38 },
            { description: 'Ring', grossWeight: 4, netWeight: 3.9 },
          ],
        }),
      async () => {
        day(40);
        const res = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
          amount: 3_000,
          paymentMethod: 'online',
          transactionId: 'UTR-AUDIT-1',
          bankName: 'Indian Bank',
        });
        return call('admin', 'PATCH', `/api/loans/${loan._id}/payments/${paymentOf(res)}/approve`);
      },
      async () => {
        day(70);
        return call('admin', 'POST', `/api/admin/loans/${loan._id}/upgrade-rate`, {});
      },
      async () =>
        call('admin', 'PUT', `/api/admin/loans/${loan._id}`, {
          depositedBank: 'Indian Bank',
          bankLoanAmount: 90_000,
        }),
      async () => {
        const { state } = await loadLoan(api.store, loan._id);
        const first = state.payments[0]!.paymentId;
        return call('admin', 'POST', `/api/loans/${loan._id}/payments/${first}/reverse`, {
          reason: 'Entered against the wrong loan',
        });
      },
      async () => {
        day(75);
        const q = (
          await call('admin', 'POST', `/api/loans/${loan._id}/calculate-early-repayment`, {})
        ).json();
        return call('admin', 'POST', `/api/loans/${loan._id}/payment`, { amount: q.totalDue });
      },
    ];
    try {
      const seen: Array<{ moment: string; row: Record<string, unknown> }> = [];
      for (const step of steps) {
        await step();
        await api.project();
        const row = (
          await sql<Record<string, unknown>>`
          select * from rm_loans.loans where loan_uuid = ${loan._id}`.execute(t.db)
        ).rows[0]!;
        const events = (await call('admin', 'GET', `/api/loans/${loan._id}/events`)).json().data;
        seen.push({ moment: events.at(-1).recordedAt, row });
      }
      expect(seen.at(-1)!.row.status).toBe('closed');
      for (const { moment, row } of seen) {
        const res = await call(
          'admin',
          'GET',
          `/api/loans/${loan._id}/as-of?date=${encodeURIComponent(moment)}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const { loan: then, recordedLedger } = res.json();
        const at = `as of ${moment}`;
        expect(then.status, at).toBe(row.status);
        expect(then.currentInterestRate * 100, at).toBe(row.current_rate_bps);
        expect(then.currentUpgradeLevel, at).toBe(row.upgrade_level);
        expect(Math.round(then.totalPayment * 100), at).toBe(Number(row.total_payment_paise));
        expect(Math.round(then.monthlyPayment * 100), at).toBe(Number(row.monthly_payment_paise));
        expect(then.goldItems.length, at).toBe((row.gold_items as unknown[]).length);
        expect(then.depositedBank, at).toBe(row.deposited_bank);
        expect(recordedLedger.principalOutstandingPaise, at).toBe(Number(row.principal_outstanding_paise));
        expect(recordedLedger.interestOutstandingPaise, at).toBe(Number(row.interest_outstanding_paise));
        expect(recordedLedger.totalPaidPaise, at).toBe(Number(row.total_paid_paise));
        const schedule = (
          row.installments as Array<{ number: number; dueDate: string; amountPaise: number; status: string }>
        ).map((i) => [i.number, i.dueDate, i.amountPaise, i.status]);
        expect(
          then.installments.map((i: { number: number; dueDate: string; amount: number; status: string }) => [
            i.number,
            i.dueDate,
            Math.round(i.amount * 100),
            i.status,
          ]),
          at,
        ).toEqual(schedule);
      }
      const before = await call('admin', 'GET', `/api/loans/${loan._id}/as-of?date=2026-11-20`);
      expect(before.statusCode).toBe(404);
      expect(before.json().message).toBe('The loan did not exist yet at that time');
    } finally {
      api.clock.set('2026-11-21T04:30:00Z');
    }
  });

  it('replays by when events happened with basis=occurred, whenever they were recorded', async () => {
    const loan = await newLoan();
    try {
      // Written now, but happening 20 days after the loan was made (history entered late).
      api.clock.set('2026-12-11T04:30:00Z');
      const paid = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, { amount: 5_000 });
      expect(paid.statusCode, paid.body).toBe(201);
      const asOf = (date: string, basis?: string) =>
        call(
          'admin',
          'GET',
          `/api/loans/${loan._id}/as-of?date=${encodeURIComponent(date)}${basis ? `&basis=${basis}` : ''}`,
        );

      const between = await asOf('2026-12-01', 'occurred');
      expect(between.statusCode, between.body).toBe(200);
      // The web reads both answers through these contracts.
      expect(LoanAsOfResponse.safeParse(between.json()).error).toBeUndefined();
      const log = (await call('admin', 'GET', `/api/loans/${loan._id}/events`)).json();
      expect(LoanEventsResponse.safeParse(log).error).toBeUndefined();
      expect(between.json()).toMatchObject({
        basis: 'occurred',
        eventCount: 1,
        lastEvent: { type: 'LoanCreated' },
        loan: { totalPaid: 0 },
      });
      const after = (await asOf('2026-12-11', 'occurred')).json();
      expect(after).toMatchObject({ eventCount: 2, lastEvent: { type: 'PaymentRecorded' } });
      expect(after.loan.totalPaid).toBe(5_000);

      // By default the books as recorded: both events were written a moment ago.
      const recorded = (await asOf(new Date().toISOString())).json();
      expect(recorded).toMatchObject({ basis: 'recorded', eventCount: 2 });
      expect((await asOf('2026-12-01', 'whenever')).json().message).toBe(
        'basis must be recorded or occurred',
      );
    } finally {
      api.clock.set('2026-11-21T04:30:00Z');
    }
  });
});

describe('the remaining form messages', () => {
  it.each([
    [{ phoneNumber: '9000000003' }, 'Please enter the 6-digit OTP'],
    [{ otp: '12ab56', phoneNumber: '9000000003' }, 'Please enter the 6-digit OTP'],
    [{ otp: '1234567', phoneNumber: '9000000003' }, 'Please enter the 6-digit OTP'],
  ])('the verification step: refuses the OTP %o with "%s" and appends nothing', async (payload, message) => {
    const before = await eventCount();
    const res = await call('employee', 'POST', '/api/employee/verify-customer-otp', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await eventCount()).toBe(before);
  });

  it.each([
    [{ amount: 99, interestRate: 24, term: 6 }, 'Loan amount must be at least 100'],
    [{ amount: 50_000, interestRate: 20, term: 6 }, 'Interest rate must be 18, 24, 30 or 36 percent'],
    [{ amount: 50_000, interestRate: 24, term: 5 }, 'Term must be 3, 6 or 12 months'],
  ])('the renewal form: refuses the renewal %o with "%s" and appends nothing', async (payload, message) => {
    const loan = await newLoan();
    const before = await eventCount();
    const res = await call('admin', 'POST', `/api/admin/loans/${loan._id}/renew`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await eventCount()).toBe(before);
  });
});

describe('valuation', () => {
  it("shows what the gold can secure at today's rate, slab by slab", async () => {
    const res = await call('employee', 'POST', '/api/loans/valuation', {
      goldItems: [{ description: 'Chain', grossWeight: 50, netWeight: 48, purityKarat: 22 }],
      amount: 250_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    // 48 g × 22/24 = 44 g of fine gold at ₹7,000 = ₹3,08,000; 80 % is ₹2,46,400, under ₹2.5 lakh,
    // so the 85 % slab gives ₹2,50,000 at most, and 80 % of the value (₹2,46,400) does not beat it.
    expect(res.json()).toMatchObject({
      goldRate: 7_000,
      fineGoldGrams: 44,
      goldValue: 308_000,
      eligibleAmount: 250_000,
      ltvCapPercent: 85,
      ltvPercent: 81.17,
    });
  });
});
