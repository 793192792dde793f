/**
 * The cron console's words: a job's schedule read out, a run's
 * duration ('12s', '2m 5s') and what a run did.
 */

const pad = (n: number) => String(n).padStart(2, '0');

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** `9:00 AM`, from a cron pattern's hour and minute fields. */
function clockTime(hour: number, minute: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${pad(minute)} ${suffix}`;
}

const whole = (field: string | undefined): number | null =>
  field !== undefined && /^\d+$/.test(field) ? Number(field) : null;

/**
 * A five-field cron pattern in words, for the patterns a branch's jobs use: every day,
 * a weekday, a day of the month, every hour, every n minutes. Anything else is shown
 * as the pattern itself, so nothing is ever misread.
 */
export function describeSchedule(pattern: string, timezone?: string): string {
  const fields = pattern.trim().split(/\s+/);
  const zone = timezone === 'Asia/Kolkata' ? ' (IST)' : timezone ? ` (${timezone})` : '';
  if (fields.length !== 5) return `Cron ${pattern}`;
  const [min, hour, dom, month, dow] = fields as [string, string, string, string, string];
  const m = whole(min);
  const h = whole(hour);
  const step = /^\*\/(\d+)$/.exec(min);
  if (step && hour === '*' && dom === '*' && month === '*' && dow === '*') {
    const n = Number(step[1]);
    return n === 1 ? 'Every minute' : `Every ${n} minutes`;
  }
  if (m !== null && m < 60 && hour === '*' && dom === '*' && month === '*' && dow === '*') {
    return m === 0 ? 'Every hour, on the hour' : `Every hour at ${m} minutes past`;
  }
  if (m === null || m > 59 || h === null || h > 23 || month !== '*') return `Cron ${pattern}${zone}`;
  const at = `at ${clockTime(h, m)}${zone}`;
  if (dom === '*' && dow === '*') return `Every day ${at}`;
  const weekday = whole(dow);
  if (dom === '*' && weekday !== null && weekday <= 7) return `Every ${DAYS[weekday % 7]} ${at}`;
  if (dom === '*' && dow === '1-5') return `Every weekday (Monday to Friday) ${at}`;
  const day = whole(dom);
  if (day !== null && day >= 1 && day <= 31 && dow === '*') return `On day ${day} of every month ${at}`;
  return `Cron ${pattern}${zone}`;
}

/** Seconds, or minutes and seconds: `850ms` → `0.9s`, `12_000` → `12s`, `125_000` → `2m 5s`. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 950) return `${(Math.round(ms / 100) / 10).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

export interface RunOutcome {
  status: 'running' | 'success' | 'failed';
  recordsProcessed: number;
  recordsSuccessful: number;
  recordsFailed: number;
  error: string | null;
}

/** One line of what a run did: its records, or why it failed. */
export function resultSummary(run: RunOutcome): string {
  if (run.status === 'running') return 'Still running';
  const records =
    run.recordsProcessed === 0
      ? 'Nothing to process'
      : `${run.recordsProcessed} processed, ${run.recordsSuccessful} succeeded` +
        (run.recordsFailed > 0 ? `, ${run.recordsFailed} failed` : '');
  if (run.status === 'failed') return run.error ? `Failed: ${run.error}` : `Failed. ${records}`;
  return records;
}

/** The history's "Type" column: manual, scheduled (and the rare catch-up run). */
export function executionTypeLabel(type: string): string {
  if (type === 'manual') return 'Manual';
  if (type === 'scheduled') return 'Scheduled';
  if (type === 'backfill') return 'Catch-up';
  return type;
}

/** Success, failed, running, or any other status (a job never run yet). */
export function jobStatusLabel(status: string): string {
  switch (status) {
    case 'success':
      return 'Success';
    case 'failed':
      return 'Failed';
    case 'running':
      return 'Running';
    case 'never_run':
      return 'Never run';
    default:
      return status;
  }
}

/** Whole seconds since an ISO instant, for a running job's elapsed time (never negative). */
export function elapsedMs(startIso: string, nowMs: number): number {
  const started = new Date(startIso).getTime();
  return Number.isNaN(started) ? 0 : Math.max(0, nowMs - started);
}
