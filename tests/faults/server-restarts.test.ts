import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRunningCheck, check, type Check } from '../cluster/checks.js';
import { backlog, eventCount } from '../cluster/read-model-checks.js';
import type { Cluster } from '../cluster/cluster.js';
import { waitUntil } from '../system/support/processes.js';
import {
  runScenario,
  seconds,
  startFaultCluster,
  stopFaultCluster,
  type FaultCluster,
} from './support/fault-cluster.js';

/**
 * Issue 8, point 4: the servers under the product fail while staff keep working —
 * PostgreSQL restarted (fast, then a crash restart), NATS killed and restarted, NATS
 * down for a whole minute. Two of every role run on servers of the file's own.
 */
let f: FaultCluster | undefined;

beforeAll(async () => {
  f = await startFaultCluster({ label: 'servers' });
});
afterAll(async () => {
  await stopFaultCluster(f);
});

const failed = (checks: Check[]) => checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);
const reproduce = (name: string) =>
  `npx vitest run --project faults tests/faults/server-restarts.test.ts -t "${name}"`;

/** Every event in NATS and every projection caught up (the pipeline works end to end again). */
async function delivered(cluster: Cluster): Promise<boolean> {
  const [events, nats, behind] = await Promise.all([
    eventCount(cluster.db),
    cluster.natsState(),
    backlog(cluster.db),
  ]);
  return nats !== undefined && nats.lastSeq >= events && Object.values(behind).every((n) => n === 0);
}

/** Seconds from `from` until `probe` holds (polled; failures of the probe count as "not yet"). */
async function secondsUntil(
  from: number,
  what: string,
  probe: () => Promise<boolean> | boolean,
): Promise<number> {
  await waitUntil(
    async () => {
      try {
        return await probe();
      } catch {
        return false;
      }
    },
    { timeoutMs: 180_000, intervalMs: 100, describe: () => what },
  );
  return seconds(performance.now() - from);
}

describe('PostgreSQL', () => {
  for (const mode of ['fast', 'immediate'] as const) {
    it(`restarted (${mode}) under load: commands resume, relay and projectors reconnect`, async () => {
      const fc = f!;
      const result = await runScenario(
        fc,
        { name: `PostgreSQL restart (${mode})`, reproduce: reproduce(`restarted (${mode})`) },
        async ({ cluster, postgres, driver }) => {
          const started = performance.now();
          const acked = driver.counts().acked;
          const failedBefore = driver.counts().failed;
          await postgres.restart(mode);
          const downSeconds = seconds(performance.now() - started);
          const ackedAtRestart = driver.counts().acked;
          const firstAck = await secondsUntil(
            started,
            'a command acknowledged after the restart',
            () => driver.counts().acked > Math.max(acked, ackedAtRestart),
          );
          const seqAt = (await cluster.natsState())?.lastSeq ?? 0;
          const relayResumed = await secondsUntil(
            started,
            'the relay publishing again',
            async () => ((await cluster.natsState())?.lastSeq ?? 0) > seqAt,
          );
          const pipeline = await secondsUntil(started, 'everything delivered and applied', () =>
            delivered(cluster),
          );
          return {
            recovery: {
              restartSeconds: downSeconds,
              firstAckSeconds: firstAck,
              relayPublishingSeconds: relayResumed,
              allAppliedSeconds: pipeline,
              commandsFailedDuringRestart: driver.counts().failed - failedBefore,
            },
            checks: [
              allRunningCheck('every process survived the restart', cluster.members),
              check(
                'service resumed within 30 s of the restart',
                firstAck < 30 && pipeline < 30 + downSeconds,
                `restart ${downSeconds} s; first acknowledgement ${firstAck} s, relay publishing ${relayResumed} s, all applied ${pipeline} s after it began`,
              ),
            ],
          };
        },
      );
      expect(failed(result.checks)).toEqual([]);
    });
  }
});

describe('NATS', () => {
  it('killed and restarted on the same store: delivery resumes, nothing lost or doubled', async () => {
    const fc = f!;
    const result = await runScenario(
      fc,
      { name: 'NATS killed and restarted', reproduce: reproduce('killed and restarted') },
      async ({ cluster, nats, driver }) => {
        const failedBefore = driver.counts().failed;
        const started = performance.now();
        await nats.stopServer('SIGKILL');
        await sleep(2_000);
        await nats.startServer();
        const back = seconds(performance.now() - started);
        const pipeline = await secondsUntil(started, 'everything delivered and applied', () =>
          delivered(cluster),
        );
        const commandFailures = driver.counts().failed - failedBefore;
        return {
          recovery: { natsDownSeconds: back, allDeliveredSeconds: pipeline },
          checks: [
            allRunningCheck('every process survived', cluster.members),
            check(
              'commands were accepted throughout (they only need PostgreSQL)',
              commandFailures === 0,
              `${commandFailures} failed`,
            ),
          ],
        };
      },
    );
    expect(failed(result.checks)).toEqual([]);
  });

  it('down for 60 s: commands are accepted throughout and everything is delivered after', async () => {
    const fc = f!;
    const result = await runScenario(
      fc,
      { name: 'NATS outage of 60 s', reproduce: reproduce('down for 60 s'), afterSeconds: 5 },
      async ({ cluster, nats, driver }) => {
        const before = driver.counts();
        const eventsBefore = await eventCount(cluster.db);
        const seqBefore = (await cluster.natsState())?.lastSeq ?? 0;
        await nats.stopServer('SIGTERM');
        const down = performance.now();
        await sleep(60_000);
        const during = driver.counts();
        const eventsDuring = (await eventCount(cluster.db)) - eventsBefore;
        await nats.startServer();
        const upAt = performance.now();
        const pipeline = await secondsUntil(upAt, 'everything delivered and applied', () =>
          delivered(cluster),
        );
        const acceptedDuring = during.acked - before.acked;
        const failedDuring = during.failed - before.failed;
        return {
          recovery: {
            outageSeconds: seconds(upAt - down),
            commandsAcceptedDuringOutage: acceptedDuring,
            commandsFailedDuringOutage: failedDuring,
            eventsAppendedDuringOutage: eventsDuring,
            natsSeqBeforeOutage: seqBefore,
            allDeliveredAfterRestartSeconds: pipeline,
          },
          checks: [
            check(
              'commands were accepted throughout the outage',
              acceptedDuring > 0 && failedDuring === 0,
              `${acceptedDuring} acknowledged, ${failedDuring} failed, ${eventsDuring} events appended while NATS was down`,
            ),
            allRunningCheck('every process survived', cluster.members),
          ],
        };
      },
    );
    expect(failed(result.checks)).toEqual([]);
  });
});
