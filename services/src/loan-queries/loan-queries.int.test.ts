// Long on purpose: every read-side test here reads one loan book, built once in beforeAll
// from ~60 appended events (customers, loans, payments, upgrades, a deletion) and projected.
// Split across files, each file would build and project its own copy of the book.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CustomerEvents,
  LoanEvents,
  addMonths,
  type LoanEventData,
  type LoanEventType,
  type Role,
} from '@goldledger/contracts';
import { loansProjection, rebuildProjection } from '@goldledger/projections';
import { pricesFrom22k, recordTestPrices } from '../testing/gold-prices-test-kit.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

let t: TestDatabase;
let api: TestApi;

/** A v4 uuid whose last group holds letters, so a 12-digit scan of an answer never trips on an id. */
let ids = 0;
const uuid = () => `${randomUUID().slice(0, 24)}abcdef${String(++ids).padStart(6, '0')}`;

const versions = new Map<string, number>();
async function append<K extends LoanEventType>(loan: string, type: K, data: LoanEventData<K>, at: string) {
  const streamId = `loan-${loan}`;
  const version = versions.get(streamId) ?? 0;
  await api.store.append(
    streamId,
    [{ type, data: LoanEvents[type].parse(data) as Record<string, unknown>, occurredAt: new Date(at) }],
    {
      streamType: 'loan',
      expectedVersion: version === 0 ? 'no_stream' : version,
      metadata: { actor: { id: api.users.employee, role: 'employee', name: 'Ravi Employee' } },
    },
  );
  versions.set(streamId, version + 1);
}

interface Borrower {
  customerStreamId: string;
  customerId: string;
  name: string;
  email: string | null;
  aadharNumber: string;
  primaryMobile: string;
  secondaryMobile: string | null;
}

let loanSeq = 0;
const borrower = (over: Partial<Borrower> & { name: string }): Borrower => ({
  customerStreamId: `customer-${uuid()}`,
  customerId: `CUS${String(900 + loanSeq).padStart(6, '0')}`,
  email: null,
  aadharNumber: `7000${String(10_000_000 + loanSeq * 7919).slice(-8)}`,
  primaryMobile: `81${String(10_000_000 + loanSeq * 104_729).slice(-8)}`,
  secondaryMobile: null,
  ...over,
});

const ledger = (asOf: string, principal: number, paid = 0, interest = 0) => ({
  asOf,
  principalOutstandingPaise: principal,
  interestOutstandingPaise: interest,
  totalPaidPaise: paid,
  interestPaidPaise: 0,
  principalPaidPaise: paid,
});

/** A 3-month loan at 18 %, installments on the disbursement's day of month. */
async function createLoan(b: Borrower, rupees: number, disbursed: string) {
  const loan = uuid();
  loanSeq += 1;
  const loanId = `GL2610${String(loanSeq).padStart(5, '0')}`;
  const principal = rupees * 100;
  const total = Math.round(principal * 1.045);
  const monthly = Math.round(total / 3);
  await append(
    loan,
    'LoanCreated',
    {
      loanId,
      customer: {
        ...b,
        emergencyContact: { mobile: '9000099999', relation: 'Spouse' },
        presentAddress: '1 Main Road, Chennai',
        permanentAddress: '1 Main Road, Chennai',
      },
      goldItems: [{ description: 'Chain', grossWeightMg: 20_000, netWeightMg: 18_000, purityKarat: 22 }],
      principalPaise: principal,
      annualRateBps: 1800,
      termMonths: 3,
      disbursementDate: disbursed,
      totalPaymentPaise: total,
      monthlyPaymentPaise: monthly,
      installments: [1, 2, 3].map((n) => ({
        number: n,
        dueDate: addMonths(disbursed, n),
        amountPaise: n === 3 ? total - 2 * monthly : monthly,
      })),
      valuation: {
        goldRatePaisePerGram: 700_000,
        goldValuePaise: 115_500_00,
        eligiblePaise: 98_175_00,
        ltvCapBps: 8500,
      },
      createdBy: {
        id: api.users.employee,
        name: 'Ravi Employee',
        role: 'employee',
        email: 'employee@demo.local',
      },
      renewalOf: null,
    },
    `${disbursed}T05:00:00.000Z`,
  );
  return { loan, loanId, principal, monthly, total };
}

