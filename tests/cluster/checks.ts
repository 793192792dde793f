import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { sql, type Kysely } from 'kysely';
import {
  checksumDifferences,
  projections,
  readModelChecksums,
  type ReadModelChecksums,
} from '@goldledger/projections';
import type { Cluster } from './cluster.js';
import type { CommandKind, CommandRecord, LoadDriver } from './load.js';
import { waitUntil } from '../system/support/processes.js';

/** One line of the report: ✓/✗, what was checked, the figures. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export const check = (name: string, ok: boolean, detail = ''): Check => ({ name, ok, detail });

/** Every process still running; the detail names any that is not. */
export function allRunningCheck(
  name: string,
  members: ReadonlyArray<{ label: string; proc: { running: boolean } }>,
): Check {
  const down = members.filter((m) => !m.proc.running).map((m) => m.label);
  return check(name, down.length === 0, down.join(', ') || 'all running');
}

/** The event each kind of command must leave exactly once when it took effect. */
const PRIMARY: Record<CommandKind, string> = {
  'register-customer': 'CustomerRegistered',
  'verify-customer': 'CustomerVerified',
  'create-loan': 'LoanCreated',
  'record-payment': 'PaymentRecorded',
};

interface PrimaryEvent {
  rid: string;
  type: string;
  stream_id: string;
  payment_id: string | null;
}

export interface CommandAudit {
  acked: number;
  /** Acknowledged, but their event is missing (lost) or there twice (doubled), or not what was answered. */
  lost: string[];
  doubled: string[];
  mismatched: string[];
  rejectedThatChanged: string[];
  /** No answer (or 5xx): how many took effect anyway (once), how many left nothing. */
  failedApplied: number;
  failedAbsent: number;
  failedDoubled: string[];
  /** Events of these kinds that no command of the run asked for. */
  extra: number;
}

/** Every command of the run against the store, found by its request id (= the events' correlation id). */
export async function auditCommands(
  db: Kysely<any>,
  commands: readonly CommandRecord[],
): Promise<CommandAudit> {
  const { rows } = await sql<PrimaryEvent>`
    select metadata->>'correlationId' as rid, type, stream_id, data->>'paymentId' as payment_id
    from events where type in ('CustomerRegistered', 'CustomerVerified', 'LoanCreated', 'PaymentRecorded')`.execute(
    db,
  );
  const byRid = new Map<string, PrimaryEvent[]>();
  for (const r of rows) byRid.set(r.rid, [...(byRid.get(r.rid) ?? []), r]);
  const audit: CommandAudit = {
    acked: 0,
    lost: [],
    doubled: [],
    mismatched: [],
    rejectedThatChanged: [],
    failedApplied: 0,
    failedAbsent: 0,
    failedDoubled: [],
    extra: 0,
  };
  const known = new Set<string>();
  for (const c of commands) {
    known.add(c.requestId);
    const found = (byRid.get(c.requestId) ?? []).filter((e) => e.type === PRIMARY[c.kind]);
    const tag = `${c.kind} ${c.requestId} via ${c.api}`;
    if (c.outcome === 'acked') {
      audit.acked++;
      if (found.length === 0) audit.lost.push(tag);
      else if (found.length > 1) audit.doubled.push(tag);
      else if (!matches(c, found[0]!)) audit.mismatched.push(`${tag}: ${JSON.stringify(found[0])}`);
    } else if (c.outcome === 'rejected') {
      if (found.length > 0) audit.rejectedThatChanged.push(`${tag} (${c.status} ${c.error})`);
    } else if (found.length === 0) audit.failedAbsent++;
    else if (found.length === 1) audit.failedApplied++;
    else audit.failedDoubled.push(tag);
  }
  audit.extra = rows.filter((r) => !known.has(r.rid)).length;
  return audit;
}

function matches(c: CommandRecord, e: PrimaryEvent): boolean {
  switch (c.kind) {
    case 'register-customer':
    case 'verify-customer':
      return e.stream_id === `customer-${c.ids.customerUuid}`;
    case 'create-loan':
      return e.stream_id === `loan-${c.ids.loanUuid}`;
    case 'record-payment':
      return e.stream_id === `loan-${c.ids.loanUuid}` && e.payment_id === c.ids.paymentId;
  }
}

export function commandChecks(a: CommandAudit): Check[] {
  const few = (list: string[]) => (list.length ? `: ${list.slice(0, 3).join('; ')}` : '');
  return [
    check(
      'every acknowledged command is in the store exactly once',
      a.lost.length + a.doubled.length + a.mismatched.length === 0,
      `${a.acked} acknowledged, ${a.lost.length} lost, ${a.doubled.length} doubled, ${a.mismatched.length} wrong${few([...a.lost, ...a.doubled, ...a.mismatched])}`,
    ),
    check(
      'refused commands (4xx) changed nothing',
      a.rejectedThatChanged.length === 0,
      `${a.rejectedThatChanged.length} with events${few(a.rejectedThatChanged)}`,
    ),
    check(
      'unanswered commands took effect at most once',
      a.failedDoubled.length === 0,
      `${a.failedApplied} applied once, ${a.failedAbsent} not applied, ${a.failedDoubled.length} doubled${few(a.failedDoubled)}`,
    ),
    check('no command took effect that nobody sent', a.extra === 0, `${a.extra} unexplained`),
  ];
}

