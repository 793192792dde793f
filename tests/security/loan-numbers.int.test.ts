import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lendingApiKit } from '../../services/src/testing/lending-api-kit.js';
import { confirmBorrower, recordPricesBefore } from '../../services/src/testing/renewal-test-kit.js';

/**
 * Issue 15, point 7: a lender's GL register is audited for gaps. A loan number is spent
 * only when its loan is written: a refused or lost command leaves no hole.
 */
const { kit, call, newLoan, verifiedCustomer, loanBody } = lendingApiKit('sec_loan_numbers');

/** Every GL number of a month, as written in LoanCreated, and how far its counter has moved. */
async function register(yymm: string) {
  const { rows } = await sql<{ loan_id: string }>`
    select data->>'loanId' as loan_id from events
    where type = 'LoanCreated' and data->>'loanId' like ${`GL${yymm}%`}`.execute(kit.t.db);
  const numbers = rows.map((r) => Number(r.loan_id.slice(6))).sort((a, b) => a - b);
  const counter = await kit.api.store.streamVersion(`sequence-loan-${yymm}`);
  return { numbers, counter };
}

const expectNoGaps = ({ numbers, counter }: { numbers: number[]; counter: number }) => {
  expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  expect(counter).toBe(numbers.length);
};

async function closedLoan() {
  const loan = await newLoan();
  const quote = await call('employee', 'POST', `/api/loans/${loan._id}/calculate-early-repayment`, {});
  const paid = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
    amount: quote.json().totalDue,
    paymentMethod: 'handcash',
    paymentType: 'total',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return loan;
}

describe('GL numbers have no gaps', () => {
  it('10 parallel renewals of one loan: one renews, nine are refused, no number is burned', async () => {
    // A renewal is appraised at the day's valuation price, on the borrower's request.
    await recordPricesBefore(kit.api.store, '2026-11-21', 6_500_00);
    const loan = await closedLoan();
    // Three requests carry the borrower's code and race to renew; the rest have none.
    for (let i = 0; i < 3; i++) {
      await confirmBorrower(kit.api, loan._id);
      kit.api.clock.advance(61_000);
    }
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('admin', 'POST', `/api/admin/loans/${loan._id}/renew`, {
          amount: 50_000,
          interestRate: 24,
          term: 6,
          disbursementMode: 'bank_transfer',
          disbursementReference: 'UTR-RENEWAL-1',
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes, answers.map((a) => a.body).join('\n')).toEqual([201, ...Array(9).fill(409)]);
    const renewed = answers.find((a) => a.statusCode === 201)!.json().data.loanId as string;
    expect(Number(renewed.slice(6))).toBe(Number(loan.loanId.slice(6)) + 1);
    expectNoGaps(await register('2611'));

    // The next loan takes the very next number.
    const next = await newLoan();
    expect(Number(next.loanId.slice(6))).toBe(Number(renewed.slice(6)) + 1);
    expectNoGaps(await register('2611'));
  });

  it('10 parallel new loans, some refused: the written ones are numbered without gaps', async () => {
    const customers = await Promise.all(Array.from({ length: 10 }, () => verifiedCustomer()));
    const answers = await Promise.all(
      customers.map((customerId, i) =>
        call(
          'employee',
          'POST',
          '/api/employee/loans',
          // Every third one asks for more than the gold can secure.
          loanBody(customerId, i % 3 === 0 ? { amount: 5_000_000 } : {}),
        ),
      ),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created).toHaveLength(6);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(4);
    expectNoGaps(await register('2611'));
  });
});