async function pay(
  l: { loan: string; principal: number },
  amount: number,
  date: string,
  over: Partial<LoanEventData<'PaymentRecorded'>> = {},
) {
  const paymentId = uuid();
  await append(
    l.loan,
    'PaymentRecorded',
    {
      paymentId,
      amountPaise: amount,
      method: 'handcash',
      paymentType: 'total',
      paymentDate: date,
      transactionId: null,
      bankName: null,
      status: 'success',
      installmentNumber: 1,
      enteredBy: { id: api.users.employee, name: 'Ravi Employee' },
      allocation: { interestPaise: 1_000_00, principalPaise: amount - 1_000_00 },
      ledger: ledger(date, l.principal - (amount - 1_000_00), amount),
      ...over,
    },
    `${date}T06:00:00.000Z`,
  );
  return paymentId;
}

async function upgrade(
  l: { loan: string; principal: number; total: number },
  level: number,
  rateBps: number,
) {
  const date = '2026-11-01';
  await append(
    l.loan,
    'RateUpgraded',
    {
      level,
      upgradeDate: date,
      previousRateBps: rateBps - 600,
      newRateBps: rateBps,
      previousTotalPaymentPaise: l.total,
      newTotalPaymentPaise: l.total + level * 1_000_00,
      previousMonthlyPaymentPaise: 1,
      newMonthlyPaymentPaise: 2,
      installments: [
        { number: 1, dueDate: '2026-12-01', amountPaise: 50_000_00 },
        { number: 2, dueDate: '2027-01-01', amountPaise: 50_000_00 },
      ],
      nextUpgradeDate: rateBps >= 3600 ? null : addMonths(date, 3),
      upgradedBy: { type: 'scheduler', id: null, name: 'Rate upgrade job' },
      ledger: ledger(date, l.principal, 0, 2_000_00),
    },
    `${date}T00:30:00.000Z`,
  );
}

const headers = async (role: Role) => ({ 'x-auth-token': await api.tokenFor(role) });
const get = async (url: string, role: Role = 'admin') =>
  api.app.inject({ method: 'GET', url, headers: await headers(role) });
const list = async (query: string, role: Role = 'admin') =>
  (await get(`/api/${role === 'admin' ? 'admin' : 'employee'}/loans?${query}`, role)).json();
const names = (body: { data: Array<{ name: string }> }) => body.data.map((l) => l.name);
/** What closing the loan costs today: the balance every screen shows (issue 19). */
const todaysQuote = async (loan: string) =>
  (
    await api.app.inject({
      method: 'POST',
      url: `/api/loans/${loan}/calculate-early-repayment`,
      headers: await headers('admin'),
      payload: {},
    })
  ).json() as { totalDue: number; principalOutstanding: number; interest: number; repaymentDate: string };

let meena: Awaited<ReturnType<typeof createLoan>>;
let arjun: Awaited<ReturnType<typeof createLoan>>;
let deepa: Awaited<ReturnType<typeof createLoan>>;
let ghost: Awaited<ReturnType<typeof createLoan>>;
let demoCustomerId: string;
let meenaPayment: string;
const kiran = borrower({ name: 'Kiran Shah', email: 'kiran@example.com' });

