import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customersTestKit } from '../testing/customers-test-kit.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { loadCustomer, resolveCustomer } from './customer-commands.js';

// The customers list and editing a customer; the form, the wizard and the OTP gate are in customers.int.test.ts.

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('customer_list');
  api = await createTestApi(t);
  await api.project();
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const { call, eventCount, later, newForm, createCustomer } = customersTestKit(() => ({
  t,
  api,
}));

describe('the customers list', () => {
  let form: ReturnType<typeof newForm>;
  let customer: { _id: string; customerId: string };

  beforeAll(async () => {
    ({ form, customer } = await createCustomer('admin', {
      name: 'zarina begum',
      email: 'Zarina.B@Example.com',
    }));
    await api.project();
  });

  const search = async (caller: 'admin' | 'employee', term: string) => {
    const res = await call(
      caller,
      'GET',
      `/api/${caller}/customers?search=${encodeURIComponent(term)}&limit=100`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Array<{ _id: string }>).map((r) => r._id);
  };

  it('shows employees masked Aadhar numbers and admins full ones', async () => {
    const asEmployee = await call('employee', 'GET', '/api/employee/customers?limit=100');
    const row = asEmployee.json().data.find((r: { _id: string }) => r._id === customer._id);
    expect(row).toMatchObject({
      _id: customer._id,
      mongoId: customer._id,
      customerId: customer.customerId,
      name: 'Zarina Begum',
      email: 'zarina.b@example.com',
      aadharNumber: `****-****-${form.aadharNumber.slice(-4)}`,
      verified: false,
      hasUserAccount: false,
      activeLoans: 0,
      totalLoans: 0,
      latestLoan: null,
      goldItems: [],
    });
    expect(asEmployee.body).not.toContain(form.aadharNumber);
    expect(asEmployee.body).not.toContain('500000000003');
    const asAdmin = await call('admin', 'GET', '/api/admin/customers?limit=100');
    expect(asAdmin.json().data.find((r: { _id: string }) => r._id === customer._id).aadharNumber).toBe(
      form.aadharNumber,
    );
  });

  it.each([
    ['name', () => 'ZARINA'],
    ['customerId', () => customer.customerId.toLowerCase()],
    ['email', () => 'zarina.b@'],
    ['primary mobile', () => form.primaryMobile.slice(2)],
    ['primary mobile with +91', () => `+91 ${form.primaryMobile.slice(0, 5)} ${form.primaryMobile.slice(5)}`],
    ['secondary mobile', () => form.secondaryMobile],
  ])('finds a customer by %s, for admins and employees', async (_field, term) => {
    expect(await search('admin', term())).toEqual([customer._id]);
    expect(await search('employee', term())).toEqual([customer._id]);
  });

  it('matches inside the Aadhar number for admins; for employees only the last four or the whole number', async () => {
    const middle = form.aadharNumber.slice(3, 9);
    expect(await search('admin', middle)).toContain(customer._id);
    expect(await search('employee', middle)).not.toContain(customer._id);
    expect(await search('employee', form.aadharNumber)).toEqual([customer._id]);
    expect(await search('employee', `****-****-${form.aadharNumber.slice(-4)}`)).toContain(customer._id);
    expect(await search('admin', form.aadharNumber.replace(/(\d{4})(\d{4})(\d{4})/, '$1 $2 $3'))).toEqual([
      customer._id,
    ]);
  });

  it('treats LIKE wildcards as text and pages newest first', async () => {
    expect(await search('admin', '%')).toEqual([]);
    const page1 = (await call('admin', 'GET', '/api/admin/customers?page=1&limit=2')).json();
    const total = page1.pagination.total;
    expect(page1.pagination).toEqual({ page: 1, limit: 2, total, totalPages: Math.ceil(total / 2) });
    expect(page1.data).toHaveLength(2);
    expect(page1.data[0]._id).toBe(customer._id);
    const last = (
      await call('admin', 'GET', `/api/admin/customers?page=${page1.pagination.totalPages}&limit=2`)
    ).json();
    expect(last.data.at(-1).customerId).toBe('CUS000001');
  });

  it('summarises the customer loans: active, total without deleted, and the latest', async () => {
    const loan = async (loanId: string, disbursementDate: string, principalPaise: number) => {
      const streamId = `loan-${randomUUID()}`;
      await api.store.append(
        streamId,
        [
          {
            type: 'LoanCreated',
            occurredAt: api.clock.now(),
            data: {
              loanId,
              customer: {
                customerStreamId: `customer-${customer._id}`,
                customerId: customer.customerId,
                name: 'Zarina Begum',
                email: null,
                aadharNumber: form.aadharNumber,
                primaryMobile: form.primaryMobile,
                secondaryMobile: null,
                emergencyContact: form.emergencyContact,
                presentAddress: form.presentAddress,
                permanentAddress: form.permanentAddress,
              },
              goldItems: [
                { description: 'Bangle', grossWeightMg: 20_500, netWeightMg: 20_250, purityKarat: 22 },
              ],
              principalPaise,
              annualRateBps: 1800,
              termMonths: 6,
              disbursementDate,
              totalPaymentPaise: principalPaise + 450_050,
              monthlyPaymentPaise: 916_675,
              installments: [{ number: 1, dueDate: '2026-12-21', amountPaise: 916_675 }],
              valuation: {
                goldRatePaisePerGram: 700_000,
                goldValuePaise: 13_000_000,
                eligiblePaise: 9_750_000,
                ltvCapBps: 7500,
              },
              createdBy: { id: api.users.admin, name: 'Asha Admin', role: 'admin', email: null },
              renewalOf: null,
            },
          },
        ],
        { streamType: 'loan', expectedVersion: 'no_stream' },
      );
      return streamId;
    };
    const older = await loan('GL261000001', '2026-10-01', 2_000_000);
    await loan('GL261100002', '2026-11-20', 5_000_000);
    const deleted = await loan('GL261100003', '2026-11-21', 9_000_000);
    await api.store.append(
      older,
      [
        {
          type: 'LoanClosed',
          occurredAt: api.clock.now(),
          data: { closedOn: '2026-11-01', reason: 'repaid', totalInterestPaise: 60_000, excessPaise: 0 },
        },
      ],
      { streamType: 'loan', expectedVersion: 1 },
    );
    await api.store.append(
      deleted,
      [
        {
          type: 'LoanDeleted',
          occurredAt: api.clock.now(),
          data: { reason: 'entered twice', hadPayments: false, paymentCount: 0 },
        },
      ],
      { streamType: 'loan', expectedVersion: 1 },
    );
    await api.project();
    const res = await call('employee', 'GET', `/api/employee/customers?search=${customer.customerId}`);
    expect(res.json().data[0]).toMatchObject({
      activeLoans: 1,
      totalLoans: 2,
      latestLoan: {
        loanId: 'GL261100002',
        amount: 50_000,
        term: 6,
        interestRate: 18,
        monthlyPayment: 9166.75,
        totalPayment: 54_500.5,
        status: 'active',
        disbursementDate: '2026-11-20',
        depositedBank: null,
        renewalDate: null,
      },
      goldItems: [{ description: 'Bangle', grossWeight: 20.5, netWeight: 20.25, purityKarat: 22 }],
    });
  });
});

