import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import {
  TEST_NATS_URL,
  createTestDatabase,
  testNatsNames,
  type TestDatabase,
} from '@goldledger/services/testing';
import { ProcessGroup, cleanEnv, waitReady, waitUntil, type ProductProcess } from './support/processes.js';

interface LogLine {
  msg?: string;
  reqId?: string;
  role?: string;
  projection?: string;
  correlationIds?: string[];
}

/** The JSON log lines of a process that mention `id`, parsed. */
function linesMentioning(p: ProductProcess, id: string): LogLine[] {
  return p
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{') && l.includes(id))
    .map((l) => JSON.parse(l) as LogLine);
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

describe('one request followed through the logs of api, relay and projector', () => {
  it('finds the request id of a command in all three processes’ structured logs', async ({
    onTestFailed,
  }) => {
    const t: TestDatabase = await createTestDatabase('sys_corr');
    const nats = testNatsNames('sys_corr');
    const group = new ProcessGroup({
      ...cleanEnv(),
      DATABASE_URL: t.url,
      NATS_URL: TEST_NATS_URL,
      NATS_STREAM: nats.stream,
      NATS_SUBJECT_PREFIX: nats.subjectPrefix,
      PORT: '0',
      LOG_LEVEL: 'info',
    });
    cleanups.push(async () => {
      await group.killAll();
      const nc = await connect({ servers: TEST_NATS_URL });
      await (await jetstreamManager(nc)).streams.delete(nats.stream).catch(() => undefined);
      await nc.close();
      await t.drop();
    });
    onTestFailed(() => console.error(group.tails()));

    const api = group.start('api', ['api']);
    const relay = group.start('relay', ['relay']);
    const projector = group.start('projector', ['projector']);
    const [apiUrl, relayUrl, projectorUrl] = await Promise.all([
      api.url(60_000),
      relay.url(60_000),
      projector.url(60_000),
    ]);
    await Promise.all([
      waitReady(api, apiUrl, 60_000),
      waitReady(relay, relayUrl, 60_000),
      waitReady(projector, projectorUrl, 60_000),
    ]);

    // A proxy in front may set the id; otherwise the API makes one and answers it.
    const requestId = `corr-${randomUUID()}`;
    const answer = await fetch(`${apiUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({
        name: 'Meera Iyer',
        email: 'meera@example.in',
        gold: 25,
        phone: '9876501234',
        message: 'I would like a loan on my bangles.',
      }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe(requestId);

    await waitUntil(
      async () =>
        linesMentioning(relay, requestId).some((l) => l.msg === 'published') &&
        // Several read models take the event, each in its own time: wait for the audit log's.
        linesMentioning(projector, requestId).some(
          (l) => l.msg === 'applied' && l.projection === 'audit-log',
        ),
      { timeoutMs: 30_000, intervalMs: 100, describe: () => group.tails() },
    );
    const apiLines = linesMentioning(api, requestId);
    expect(apiLines.some((l) => l.reqId === requestId && l.msg === 'request completed')).toBe(true);
    const published = linesMentioning(relay, requestId).find((l) => l.msg === 'published')!;
    expect(published).toMatchObject({ role: 'relay', correlationIds: expect.arrayContaining([requestId]) });
    const applied = linesMentioning(projector, requestId).filter((l) => l.msg === 'applied');
    // The audit log is one of the read models that took the event.
    expect(applied.map((l) => l.projection)).toContain('audit-log');
    for (const l of applied)
      expect(l).toMatchObject({ role: 'projector', correlationIds: expect.arrayContaining([requestId]) });
  }, 120_000);
});