beforeAll(async () => {
  t = await createTestDatabase('loanqueries');
  api = await createTestApi(t); // business date 2026-11-21
  // Loans are valued at the day's valuation price (issue 17): ₹6,000 a gram of 22K throughout.
  await recordTestPrices(api.store, {
    from: '2026-10-01',
    to: '2026-11-20',
    pricePaise: pricesFrom22k(6_000),
  });
  await api.project();
  const { rows } = await sql<{ customer_id: string }>`
    select customer_id from rm_users.users where user_id = ${api.users.customer}`.execute(t.db);
  demoCustomerId = rows[0]!.customer_id;

  // Meena is the signed-in demo customer: one loan, part paid, an installment overdue.
  meena = await createLoan(
    borrower({
      name: 'Meena Iyer',
      customerId: demoCustomerId,
      email: 'meena@example.com',
      aadharNumber: '234523452345',
      primaryMobile: '9876543210',
      secondaryMobile: '9123400001',
    }),
    50_000,
    '2026-10-01',
  );
  meenaPayment = await pay(meena, 10_000_00, '2026-10-20', { transactionId: 'UTR-77', installmentNumber: 1 });
  await pay(meena, 5_000_00, '2026-11-20', {
    method: 'online',
    status: 'pending',
    allocation: null,
    transactionId: 'UTR-78',
    bankName: 'HDFC',
    ledger: ledger('2026-11-20', meena.principal - 9_000_00, 10_000_00),
  });

  // Arjun: repaid and closed.
  arjun = await createLoan(borrower({ name: 'Arjun Rao', email: 'arjun@example.com' }), 75_000, '2026-10-05');
  await pay(arjun, 76_000_00, '2026-10-25', { ledger: ledger('2026-10-25', 0, 76_000_00) });
  await append(
    arjun.loan,
    'LoanClosed',
    { closedOn: '2026-10-25', reason: 'repaid', totalInterestPaise: 1_000_00, excessPaise: 0 },
    '2026-10-25T06:00:00.000Z',
  );

  // Deepa: upgraded once; an installment falls due today.
  deepa = await createLoan(
    borrower({ name: 'Deepa Nair', email: 'deepa@example.com' }),
    120_000,
    '2026-08-21',
  );
  await upgrade(deepa, 1, 2400);
  await append(
    deepa.loan,
    'LoanDetailsEdited',
    {
      depositedBank: 'SBI Mylapore',
      renewalDate: '2027-02-21',
      bankMobileNumber: '9000012345',
      bankLoanAmountPaise: 90_000_00,
    },
    '2026-11-02T05:00:00.000Z',
  );
  await append(
    deepa.loan,
    'RateUpgraded',
    {
      level: 1,
      upgradeDate: '2026-11-21',
      previousRateBps: 1800,
      newRateBps: 2400,
      previousTotalPaymentPaise: deepa.total,
      newTotalPaymentPaise: deepa.total + 1_000_00,
      previousMonthlyPaymentPaise: 1,
      newMonthlyPaymentPaise: 2,
      installments: [
        { number: 1, dueDate: '2026-11-21', amountPaise: 60_000_00 },
        { number: 2, dueDate: '2026-12-21', amountPaise: 63_400_00 },
      ],
      nextUpgradeDate: '2027-02-21',
      upgradedBy: { type: 'admin', id: api.users.admin, name: 'Asha Admin' },
      ledger: ledger('2026-11-21', deepa.principal, 0, 3_000_00),
    },
    '2026-11-21T00:30:00.000Z',
  );

  // Two more upgraded loans (levels 2 and 3), one of them Kiran's.
  const orange = await createLoan(borrower({ name: 'Farah Khan' }), 60_000, '2026-06-10');
  await upgrade(orange, 2, 3000);
  const red = await createLoan(kiran, 80_000, '2026-03-10');
  await upgrade(red, 3, 3600);

  // Deleted: never listed.
  ghost = await createLoan(
    borrower({ name: 'Ghost Person', email: 'ghost@example.com' }),
    33_333,
    '2026-10-15',
  );
  await append(
    ghost.loan,
    'LoanDeleted',
    { reason: 'Entered twice', hadPayments: false, paymentCount: 0 },
    '2026-10-15T07:00:00.000Z',
  );

  // A crowd for paging: 20 more loans, a day apart, amounts ₹10,001…₹10,020.
  for (let i = 1; i <= 20; i++) {
    await createLoan(
      borrower({ name: `Bulk Borrower ${String(i).padStart(2, '0')}` }),
      10_000 + i,
      `2026-09-${String(i).padStart(2, '0')}`,
    );
  }
  await api.project();
}, 120_000);

afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

