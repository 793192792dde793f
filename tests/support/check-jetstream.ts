// Exit 0 when the NATS server at argv[2] has JetStream enabled; CI uses it to tell
// a plain nats-server (e.g. a distribution's default service) from a usable one.
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

const url = process.argv[2] ?? 'nats://127.0.0.1:4222';
try {
  const nc = await connect({ servers: url, timeout: 3000 });
  try {
    await (await jetstreamManager(nc)).getAccountInfo();
    process.stdout.write(`JetStream available at ${url}\n`);
  } finally {
    await nc.close();
  }
} catch (error) {
  process.stderr.write(`No JetStream at ${url}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
