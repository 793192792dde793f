import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDevOutbox } from '../messaging/outbox-queries.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { issueToken, sessionOfUser } from './access.plugin.js';
import { findUserIdBy, loadUser } from './user-commands.js';

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('staff');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const asAdmin = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  api.app.inject({ method, url, payload, headers: { 'x-auth-token': await api.tokenFor('admin') } });

const newEmployee = {
  name: 'Priya Sharma',
  email: 'Priya@Branch.in',
  mobile: '+91 98450 12345',
  alternateMobile: '',
  role: 'employee',
  aadharNumber: '234523452345',
};

describe('employees management', () => {
  let priyaId: string;

  it('registers an employee, sends the welcome email and lists her', async () => {
    const res = await asAdmin('POST', '/api/admin/employees', newEmployee);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Employee registered and email sent!');
    expect(body.data).toMatchObject({
      name: 'Priya Sharma',
      email: 'priya@branch.in',
      primaryMobile: '9845012345',
      secondaryMobile: null,
      role: 'employee',
      aadharNumber: '234523452345',
    });
    priyaId = body.data._id;
    const [welcome] = await listDevOutbox(t.db, { to: 'priya@branch.in', limit: 5 });
    expect(welcome).toMatchObject({
      purpose: 'staff_welcome',
      subject: 'Welcome to GoldLedger, Priya Sharma',
    });
    await api.project();
    const list = (await asAdmin('GET', '/api/admin/employees')).json().data;
    expect(list.map((s: { email: string }) => s.email)).toEqual(
      expect.arrayContaining(['priya@branch.in', 'admin@demo.local', 'employee@demo.local']),
    );
    expect(list.some((s: { email: string }) => s.email === 'customer@demo.local')).toBe(false);
  });

  it('registers an admin with its own message', async () => {
    const res = await asAdmin('POST', '/api/admin/employees', {
      ...newEmployee,
      name: 'Kiran Admin',
      email: 'kiran@branch.in',
      mobile: '9845099999',
      role: 'admin',
      aadharNumber: '999988887777',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Admin registered and email sent!');
  });

  it('registers an auditor, who reads the loan book and may write nothing', async () => {
    const res = await asAdmin('POST', '/api/admin/employees', {
      ...newEmployee,
      name: 'Meera Auditor',
      email: 'meera@audit.in',
      mobile: '9845077777',
      role: 'auditor',
      aadharNumber: '999988886666',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Auditor registered and email sent!');
    expect(res.json().data.role).toBe('auditor');
    const [welcome] = await listDevOutbox(t.db, { to: 'meera@audit.in', limit: 5 });
    expect(welcome!.text).toContain('as an auditor (read-only)');
    const { state, version } = await loadUser(api.store, res.json().data._id);
    const token = issueToken(api.app, sessionOfUser(res.json().data._id, state, version));
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      api.app.inject({ method, url, payload, headers: { 'x-auth-token': token } });
    expect((await as('GET', '/api/admin/loans')).statusCode).toBe(200);
    expect((await as('GET', '/api/admin/audit-log')).statusCode).toBe(200);
    const write = await as('POST', '/api/settings/update-gold-rate', { rate: 7000 });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('You do not have access to this resource.');
    // Listed among the staff, Aadhar in full for the admin.
    await api.project();
    const listed = (await asAdmin('GET', '/api/admin/employees')).json().data;
    expect(listed.find((s: { email: string }) => s.email === 'meera@audit.in')).toMatchObject({
      role: 'auditor',
      aadharNumber: '999988886666',
    });
    // The auditor reads the same list with every Aadhar number masked.
    const theirs = (await as('GET', '/api/admin/employees')).json().data;
    expect(theirs.find((s: { email: string }) => s.email === 'meera@audit.in').aadharNumber).toBe(
      '****-****-6666',
    );
  });

  it('refuses a taken email or mobile and leaves nothing behind', async () => {
    const email = await asAdmin('POST', '/api/admin/employees', { ...newEmployee, mobile: '9845011111' });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('Email is already registered');
    // The mobile of the refused attempt is still free.
    expect(await findUserIdBy(api.store, 'mobile', '9845011111')).toBeNull();
    const mobile = await asAdmin('POST', '/api/admin/employees', {
      ...newEmployee,
      email: 'other@branch.in',
    });
    expect(mobile.statusCode).toBe(409);
    expect(mobile.json().message).toBe('Mobile number is already registered');
    expect(await findUserIdBy(api.store, 'email', 'other@branch.in')).toBeNull();
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ mobile: '98450' }, 'Please enter a valid 10-digit mobile number'],
    [{ alternateMobile: '12' }, 'Please enter a valid 10-digit alternate mobile number'],
    [{ aadharNumber: '12345678901' }, 'Aadhar number must be 12 digits'],
    [{ role: 'customer' }, undefined],
  ])('refuses %j with a clear message', async (change, message) => {
    const res = await asAdmin('POST', '/api/admin/employees', {
      ...newEmployee,
      email: 'x@branch.in',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect(await findUserIdBy(api.store, 'email', 'x@branch.in')).toBeNull();
  });

  it('edits name, mobile and role; the old mobile becomes free and the new one signs in', async () => {
    const res = await asAdmin('PUT', `/api/admin/employees/${priyaId}`, {
      name: 'Priya S. Sharma',
      primaryMobile: '9845054321',
      secondaryMobile: '9845000000',
      role: 'employee',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Employee updated successfully!',
      data: { name: 'Priya S. Sharma', primaryMobile: '9845054321', secondaryMobile: '9845000000' },
    });
    expect(await findUserIdBy(api.store, 'mobile', '9845054321')).toBe(priyaId);
    expect(await findUserIdBy(api.store, 'mobile', '9845012345')).toBeNull();
  });

  it('revokes the tokens of a staff member whose role changes', async () => {
    const token = await api.tokenFor('employee');
    const validate = () =>
      api.app.inject({ method: 'GET', url: '/api/auth/validate', headers: { 'x-auth-token': token } });
    expect((await validate()).statusCode).toBe(200);
    const res = await asAdmin('PUT', `/api/admin/employees/${api.users.employee}`, {
      name: 'Ravi Employee',
      primaryMobile: '9000000002',
      role: 'admin',
    });
    expect(res.statusCode).toBe(200);
    expect((await validate()).statusCode).toBe(401);
    // Back to employee for the other tests.
    await asAdmin('PUT', `/api/admin/employees/${api.users.employee}`, {
      name: 'Ravi Employee',
      primaryMobile: '9000000002',
      role: 'employee',
    });
  });

  it('does not let an admin change their own role', async () => {
    const res = await asAdmin('PUT', `/api/admin/employees/${api.users.admin}`, {
      name: 'Asha Admin',
      primaryMobile: '9000000001',
      role: 'employee',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot change your own role');
  });

  it('deletes employees only, ends their sessions and frees their email', async () => {
    await api.project();
    const list = (await asAdmin('GET', '/api/admin/employees')).json().data;
    const kiran = list.find((s: { email: string }) => s.email === 'kiran@branch.in');
    const refused = await asAdmin('DELETE', `/api/admin/employees/${kiran._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Admin cannot be deleted');

    const employeeToken = await api.tokenFor('employee');
    const removed = await asAdmin('DELETE', `/api/admin/employees/${api.users.employee}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Employee deleted successfully!');
    const after = await api.app.inject({
      method: 'GET',
      url: '/api/auth/validate',
      headers: { 'x-auth-token': employeeToken },
    });
    expect(after.statusCode).toBe(401);
    expect(await findUserIdBy(api.store, 'email', 'employee@demo.local')).toBeNull();
    await api.project();
    const emails = (await asAdmin('GET', '/api/admin/employees'))
      .json()
      .data.map((s: { email: string }) => s.email);
    expect(emails).not.toContain('employee@demo.local');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const unknown = await asAdmin('PUT', '/api/admin/employees/00000000-0000-4000-8000-000000000000', {
      name: 'X',
      primaryMobile: '9845000001',
      role: 'employee',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await asAdmin('DELETE', '/api/admin/employees/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
  });
});