describe('the staff loans list', () => {
  it('lists every loan but the deleted one, newest first, 20 a page, with counts and the whole book', async () => {
    const body = await list('');
    expect(body.data).toHaveLength(20);
    expect(names(body).slice(0, 3)).toEqual(['Arjun Rao', 'Meena Iyer', 'Bulk Borrower 20']);
    expect(body.counts).toEqual({ all: 25, active: 24, closed: 1 });
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: 25, totalPages: 2 });
    expect(body.portfolio).toEqual({
      totalLoans: 25,
      activeLoans: 24,
      closedLoans: 1,
      totalAmount: 50_000 + 75_000 + 120_000 + 60_000 + 80_000 + 20 * 10_000 + 210,
    });
    expect(names(body)).not.toContain('Ghost Person');
  });

  it('shows a loan with every field of the loan row, in rupees, grams and percent, with its LTV at today’s valuation price', async () => {
    const row = (await list('search=meena')).data[0];
    const quote = await todaysQuote(meena.loan);
    // Today's payoff, whole rupees: ₹40,000 principal and the interest accrued to today.
    expect(quote.totalDue).toBeGreaterThan(41_000);
    expect(Number.isInteger(quote.totalDue)).toBe(true);
    expect(row).toMatchObject({
      _id: meena.loan,
      loanId: meena.loanId,
      customerId: { customerId: demoCustomerId, name: 'Meena Iyer', aadharNumber: '234523452345' },
      name: 'Meena Iyer',
      email: 'meena@example.com',
      primaryMobile: '9876543210',
      secondaryMobile: '9123400001',
      emergencyContact: { mobile: '9000099999', relation: 'Spouse' },
      amount: 50_000,
      term: 3,
      interestRate: 18,
      originalInterestRate: 18,
      currentInterestRate: 18,
      monthlyPayment: meena.monthly / 100,
      totalPayment: meena.total / 100,
      totalPaid: 10_000,
      remainingBalance: quote.totalDue,
      principalOutstanding: quote.principalOutstanding,
      balanceAsOf: quote.repaymentDate,
      status: 'active',
      createdAt: '2026-10-01T05:00:00.000Z',
      currentUpgradeLevel: 0,
      goldItems: [{ description: 'Chain', grossWeight: 20, netWeight: 18, purityKarat: 22 }],
      fineGoldWeight: 16.5,
      paymentCount: 2,
      pendingPaymentCount: 1,
      // 18 g net of 22K at the day's valuation price of ₹6,000 a gram; today's payoff owed on it.
      ltv: {
        goldRate: 6000,
        goldValue: 108_000,
        ltvPercent: Math.round((quote.totalDue / 108_000) * 10_000) / 100,
        marginCall: null,
      },
      createdBy: { name: 'Ravi Employee', email: 'employee@demo.local', role: 'employee' },
    });
    expect(row.installments).toEqual([
      {
        number: 1,
        dueDate: '2026-11-01',
        amount: meena.monthly / 100,
        amountPaid: 10_000,
        status: 'unpaid',
        place: { n: 1, of: 3, upgradedOn: null },
      },
      {
        number: 2,
        dueDate: '2026-12-01',
        amount: meena.monthly / 100,
        amountPaid: 0,
        status: 'unpaid',
        place: { n: 2, of: 3, upgradedOn: null },
      },
      {
        number: 3,
        dueDate: '2027-01-01',
        amount: (meena.total - 2 * meena.monthly) / 100,
        amountPaid: 0,
        status: 'unpaid',
        place: { n: 3, of: 3, upgradedOn: null },
      },
    ]);
  });

  it.each([
    ['name, in any case', 'MEEN', ['Meena Iyer']],
    ['email', 'arjun@EXAMPLE', ['Arjun Rao']],
    ['primary mobile', '98765', ['Meena Iyer']],
    ['secondary mobile', '9123400001', ['Meena Iyer']],
    ['loan id (the first loan made here)', 'gl261000001', ['Meena Iyer']],
    ['Aadhar, any part (admins)', '45234523', ['Meena Iyer']],
    ['exact amount in rupees', '75000', ['Arjun Rao']],
    ['exact amount with grouping', '₹1,20,000', ['Deepa Nair']],
    ['a % typed literally', '100%', []],
  ])('finds loans by %s', async (_what, search, expected) => {
    const body = await list(`search=${encodeURIComponent(search)}`);
    expect(names(body)).toEqual(expected);
    expect(body.counts.all).toBe(expected.length);
  });

  it('matches an amount exactly, not as a part of a larger one', async () => {
    expect(names(await list('search=10005'))).toEqual(['Bulk Borrower 05']);
  });

  it('counts the search per tab, and filters by tab', async () => {
    const body = await list('search=example.com');
    expect(body.counts).toEqual({ all: 4, active: 3, closed: 1 });
    expect(body.portfolio.totalLoans).toBe(25);
    const closed = await list('search=example.com&status=closed');
    expect(names(closed)).toEqual(['Arjun Rao']);
    expect(closed.pagination).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });
    expect(names(await list('status=active&limit=100'))).not.toContain('Arjun Rao');
  });

  it('pages and sorts by amount, name and loan id', async () => {
    const page2 = await list('page=2&limit=5&sort=amount&order=asc');
    expect(page2.data.map((l: { amount: number }) => l.amount)).toEqual([
      10_006, 10_007, 10_008, 10_009, 10_010,
    ]);
    expect(page2.pagination).toEqual({ page: 2, limit: 5, total: 25, totalPages: 5 });
    expect(names(await list('sort=name&order=asc&limit=3'))).toEqual([
      'Arjun Rao',
      'Bulk Borrower 01',
      'Bulk Borrower 02',
    ]);
    const byId = await list('sort=loanId&order=desc&limit=2');
    expect(byId.data.map((l: { loanId: string }) => l.loanId)).toEqual(['GL261000026', 'GL261000025']);
    expect((await list('page=9')).data).toEqual([]);
  });

  it('refuses a page size above 100 and an unknown sort', async () => {
    const big = await get('/api/admin/loans?limit=101');
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Limit can be at most 100');
    expect((await get('/api/admin/loans?sort=color')).statusCode).toBe(400);
  });

  it('never lists a deleted loan, nor finds it', async () => {
    expect((await list('search=ghost')).data).toEqual([]);
    expect((await get(`/api/loans/${ghost.loan}`)).statusCode).toBe(404);
  });

  it('shows admins the bank fields', async () => {
    const row = (await list('search=deepa')).data[0];
    expect(row).toMatchObject({
      depositedBank: 'SBI Mylapore',
      renewalDate: '2027-02-21',
      bankMobileNumber: '9000012345',
      bankLoanAmount: 90_000,
    });
  });
});

