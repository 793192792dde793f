import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDevOutbox } from '../../services/src/messaging/outbox-queries.js';
import { FixedClock } from '../../services/src/platform/clock.js';
import { createLogger, type Logger } from '../../services/src/platform/logger.js';
import { createTestApi, type TestApi } from '../../services/src/testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../services/src/testing/test-infra.js';

/**
 * Issue 15, point 12: full Aadhar numbers reached the access log (28 lines for one
 * customer): they travel in URLs. The main flows run against a server whose log (at
 * info level) is captured; no Aadhar number, mobile, email or code used may appear in it.
 */
let t: TestDatabase;
let api: TestApi;
let log: Logger;
let captured = '';

beforeAll(async () => {
  t = await createTestDatabase('sec_log_redaction');
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      captured += chunk.toString('utf8');
      done();
    },
  });
  log = createLogger('info', { role: 'api' }, sink);
  api = await createTestApi(t, new FixedClock('2026-11-21T04:30:00Z'), {}, { log });
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const AADHAR = '612345678901';
const AADHAR_UNKNOWN = '698765432109';
const MOBILE = '9845012345';
const SECONDARY = '9745012345';
const EMERGENCY = '9645012345';
const EMAIL = 'meena.iyer@example.com';
const codes: string[] = [];

async function as(
  role: 'admin' | 'employee' | 'customer' | 'anonymous',
  method: string,
  url: string,
  payload?: object,
) {
  const headers = role === 'anonymous' ? {} : { 'x-auth-token': await api.tokenFor(role) };
  return api.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
}

async function lastCodeTo(recipient: string): Promise<string> {
  const [latest] = await listDevOutbox(t.db, { to: recipient, limit: 1 });
  const code = latest && /\b(\d{6})\b/.exec(latest.text)?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  codes.push(code);
  return code;
}

const form = {
  aadharNumber: AADHAR,
  name: 'meena iyer',
  email: EMAIL,
  primaryMobile: MOBILE,
  secondaryMobile: SECONDARY,
  emergencyContact: { mobile: EMERGENCY, relation: 'husband' },
  presentAddress: '4 Lake View Road, Bengaluru 560001',
  permanentAddress: '22 Car Street, Udupi 576101',
  purpose: 'loan_creation',
};

/** Every way a value could be written: plain, spaced like a card, URL-encoded. */
const spellings = (value: string): string[] => {
  const forms = [value, encodeURIComponent(value)];
  if (/^\d{12}$/.test(value)) forms.push(value.replace(/(\d{4})(?=\d)/g, '$1 '));
  if (/^\d{10}$/.test(value)) forms.push(`+91${value}`, `+91 ${value.slice(0, 5)} ${value.slice(5)}`);
  return forms;
};
const appearsIn = (text: string, value: string) =>
  spellings(value).some((s) =>
    new RegExp(`(?<![0-9.])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9])`).test(text),
  );

describe('the log of a full run (issue 15, point 12)', () => {
  it('holds no Aadhar number, mobile, email or code that the flows used', async () => {
    // Register a customer with their Aadhar, verify them with the code sent to their mobile.
    const created = await as('employee', 'POST', '/api/employee/customers', form);
    expect(created.statusCode, created.body).toBe(201);
    const verified = await as('employee', 'POST', '/api/employee/verify-customer-otp', {
      phoneNumber: MOBILE,
      otp: await lastCodeTo(MOBILE),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const customerId = verified.json().customer._id as string;

    // The wizard's Aadhar check, known and unknown, on both paths.
    expect((await as('employee', 'GET', `/api/employee/check-aadhar/${AADHAR}`)).statusCode).toBe(200);
    expect((await as('admin', 'GET', `/api/admin/check-aadhar/${AADHAR}`)).statusCode).toBe(200);
    expect((await as('employee', 'GET', `/api/employee/check-aadhar/${AADHAR_UNKNOWN}`)).statusCode).toBe(
      200,
    );

    // Searches by mobile, email and Aadhar.
    await api.project();
    for (const search of [MOBILE, EMAIL, AADHAR]) {
      const found = await as('admin', 'GET', `/api/admin/customers?search=${encodeURIComponent(search)}`);
      expect(found.statusCode, found.body).toBe(200);
    }

    // An edit by the Aadhar in the path (the seeds' route), and one refused.
    const edited = await as('admin', 'PUT', `/api/admin/customers/${AADHAR}`, {
      ...form,
      presentAddress: '5 Lake View Road, Bengaluru 560001',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await as('admin', 'PUT', `/api/admin/customers/${AADHAR_UNKNOWN}`, form)).statusCode).toBe(404);

    // The customer signs in with a code, after one wrong try.
    api.clock.advance(61_000);
    const sent = await as('anonymous', 'POST', '/api/auth/send-login-otp', { identifier: MOBILE });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await lastCodeTo(MOBILE);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    codes.push(wrong);
    expect(
      (await as('anonymous', 'POST', '/api/auth/verify-otp', { identifier: MOBILE, otp: wrong })).statusCode,
    ).toBe(400);
    const signedIn = await as('anonymous', 'POST', '/api/auth/verify-otp', { identifier: MOBILE, otp: code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    // A loan for them.
    const loan = await as('employee', 'POST', '/api/employee/loans', {
      customerId,
      goldItems: [{ description: 'Gold chain', grossWeight: 30, netWeight: 28.5 }],
      interestRate: 18,
      amount: 100_000,
      term: 6,
      monthlyPayment: 17_500,
      totalPayment: 105_000,
      disbursementMode: 'bank_transfer',
      disbursementReference: 'UTR-REDACTION-1',
    });
    expect(loan.statusCode, loan.body).toBe(201);

    // An error logged with the numbers in its message (a constraint's detail, say).
    log.error(
      { err: new Error(`duplicate key: (aadhar)=(${AADHAR}), mobile ${MOBILE}, email ${EMAIL}`) },
      `request failed for ${EMAIL}`,
    );
    log.info(
      { body: { otp: code, code, to: `+91 ${MOBILE.slice(0, 5)} ${MOBILE.slice(5)}` } },
      `Your code is ${code}`,
    );

    // The log is really there: the requests, with their paths.
    expect(captured).toContain('/api/employee/check-aadhar/');
    expect(captured).toContain('/api/admin/customers/');
    expect(captured).toContain('request completed');

    const leaked = [AADHAR, AADHAR_UNKNOWN, MOBILE, SECONDARY, EMERGENCY, EMAIL, ...codes].filter((v) =>
      appearsIn(captured, v),
    );
    expect(leaked).toEqual([]);
  });
});
