import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@goldledger/services';
import {
  checksumDifferences,
  projections,
  readModelChecksums,
  type ReadModelChecksums,
} from '@goldledger/projections';
import { waitUntil } from '../system/support/processes.js';
import { check, oldestTransaction, type Check } from './checks.js';
import type { Cluster } from './cluster.js';
import type { CommandKind, CommandRecord } from './load-types.js';

// What the read models and the NATS stream hold, against the store: caught up, each event
// once, what staff were told was saved visible, and equal to a fresh rebuild.

/** Events after each projection's checkpoint (absent: not created yet). */
export async function backlog(db: Kysely<Database>): Promise<Record<string, number>> {
  const { rows } = await sql<{ projection: string; behind: string }>`
    select c.projection,
      (select count(*) from events e
        where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)) as behind
    from projection_checkpoints c order by c.projection`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.projection, Number(r.behind)]));
}

export async function eventCount(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from events`.execute(db);
  return Number(rows[0]!.n);
}

/**
 * Waits until NATS holds every event and every projection has applied all of them;
 * returns how long that took (ms).
 */
export async function waitCaughtUp(cluster: Cluster, timeoutMs = 120_000): Promise<number> {
  let seen = '';
  return waitUntil(
    async () => {
      const [events, nats, behind] = await Promise.all([
        eventCount(cluster.db),
        cluster.natsState(),
        backlog(cluster.db),
      ]);
      seen = `events ${events}, nats ${JSON.stringify(nats)}, behind ${JSON.stringify(behind)}; oldest open transaction on the server: ${await oldestTransaction(cluster.db).catch(() => '?')}`;
      return (
        nats !== undefined &&
        nats.lastSeq >= events &&
        Object.keys(behind).length === projections.length &&
        Object.values(behind).every((n) => n === 0)
      );
    },
    { timeoutMs, intervalMs: 250, describe: () => `catching up: ${seen}` },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${cluster.group.tails()}`);
  });
}

/** The read models hold each event once: audit log, stream stats and loan payments against the store. */
export async function readModelChecks(db: Kysely<Database>): Promise<Check[]> {
  const audit = (
    await sql<{ events: string; rows: string; ids: string; missing: string; extra: string }>`
      select (select count(*) from events) as events,
        (select count(*) from rm_audit_log.audit_log) as rows,
        (select count(distinct event_id) from rm_audit_log.audit_log) as ids,
        (select count(*) from events e where not exists
           (select 1 from rm_audit_log.audit_log a where a.event_id = e.event_id)) as missing,
        (select count(*) from rm_audit_log.audit_log a where not exists
           (select 1 from events e where e.event_id = a.event_id)) as extra`.execute(db)
  ).rows[0]!;
  const stats = (
    await sql<{ streams: string; wrong: string }>`
      select (select count(*) from streams) as streams,
        (select count(*) from streams s full join rm_stream_stats.stream_stats st on st.stream_id = s.stream_id
          where st.stream_id is null or s.stream_id is null
             or st.events <> s.version or st.last_version <> s.version) as wrong`.execute(db)
  ).rows[0]!;
  const payments = (
    await sql<{ loans: string; events: string; rows: string; wrong: string }>`
      with recorded as (
        select stream_id, count(*) as n from events where type = 'PaymentRecorded' group by stream_id)
      select (select count(*) from rm_loans.loans) as loans,
        (select coalesce(sum(n), 0) from recorded) as events,
        (select count(*) from rm_loans.loan_payments) as rows,
        (select count(*) from rm_loans.loans l left join recorded r on r.stream_id = 'loan-' || l.loan_uuid
          where l.payment_count <> coalesce(r.n, 0)
             or (select count(*) from rm_loans.loan_payments p where p.loan_uuid = l.loan_uuid) <> coalesce(r.n, 0)) as wrong`.execute(
      db,
    )
  ).rows[0]!;
  const dead = (await sql<{ n: string }>`select count(*) as n from projection_dead_letters`.execute(db))
    .rows[0]!;
  const n = (x: string) => Number(x);
  return [
    check(
      'audit log: one row per event, none missing, none extra',
      n(audit.rows) === n(audit.events) &&
        n(audit.ids) === n(audit.events) &&
        n(audit.missing) + n(audit.extra) === 0,
      `${audit.events} events, ${audit.rows} rows, ${audit.ids} distinct, ${audit.missing} missing, ${audit.extra} extra`,
    ),
    check(
      'stream stats: every stream counted to its version',
      n(stats.wrong) === 0,
      `${stats.streams} streams, ${stats.wrong} wrong`,
    ),
    check(
      "loans: payments counted once (= the loan's PaymentRecorded events)",
      n(payments.wrong) === 0 && n(payments.rows) === n(payments.events),
      `${payments.loans} loans, ${payments.events} payments recorded, ${payments.rows} payment rows, ${payments.wrong} loans wrong`,
    ),
    check('dead letters: none', n(dead.n) === 0, `${dead.n} parked`),
  ];
}