describe('an employee reading loans', () => {
  it('gets no creator, no bank contact or amount, and every Aadhar masked', async () => {
    const res = await get('/api/employee/loans?limit=100', 'employee');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(25);
    for (const row of body.data) {
      expect(row).not.toHaveProperty('createdBy');
      expect(row).not.toHaveProperty('bankMobileNumber');
      expect(row).not.toHaveProperty('bankLoanAmount');
    }
    expect(res.body).not.toMatch(/\d{12}/);
    expect(res.body).not.toContain('createdBy');
    const meenaRow = body.data.find((l: { name: string }) => l.name === 'Meena Iyer');
    expect(meenaRow.customerId.aadharNumber).toBe('****-****-2345');
    expect(body.data.find((l: { name: string }) => l.name === 'Deepa Nair').depositedBank).toBe(
      'SBI Mylapore',
    );
  });

  it('finds a loan by the whole Aadhar number, but not by a part of it', async () => {
    expect(names(await list('search=234523452345', 'employee'))).toEqual(['Meena Iyer']);
    expect(names(await list('search=2345 2345 2345', 'employee'))).toEqual(['Meena Iyer']);
    expect(names(await list('search=45234523', 'employee'))).toEqual([]);
  });

  it('gets the same masking on a single loan, its upgrades list and pending repayments', async () => {
    for (const url of [
      `/api/loans/${meena.loan}`,
      '/api/employee/loans-with-upgrades?status=all',
      '/api/loans/pending-repayments',
      `/api/loans/${meena.loan}/payments`,
    ]) {
      const res = await get(url, 'employee');
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/\d{12}/);
      expect(res.body, url).not.toContain('createdBy');
    }
  });

  it('may not use the admin list', async () => {
    expect((await get('/api/admin/loans', 'employee')).statusCode).toBe(403);
  });
});

