import { sql } from 'kysely';
import { expect } from 'vitest';
import { listDevOutbox } from '../messaging/outbox-queries.js';
import type { TestApi } from './test-api.js';
import type { TestDatabase } from './test-infra.js';

/**
 * The customers tests' helpers: calls as a role, the event count, the last code sent, and
 * customer forms with numbers of their own. `current` gives the file's database and API,
 * made in its beforeAll.
 */
export function customersTestKit(current: () => { t: TestDatabase; api: TestApi }) {
  const call = async (caller: Caller, method: Method, url: string, payload?: unknown) =>
    current().api.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { 'x-auth-token': await current().api.tokenFor(caller) },
    });

  const eventCount = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from events`.execute(current().t.db)).rows[0]!.n);

  /** The newest code sent to a recipient, read from the outbox like a person reads their phone. */
  async function lastCodeSentTo(recipient: string): Promise<string> {
    const [latest] = await listDevOutbox(current().t.db, { to: recipient, limit: 1 });
    const code = latest && /\b(\d{6})\b/.exec(latest.text)?.[1];
    if (!code) throw new Error(`no code in the outbox for ${recipient}`);
    return code;
  }

  /** Past the 60 s resend cooldown. */
  const later = () => current().api.clock.advance(61_000);

  let nextNumber = 100;
  /** A customer form with numbers of its own, so tests do not collide. */
  function newForm(over: Record<string, unknown> = {}) {
    const n = nextNumber++;
    return {
      aadharNumber: `6000000${String(n).padStart(5, '0')}`,
      name: 'meena iyer',
      email: `meena${n}@example.com`,
      primaryMobile: `98450${String(n).padStart(5, '0')}`,
      secondaryMobile: `97450${String(n).padStart(5, '0')}`,
      emergencyContact: { mobile: `96450${String(n).padStart(5, '0')}`, relation: 'husband' },
      presentAddress: '4 Lake View Road, Bengaluru 560001',
      permanentAddress: '22 Car Street, Udupi 576101',
      purpose: 'loan_creation',
      ...over,
    };
  }

  async function createCustomer(caller: Caller = 'admin', over: Record<string, unknown> = {}) {
    const form = newForm(over);
    const res = await call(
      caller,
      'POST',
      `/api/${caller === 'admin' ? 'admin' : 'employee'}/customers`,
      form,
    );
    expect(res.statusCode, res.body).toBe(201);
    return { form, customer: res.json().customer as { _id: string; customerId: string } };
  }

  return { call, eventCount, lastCodeSentTo, later, newForm, createCustomer };
}

export type Caller = 'admin' | 'employee' | 'customer';
export type Method = 'GET' | 'POST' | 'PUT';
