import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BRANCH_STREAM_TYPE,
  DEFAULT_BRANCH_DETAILS,
  DEFAULT_BRANCH_ID,
  branchStreamId,
  loanCashMovements,
  loanStreamId,
  type LoanEventAt,
} from '@goldledger/contracts';
import { createLoan } from '../lending/loan-commands.js';
import { lendingApiKit } from '../testing/lending-api-kit.js';
import type { TestApi } from '../testing/test-api.js';

const { kit, call, eventCount, newLoan, verifiedCustomer, loanBody } = lendingApiKit('cashbook');
let api: TestApi;
beforeAll(() => {
  api = kit.api;
});

const DAY = '2026-11-21';
const book = (date: string, tail = '') => `/api/cash-book/${DEFAULT_BRANCH_ID}/${date}${tail}`;
const closedMessage = (date: string) =>
  `The cash book of ${DEFAULT_BRANCH_DETAILS.name} for ${date} is closed; cash cannot be entered into a closed day.`;

/** The cash the loan events themselves say moved through the branch's drawer on a day. */
async function cashFromLoanEvents(loanUuids: string[], date: string) {
  const moves = [];
  for (const uuid of loanUuids) {
    const { events } = await api.store.readStream(loanStreamId(uuid));
    moves.push(...loanCashMovements(events as unknown as LoanEventAt[]));
  }
  const ofDay = moves.filter((m) => m.branchId === DEFAULT_BRANCH_ID && m.businessDate === date);
  const sum = (dir: 'in' | 'out') =>
    ofDay.filter((m) => m.direction === dir).reduce((s, m) => s + m.amountPaise, 0) / 100;
  return { count: ofDay.length, cashIn: sum('in'), cashOut: sum('out') };
}

const pay = (loanUuid: string, body: object) =>
  call('employee', 'POST', `/api/loans/${loanUuid}/payment`, { paymentMethod: 'handcash', ...body });

