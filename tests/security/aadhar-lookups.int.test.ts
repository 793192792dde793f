import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../services/src/testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../services/src/testing/test-infra.js';

/**
 * Issue 15, point 11: `GET /api/employee/check-aadhar/<12 digits>` answered 2,676
 * requests/s, unaudited: with the last 4 digits known, an employee could unmask a
 * customer in hours. Lookups and customer searches are limited per staff member (30 a
 * minute), each one is in the audit log (who, when, the masked number, found or not),
 * and admins are told once per burst.
 */
let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('sec_aadhar_lookups');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const LIMIT = 30;
/** The demo customer (createTestApi) has this Aadhar number. */
const KNOWN = '500000000003';
const guess = (i: number) => `6${String(i).padStart(7, '0')}0003`;

async function as(role: 'admin' | 'employee', url: string) {
  return api.app.inject({ method: 'GET', url, headers: { 'x-auth-token': await api.tokenFor(role) } });
}

describe('Aadhar lookups and customer searches (issue 15, point 11)', () => {
  it('allow a staff member 30 a minute, then refuse with 429 and a message, whichever path', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const aadhar = i === 0 ? KNOWN : guess(i);
      statuses.push((await as('employee', `/api/employee/check-aadhar/${aadhar}`)).statusCode);
    }
    expect(statuses).toEqual(Array(LIMIT).fill(200));
    for (let i = 0; i < 5; i++) {
      const refused = await as('employee', `/api/employee/check-aadhar/${guess(100 + i)}`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: 'Too many customer lookups: at most 30 a minute. Please try again in a minute.',
        code: 'lookup_rate_limited',
        timeLeft: expect.any(Number),
      });
      expect(refused.headers['retry-after']).toBeDefined();
    }
    // A search by the same employee spends the same allowance, and so does an edit by Aadhar number (a 404 would tell).
    expect((await as('employee', '/api/employee/customers?search=1234')).statusCode).toBe(429);
    const edit = await api.app.inject({
      method: 'PUT',
      url: `/api/employee/customers/${guess(200)}`,
      headers: { 'x-auth-token': await api.tokenFor('employee') },
      payload: {
        aadharNumber: guess(200),
        name: 'meena iyer',
        primaryMobile: '9845012345',
        emergencyContact: { mobile: '9645012345', relation: 'husband' },
        presentAddress: '4 Lake View Road, Bengaluru 560001',
        permanentAddress: '22 Car Street, Udupi 576101',
      },
    });
    expect(edit.statusCode, edit.body).toBe(429);
    // Another staff member has their own.
    expect((await as('admin', `/api/admin/check-aadhar/${KNOWN}`)).statusCode).toBe(200);
  });

  it('limit customer searches the same way; a list without a search is not a lookup', async () => {
    await api.project();
    for (let i = 1; i < LIMIT; i++) {
      expect((await as('admin', `/api/admin/customers?search=${guess(i).slice(-6)}`)).statusCode).toBe(200);
    }
    expect((await as('admin', '/api/admin/customers?search=Lakshmi')).statusCode).toBe(429);
    expect((await as('admin', `/api/employee/check-aadhar/${KNOWN}`)).statusCode).toBe(429);
    expect((await as('admin', '/api/admin/customers')).statusCode).toBe(200);
  });

  it('puts each lookup in the audit log: who, when, the masked number, found or not', async () => {
    await api.project();
    const res = await as('admin', '/api/admin/audit-log?eventType=AadharLookedUp&limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data as Array<{
      summary: string;
      actor: { id: string; role: string } | null;
      recordedAt: string;
    }>;
    // 30 by the employee, 1 by the admin; refused lookups are not lookups.
    expect(entries).toHaveLength(LIMIT + 1);
    const byEmployee = entries.filter((e) => e.actor?.id === api.users.employee);
    expect(byEmployee).toHaveLength(LIMIT);
    expect(byEmployee.filter((e) => e.summary === 'Aadhar looked up: ****-****-0003, found')).toHaveLength(1);
    expect(
      byEmployee.filter((e) => e.summary === 'Aadhar looked up: ****-****-0003, not found'),
    ).toHaveLength(LIMIT - 1);
    expect(res.body).not.toContain(KNOWN);
    expect(res.body).not.toContain(guess(1));

    const searches = await as('admin', '/api/admin/audit-log?eventType=CustomersSearched&limit=100');
    expect(searches.json().data).toHaveLength(LIMIT - 1);
  });

  it('tells the admins once per burst and staff member, not once per refused request', async () => {
    await api.project();
    const res = await as('admin', '/api/notifications?type=lookup_burst');
    expect(res.statusCode, res.body).toBe(200);
    const bursts = res.json().data as Array<{ title: string; message: string }>;
    expect(bursts.map((n) => n.title).sort()).toEqual([
      'Unusual customer lookups by Asha Admin',
      'Unusual customer lookups by Ravi Employee',
    ]);
    expect(bursts[0]!.message).toContain(
      'reached the limit of 30 Aadhar checks and customer searches a minute',
    );
  });
});
