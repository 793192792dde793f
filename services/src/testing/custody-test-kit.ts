import { hash } from '@node-rs/argon2';
import {
  BRANCH_STREAM_TYPE,
  DEFAULT_BRANCH_DETAILS,
  branchStreamId,
  type BranchDetails,
} from '@goldledger/contracts';
import { issueToken, sessionOfUser } from '../identity/access.plugin.js';
import { registerStaff } from '../identity/staff-registration.js';
import { loadUser } from '../identity/user-commands.js';
import { USER_STREAM_TYPE, userStreamId } from '../identity/user.decider.js';
import { afterAll, beforeAll } from 'vitest';
import { listDevOutbox } from '../messaging/outbox-queries.js';
import { operationsSupport } from './operations-test-support.js';
import { createTestApi, type TestApi } from './test-api.js';
import { createTestDatabase, type TestDatabase } from './test-infra.js';

/**
 * What the custody tests set up beyond the test API: a second branch, staff assigned to
 * branches, passwords, tokens, and the codes the outbox holds. Branches and assignments are
 * appended as their events, the way the branch admin records them.
 */
export function custodyKit(api: TestApi, t: TestDatabase) {
  const deps = { store: api.store, clock: api.clock };

  async function openBranch(branchId: string, details: Partial<BranchDetails> = {}) {
    await api.store.append(
      branchStreamId(branchId),
      [
        {
          type: 'BranchOpened',
          data: { ...DEFAULT_BRANCH_DETAILS, ...details, branchId },
          occurredAt: api.clock.now(),
        },
      ],
      { streamType: BRANCH_STREAM_TYPE, expectedVersion: 'no_stream' },
    );
  }

  async function assignBranches(userId: string, branchIds: string[]) {
    const version = await api.store.streamVersion(userStreamId(userId));
    await api.store.append(
      userStreamId(userId),
      [{ type: 'StaffBranchesAssigned', data: { branchIds }, occurredAt: api.clock.now() }],
      { streamType: USER_STREAM_TYPE, expectedVersion: version },
    );
  }

  async function setPassword(userId: string, password: string) {
    const passwordHash = await hash(password);
    await t.db
      .insertInto('user_credentials')
      .values({ user_id: userId, password_hash: passwordHash, updated_at: api.clock.now() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: passwordHash }))
      .execute();
  }

  /** A member of staff with a password, at the default branch unless assigned elsewhere. */
  async function staff(name: string, n: number, password: string, branchIds?: string[]) {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@branch.local`;
    const mobile = `95000000${String(n).padStart(2, '0')}`;
    const userId = await registerStaff(deps, {
      role: 'employee',
      name,
      email,
      primaryMobile: mobile,
      secondaryMobile: null,
      aadharNumber: `40000000${String(n).padStart(4, '0')}`,
      mustResetPassword: false,
    });
    if (branchIds) await assignBranches(userId, branchIds);
    await setPassword(userId, password);
    return { userId, email, mobile, name };
  }

  async function tokenOf(userId: string) {
    const { state, version } = await loadUser(api.store, userId);
    return issueToken(api.app, sessionOfUser(userId, state, version));
  }

  /** The last 6-digit code sent to a mobile or email with this purpose. */
  async function lastCode(to: string, purpose: string) {
    const sent = await listDevOutbox(t.db, { to, limit: 20 });
    const message = sent.find((m) => m.purpose === purpose);
    if (!message) throw new Error(`no ${purpose} message to ${to}`);
    return /\b(\d{6})\b/.exec(message.text)![1]!;
  }

  function as(token: string) {
    return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      api.app.inject({
        method,
        url,
        ...(payload !== undefined ? { payload } : {}),
        headers: { 'x-auth-token': token },
      });
  }

  return { openBranch, assignBranches, setPassword, staff, tokenOf, lastCode, as };
}

/** The West branch of the custody tests, with one safe. */
export const WEST_BRANCH = '0b0b0b0b-0000-4000-8000-00000000000b';

export interface CustodyPerson {
  userId: string;
  email: string;
  mobile: string;
  token: string;
}

/**
 * The custody tests' world, on a database of the file's own (registers beforeAll/afterAll):
 * the main branch with Ravi (the test API's employee) and Meena beside him, each with a
 * password, and the West branch where Kiran works.
 */
export function custodyWorld(prefix: string, options: { goldPrices?: boolean } = {}) {
  const world = {
    t: undefined as unknown as TestDatabase,
    api: undefined as unknown as TestApi,
    ops: undefined as unknown as ReturnType<typeof operationsSupport>,
    kit: undefined as unknown as ReturnType<typeof custodyKit>,
    people: {} as Record<'ravi' | 'meena' | 'kiran', CustodyPerson>,
  };
  beforeAll(async () => {
    world.t = await createTestDatabase(prefix);
    world.api = await createTestApi(world.t, undefined, {}, { goldPrices: options.goldPrices ?? true });
    world.ops = operationsSupport(world.api, '6');
    world.kit = custodyKit(world.api, world.t);
    await world.kit.openBranch(WEST_BRANCH, {
      code: 'WEST',
      name: 'West Branch',
      vault: { name: 'West vault', safes: ['Vault A'] },
    });
    await world.kit.setPassword(world.api.users.employee, 'ravi-secret');
    const meena = await world.kit.staff('Meena Employee', 1, 'meena-secret');
    const kiran = await world.kit.staff('Kiran West', 2, 'kiran-secret', [WEST_BRANCH]);
    world.people.ravi = {
      userId: world.api.users.employee,
      email: 'employee@demo.local',
      mobile: '9000000002',
      token: await world.api.tokenFor('employee'),
    };
    world.people.meena = { ...meena, token: await world.kit.tokenOf(meena.userId) };
    world.people.kiran = { ...kiran, token: await world.kit.tokenOf(kiran.userId) };
  });
  afterAll(async () => {
    await world.api?.app.close();
    await world.t?.drop();
  });
  return world;
}
