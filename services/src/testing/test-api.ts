import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Role } from '@goldledger/contracts';
import { ProjectionRunner, projections } from '@goldledger/projections';
import { createApi } from '../app.js';
import { issueToken, sessionOfUser } from '../identity/access.plugin.js';
import { registerVerifiedCustomer } from '../customers/customer-commands.js';
import { registerStaff } from '../identity/staff-registration.js';
import { loadUser } from '../identity/user-commands.js';
import { OutboxSender } from '../messaging/outbox-sender.js';
import { FixedClock } from '../platform/clock.js';
import { loadConfig } from '../platform/config.js';
import { createEventStore, type EventStore } from '../platform/event-store/event-store.js';
import type { App } from '../platform/http/app.js';
import { createLogger, type Logger } from '../platform/logger.js';
import type { Platform } from '../platform/platform.js';
import { trackWrites } from '../platform/read-after-write.js';
import { InProcessTransport } from '../platform/transport.js';
import type { TestDatabase } from './test-infra.js';
import { seedGoldPrices } from './gold-prices-kit.js';

export interface TestApi {
  app: App;
  store: EventStore;
  clock: FixedClock;
  /** User (account) ids; `customer` is the demo customer's sign-in account. */
  users: Record<Role, string>;
  /** Customer stream uuids (`_id`): `demo` is CUS000001, verified, with the `customer` account. */
  customers: { demo: string };
  /** A fresh folder per test API where uploaded photos are stored (BLOB_DIR). */
  blobDir: string;
  /** A fresh token for the role's demo user, valid at the account's current version. */
  tokenFor(role: Role): Promise<string>;
  /** Brings every read model up to date (tests run no projector process). */
  project(): Promise<void>;
}

/** What a test API is built with besides its database; `env` adds or overrides config variables. */
export interface TestApiOptions {
  /** The process's logger (default: silent). */
  log?: Logger;
  /**
   * Record a flat 22K price series (2025-2027) so loans can be valued (default true); a test
   * of the price register itself starts from an empty one.
   */
  goldPrices?: boolean;
}

/** One API process on the test database, seeding nothing: a replica of another test API. */
export async function createTestApp(
  t: TestDatabase,
  clock: FixedClock,
  env: Record<string, string> = {},
  options: TestApiOptions = {},
): Promise<{ app: App; store: EventStore; blobDir: string }> {
  const store = trackWrites(createEventStore(t.db));
  const blobDir = mkdtempSync(path.join(tmpdir(), 'goldledger-blobs-'));
  const platform: Platform = {
    config: loadConfig({
      LOG_LEVEL: 'silent',
      OUTBOX_API: '1',
      BLOB_DIR: blobDir,
      READ_AFTER_MAX_WAIT_MS: '300',
      // Tests written before maker-checker act alone; an approvals test saves a policy.
      APPROVALS_OFF_UNTIL_SET: '1',
      ...env,
    }),
    log: options.log ?? createLogger('silent'),
    connectionString: t.url,
    pool: t.pool,
    db: t.db,
    store,
    transport: new InProcessTransport(store),
    embedded: undefined,
    close: async () => undefined,
  };
  const app = await createApi({
    platform,
    clock,
    secrets: { jwt: 'test-jwt-secret-'.repeat(3), otp: 'test-otp-secret-'.repeat(3) },
    messages: new OutboxSender(t.db, clock),
  });
  app.addHook('onClose', async () => rmSync(blobDir, { recursive: true, force: true }));
  await app.ready();
  return { app, store, blobDir };
}

/** The real API on a test database, with one account per role; `env` adds or overrides config variables. */
export async function createTestApi(
  t: TestDatabase,
  clock = new FixedClock('2026-11-21T04:30:00Z'),
  env: Record<string, string> = {},
  options: TestApiOptions = {},
): Promise<TestApi> {
  const { app, store, blobDir } = await createTestApp(t, clock, env, options);
  const deps = { store, clock };
  const admin = await registerStaff(deps, {
    role: 'admin',
    name: 'Asha Admin',
    email: 'admin@demo.local',
    primaryMobile: '9000000001',
    secondaryMobile: null,
    aadharNumber: '400000000001',
    mustResetPassword: false,
  });
  const employee = await registerStaff(deps, {
    role: 'employee',
    name: 'Ravi Employee',
    email: 'employee@demo.local',
    primaryMobile: '9000000002',
    secondaryMobile: null,
    aadharNumber: '123412341234',
    mustResetPassword: true,
  });
  const auditor = await registerStaff(deps, {
    role: 'auditor',
    name: 'Indira Auditor',
    email: 'auditor@demo.local',
    primaryMobile: '9000000004',
    secondaryMobile: null,
    aadharNumber: '400000000004',
    mustResetPassword: false,
  });
  // Registered through the customers slice: CUS000001, verified, with a sign-in account.
  const demo = await registerVerifiedCustomer(deps, {
    aadharNumber: '500000000003',
    name: 'Lakshmi Customer',
    email: 'customer@demo.local',
    primaryMobile: '9000000003',
    secondaryMobile: null,
    emergencyContact: { mobile: '9000000013', relation: 'Son' },
    presentAddress: '12 Temple Street, Mylapore, Chennai 600004',
    permanentAddress: '12 Temple Street, Mylapore, Chennai 600004',
  });
  // Loans are valued at the register's prices: a flat series over every day tests date loans on.
  if (options.goldPrices ?? true) await seedGoldPrices(store);
  const users: Record<Role, string> = { admin, employee, customer: demo.userId, auditor };
  return {
    app,
    store,
    clock,
    users,
    customers: { demo: demo.customerUuid },
    blobDir,
    async project() {
      // Events of a transaction still open elsewhere on the server (another test file)
      // are not readable yet: catch up until nothing committed is left behind.
      const deadline = performance.now() + 15_000;
      for (const projection of projections) {
        const runner = new ProjectionRunner({ db: t.db, reader: store, projection });
        await runner.init();
        for (;;) {
          await runner.catchUp();
          const { rows } = await sql<{ n: string }>`
            select count(*) as n from events
            where (transaction_id, global_position) > (${runner.checkpoint.transactionId}::xid8, ${runner.checkpoint.globalPosition}::bigint)`.execute(
            t.db,
          );
          if (Number(rows[0]!.n) === 0) break;
          if (performance.now() > deadline) throw new Error(`${projection.name} did not catch up`);
          await sleep(20);
        }
      }
    },
    async tokenFor(role) {
      const { state, version } = await loadUser(store, users[role]);
      return issueToken(app, sessionOfUser(users[role], state, version));
    },
  };
}
