import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useReadOnly } from '@/lib/read-only';
import { executeCronJob } from '../api/execute-cron-job';
import { HISTORY_LIMIT, useCronHistory } from '../api/get-cron-history';
import { useCronJobs, type CronJob } from '../api/get-cron-jobs';
import { HistoryTable } from './history-table';
import { JobCard } from './job-card';
import { JobHistoryDialog } from './job-history-dialog';
import styles from './cron-jobs.module.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** /admin/cron-jobs: a card per scheduled job with Run Now and History, and the latest runs. */
export function CronJobsPage() {
  const readOnly = useReadOnly();
  const [starting, setStarting] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [historyOf, setHistoryOf] = useState<CronJob | null>(null);
  const jobs = useCronJobs(starting !== null);
  const history = useCronHistory(null);
  const { mutate } = useSWRConfig();

  /** Everything that reads the runs: the list, the overall history and every job's own. */
  const refreshAll = () =>
    mutate((key) => Array.isArray(key) && String(key[0]).startsWith('/api/cron-jobs/'));

  const runNow = async (job: CronJob) => {
    setStarting(job.name);
    setNotice(null);
    try {
      const started = await executeCronJob(job.name);
      setNotice({ tone: 'success', text: started.message || `Job '${job.name}' started successfully!` });
    } catch (error) {
      // 409: the job is already running; the server says so in its own words.
      setNotice({
        tone: 'error',
        text: errorMessage(error, 'Failed to execute job'),
      });
      if (!(error instanceof ApiError)) console.error(error);
    } finally {
      setStarting(null);
      await refreshAll();
    }
  };

  const jobNames = new Map((jobs.data?.data ?? []).map((j) => [j.name, j.displayName]));

  let jobsBody;
  if (jobs.error) {
    jobsBody = (
      <ErrorState
        title="Failed to fetch jobs"
        message={errorMessage(jobs.error, 'Please check your connection and try again.')}
        onRetry={() => void jobs.mutate()}
      />
    );
  } else if (!jobs.data) {
    jobsBody = <Loading text="Loading jobs..." />;
  } else if (jobs.data.data.length === 0) {
    jobsBody = <EmptyState title="No scheduled jobs" />;
  } else {
    jobsBody = (
      <div className={styles.grid}>
        {jobs.data.data.map((job) => (
          <JobCard
            key={job.name}
            job={job}
            starting={starting === job.name}
            {...(readOnly ? {} : { onRunNow: () => void runNow(job) })}
            onShowHistory={() => setHistoryOf(job)}
          />
        ))}
      </div>
    );
  }

  let historyBody;
  if (history.error) {
    historyBody = (
      <ErrorState
        title="Failed to fetch history"
        message={errorMessage(history.error, 'Please check your connection and try again.')}
        onRetry={() => void history.mutate()}
      />
    );
  } else if (!history.data) {
    historyBody = <Loading text="Loading history..." />;
  } else if (history.data.data.length === 0) {
    historyBody = <EmptyState title="No execution history found" />;
  } else {
    historyBody = (
      <HistoryTable
        caption={`Last ${HISTORY_LIMIT.overall} runs, newest first`}
        hideCaption
        runs={history.data.data}
        jobNames={jobNames}
      />
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow="Admin"
        title="Cron Jobs"
        description="The jobs that run every day on their own (times in IST). Run one now to act for today; a job never acts twice for the same day."
        actions={
          <Button variant="secondary" onClick={() => void refreshAll()}>
            Refresh
          </Button>
        }
      />
      {notice && (
        <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <section className={styles.section} aria-labelledby="cron-jobs-title">
        <h2 id="cron-jobs-title" className={styles.sectionTitle}>
          Scheduled Jobs
        </h2>
        {jobsBody}
      </section>
      <section className={styles.section} aria-labelledby="cron-history-title">
        <h2 id="cron-history-title" className={styles.sectionTitle}>
          Execution History
        </h2>
        {historyBody}
      </section>
      <JobHistoryDialog job={historyOf} onClose={() => setHistoryOf(null)} />
    </div>
  );
}