describe("a customer's own loans", () => {
  it('are theirs only, each with installments and payments, and a portfolio summary', async () => {
    const res = await get('/api/loans/customer', 'customer');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((l: { loanId: string }) => l.loanId)).toEqual([meena.loanId]);
    expect(body.data[0].installments).toHaveLength(3);
    expect(
      body.data[0].payments.map((p: { amount: number; status: string }) => [p.amount, p.status]),
    ).toEqual([
      [10_000, 'success'],
      [5_000, 'pending'],
    ]);
    expect(body.data[0]).not.toHaveProperty('createdBy');
    const quote = await todaysQuote(meena.loan);
    expect(body.data[0].remainingBalance).toBe(quote.totalDue);
    expect(body.portfolio).toEqual({
      totalBorrowed: 50_000,
      totalPaid: 10_000,
      outstanding: quote.totalDue,
      activeLoans: 1,
    });
    expect(res.body).not.toMatch(/\d{12}/);
  });

  it('can read their own loan and its payments', async () => {
    expect((await get(`/api/loans/${meena.loan}`, 'customer')).json().data.loanId).toBe(meena.loanId);
    expect((await get(`/api/loans/${meena.loan}/payments`, 'customer')).statusCode).toBe(200);
  });

  it("hear 'Loan not found' for another customer's loan, as for one that does not exist", async () => {
    for (const url of [
      `/api/loans/${arjun.loan}/payments`,
      `/api/loans/${arjun.loan}`,
      `/api/loans/${arjun.loanId}/payments`,
      `/api/loans/${uuid()}/payments`,
    ]) {
      const res = await get(url, 'customer');
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe('Loan not found');
    }
  });

  it('may not read the staff lists', async () => {
    expect((await get('/api/employee/loans', 'customer')).statusCode).toBe(403);
    expect((await get('/api/loans/pending-repayments', 'customer')).statusCode).toBe(403);
  });
});

describe("a loan's payments", () => {
  it('list each payment with its receipt number, who took it and how it was split', async () => {
    const res = await get(`/api/loans/${meena.loanId}/payments`, 'employee');
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toEqual({
      _id: meenaPayment,
      date: '2026-10-20',
      amount: 10_000,
      method: 'handcash',
      transactionId: 'UTR-77',
      bankName: null,
      paymentType: 'total',
      enteredBy: { name: 'Ravi Employee' },
      status: 'success',
      installmentNumber: 1,
      installmentPlace: { n: 1, of: 3, upgradedOn: null },
      receiptNumber: `${meena.loanId}_1`,
      allocation: { interest: 1_000, principal: 9_000 },
      recordedAt: '2026-10-20T06:00:00.000Z',
      approvedBy: null,
      approvedAt: null,
      reversalReason: null,
      reversedAt: null,
    });
    expect(res.json().data[1]).toMatchObject({
      method: 'online',
      status: 'pending',
      allocation: null,
      bankName: 'HDFC',
    });
  });
});

