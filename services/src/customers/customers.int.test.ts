import fc from 'fast-check';
import { DEFAULT_BRANCH_ID } from '@goldledger/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDevOutbox } from '../messaging/outbox-queries.js';
import { customersTestKit, type Caller, type Method } from '../testing/customers-test-kit.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { loadCustomer, resolveCustomer } from './customer-commands.js';

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('customers');
  api = await createTestApi(t);
  await api.project();
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const { call, eventCount, lastCodeSentTo, later, newForm, createCustomer } = customersTestKit(() => ({
  t,
  api,
}));

describe('the customer form', () => {
  const valid = newForm();
  it.each([
    ['an empty body', {}, 'Please fill in all required fields'],
    ['a missing name', { ...valid, name: '' }, 'Please fill in all required fields'],
    [
      'a missing relation',
      { ...valid, emergencyContact: { mobile: '9645099999' } },
      'Please fill in all required fields',
    ],
    ['a missing address', { ...valid, permanentAddress: ' ' }, 'Please fill in all required fields'],
    [
      'an 11-digit Aadhar',
      { ...valid, aadharNumber: '60000000001' },
      'Aadhar number must be exactly 12 digits',
    ],
    [
      'no primary mobile',
      { ...valid, primaryMobile: '' },
      'Primary mobile number is required for SMS OTP verification.',
    ],
    [
      'a 9-digit mobile',
      { ...valid, primaryMobile: '984501234' },
      'Please enter a valid 10-digit mobile number',
    ],
    [
      'a 1-digit emergency number',
      { ...valid, emergencyContact: { mobile: '1', relation: 'son' } },
      'Please enter a valid 10-digit mobile number',
    ],
    [
      'a secondary equal to the primary',
      { ...valid, secondaryMobile: valid.primaryMobile },
      'Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different',
    ],
    [
      'an emergency number equal to the secondary',
      { ...valid, emergencyContact: { mobile: valid.secondaryMobile, relation: 'son' } },
      'Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different',
    ],
    ['a bad email', { ...valid, email: 'meena@' }, 'Please enter a valid email address'],
  ])('refuses %s with its message, and records nothing', async (_what, payload, message) => {
    for (const caller of ['admin', 'employee'] as const) {
      const before = await eventCount();
      const res = await call(caller, 'POST', `/api/${caller}/customers`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors[0].msg).toBe(message);
      expect(await eventCount()).toBe(before);
      expect(await listDevOutbox(t.db, { to: valid.primaryMobile, limit: 1 })).toHaveLength(0);
    }
  });
});

describe('mobile numbers written any way (issue 19)', () => {
  it('stores +91 98450 12345 as 9845012345, sends the code there, and finds it however it is typed', async () => {
    const form = newForm({
      primaryMobile: '+91 98450 12345',
      secondaryMobile: '097450-12345',
      emergencyContact: { mobile: '96450 12345', relation: 'husband' },
    });
    const created = await call('admin', 'POST', '/api/admin/customers', form);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().customer._id as string;
    const { state } = await loadCustomer(api.store, id);
    expect(state?.profile).toMatchObject({
      primaryMobile: '9845012345',
      secondaryMobile: '9745012345',
      emergencyContact: { mobile: '9645012345' },
    });
    expect(await lastCodeSentTo('9845012345')).toMatch(/^\d{6}$/);
    await api.project();
    for (const typed of ['+91 98450 12345', '098450-12345', '98450 12345']) {
      const found = await call('admin', 'GET', `/api/admin/customers?search=${encodeURIComponent(typed)}`);
      expect(found.statusCode).toBe(200);
      expect(
        found.json().data.map((c: { primaryMobile: string }) => c.primaryMobile),
        typed,
      ).toEqual(['9845012345']);
    }
  });

  it('refuses a number that is not an Indian mobile, recording nothing', async () => {
    for (const primaryMobile of ['+44 20 7946 0958', '+91 98450 1234', '5845012345']) {
      const before = await eventCount();
      const res = await call('admin', 'POST', '/api/admin/customers', newForm({ primaryMobile }));
      expect(res.statusCode, primaryMobile).toBe(400);
      expect(res.json().message).toBe('Please enter a valid 10-digit mobile number');
      expect(await eventCount()).toBe(before);
    }
  });
});

