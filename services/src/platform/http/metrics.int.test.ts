import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api.js';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../testing/test-infra.js';
import { LeaderLock } from '../leader-lock.js';
import { registry } from '../metrics.js';

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('metrics');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

/** The value of one sample line of the Prometheus text, or undefined. */
async function sample(name: string, labels: string): Promise<number | undefined> {
  const text = (await api.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : undefined;
}

describe('metrics for the dashboard', () => {
  it('counts HTTP requests by route pattern, method and status, never by raw id', async () => {
    await api.project();
    const token = await api.tokenFor('admin');
    const id = '3f0f6c1e-0000-4000-8000-00000000abcd';
    const labels = 'method="GET",route="/api/loans/:id",status_code="404"';
    const before = (await sample('goldledger_http_request_duration_seconds_count', labels)) ?? 0;
    for (let i = 0; i < 3; i++) {
      const res = await api.app.inject({
        method: 'GET',
        url: `/api/loans/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await sample('goldledger_http_request_duration_seconds_count', labels)).toBe(before + 3);
    expect((await registry.metrics()).includes(id)).toBe(false);
  });

  it('shows which process holds a leader lock', async () => {
    const lock = new LeaderLock(TEST_DATABASE_URL, `metrics-test-${process.pid}`);
    const labels = `lock="${lock.name}"`;
    expect(await lock.tryAcquire()).toBe(true);
    expect(await sample('goldledger_leader', labels)).toBe(1);
    await lock.release();
    expect(await sample('goldledger_leader', labels)).toBe(0);
  });
});