describe('the branch cash book', () => {
  const loans: string[] = [];

  it('reconciles a day of cash loans and repayments to the loan events', async () => {
    await api.project(); // the read model's tables, as a running projector makes them
    const started = await call('admin', 'POST', `/api/cash-book/${DEFAULT_BRANCH_ID}/start`, {
      startDate: DAY,
      openingBalance: 50_000,
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().data.opening).toEqual({ amount: 50_000, source: { kind: 'start' } });

    const a = await newLoan({ amount: 20_000, disbursementMethod: 'cash' });
    const b = await newLoan({
      amount: 30_000,
      disbursementMethod: 'bank',
      disbursementReference: 'UTR-CB-30000',
    });
    const c = await newLoan({ amount: 15_000 }); // cash unless told
    loans.push(a._id, b._id, c._id);
    expect((await pay(a._id, { amount: 5_000 })).statusCode).toBe(201);
    const wrong = await pay(c._id, { amount: 2_000 });
    expect(wrong.statusCode).toBe(201);
    const online = await call('employee', 'POST', `/api/loans/${b._id}/payment`, {
      amount: 1_000,
      paymentMethod: 'online',
      transactionId: 'UTR-CASHBOOK-1',
      bankName: 'SBI',
    });
    expect(online.statusCode, online.body).toBe(201);
    const reversed = await call(
      'admin',
      'POST',
      `/api/loans/${c._id}/payments/${wrong.json().data.payment._id}/reverse`,
      {
        reason: 'Entered on the wrong loan',
      },
    );
    expect(reversed.statusCode, reversed.body).toBe(200);
    for (const [direction, amount, reason] of [
      ['in', 500, 'Packet covers sold to the customer'],
      ['out', 300, 'Tea and stationery'],
    ] as const) {
      const entry = await call('employee', 'POST', book(DAY, '/entries'), { direction, amount, reason });
      expect(entry.statusCode, entry.body).toBe(201);
    }
    await api.project();

    const day = (await call('employee', 'GET', book(DAY))).json();
    // 50,000 − 20,000 − 15,000 + 5,000 + 2,000 − 2,000 (reversed) + 500 − 300; the bank loan
    // and the online payment never touch the drawer.
    expect(day.expected).toBe(20_200);
    expect(day.unbooked).toEqual([]);
    const fromEvents = await cashFromLoanEvents(loans, DAY);
    const loanLines = day.movements.filter((m: { kind: string }) => m.kind !== 'entry');
    expect(loanLines).toHaveLength(fromEvents.count);
    expect(day.cashIn).toBe(fromEvents.cashIn + 500);
    expect(day.cashOut).toBe(fromEvents.cashOut + 300);
    expect(day.expected).toBe(50_000 + day.cashIn - day.cashOut);
    expect(loanLines.map((m: { kind: string; loanId: string }) => `${m.kind} ${m.loanId}`).sort()).toEqual(
      [
        `disbursement ${a.loanId}`,
        `disbursement ${c.loanId}`,
        `repayment ${a.loanId}`,
        `repayment ${c.loanId}`,
        `reversal ${c.loanId}`,
      ].sort(),
    );
    expect(loanLines.every((m: { by: string | null }) => m.by)).toBe(true);

    // ₹20,200: ten ₹2000 notes and one ₹200 note. No difference, so no reason needed.
    const counted = await call('employee', 'POST', book(DAY, '/count'), { notes: { 2000: 10, 200: 1 } });
    expect(counted.statusCode, counted.body).toBe(201);
    expect(counted.json().data.difference).toBe(0);
    const closed = await call('employee', 'POST', book(DAY, '/close'), {
      expectedVersion: counted.json().data.version,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', expected: 20_200, difference: 0 });
    expect(closed.json().data.closed.by).toBeTruthy();
  });

  it('refuses cash dated into the closed day with the message, and changes nothing', async () => {
    const customerId = await verifiedCustomer();
    const before = await eventCount();
    const refusals = [
      await call('employee', 'POST', book(DAY, '/entries'), {
        direction: 'in',
        amount: 100,
        reason: 'Late entry',
      }),
      await call('employee', 'POST', book(DAY, '/count'), { notes: { 500: 1 } }),
      await pay(loans[0]!, { amount: 1_000 }),
      await call('employee', 'POST', '/api/employee/loans', loanBody(customerId, { amount: 10_000 })),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(closedMessage(DAY));
    }
    expect(await eventCount()).toBe(before);

    // Money that never touches the drawer is not held up by its close.
    const bankLoan = await call(
      'employee',
      'POST',
      '/api/employee/loans',
      loanBody(customerId, {
        amount: 10_000,
        disbursementMethod: 'bank',
        disbursementReference: 'UTR-CB-10000',
      }),
    );
    expect(bankLoan.statusCode, bankLoan.body).toBe(201);

    // The next day: a handcash payment or a cash loan back-dated into the closed day is refused too.
    api.clock.set('2026-11-22T04:30:00Z');
    const countBefore = await eventCount();
    const backdated = await pay(loans[0]!, { amount: 1_000, repaymentDate: DAY });
    expect(backdated.statusCode, backdated.body).toBe(409);
    expect(backdated.json().message).toBe(closedMessage(DAY));
    const second = await verifiedCustomer();
    const backdatedLoan = await call(
      'employee',
      'POST',
      '/api/employee/loans',
      loanBody(second, { amount: 10_000, customLoanDate: DAY }),
    );
    expect(backdatedLoan.statusCode, backdatedLoan.body).toBe(409);
    expect(backdatedLoan.json().message).toBe(closedMessage(DAY));
    expect(await eventCount()).toBeGreaterThan(countBefore); // only the customer's own events
    const day = (await call('employee', 'GET', book(DAY))).json();
    expect(day.expected).toBe(20_200);
    expect(day.movements).toHaveLength(7);
  });

  it('closes a day whose count differs only with a reason, and carries the count to the next day', async () => {
    const NEXT = '2026-11-22';
    const paid = await pay(loans[0]!, { amount: 800 });
    expect(paid.statusCode, paid.body).toBe(201);
    const open = (await call('employee', 'GET', book(NEXT))).json();
    expect(open.opening).toEqual({ amount: 20_200, source: { kind: 'close', businessDate: DAY } });
    expect(open.expected).toBe(21_000);
    // ₹200 short: ten ₹2000 notes, one ₹500, three ₹100.
    await call('employee', 'POST', book(NEXT, '/count'), { notes: { 2000: 10, 500: 1, 100: 3 } });
    const before = await eventCount();
    const bare = await call('employee', 'POST', book(NEXT, '/close'), {});
    expect(bare.statusCode, bare.body).toBe(422);
    expect(bare.json().message).toBe(
      'The count is ₹200 less than the expected ₹21,000: give a reason to close the day with a difference',
    );
    expect(await eventCount()).toBe(before);
    const closed = await call('employee', 'POST', book(NEXT, '/close'), {
      reason: 'Short by ₹200: under inquiry',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      difference: -200,
      closed: { reason: 'Short by ₹200: under inquiry' },
    });
  });

  it('lets a payment and a close at the same moment never both land as if the other had not', async () => {
    for (const date of ['2026-11-23', '2026-11-24', '2026-11-25']) {
      api.clock.set(`${date}T04:30:00Z`);
      const open = (await call('employee', 'GET', book(date))).json();
      // Counted to the rupee before the payment: the close is exact unless the payment got in first.
      await call('employee', 'POST', book(date, '/count'), { coins: { 1: open.expected } });
      const [closed, paid] = await Promise.all([
        call('employee', 'POST', book(date, '/close'), { reason: 'A payment came in while closing' }),
        pay(loans[0]!, { amount: 100 }),
      ]);
      expect(closed.statusCode, closed.body).toBe(200);
      const day = (await call('employee', 'GET', book(date))).json();
      if (paid.statusCode === 201) {
        // The close counted it: the drawer was counted ₹100 short of the books.
        expect(day.cashIn).toBe(100);
        expect(day.difference).toBe(-100);
      } else {
        expect(paid.statusCode, paid.body).toBe(409);
        expect(paid.json().message).toBe(closedMessage(date));
        expect(day.cashIn).toBe(0);
        expect(day.difference).toBe(0);
      }
      const fromEvents = await cashFromLoanEvents(loans, date);
      expect(day.cashIn).toBe(fromEvents.cashIn);
    }
  });

  it("shows an employee only their own branches' books, and prints the day-end report", async () => {
    const south = '5b0c2f6e-3a9d-4c1e-8f7a-2d4b6c8e0a13';
    await api.store.append(
      branchStreamId(south),
      [
        {
          type: 'BranchOpened',
          data: { ...DEFAULT_BRANCH_DETAILS, code: 'SOUTH', name: 'South Branch', branchId: south },
          occurredAt: api.clock.now(),
        },
      ],
      { streamType: BRANCH_STREAM_TYPE, expectedVersion: 'no_stream' },
    );
    const other = `/api/cash-book/${south}/${DAY}`;
    for (const res of [
      await call('employee', 'GET', other),
      await call('employee', 'GET', `${other}/report.pdf`),
      await call('employee', 'POST', `${other}/entries`, { direction: 'in', amount: 1, reason: 'Not mine' }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('Branch not found');
    }
    expect((await call('admin', 'GET', other)).json().branch.name).toBe('South Branch');
    const mine = (await call('employee', 'GET', '/api/cash-book/branches')).json().data;
    expect(mine.map((b: { _id: string }) => b._id)).toEqual([DEFAULT_BRANCH_ID]);
    const all = (await call('admin', 'GET', '/api/cash-book/branches')).json().data;
    expect(all.map((b: { code: string }) => b.code)).toEqual(['MAIN', 'SOUTH']);

    const position = (await call('admin', 'GET', '/api/admin/cash-position')).json();
    expect(position.branches.find((b: { code: string }) => b.code === 'SOUTH')).toMatchObject({
      started: false,
      expected: null,
    });

    const pdf = await call('employee', 'GET', book(DAY, '/report.pdf'));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'cash-book-'));
    const file = path.join(dir, 'day.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toMatch(/Cash Book: Day-End Report/);
    expect(text).toMatch(/Expected closing\s+₹20,200/);
    expect(text).toMatch(/Difference\s+₹0/);
    expect(text).toMatch(/Tea and stationery/);
    if (process.env.CASH_BOOK_PDF_PNG)
      execFileSync('pdftoppm', ['-png', '-r', '80', file, process.env.CASH_BOOK_PDF_PNG]);
  });

  it('shows loan cash recorded without the book as not in it, never hidden and not expected', async () => {
    const date = '2026-11-26';
    api.clock.set(`${date}T04:30:00Z`);
    // Written straight through the command, as loans made before the book existed were.
    const { loanId } = await createLoan(
      { store: api.store, clock: api.clock },
      {
        customerRef: api.customers.demo,
        goldItems: [{ description: 'Bangle', grossWeightMg: 20_000, netWeightMg: 19_000, purityKarat: 22 }],
        principalPaise: 12_000_00,
        annualRateBps: 1800,
        termMonths: 6,
        loanDate: null,
        createdBy: { id: api.users.admin, name: 'Asha Admin', role: 'admin', email: null },
      },
    );
    await api.project();
    const day = (await call('admin', 'GET', book(date))).json();
    expect(day.unbooked).toEqual([{ loanId, kind: 'disbursement', direction: 'out', amount: 12_000 }]);
    expect(day.movements).toEqual([]);
    expect(day.cashOut).toBe(0);
  });

  it('refuses a cash refund dated into a closed day, and books one paid today as cash out', async () => {
    const [D26, D27] = ['2026-11-26', '2026-11-27'];
    api.clock.set(`${D26}T04:30:00Z`);
    const loan = await newLoan({ amount: 10_000 });
    api.clock.set(`${D27}T04:30:00Z`);
    expect((await pay(loan._id, { amount: 1_000 })).statusCode).toBe(201);
    const quote = await call('employee', 'POST', `/api/loans/${loan._id}/calculate-early-repayment`, {
      repaymentDate: D26,
    });
    // The whole amount dated the 26th closes the loan then: the 27th's ₹1,000 is owed back.
    const closing = await pay(loan._id, { amount: quote.json().totalDue, repaymentDate: D26 });
    expect(closing.statusCode, closing.body).toBe(201);
    await api.project();
    const day26 = (await call('employee', 'GET', book(D26))).json();
    await call('employee', 'POST', book(D26, '/count'), { coins: { 1: Math.round(day26.expected) } });
    const closed = await call('employee', 'POST', book(D26, '/close'), {
      reason: 'Paise of the closing payment',
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const before = await eventCount();
    const late = await call('admin', 'POST', `/api/admin/loans/${loan._id}/refunds`, {
      amount: 1_000,
      method: 'cash',
      paidOn: D26,
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(closedMessage(D26));
    expect(await eventCount()).toBe(before);

    const refund = await call('admin', 'POST', `/api/admin/loans/${loan._id}/refunds`, {
      amount: 1_000,
      method: 'cash',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const day27 = (await call('employee', 'GET', book(D27))).json();
    expect(day27.movements.map((m: { kind: string; amount: number }) => `${m.kind} ${m.amount}`)).toEqual([
      'repayment 1000',
      'refund 1000',
    ]);
  });
});