describe('editing a customer', () => {
  it('saves the edit, moves the Aadhar claim and answers with the list row', async () => {
    const { form, customer } = await createCustomer();
    const newAadhar = '611111111111';
    const res = await call('admin', 'PUT', `/api/admin/customers/${form.aadharNumber}`, {
      ...form,
      name: 'meena k iyer',
      aadharNumber: newAadhar,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Customer updated successfully',
      data: {
        _id: customer._id,
        name: 'Meena K Iyer',
        aadharNumber: newAadhar,
        activeLoans: 0,
        latestLoan: null,
      },
    });
    expect((await resolveCustomer(api.store, newAadhar))?.customerUuid).toBe(customer._id);
    expect(await resolveCustomer(api.store, form.aadharNumber)).toBeNull();
    // The old number is free for someone else; the new one is not.
    later();
    const reuse = await call(
      'admin',
      'POST',
      '/api/admin/customers',
      newForm({ aadharNumber: form.aadharNumber }),
    );
    expect(reuse.statusCode).toBe(201);
    const clash = await call('admin', 'POST', '/api/admin/customers', newForm({ aadharNumber: newAadhar }));
    expect(clash.statusCode).toBe(409);
  });

  it('lets an employee edit by _id with the masked Aadhar held unchanged', async () => {
    const { form, customer } = await createCustomer('employee');
    const masked = `****-****-${form.aadharNumber.slice(-4)}`;
    const res = await call('employee', 'PUT', `/api/employee/customers/${customer._id}`, {
      ...form,
      aadharNumber: masked,
      presentAddress: '9 New Address, Mysuru',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ aadharNumber: masked, presentAddress: '9 New Address, Mysuru' });
    expect((await loadCustomer(api.store, customer._id)).state?.profile.aadharNumber).toBe(form.aadharNumber);
    // Another customer's last four digits do not pass for this one's.
    const before = await eventCount();
    const wrong = await call('employee', 'PUT', `/api/employee/customers/${customer.customerId}`, {
      ...form,
      aadharNumber: '****-****-9999',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Aadhar number must be exactly 12 digits');
    expect(await eventCount()).toBe(before);
  });

  it('answers an unknown customer with 404 and bad input with its message, recording nothing', async () => {
    const { form } = await createCustomer();
    const before = await eventCount();
    const unknown = await call('admin', 'PUT', '/api/admin/customers/699999999998', form);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Customer not found');
    const bad = await call('admin', 'PUT', `/api/admin/customers/${form.aadharNumber}`, {
      ...form,
      secondaryMobile: form.primaryMobile,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different',
    );
    const taken = await call('admin', 'PUT', `/api/admin/customers/${form.aadharNumber}`, {
      ...form,
      aadharNumber: '500000000003',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A customer with this Aadhar number already exists');
    const unchanged = await call('admin', 'PUT', `/api/admin/customers/${form.aadharNumber}`, form);
    expect(unchanged.statusCode).toBe(200);
    expect(await eventCount()).toBe(before);
  });
});
