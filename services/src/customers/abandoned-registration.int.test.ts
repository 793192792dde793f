import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { claimCustomerKey, findCustomerUuidBy, resolveCustomer } from './customer-commands.js';

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('abandoned_reg');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const form = (aadharNumber: string, n: number) => ({
  aadharNumber,
  name: 'kavya rao',
  email: null,
  primaryMobile: `98460${String(n).padStart(5, '0')}`,
  secondaryMobile: null,
  emergencyContact: { mobile: `96460${String(n).padStart(5, '0')}`, relation: 'sister' },
  presentAddress: '9 Temple Road, Mysuru 570001',
  permanentAddress: '9 Temple Road, Mysuru 570001',
});

const register = async (body: object) =>
  api.app.inject({
    method: 'POST',
    url: '/api/admin/customers',
    payload: body,
    headers: { 'x-auth-token': await api.tokenFor('admin') },
  });

// Found by the fault tests (tests/faults): an API process SIGKILLed between claiming the
// Aadhar number and writing the customer left the number claimed for nobody, and every
// later registration of it was refused as a duplicate.
describe('a registration that died half-way (Aadhar claimed, customer never written)', () => {
  it('does not block the number: registering it again takes the abandoned customer id over', async () => {
    const aadhar = '700000000101';
    const abandoned = randomUUID();
    await claimCustomerKey({ store: api.store, clock: api.clock }, 'aadhar', aadhar, abandoned);
    expect(await resolveCustomer(api.store, aadhar)).toBeNull();

    const res = await register(form(aadhar, 101));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().customer._id).toBe(abandoned);
    expect(await findCustomerUuidBy(api.store, 'aadhar', aadhar)).toBe(abandoned);
    expect((await resolveCustomer(api.store, aadhar))?.state.profile.name).toBe('Kavya Rao');
  });

  it('still refuses a number that belongs to a registered customer', async () => {
    const aadhar = '700000000102';
    expect((await register(form(aadhar, 102))).statusCode).toBe(201);
    const again = await register(form(aadhar, 103));
    expect(again.statusCode).toBe(409);
  });
});