describe('pending repayments', () => {
  it('are the unpaid installments of active loans, overdue ones first, with days unpaid', async () => {
    const body = (await get('/api/loans/pending-repayments?filter=unpaid')).json();
    const meenaFirst = body.data.find((r: { loanId: string }) => r.loanId === meena.loanId);
    expect(meenaFirst).toEqual({
      _id: meena.loan,
      loanId: meena.loanId,
      installmentNumber: 1,
      installmentPlace: { n: 1, of: 3, upgradedOn: null },
      dueDate: '2026-11-01',
      status: 'unpaid',
      amount: (meena.monthly - 10_000_00) / 100,
      daysUnpaid: 20,
      customer: {
        name: 'Meena Iyer',
        primaryMobile: '9876543210',
        aadharNumber: '234523452345',
        email: 'meena@example.com',
      },
    });
    expect(
      body.data.every(
        (r: { status: string; dueDate: string }) => r.status === 'unpaid' && r.dueDate < '2026-11-21',
      ),
    ).toBe(true);
    expect(body.data.map((r: { loanId: string }) => r.loanId)).not.toContain(arjun.loanId);
    const dates = body.data.map((r: { dueDate: string }) => r.dueDate);
    expect(dates).toEqual([...dates].sort());
  });

  it('upcoming ones fall due from today to 30 days ahead', async () => {
    const body = (await get('/api/loans/pending-repayments?filter=upcoming&limit=100')).json();
    expect(body.data.length).toBeGreaterThan(0);
    for (const r of body.data) {
      expect(r.status).toBe('upcoming');
      expect(r.dueDate >= '2026-11-21' && r.dueDate <= '2026-12-21').toBe(true);
      expect(r.daysUnpaid).toBe(0);
    }
    expect(body.data.map((r: { loanId: string }) => r.loanId)).toContain(deepa.loanId);
    const all = (await get('/api/loans/pending-repayments?limit=100')).json();
    expect(all.counts.all).toBe(all.counts.unpaid + all.counts.upcoming);
    expect(all.pagination.total).toBe(all.counts.all);
    expect(all.counts.upcoming).toBe(body.pagination.total);
  });

  it('show employees the Aadhar masked', async () => {
    const body = (await get('/api/loans/pending-repayments?filter=unpaid&limit=100', 'employee')).json();
    const row = body.data.find((r: { loanId: string }) => r.loanId === meena.loanId);
    expect(row.customer.aadharNumber).toBe('****-****-2345');
  });

  it("say 'No pending repayments' when there are none", async () => {
    api.clock.set('2026-09-01T04:30:00Z');
    try {
      const body = (await get('/api/loans/pending-repayments?filter=unpaid')).json();
      expect(body).toMatchObject({ data: [], message: 'No pending repayments' });
    } finally {
      api.clock.set('2026-11-21T04:30:00Z');
    }
  });
});

describe("today's due payments", () => {
  it('are the installments falling due today and not yet paid', async () => {
    const res = await get('/api/notifications/todays-due', 'employee');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        _id: deepa.loan,
        customerName: 'Deepa Nair',
        customerMobile: expect.any(String),
        amount: 60_000,
        loanId: deepa.loanId,
        installmentNumber: 1,
        installmentPlace: { n: 1, of: 2, upgradedOn: null },
        dueDate: '2026-11-21',
      },
    ]);
  });

  it('follow the business date in Kolkata (19:00 UTC is already the next day there)', async () => {
    api.clock.set('2026-11-20T19:00:00Z');
    try {
      expect(
        (await get('/api/notifications/todays-due')).json().data.map((d: { loanId: string }) => d.loanId),
      ).toEqual([deepa.loanId]);
    } finally {
      api.clock.set('2026-11-21T04:30:00Z');
    }
  });
});

describe('loans with upgrades', () => {
  it('list upgraded loans only, highest level first, coloured by level', async () => {
    const res = await get('/api/admin/loans-with-upgrades');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(
      body.data.loans.map((l: { name: string; currentUpgradeLevel: number; highlightColor: string }) => [
        l.name,
        l.currentUpgradeLevel,
        l.highlightColor,
      ]),
    ).toEqual([
      ['Kiran Shah', 3, 'red'],
      ['Farah Khan', 2, 'orange'],
      ['Deepa Nair', 1, 'yellow'],
    ]);
    expect(body.data.loans[0]).toMatchObject({
      isAtFinalLevel: true,
      nextUpgradeDate: null,
      currentInterestRate: 36,
    });
    expect(body.data.loans[2]).toMatchObject({
      isAtFinalLevel: false,
      lastUpgradeDate: '2026-11-21',
      nextUpgradeDate: '2027-02-21',
      originalInterestRate: 18,
      currentInterestRate: 24,
    });
    expect(body.data.pagination).toEqual({ page: 1, limit: 10, totalPages: 1, totalLoans: 3 });
  });

  it('page by the limit asked for', async () => {
    const body = (
      await get('/api/employee/loans-with-upgrades?page=2&limit=2&status=active', 'employee')
    ).json();
    expect(body.data.loans.map((l: { name: string }) => l.name)).toEqual(['Deepa Nair']);
    expect(body.data.pagination).toEqual({ page: 2, limit: 2, totalPages: 2, totalLoans: 3 });
    expect(body.data.loans[0]).not.toHaveProperty('createdBy');
  });
});

