import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashingStore } from '../testing/crashing-store.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { registerStaff, type NewStaff } from './staff-registration.js';
import { findUserIdBy, IDENTIFIER_CLAIM_POLICY, loadUser } from './user-commands.js';

/**
 * Issue 15, point 17: registering staff claims the email, then the mobile, then writes
 * the account, and released the claims with compensation events when something failed.
 * A process that died after a claim never compensated: the email stayed claimed by an
 * account that does not exist, and registering the person again was refused for good.
 */
let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('staff_registration');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

let n = 0;
const staff = (): NewStaff => {
  n += 1;
  return {
    role: 'employee',
    name: 'Ravi Kumar',
    email: `ravi.${n}@goldledger.example`,
    primaryMobile: `93210${String(n).padStart(5, '0')}`,
    secondaryMobile: null,
    aadharNumber: null,
    mustResetPassword: true,
  };
};

/** Who holds the email and the mobile, and whether that account exists. */
async function outcome(s: NewStaff) {
  const email = await findUserIdBy(api.store, 'email', s.email);
  const mobile = await findUserIdBy(api.store, 'mobile', s.primaryMobile);
  const exists = async (id: string | null) => (id ? (await loadUser(api.store, id)).state.exists : false);
  return { email, mobile, emailAccount: await exists(email), mobileAccount: await exists(mobile) };
}

/** The restart and the admin's retry come later than a live registration could still be writing. */
const later = () => api.clock.advance((IDENTIFIER_CLAIM_POLICY.abandonedAfterSeconds + 1) * 1000);

describe('a staff registration whose process dies between its writes', () => {
  for (const [point, at] of [
    ['after claiming the email', 2],
    ['after claiming both', 3],
  ] as const) {
    it(`${point}: registering the same person again succeeds, holding both with one account`, async () => {
      const s = staff();
      let writes = 0;
      const dead = crashingStore(api.store, () => (writes += 1) === at);
      await expect(registerStaff({ store: dead, clock: api.clock }, s)).rejects.toThrow(/simulated crash/);
      later();

      const userId = await registerStaff(api, s);
      const after = await outcome(s);
      expect(after).toEqual({ email: userId, mobile: userId, emailAccount: true, mobileAccount: true });
      expect((await loadUser(api.store, userId)).state).toMatchObject({ role: 'employee', email: s.email });
    });
  }

  it('never leaves a key claimed for nobody once the registration is tried again, wherever it died', async () => {
    for (let at = 1; at <= 3; at++) {
      const s = staff();
      let writes = 0;
      await registerStaff(
        { store: crashingStore(api.store, () => (writes += 1) === at), clock: api.clock },
        s,
      ).catch(() => undefined);
      later();
      const userId = await registerStaff(api, s);
      expect(await outcome(s), `died at write ${at}`).toEqual({
        email: userId,
        mobile: userId,
        emailAccount: true,
        mobileAccount: true,
      });
    }
  });

  it('refuses the email while a registration that claimed it may still be writing its account', async () => {
    const s = staff();
    let writes = 0;
    await registerStaff(
      { store: crashingStore(api.store, () => (writes += 1) === 2), clock: api.clock },
      s,
    ).catch(() => undefined);
    await expect(registerStaff(api, s)).rejects.toThrow('Email is already registered');
  });

  it('still refuses an email that belongs to a registered account, and writes nothing for it', async () => {
    const first = staff();
    await registerStaff(api, first);
    const second = { ...staff(), email: first.email };
    await expect(registerStaff(api, second)).rejects.toThrow('Email is already registered');
    expect(await findUserIdBy(api.store, 'mobile', second.primaryMobile)).toBeNull();
  });
});
