import { onLoanDay } from './loan-day.js';
import { expect } from 'vitest';
import { registerVerifiedCustomer } from '../customers/customer-commands.js';
import { createLoan } from '../lending/loan-commands.js';
import type { TestApi } from './test-api.js';
import { BANK_PAYOUT } from './gold-prices-kit.js';

/** Test helpers for gold returns, auctions and the bell: customers, loans and the API as callers. */
export function operationsSupport(api: TestApi, prefix: string) {
  const tokens = new Map<string, string>();
  const deps = { store: api.store, clock: api.clock };
  let serial = 0;

  async function call(
    role: 'admin' | 'employee',
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    if (!tokens.has(role)) tokens.set(role, await api.tokenFor(role));
    return api.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload } : {}),
      headers: { 'x-auth-token': tokens.get(role)! },
    });
  }

  /** A verified customer of one's own, so their messages can be told apart in the outbox. */
  async function newCustomer(withEmail = true) {
    serial += 1;
    const n = `${prefix}${String(serial).padStart(3, '0')}`;
    const mobile = `9${n.padStart(9, '0')}`;
    const email = withEmail ? `borrower${n}@example.com` : null;
    const { customerUuid } = await registerVerifiedCustomer(deps, {
      aadharNumber: `6${n.padStart(11, '0')}`,
      name: `Borrower ${n}`,
      email,
      primaryMobile: mobile,
      secondaryMobile: null,
      emergencyContact: { mobile: `8${n.padStart(9, '0')}`, relation: 'Sister' },
      presentAddress: '4 Car Street, Madurai',
      permanentAddress: '4 Car Street, Madurai',
    });
    return { customerUuid, mobile, email, name: `Borrower ${n}` };
  }

  /** ₹50,000 (unless told) at 18 % against 29 g (net) of 22K gold, made on `loanDate`. */
  async function openLoan(
    customerUuid: string,
    loanDate: string,
    termMonths = 3,
    principalPaise = 50_000_00,
  ) {
    const { loanUuid, loanId } = await createLoan(onLoanDay(api, loanDate), {
      customerRef: customerUuid,
      goldItems: [{ description: 'Gold chain', grossWeightMg: 30_000, netWeightMg: 29_000, purityKarat: 22 }],
      ...BANK_PAYOUT,
      principalPaise,
      annualRateBps: 1800,
      termMonths,
      loanDate,
      createdBy: { id: api.users.admin, name: 'Asha Admin', role: 'admin', email: 'admin@demo.local' },
    });
    return { loanUuid, loanId };
  }

  /** Pays the quote's total due on `date` (default today), closing the loan. */
  async function repay(loanUuid: string, date?: string) {
    const body = date ? { repaymentDate: date } : {};
    const quote = await call('admin', 'POST', `/api/loans/${loanUuid}/calculate-early-repayment`, body);
    expect(quote.statusCode, quote.body).toBe(200);
    const paid = await call('employee', 'POST', `/api/loans/${loanUuid}/payment`, {
      amount: quote.json().totalDue,
      ...body,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.loan.status).toBe('closed');
  }

  /** Moves the clock to 10:00 on a business day in Asia/Kolkata. */
  const setDay = (date: string) => api.clock.set(`${date}T04:30:00Z`);

  return { call, newCustomer, openLoan, repay, setDay, deps };
}
