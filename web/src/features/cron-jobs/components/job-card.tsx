import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { useCronHistory } from '../api/get-cron-history';
import type { CronJob } from '../api/get-cron-jobs';
import { describeSchedule, elapsedMs, formatDuration } from '../derive';
import { RunStatusBadge } from './run-status-badge';
import styles from './cron-jobs.module.css';

interface JobCardProps {
  job: CronJob;
  /** The Run Now request is on its way. */
  starting: boolean;
  /** Absent for a reader who may run nothing (an auditor): no button. */
  onRunNow?: () => void;
  onShowHistory(): void;
}

/**
 * One job: what it does, when it runs, how its last run went. Its own last
 * runs (the History dialog's five) give the last duration, and are asked again every
 * second while a run is going, so the card follows the run until it ends.
 */
export function JobCard({ job, starting, onRunNow, onShowHistory }: JobCardProps) {
  const history = useCronHistory(job.name);
  const last = history.data?.data[0];
  // The history is asked more often than the list: the fresher of the two speaks.
  const status = last?.status ?? job.status;
  const lastStarted = last?.startTime ?? job.lastExecution;
  const running = status === 'running';
  const now = useNow(running);
  const headingId = `job-${job.name}`;

  return (
    <article
      className={styles.job}
      aria-labelledby={headingId}
      aria-busy={running || undefined}
      data-testid="cron-job"
      data-job={job.name}
      data-status={status}
    >
      <header className={styles.jobHeader}>
        <div>
          <h3 id={headingId} className={styles.jobTitle}>
            {job.displayName}
          </h3>
          <p className={styles.jobName}>{job.name}</p>
        </div>
        <RunStatusBadge status={status} />
      </header>
      <p className={styles.description}>{job.description}</p>

      {running && lastStarted && (
        <p className={styles.running} role="status">
          <Spinner size="sm" label={null} />
          Running for {formatDuration(elapsedMs(lastStarted, now))}, started {formatDateTime(lastStarted)}
        </p>
      )}

      <dl className={styles.facts}>
        <dt>Schedule</dt>
        <dd>
          {describeSchedule(job.schedule, job.timezone)}{' '}
          <span className={styles.pattern} title="Cron pattern">
            ({job.schedule})
          </span>
        </dd>
        <dt>Last run</dt>
        <dd data-testid="job-last-run">{lastStarted ? formatDateTime(lastStarted) : 'Never run'}</dd>
        <dt>Duration</dt>
        <dd data-testid="job-duration">{running ? 'Running' : last ? formatDuration(last.duration) : '—'}</dd>
        <dt>Next run</dt>
        <dd>{job.nextExecution ? formatDateTime(job.nextExecution) : '—'}</dd>
      </dl>

      <div className={styles.actions}>
        {onRunNow && (
          <Button
            size="sm"
            onClick={onRunNow}
            loading={starting}
            disabled={running}
            aria-describedby={headingId}
          >
            {running ? 'Running...' : 'Run Now'}
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={onShowHistory} aria-describedby={headingId}>
          History
        </Button>
      </div>
    </article>
  );
}