/** Customers half-registered: a claimed key (Aadhar, CUS number) whose customer has no stream. */
export async function partialCustomers(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ stream_id: string }>`
    with keys as (
      select distinct on (e.stream_id) e.stream_id, e.type, e.data->>'customerUuid' as customer_uuid
      from events e where e.stream_id like 'customer-aadhar:%' or e.stream_id like 'customer-number:%'
      order by e.stream_id, e.stream_position desc)
    select k.stream_id from keys k
    where k.type = 'CustomerKeyClaimed'
      and not exists (select 1 from streams s where s.stream_id = 'customer-' || k.customer_uuid)`.execute(
    db,
  );
  return rows.map((r) => r.stream_id);
}

export function partialCustomerCheck(keys: string[], commands: readonly CommandRecord[]): Check {
  const why = keys.slice(0, 3).map((key) => {
    const c = commands.find((x) => x.kind === 'register-customer' && key.endsWith(`:${x.ids.aadhar}`));
    return c ? `${key} (${c.outcome} via ${c.api}: ${c.status ?? ''} ${c.error ?? ''})` : key;
  });
  return check(
    'no half-registered customer (an Aadhar claimed for a customer that does not exist)',
    keys.length === 0,
    `${keys.length}${why.length ? `: ${why.join('; ')}` : ''}`,
  );
}

/**
 * The oldest transaction open anywhere on the server. The relay reads only below the
 * server-wide xmin (pg_snapshot_xmin is not per database), so a long transaction in
 * another database on a shared server holds the relay back: say so when waiting.
 */
export async function oldestTransaction(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ info: string | null }>`
    select format('%s s in database %s (%s, %s): %s', round(extract(epoch from now() - xact_start)::numeric, 1),
                  datname, application_name, state, left(regexp_replace(query, '\s+', ' ', 'g'), 80)) as info
    from pg_stat_activity
    where (backend_xid is not null or backend_xmin is not null) and pid <> pg_backend_pid()
      and xact_start is not null
    order by xact_start limit 1`.execute(db);
  return rows[0]?.info ?? 'none';
}

/**
 * Each unanswered registration sent again, as a clerk would after an error: it must go
 * through, or be refused as already registered if the first one took effect. Counts the
 * half-done registrations (Aadhar claimed, customer never written) it found first.
 */
export async function resendRegistrations(driver: LoadDriver, db: Kysely<any>): Promise<Check> {
  const halfDone = (await partialCustomers(db)).length;
  const resent = await driver.resendUnansweredRegistrations();
  return check(
    'unanswered registrations sent again go through (or are refused as already registered)',
    resent.other.length === 0,
    `${resent.sent} sent again: ${resent.registered} registered, ${resent.duplicate} already registered; before that, ${halfDone} key(s) (Aadhar, CUS number) were claimed for a customer never written${resent.other.length ? `; other: ${resent.other.slice(0, 3).join('; ')}` : ''}`,
  );
}

/** Events after each projection's checkpoint (absent: not created yet). */
export async function backlog(db: Kysely<any>): Promise<Record<string, number>> {
  const { rows } = await sql<{ projection: string; behind: string }>`
    select c.projection,
      (select count(*) from events e
        where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)) as behind
    from projection_checkpoints c order by c.projection`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.projection, Number(r.behind)]));
}

export async function eventCount(db: Kysely<any>): Promise<number> {
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
export async function readModelChecks(db: Kysely<any>): Promise<Check[]> {
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
export async function visibleChecks(db: Kysely<any>, commands: readonly CommandRecord[]): Promise<Check> {
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

/** Successful runs of one job whose times overlap (the running-row index and the job lock forbid it). */
export async function overlappingRuns(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ job_name: string; a: string; b: string }>`
    select a.job_name, a.id::text as a, b.id::text as b
    from scheduler_job_runs a join scheduler_job_runs b
      on a.job_name = b.job_name and a.id < b.id
     and b.started_at < coalesce(a.finished_at, 'infinity') and a.status = 'success' and b.status = 'success'
    limit 5`.execute(db);
  return rows.map((r) => `${r.job_name}: runs ${r.a} and ${r.b}`);
}

/** The scheduled jobs ran (on the test schedule) after `since`, each at least once, none overlapping. */
export async function scheduledRunsCheck(db: Kysely<any>, since: Date, jobs: number): Promise<Check> {
  const { rows } = await sql<{ job_name: string; runs: string; ok: string }>`
    select job_name, count(*) as runs, count(*) filter (where status = 'success') as ok
    from scheduler_job_runs where execution_type = 'scheduled' and started_at >= ${since}
    group by job_name order by job_name`.execute(db);
  const overlapping = await overlappingRuns(db);
  const ran = rows.filter((r) => Number(r.ok) > 0).length;
  return check(
    'scheduled jobs kept running after the scheduler failover, never two runs of a job at once',
    ran === jobs && overlapping.length === 0,
    `${ran} of ${jobs} jobs ran successfully after it (${rows.reduce((n, r) => n + Number(r.runs), 0)} runs); overlapping: ${overlapping.slice(0, 3).join('; ') || 'none'}`,
  );
}
