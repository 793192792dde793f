import { describe, expect, it } from 'vitest';
import { confirmLoan } from '../../services/src/testing/loan-confirmation-kit.js';
import { lendingApiKit } from '../../services/src/testing/lending-api-kit.js';

/**
 * Issue 15, point 10: an employee could open a loan for any verified customer without
 * the wizard's code, and a customer whose primary mobile changed stayed verified.
 * Checked against ce4a037: the loan without a confirmation answered 201, the changed
 * mobile left the customer verified and told the old number nothing.
 */
const { kit, call, eventCount, nextSerial, loanBody } = lendingApiKit('sec_loan_gate');

/** Messages to a number, newest first, from the dev outbox (the only place a test reads a code). */
async function sentTo(to: string): Promise<{ purpose: string; channel: string; text: string }[]> {
  return (await call('anonymous', 'GET', `/api/dev/outbox?to=${to}&limit=10`)).json().data;
}

/**
 * A verified customer, registered the way the wizard does it (the registration code,
 * given to the employee, confirms one loan), who has since borrowed once: no confirmation
 * of theirs is left.
 */
async function verifiedCustomer(): Promise<{
  id: string;
  mobile: string;
  form: Record<string, unknown>;
}> {
  const serial = nextSerial();
  const mobile = `93${String(serial).padStart(8, '0')}`;
  const form = {
    aadharNumber: `8${String(serial).padStart(11, '0')}`,
    name: `gate ${serial}`,
    primaryMobile: mobile,
    emergencyContact: { mobile: `92${String(serial).padStart(8, '0')}`, relation: 'brother' },
    presentAddress: '12 Anna Salai, Chennai',
    permanentAddress: '12 Anna Salai, Chennai',
    purpose: 'loan_creation',
  };
  const created = await call('employee', 'POST', '/api/employee/customers', form);
  expect(created.statusCode, created.body).toBe(201);
  const sms = (await sentTo(mobile)).find((m) => m.purpose === 'customer_verification_otp');
  const otp = /\b(\d{6})\b/.exec(sms!.text)![1]!;
  const verified = await call('employee', 'POST', '/api/employee/verify-customer-otp', {
    otp,
    phoneNumber: mobile,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const id = verified.json().customer._id as string;
  const first = await call('employee', 'POST', '/api/employee/loans', loanBody(id));
  expect(first.statusCode, first.body).toBe(201);
  return { id, mobile, form };
}

const REQUIRED =
  "The customer must confirm this loan: send the loan code to the customer's mobile and enter it (valid for 10 minutes once entered).";

async function refused(caller: 'admin' | 'employee', customerId: string) {
  const before = await eventCount();
  const res = await call(caller, 'POST', `/api/${caller}/loans`, loanBody(customerId));
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().message).toBe(REQUIRED);
  expect(await eventCount()).toBe(before);
}

describe('a loan needs the customer (issue 15, point 10)', () => {
  it('refuses a loan for a verified customer without the loan code', async () => {
    const customer = await verifiedCustomer();
    await refused('employee', customer.id);
    await refused('admin', customer.id);
  });

  it('binds the confirmation to the staff member who asked, for one loan, within minutes', async () => {
    const customer = await verifiedCustomer();
    const employee = await kit.api.tokenFor('employee');
    // Confirmed by the employee: the admin cannot use it.
    await confirmLoan(kit.api, employee, customer);
    await refused('admin', customer.id);
    const opened = await call('employee', 'POST', '/api/employee/loans', loanBody(customer.id));
    expect(opened.statusCode, opened.body).toBe(201);
    // Used once: the next loan needs the customer again.
    await refused('employee', customer.id);
    // Older than 10 minutes: spent.
    await confirmLoan(kit.api, employee, customer);
    kit.api.clock.advance(10 * 60_000 + 1_000);
    await refused('employee', customer.id);
  });

  it('a code verified by one staff member does not count for another', async () => {
    const customer = await verifiedCustomer();
    const sent = await call('admin', 'POST', '/api/loans/send-otp', { customerId: customer.id });
    expect(sent.statusCode, sent.body).toBe(200);
    const sms = (await sentTo(customer.mobile)).find((m) => m.purpose === 'loan_otp');
    const otp = /\b(\d{6})\b/.exec(sms!.text)![1]!;
    const verified = await call('employee', 'POST', '/api/loans/verify-otp', {
      customerId: customer.id,
      otp,
    });
    expect(verified.statusCode, verified.body).toBe(400);
    await refused('employee', customer.id);
    await refused('admin', customer.id);
  });

  it('a new primary mobile clears verification and tells the old number', async () => {
    const customer = await verifiedCustomer();
    const newMobile = `91${String(nextSerial()).padStart(8, '0')}`;
    const res = await call('employee', 'PUT', `/api/employee/customers/${customer.id}`, {
      ...customer.form,
      aadharNumber: `****-****-${String(customer.form.aadharNumber).slice(-4)}`,
      primaryMobile: newMobile,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.verified).toBe(false);
    const toOld = await sentTo(customer.mobile);
    const told = toOld.find((m) => m.purpose === 'primary_mobile_changed');
    expect(told).toMatchObject({ purpose: 'primary_mobile_changed', channel: 'sms' });
    expect(told!.text).toContain(`ending ${newMobile.slice(-4)}`);
    // No loan until the new mobile is proved (the loan gate proves it).
    const before = await eventCount();
    const loan = await call('employee', 'POST', '/api/employee/loans', loanBody(customer.id));
    expect(loan.statusCode).toBe(400);
    expect(loan.json().message).toBe('Customer must be verified before adding a loan.');
    expect(await eventCount()).toBe(before);
    await confirmLoan(kit.api, await kit.api.tokenFor('employee'), { id: customer.id, mobile: newMobile });
    const toNew = await sentTo(newMobile);
    expect(toNew.map((m) => m.purpose)).toEqual(['loan_otp']);
    expect((await call('employee', 'POST', '/api/employee/loans', loanBody(customer.id))).statusCode).toBe(
      201,
    );
  });
});
