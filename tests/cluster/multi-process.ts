// `npm run check:multi-process`: the whole product as eight processes (two each of
// api, relay, projector and scheduler) on the local PostgreSQL and NATS, under load,
// with the active relay, scheduler and projector and then an API SIGKILLed in turn.
// Prints each check (✓/✗) with its figures; exits non-zero if any failed.
//
//   npx tsx tests/cluster/multi-process.ts [--private-servers] [--rate <per second>]
//
// --private-servers starts a PostgreSQL cluster and a nats-server of its own (as the
// fault tests do) instead of using TEST_DATABASE_URL / TEST_NATS_URL: on a shared
// server another database's long transaction holds every relay back (the relay reads
// below the server-wide xmin).
import { parseArgs } from 'node:util';
import { runMultiProcess } from './multi-process-run.js';
import { PrivateNats, PrivatePostgres } from './servers.js';

const { values } = parseArgs({
  options: {
    'private-servers': { type: 'boolean', default: false },
    rate: { type: 'string', default: '12' },
  },
});
let servers: { postgres: PrivatePostgres; nats: PrivateNats } | undefined;
let code: number;
try {
  if (values['private-servers']) {
    servers = {
      postgres: await PrivatePostgres.start('gl-mp-pg'),
      nats: await PrivateNats.start('gl-mp-nats'),
    };
  }
  const { report } = await runMultiProcess({
    ratePerSecond: Number(values.rate),
    ...(servers ? { servers } : {}),
  });
  process.stdout.write(`\n${report.summary()}\n`);
  code = report.failed.length === 0 ? 0 : 1;
} finally {
  await servers?.nats.stop();
  await servers?.postgres.stop();
}
process.exit(code);