/** What the staff were told was saved is in the read models. */
export async function visibleChecks(
  db: Kysely<Database>,
  commands: readonly CommandRecord[],
): Promise<Check> {
  const acked = (kind: CommandKind, key: 'customerUuid' | 'loanUuid' | 'paymentId') =>
    commands.filter((c) => c.kind === kind && c.outcome === 'acked').map((c) => c.ids[key]!);
  const customers = acked('register-customer', 'customerUuid');
  const loans = acked('create-loan', 'loanUuid');
  const payments = acked('record-payment', 'paymentId');
  const missing = async (table: string, column: string, ids: string[]) =>
    ids.length === 0
      ? 0
      : Number(
          (
            await sql<{ n: string }>`
              select count(*) as n from unnest(${ids}::uuid[]) as x(id)
              where not exists (select 1 from ${sql.raw(table)} t where t.${sql.raw(column)} = x.id)`.execute(
              db,
            )
          ).rows[0]!.n,
        );
  const gone = {
    customers: await missing('rm_customers.customers', 'customer_uuid', customers),
    loans: await missing('rm_loans.loans', 'loan_uuid', loans),
    payments: await missing('rm_loans.loan_payments', 'payment_id', payments),
  };
  return check(
    'every acknowledged customer, loan and payment is visible in the read models',
    gone.customers + gone.loans + gone.payments === 0,
    `${customers.length} customers, ${loans.length} loans, ${payments.length} payments; missing ${JSON.stringify(gone)}`,
  );
}

/** The JetStream stream holds every event exactly once, in store order (read back in full). */
export async function natsChecks(cluster: Cluster): Promise<Check> {
  const { rows } = await sql<{ event_id: string }>`
    select event_id from events order by transaction_id, global_position`.execute(cluster.db);
  const state = await cluster.natsState();
  const js = jetstream(cluster.nc);
  const consumer = await js.consumers.get(cluster.nats.stream, { deliver_policy: DeliverPolicy.All });
  const ids: string[] = [];
  const total = state?.messages ?? 0;
  while (ids.length < total) {
    const batch = await consumer.fetch({ max_messages: 1000, expires: 5_000 });
    let got = 0;
    for await (const m of batch) {
      ids.push(m.headers?.get('Nats-Msg-Id') ?? '');
      got++;
    }
    if (got === 0) break;
  }
  const seen = new Set(ids);
  const inOrder = ids.length === rows.length && rows.every((r, i) => r.event_id === ids[i]);
  const missing = rows.filter((r) => !seen.has(r.event_id)).length;
  return check(
    'NATS holds each event once, in store order (Nats-Msg-Id dedup)',
    state !== undefined &&
      state.messages === rows.length &&
      state.lastSeq === rows.length &&
      seen.size === ids.length &&
      missing === 0 &&
      inOrder,
    `${rows.length} events, ${state?.messages} messages, last seq ${state?.lastSeq}, ${ids.length - seen.size} repeated, ${missing} missing, ${inOrder ? 'in order' : 'OUT OF ORDER'}`,
  );
}

/**
 * Checksums of the live read models, `rebuild all`, checksums again: they must be equal.
 * An event appended meanwhile (a scheduled job) would make them differ for a good
 * reason: then it is taken again, up to three times.
 */
export async function rebuildCheck(cluster: Cluster): Promise<{ check: Check; rebuildMs: number }> {
  let diff: string[] = [];
  let live: ReadModelChecksums | undefined;
  let rebuildMs = 0;
  for (let attempt = 1; attempt <= 3; attempt++) {
    await waitCaughtUp(cluster);
    const events = await eventCount(cluster.db);
    live = await readModelChecksums(cluster.db, projections);
    const started = performance.now();
    await cluster.run('rebuild all', ['rebuild', 'all'], 300_000);
    rebuildMs = performance.now() - started;
    await waitCaughtUp(cluster);
    const rebuilt = await readModelChecksums(cluster.db, projections);
    diff = checksumDifferences(live, rebuilt);
    if ((await eventCount(cluster.db)) === events) break;
  }
  const sums = live!;
  const tables = Object.values(sums.projections).reduce((n, t) => n + Object.keys(t).length, 0);
  const rows = Object.values(sums.projections)
    .flatMap((t) => Object.values(t))
    .reduce((n, t) => n + t.rows, 0);
  return {
    check: check(
      'read models equal a fresh rebuild (checksums of every table)',
      diff.length === 0,
      `${tables} tables, ${rows} rows, rebuild ${(rebuildMs / 1000).toFixed(1)} s${diff.length ? `; differ: ${diff.slice(0, 4).join('; ')}` : `, overall ${sums.overall.slice(0, 12)}`}`,
    ),
    rebuildMs,
  };
}
