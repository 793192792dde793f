import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { claimIdentifier, executeUserCommand, findUserIdBy, loadUser } from '../identity/user-commands.js';
import { crashingStore } from '../testing/crashing-store.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import {
  completeVerification,
  executeCustomerCommand,
  loadCustomer,
  registerCustomer,
} from './customer-commands.js';

/**
 * Issue 15, point 17: verifying a customer and opening their sign-in account were
 * separate writes, and a process that died between them left a verified customer with
 * no account (seen under faults). Each test kills the "process" at one point (every
 * write from there on fails), then runs the same step again as a retry would.
 */
let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('verification_account');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

let n = 0;
async function newCustomer() {
  n += 1;
  const { customerUuid, customer } = await registerCustomer(api, {
    aadharNumber: `71000000${String(n).padStart(4, '0')}`,
    name: 'Meena Iyer',
    email: `meena.${n}@example.in`,
    primaryMobile: `97310${String(n).padStart(5, '0')}`,
    secondaryMobile: null,
    emergencyContact: { mobile: `96310${String(n).padStart(5, '0')}`, relation: 'brother' },
    presentAddress: '3 Lake View, Madurai 625001',
    permanentAddress: '3 Lake View, Madurai 625001',
  });
  return { customerUuid, mobile: customer.profile.primaryMobile, email: customer.profile.email! };
}

const verify = (store: TestApi['store'], customerUuid: string) =>
  completeVerification({ store, clock: api.clock }, customerUuid, { channel: 'sms', openAccount: true });

/** The accounts holding the customer's mobile or email, and those of them that exist (read from the streams). */
async function accountsOf(customerUuid: string, contact: { mobile: string; email: string }) {
  const { state } = await loadCustomer(api.store, customerUuid);
  const holders = new Set(
    [
      await findUserIdBy(api.store, 'mobile', contact.mobile),
      await findUserIdBy(api.store, 'email', contact.email),
    ].filter((id): id is string => id !== null),
  );
  const opened: string[] = [];
  for (const id of holders) {
    const user = (await loadUser(api.store, id)).state;
    if (user.exists && user.role === 'customer') opened.push(id);
  }
  return { customer: state!, holders: [...holders], opened };
}

const dies = async (work: Promise<unknown>) => expect(work).rejects.toThrow(/simulated crash/);

describe('a verification whose process dies between its writes', () => {
  it('after the first write: never a verified customer without an account; the retry finishes with one', async () => {
    const c = await newCustomer();
    // The process dies at its second write, whichever that is.
    let writes = 0;
    await dies(
      verify(
        crashingStore(api.store, () => (writes += 1) === 2),
        c.customerUuid,
      ),
    );
    const between = await accountsOf(c.customerUuid, c);
    expect(between.customer.verified && !between.customer.userId).toBe(false);

    const retried = await verify(api.store, c.customerUuid);
    expect(retried.customer.verified).toBe(true);
    const after = await accountsOf(c.customerUuid, c);
    expect(after.opened).toHaveLength(1);
    expect(after.holders).toEqual(after.opened);
    expect(after.customer.userId).toBe(after.opened[0]);
  });

  it('before the customer is linked to the account just opened: the retry links that same account', async () => {
    const c = await newCustomer();
    await dies(
      verify(
        crashingStore(api.store, (_stream, events) => events.some((e) => e.type === 'CustomerAccountLinked')),
        c.customerUuid,
      ),
    );
    const retried = await verify(api.store, c.customerUuid);
    expect(retried.account).not.toBe('contact_taken');
    expect(retried.customer.verified).toBe(true);
    const after = await accountsOf(c.customerUuid, c);
    expect(after.opened).toHaveLength(1);
    expect(after.customer.userId).toBe(after.opened[0]);
  });

  it('at any write: the retry always ends verified with exactly one account', async () => {
    for (let crashAt = 1; crashAt <= 6; crashAt++) {
      const c = await newCustomer();
      let writes = 0;
      await verify(
        crashingStore(api.store, () => (writes += 1) === crashAt),
        c.customerUuid,
      ).catch(() => undefined);
      const between = await accountsOf(c.customerUuid, c);
      expect(between.customer.verified && !between.customer.userId, `crash at write ${crashAt}`).toBe(false);
      await verify(api.store, c.customerUuid);
      const after = await accountsOf(c.customerUuid, c);
      expect(after.customer.verified, `crash at write ${crashAt}`).toBe(true);
      expect(after.opened, `crash at write ${crashAt}`).toHaveLength(1);
      expect(after.customer.userId, `crash at write ${crashAt}`).toBe(after.opened[0]);
    }
  });

  it('left by the code before this change (verified, an account opened under another id, never linked): links that account', async () => {
    const c = await newCustomer();
    const { state } = await loadCustomer(api.store, c.customerUuid);
    const earlier = randomUUID();
    await executeCustomerCommand(api, c.customerUuid, { type: 'VerifyCustomer', channel: 'sms' });
    await claimIdentifier(api, 'mobile', c.mobile, earlier);
    await claimIdentifier(api, 'email', c.email, earlier);
    await executeUserCommand(api, earlier, {
      type: 'OpenCustomerAccount',
      userId: earlier,
      customerId: state!.customerId,
      name: state!.profile.name,
      email: c.email,
      primaryMobile: c.mobile,
    });

    const retried = await verify(api.store, c.customerUuid);
    expect(retried.account).toBe('opened');
    const after = await accountsOf(c.customerUuid, c);
    expect(after.opened).toEqual([earlier]);
    expect(after.customer.userId).toBe(earlier);
  });
});
