import { sql, type Kysely } from 'kysely';
import type { Database } from '@goldledger/services';
import type { LoadDriver } from './load.js';
import type { CommandKind, CommandRecord } from './load-types.js';

/** One line of the report: ✓/✗, what was checked, the figures. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export const check = (name: string, ok: boolean, detail = ''): Check => ({ name, ok, detail });

/**
 * Issue 15, point 12: no Aadhar number, mobile or one-time code the run used may stand in
 * any process's log. Numbers count only whole (not inside a longer run of digits); a code,
 * six digits that could as well be a count or a position, counts where it stands as a
 * JSON string or within a few characters after "otp" or "code".
 */
export function personalDataInLogsCheck(
  logs: ReadonlyArray<{ label: string; text: string }>,
  used: { aadhars: readonly string[]; mobiles: readonly string[]; codes: readonly string[] },
): Check {
  const whole = (v: string) => new RegExp(`(?<![0-9])${v}(?![0-9])`);
  const asCode = (v: string) => new RegExp(`"${v}"|(?:otp|code)[^0-9\n]{0,30}${v}(?![0-9])`, 'i');
  const needles = [
    ...used.aadhars.map((v) => ({ kind: 'Aadhar', v, re: whole(v) })),
    ...used.mobiles.map((v) => ({ kind: 'mobile', v, re: whole(v) })),
    ...used.codes.map((v) => ({ kind: 'code', v, re: asCode(v) })),
  ];
  const found: string[] = [];
  for (const { kind, v, re } of needles) {
    const where = logs.find((l) => re.test(l.text));
    if (where) found.push(`${kind} …${v.slice(-4)} in ${where.label}`);
  }
  const bytes = logs.reduce((sum, l) => sum + l.text.length, 0);
  return check(
    'no Aadhar number, mobile or code the run used is in any log',
    found.length === 0,
    `${used.aadhars.length} Aadhar numbers, ${used.mobiles.length} mobiles, ${used.codes.length} codes searched in ${logs.length} processes' whole logs (${(bytes / 1e6).toFixed(1)} MB)${found.length ? `; found: ${found.slice(0, 5).join(', ')}` : ''}`,
  );
}

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
  db: Kysely<Database>,
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
export async function partialCustomers(db: Kysely<Database>): Promise<string[]> {
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
 * Verified customers without exactly one sign-in account, linked and written (issue
 * 15, point 17: the verification and the account were two writes, and a process killed
 * between them left a verified customer with none). Each with its links and accounts.
 */
export async function verifiedWithoutOneAccount(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ stream_id: string; links: string; opened: string }>`
    select v.stream_id,
      (select count(*) from events l
        where l.stream_id = v.stream_id and l.type = 'CustomerAccountLinked')::text as links,
      (select count(*) from events l
        join events u on u.stream_id = 'user-' || (l.data->>'userId') and u.type = 'CustomerAccountOpened'
        where l.stream_id = v.stream_id and l.type = 'CustomerAccountLinked')::text as opened
    from events v where v.type = 'CustomerVerified'`.execute(db);
  return rows
    .filter((r) => r.links !== '1' || r.opened !== '1')
    .map((r) => `${r.stream_id} (${r.links} links, ${r.opened} accounts)`);
}

export function verifiedAccountCheck(customers: string[]): Check {
  return check(
    'every verified customer has exactly one sign-in account',
    customers.length === 0,
    `${customers.length}${customers.length ? `: ${customers.slice(0, 3).join('; ')}` : ''}`,
  );
}

/** Emails and mobiles whose claim names an account that was never written. */
export async function danglingClaims(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ stream_id: string; holder: string }>`
    with latest as (
      select distinct on (e.stream_id) e.stream_id, e.type, e.data->>'userId' as holder
      from events e where e.stream_id like 'user-identifier:%'
      order by e.stream_id, e.stream_position desc)
    select l.stream_id, l.holder from latest l
    where l.type = 'IdentifierClaimed'
      and not exists (select 1 from streams s where s.stream_id = 'user-' || l.holder)`.execute(db);
  return rows.map((r) => `${r.stream_id} → ${r.holder}`);
}

/**
 * The oldest transaction open anywhere on the server. The relay reads only below the
 * server-wide xmin (pg_snapshot_xmin is not per database), so a long transaction in
 * another database on a shared server holds the relay back: say so when waiting.
 */
export async function oldestTransaction(db: Kysely<Database>): Promise<string> {
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
export async function resendRegistrations(driver: LoadDriver, db: Kysely<Database>): Promise<Check> {
  const halfDone = (await partialCustomers(db)).length;
  const resent = await driver.resendUnansweredRegistrations();
  return check(
    'unanswered registrations sent again go through (or are refused as already registered)',
    resent.other.length === 0,
    `${resent.sent} sent again: ${resent.registered} registered, ${resent.duplicate} already registered; before that, ${halfDone} key(s) (Aadhar, CUS number) were claimed for a customer never written${resent.other.length ? `; other: ${resent.other.slice(0, 3).join('; ')}` : ''}`,
  );
}

/** Successful runs of one job whose times overlap (the running-row index and the job lock forbid it). */
export async function overlappingRuns(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ job_name: string; a: string; b: string }>`
    select a.job_name, a.id::text as a, b.id::text as b
    from scheduler_job_runs a join scheduler_job_runs b
      on a.job_name = b.job_name and a.id < b.id
     and b.started_at < coalesce(a.finished_at, 'infinity') and a.status = 'success' and b.status = 'success'
    limit 5`.execute(db);
  return rows.map((r) => `${r.job_name}: runs ${r.a} and ${r.b}`);
}

/** The scheduled jobs ran (on the test schedule) after `since`, each at least once, none overlapping. */
export async function scheduledRunsCheck(db: Kysely<Database>, since: Date, jobs: number): Promise<Check> {
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
