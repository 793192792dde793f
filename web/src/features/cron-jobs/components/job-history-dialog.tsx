import { Dialog } from '@/components/ui/dialog';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { HISTORY_LIMIT, useCronHistory } from '../api/get-cron-history';
import type { CronJob } from '../api/get-cron-jobs';
import { HistoryTable } from './history-table';

/** A job's last five runs. */
export function JobHistoryDialog({ job, onClose }: { job: CronJob | null; onClose(): void }) {
  const { data, error, isLoading, mutate } = useCronHistory(job?.name ?? '', job !== null);
  let body;
  if (!job) body = null;
  else if (error) {
    body = (
      <ErrorState
        title="Failed to fetch history"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !data) body = <Loading text="Loading history..." />;
  else if (data.data.length === 0) body = <EmptyState title="No execution history found" />;
  else {
    body = (
      <HistoryTable caption={`Last ${HISTORY_LIMIT.perJob} runs of ${job.displayName}`} runs={data.data} />
    );
  }
  return (
    <Dialog
      open={job !== null}
      onClose={onClose}
      size="lg"
      title={job ? `History: ${job.displayName}` : 'History'}
      description={job ? `The last ${HISTORY_LIMIT.perJob} runs, newest first.` : undefined}
    >
      {body}
    </Dialog>
  );
}
