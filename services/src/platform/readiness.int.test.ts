import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectionRunner, usersProjection } from '@goldledger/projections';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, untilCommittedReadable, type TestDatabase } from '../testing/test-infra.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import type { Platform } from './platform.js';
import { checkReadiness, readinessGatesFor } from './readiness.js';
import { InProcessTransport } from './transport.js';

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('ready');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

describe('readiness', () => {
  it('waits for a read model the projector has not created yet, then for it to catch up', async () => {
    const platform = {
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      log: createLogger('silent'),
      db: t.db,
      transport: new InProcessTransport(api.store),
    } as unknown as Platform;
    const before = await checkReadiness(platform, [usersProjection]);
    expect(before.checks.projections.users).toEqual({ behind: null, caughtUp: false });
    expect(before.ready).toBe(false);
    const runner = new ProjectionRunner({ db: t.db, reader: api.store, projection: usersProjection });
    await runner.init();
    await untilCommittedReadable(t.db);
    await runner.catchUp();
    const after = await checkReadiness(platform, [usersProjection]);
    expect(after.checks.projections.users).toEqual({ behind: 0, caughtUp: true });
  });

  it('lets an API (or a scheduler) be ready while read models lag; a projector and a relay are held to their own work', async () => {
    const lagging = await createTestDatabase('ready_lag');
    try {
      const base = {
        config: loadConfig({ LOG_LEVEL: 'silent' }),
        log: createLogger('silent'),
        db: lagging.db,
        transport: { kind: 'nats', healthy: () => false },
      };
      const as = (role: string) =>
        checkReadiness({ ...base, readiness: readinessGatesFor(role) } as unknown as Platform, [
          usersProjection,
        ]);
      // No read model yet and the transport is down.
      for (const role of ['api', 'scheduler']) {
        const r = await as(role);
        expect(r.ready, role).toBe(true);
        expect(r.checks.projections.users?.caughtUp).toBe(false);
      }
      expect((await as('relay')).ready).toBe(false);
      expect((await as('projector')).ready).toBe(false);
      expect((await as('all')).ready).toBe(false);
    } finally {
      await lagging.drop();
    }
  });
});