describe("a customer's edited profile", () => {
  it('shows on their loans and in the search', async () => {
    await api.store.append(
      kiran.customerStreamId,
      [
        {
          type: 'CustomerRegistered',
          data: CustomerEvents.CustomerRegistered.parse({
            customerId: 'CUS000950',
            aadharNumber: '765476547654',
            name: 'Kiran Shah',
            email: 'kiran@example.com',
            primaryMobile: kiran.primaryMobile,
            secondaryMobile: null,
            emergencyContact: { mobile: '9000099999', relation: 'Spouse' },
            presentAddress: '1 Main Road, Chennai',
            permanentAddress: '1 Main Road, Chennai',
          }),
          occurredAt: new Date('2026-03-10T04:00:00Z'),
        },
        {
          type: 'CustomerUpdated',
          data: CustomerEvents.CustomerUpdated.parse({
            aadharNumber: '765476547654',
            name: 'Kiran Mehta',
            email: 'kiran.mehta@example.com',
            primaryMobile: '9988776655',
            secondaryMobile: null,
            emergencyContact: { mobile: '9000099999', relation: 'Spouse' },
            presentAddress: '9 Lake View, Chennai',
            permanentAddress: '1 Main Road, Chennai',
          }),
          occurredAt: new Date('2026-11-21T04:00:00Z'),
        },
      ],
      { streamType: 'customer', expectedVersion: 'no_stream' },
    );
    await api.project();
    expect(names(await list('search=kiran shah'))).toEqual([]);
    const row = (await list('search=mehta')).data[0];
    expect(row).toMatchObject({
      name: 'Kiran Mehta',
      email: 'kiran.mehta@example.com',
      primaryMobile: '9988776655',
      presentAddress: '9 Lake View, Chennai',
      customerId: { name: 'Kiran Mehta', aadharNumber: '765476547654' },
    });
    expect(names(await list('search=99887766'))).toEqual(['Kiran Mehta']);
  });
});

describe('the loan book read model', () => {
  const snapshot = async () => ({
    loans: (await sql`select * from rm_loans.loans order by loan_uuid`.execute(t.db)).rows,
    search: (await sql`select * from rm_loans.loan_search order by loan_uuid`.execute(t.db)).rows,
    payments: (await sql`select * from rm_loans.loan_payments order by payment_id`.execute(t.db)).rows,
    installments: (
      await sql`select * from rm_loans.loan_installments order by loan_uuid, number`.execute(t.db)
    ).rows,
    totals: (
      await sql`select * from rm_loans.loan_book_totals where loans <> 0 order by list_status`.execute(t.db)
    ).rows,
  });

  it('keeps its running totals equal to a count of its rows', async () => {
    const kept =
      await sql`select list_status, loans, principal_paise from rm_loans.loan_book_totals where loans <> 0 order by 1`.execute(
        t.db,
      );
    const counted = await sql`
      select list_status, count(*)::bigint::text as loans, sum(principal_paise)::bigint::text as principal_paise
      from rm_loans.loans group by 1 order by 1`.execute(t.db);
    expect(kept.rows).toEqual(counted.rows);
  });

  it('rebuilt from the store in one go, holds exactly what was built event by event', async () => {
    const before = await snapshot();
    expect(before.loans).toHaveLength(26);
    await rebuildProjection({ db: t.db, reader: api.store, projection: loansProjection });
    expect(await snapshot()).toEqual(before);
  });
});
