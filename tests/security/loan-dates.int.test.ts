import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addDays, LENDING_POLICY } from '@goldledger/contracts';
import { lendingApiKit } from '../../services/src/testing/lending-api-kit.js';

/**
 * Issue 15, point 3: a loan dated in year 1 quoted ₹3.6×10¹⁴ and a job wrote paise above
 * Number.MAX_SAFE_INTEGER into the store. Loan dates are bounded, and no event reaches the
 * store without parsing against its contract schema.
 */
const { kit, call, eventCount, verifiedCustomer, loanBody, newLoan } = lendingApiKit('sec_loan_dates');
// The test API's clock: 21 Nov 2026, 10:00 in Kolkata.
const TODAY = '2026-11-21';
const { employeeMaxDaysBack, adminMaxDaysBack } = LENDING_POLICY.loanDateBounds;

async function refusedWithNothingAppended(
  caller: 'admin' | 'employee',
  url: string,
  body: object,
  message: RegExp,
) {
  const before = await eventCount();
  const res = await call(caller, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toMatch(message);
  expect(await eventCount()).toBe(before);
}

describe('loan dates are bounded', () => {
  it.each(['0001-01-01', '1900-01-01', '2000-02-29'])(
    'refuses a loan dated %s, for an employee and an admin, and appends nothing',
    async (date) => {
      const customerId = await verifiedCustomer(['employee', 'admin']);
      const body = loanBody(customerId, { customLoanDate: date });
      await refusedWithNothingAppended('employee', '/api/employee/loans', body, /at most 30 days back/);
      await refusedWithNothingAppended(
        'admin',
        '/api/admin/loans',
        { ...body, loanDateReason: 'Paper ledger migration' },
        /at most 365 days back/,
      );
    },
  );

  it('lets an employee date a loan up to 30 days back, and no further', async () => {
    const customerId = await verifiedCustomer(['employee', 'admin']);
    const ok = await call(
      'employee',
      'POST',
      '/api/employee/loans',
      loanBody(customerId, { customLoanDate: addDays(TODAY, -employeeMaxDaysBack) }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    await refusedWithNothingAppended(
      'employee',
      '/api/employee/loans',
      loanBody(customerId, { customLoanDate: addDays(TODAY, -employeeMaxDaysBack - 1) }),
      /Loan date can be at most 30 days back/,
    );
  });

  it('lets an admin go further back only with a reason, recorded in the event', async () => {
    const customerId = await verifiedCustomer(['employee', 'admin']);
    const date = addDays(TODAY, -(employeeMaxDaysBack + 10));
    await refusedWithNothingAppended(
      'admin',
      '/api/admin/loans',
      loanBody(customerId, { customLoanDate: date }),
      /reason/i,
    );
    const ok = await call(
      'admin',
      'POST',
      '/api/admin/loans',
      loanBody(customerId, { customLoanDate: date, loanDateReason: 'Entered from the branch paper ledger' }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const { rows } = await sql<{ data: { disbursementDate: string; loanDateReason: string } }>`
      select data from events where type = 'LoanCreated' and stream_id = ${`loan-${ok.json().data._id}`}`.execute(
      kit.t.db,
    );
    expect(rows[0]!.data).toMatchObject({
      disbursementDate: date,
      loanDateReason: 'Entered from the branch paper ledger',
    });
    // The confirmation above opened a loan; the next one needs the customer's code again.
    const again = await verifiedCustomer(['admin']);
    await refusedWithNothingAppended(
      'admin',
      '/api/admin/loans',
      loanBody(again, {
        customLoanDate: addDays(TODAY, -adminMaxDaysBack - 1),
        loanDateReason: 'Too old',
      }),
      /at most 365 days back/,
    );
  });

  it('never dates a loan in the future', async () => {
    const customerId = await verifiedCustomer(['employee', 'admin']);
    await refusedWithNothingAppended(
      'admin',
      '/api/admin/loans',
      loanBody(customerId, { customLoanDate: addDays(TODAY, 1), loanDateReason: 'Tomorrow' }),
      /cannot be in the future/,
    );
  });

  it('bounds the dates the calculator and the quote take', async () => {
    const calc = await call('anonymous', 'POST', '/api/loans/calculate-interest', {
      principal: 50_000,
      annualRate: 18,
      disbursementDate: '0001-01-01',
      closureDate: TODAY,
    });
    expect(calc.statusCode, calc.body).toBe(400);
    expect(calc.json().message).toMatch(/at most \d[\d,]* days/);
    const loan = await newLoan();
    const quote = await call('employee', 'POST', `/api/loans/${loan._id}/calculate-early-repayment`, {
      repaymentDate: '9999-12-31',
    });
    expect(quote.statusCode, quote.body).toBe(400);
    expect(quote.json().message).toMatch(/Repayment date can be at most/);
  });
});

describe('every event is checked against its contract before it is appended', () => {
  it('refuses a malformed event, an unsafe integer and an unknown type, and appends nothing', async () => {
    const before = await eventCount();
    const attempt = (type: string, data: Record<string, unknown>) =>
      kit.api.store.append(`loan-${randomUUID()}`, [{ type, data, occurredAt: new Date() }], {
        streamType: 'loan',
        expectedVersion: 'no_stream',
      });
    await expect(attempt('LoanCreated', { loanId: 1 })).rejects.toThrow(/LoanCreated/);
    await expect(
      attempt('LoanClosed', {
        closedOn: TODAY,
        reason: 'repaid',
        totalInterestPaise: 2 ** 60,
        excessPaise: 0,
      }),
    ).rejects.toThrow(/totalInterestPaise/);
    await expect(attempt('NoSuchEvent', {})).rejects.toThrow(/NoSuchEvent/);
    expect(await eventCount()).toBe(before);
  });

  it('refuses a command that would write paise above Number.MAX_SAFE_INTEGER, and appends nothing', async () => {
    // A loan of year 1 as the old code let it in (every field of its LoanCreated is valid),
    // appended as it stands in such a store.
    const loan = await newLoan();
    const { rows } = await sql<{ data: Record<string, unknown> }>`
      select data from events where type = 'LoanCreated' and stream_id = ${`loan-${loan._id}`}`.execute(
      kit.t.db,
    );
    const old = rows[0]!.data as { installments: Array<{ number: number; amountPaise: number }> };
    const legacyUuid = randomUUID();
    await kit.api.store.append(
      `loan-${legacyUuid}`,
      [
        {
          type: 'LoanCreated',
          data: {
            ...old,
            loanId: 'GL0101LEGACY',
            disbursementDate: '0001-01-01',
            installments: old.installments.map((i) => ({
              ...i,
              dueDate: `0001-${String(i.number + 1).padStart(2, '0')}-01`,
            })),
          },
          occurredAt: new Date('2026-11-21T04:30:00Z'),
        },
      ],
      { streamType: 'loan', expectedVersion: 'no_stream' },
    );
    const before = await eventCount();
    // Putting it on the auction list records what is owed: ₹5.9×10¹⁴, in paise past 2⁵³.
    const res = await call('admin', 'POST', `/api/admin/loans/${legacyUuid}/mark-ready-for-auction`, {
      notes: 'In default for two thousand years',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/MarkedReadyForAuction.*outstandingPaise/);
    expect(await eventCount()).toBe(before);
  });
});