describe('text that cannot be stored', () => {
  it('is refused with a message: a NUL in a name or a search changes nothing', async () => {
    const events = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.db)).rows[0]!.n);
    const before = await events();
    const created = await call(
      'admin',
      'POST',
      '/api/admin/customers',
      newForm({ name: 'nul\u0000la devi' }),
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe('Text cannot contain NUL characters or broken Unicode');
    const search = await call('admin', 'GET', `/api/admin/customers?search=${encodeURIComponent('\u0000')}`);
    expect(search.statusCode).toBe(400);
    expect(await events()).toBe(before);
    // Line breaks in an address are ordinary text.
    const { customer } = await createCustomer('admin', { presentAddress: 'line 1\nline 2' });
    const { state } = await loadCustomer(api.store, customer._id);
    expect(state?.profile).toMatchObject({ presentAddress: 'line 1\nline 2' });
  });
});

describe('adding a customer in the wizard', () => {
  it('registers, sends a code by SMS and email, verifies it and opens the sign-in account', async () => {
    const form = newForm();
    const created = await call('employee', 'POST', '/api/employee/customers', form);
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.message).toBe(
      `Customer added. An OTP has been sent to the mobile number ending ${form.primaryMobile.slice(-4)} and to ${form.email}.`,
    );
    expect(body.customer).toMatchObject({
      customerId: expect.stringMatching(/^CUS\d{6}$/),
      name: 'Meena Iyer',
      aadharNumber: `****-****-${form.aadharNumber.slice(-4)}`,
      emergencyContact: { mobile: form.emergencyContact.mobile, relation: 'Husband' },
      verified: false,
      hasUserAccount: false,
    });
    expect(body).not.toHaveProperty('otp');
    const code = await lastCodeSentTo(form.primaryMobile);
    expect(await lastCodeSentTo(form.email)).toBe(code);

    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await call('employee', 'POST', '/api/employee/verify-customer-otp', {
      email: form.email,
      phoneNumber: form.primaryMobile,
      otp: wrong,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Wrong OTP. Please check and try again.',
      attemptsLeft: 4,
    });

    const verified = await call('employee', 'POST', '/api/employee/verify-customer-otp', {
      email: form.email,
      phoneNumber: form.primaryMobile,
      otp: code,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      message:
        'Customer verified successfully. They can now sign in to their dashboard with their mobile number.',
      accountOpened: true,
      customer: { _id: body.customer._id, verified: true, hasUserAccount: true },
    });
    const { state } = await loadCustomer(api.store, body.customer._id);
    expect(state).toMatchObject({ verified: true, userId: expect.any(String) });

    // The code is spent.
    const again = await call('employee', 'POST', '/api/employee/verify-customer-otp', {
      phoneNumber: form.primaryMobile,
      otp: code,
    });
    expect(again.statusCode).toBe(400);

    // The customer signs in to their dashboard with the mobile.
    later();
    await api.app.inject({
      method: 'POST',
      url: '/api/auth/send-login-otp',
      payload: { identifier: form.primaryMobile },
    });
    const signIn = await api.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { identifier: form.primaryMobile, otp: await lastCodeSentTo(form.primaryMobile) },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ role: 'customer', name: 'Meena Iyer', _id: state!.userId });
  });

  it('refuses a second customer with the same Aadhar number with 409, recording nothing', async () => {
    const { form } = await createCustomer();
    const before = await eventCount();
    const dup = await call('employee', 'POST', '/api/employee/customers', {
      ...newForm(),
      aadharNumber: form.aadharNumber.replace(/(\d{4})(\d{4})(\d{4})/, '$1 $2 $3'),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A customer with this Aadhar number already exists');
    expect(await eventCount()).toBe(before);
  });

  it('verifies a customer whose mobile belongs to another account, without opening one', async () => {
    const { form, customer } = await createCustomer('admin', { primaryMobile: '9000000002', email: null });
    const res = await call('admin', 'POST', '/api/admin/verify-customer-otp', {
      phoneNumber: form.primaryMobile,
      otp: await lastCodeSentTo('9000000002'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message:
        'Customer verified successfully. No sign-in account was opened: the mobile number or email already belongs to another account.',
      accountOpened: false,
      customer: { _id: customer._id, verified: true, hasUserAccount: false },
    });
  });

  it('asks for the primary mobile to verify a code', async () => {
    const res = await call('admin', 'POST', '/api/admin/verify-customer-otp', {
      email: 'a@b.in',
      otp: '123456',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Primary mobile number is required for SMS OTP verification.');
  });
});

describe('the Aadhar check', () => {
  it('prefills an existing customer: in full for admins, masked for employees', async () => {
    const { form, customer } = await createCustomer();
    const asAdmin = await call('admin', 'GET', `/api/admin/check-aadhar/${form.aadharNumber}`);
    expect(asAdmin.json()).toEqual({
      exists: true,
      customerDetails: {
        _id: customer._id,
        customerId: customer.customerId,
        branchId: DEFAULT_BRANCH_ID,
        name: 'Meena Iyer',
        email: form.email,
        aadharNumber: form.aadharNumber,
        primaryMobile: form.primaryMobile,
        secondaryMobile: form.secondaryMobile,
        emergencyContact: { mobile: form.emergencyContact.mobile, relation: 'Husband' },
        presentAddress: form.presentAddress,
        permanentAddress: form.permanentAddress,
        verified: false,
        hasUserAccount: false,
      },
    });
    const asEmployee = await call('employee', 'GET', `/api/employee/check-aadhar/${form.aadharNumber}`);
    expect(asEmployee.json().customerDetails.aadharNumber).toBe(`****-****-${form.aadharNumber.slice(-4)}`);
    expect(asEmployee.body).not.toContain(form.aadharNumber);
    // Admins on the employee path are still admins.
    const adminOnEmployeePath = await call('admin', 'GET', `/api/employee/check-aadhar/${form.aadharNumber}`);
    expect(adminOnEmployeePath.json().customerDetails.aadharNumber).toBe(form.aadharNumber);
  });

  it('answers an unknown number with exists false and a malformed one with 400', async () => {
    const unknown = await call('employee', 'GET', '/api/employee/check-aadhar/699999999999');
    expect(unknown.json()).toEqual({ exists: false, customerDetails: null });
    const bad = await call('employee', 'GET', '/api/employee/check-aadhar/12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Aadhar number must be exactly 12 digits');
  });
});

describe('the OTP gate before the loan form', () => {
  it('sends a code to the customer on file and verifies it, marking the customer verified', async () => {
    const { form, customer } = await createCustomer('employee', { email: null });
    later();
    const sent = await call('employee', 'POST', '/api/loans/send-otp', {
      customerId: customer._id,
      email: 'someone-else@example.com',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(`OTP sent to the mobile number ending ${form.primaryMobile.slice(-4)}`);
    expect(await listDevOutbox(t.db, { to: 'someone-else@example.com', limit: 1 })).toHaveLength(0);
    const code = await lastCodeSentTo(form.primaryMobile);

    const soon = await call('employee', 'POST', '/api/loans/send-otp', { customerId: customer.customerId });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().timeLeft).toBe(60);

    const wrong = await call('employee', 'POST', '/api/loans/verify-otp', {
      customerId: customer._id,
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({
      message: 'Wrong OTP. Please check and try again.',
      attemptsLeft: 4,
    });
    const ok = await call('employee', 'POST', '/api/loans/verify-otp', {
      customerId: customer._id,
      otp: code,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'OTP verified successfully',
      verified: true,
      customer: { _id: customer._id, verified: true, hasUserAccount: true },
    });
  });

  it('answers an unknown customer with 404, and is closed to customers', async () => {
    const unknown = await call('admin', 'POST', '/api/loans/send-otp', { customerId: 'CUS999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Customer not found');
    const missing = await call('admin', 'POST', '/api/loans/send-otp', {});
    expect(missing.json().message).toBe(
      'No customer contact information found. Please go back and try again.',
    );
    const asCustomer = await call('customer', 'POST', '/api/loans/send-otp', {
      customerId: api.customers.demo,
    });
    expect(asCustomer.statusCode).toBe(403);
  });
});

describe('the demo customer', () => {
  it('is CUS000001, verified, with the customer sign-in account, and resolves by every reference', async () => {
    const byId = await resolveCustomer(api.store, api.customers.demo);
    expect(byId?.state).toMatchObject({
      customerId: 'CUS000001',
      verified: true,
      userId: api.users.customer,
    });
    expect((await resolveCustomer(api.store, 'CUS000001'))?.customerUuid).toBe(api.customers.demo);
    expect((await resolveCustomer(api.store, 'cus000001'))?.customerUuid).toBe(api.customers.demo);
    expect((await resolveCustomer(api.store, `customer-${api.customers.demo}`))?.customerUuid).toBe(
      api.customers.demo,
    );
    expect((await resolveCustomer(api.store, '500000000003'))?.customerUuid).toBe(api.customers.demo);
    expect(await resolveCustomer(api.store, 'CUS000000')).toBeNull();
    expect(await resolveCustomer(api.store, 'nonsense')).toBeNull();
  });
});

describe('malformed requests to the customer routes', () => {
  it('get a 4xx with a message, never a 5xx, and a refused request records nothing', async () => {
    const routes = api.app.accessTable.filter(
      (r) =>
        /^\/api\/(admin|employee)\/(customers|check-aadhar|verify-customer-otp)/.test(r.url) ||
        r.url.startsWith('/api/loans/send-otp') ||
        r.url.startsWith('/api/loans/verify-otp'),
    );
    expect(routes).toHaveLength(12);
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('\u0000', 'a\u0000b', '%', '_', "' or 1=1 --", '****-****-0003', '500000000003'),
    );
    const body = fc.oneof(
      fc.anything().map((json) => ({ json })),
      fc
        .record(
          {
            aadharNumber: fc.oneof(text, fc.bigInt().map(String)),
            name: text,
            email: fc.oneof(text, fc.emailAddress(), fc.constant(null)),
            primaryMobile: fc.oneof(text, fc.constant('9845011111'), fc.integer()),
            secondaryMobile: fc.oneof(text, fc.constant(null)),
            emergencyContact: fc.oneof(fc.record({ mobile: text, relation: text }), text),
            presentAddress: text,
            permanentAddress: text,
            customerId: fc.oneof(text, fc.constant('CUS000001'), fc.uuid()),
            phoneNumber: text,
            otp: fc.oneof(text, fc.constant('123456')),
          },
          { requiredKeys: [] },
        )
        .map((json) => ({ json })),
      fc.string().map((raw) => ({ raw })),
    );
    const param = fc.oneof(
      text.filter((p) => p.length > 0),
      fc.uuid(),
      fc.constantFrom('CUS000001', '%00', '..'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        body,
        param,
        text,
        fc.constantFrom('admin', 'employee') as fc.Arbitrary<Caller>,
        async (route, b, id, search, caller) => {
          const url =
            route.url.replace(':aadhar', encodeURIComponent(id)) +
            (route.method === 'GET' ? `?search=${encodeURIComponent(search)}` : '');
          const before = await eventCount();
          const res = await api.app.inject({
            method: route.method as Method,
            url,
            headers: { 'content-type': 'application/json', 'x-auth-token': await api.tokenFor(caller) },
            ...(route.method === 'GET'
              ? {}
              : { payload: 'raw' in b ? b.raw : JSON.stringify(b.json ?? null) }),
          });
          expect(res.statusCode, `${route.method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(typeof res.json().message).toBe('string');
            expect(await eventCount(), `${route.method} ${url} refused but recorded`).toBe(before);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
