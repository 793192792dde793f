import type { ReactNode } from 'react';
import { Table, Td, Th } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import type { CronRun } from '../api/get-cron-history';
import { executionTypeLabel, formatDuration, resultSummary } from '../derive';
import { RunStatusBadge } from './run-status-badge';
import styles from './cron-jobs.module.css';

interface HistoryTableProps {
  caption: ReactNode;
  runs: readonly CronRun[];
  /** Job names to display names; the job column is left out when the table is one job's. */
  jobNames?: ReadonlyMap<string, string>;
  hideCaption?: boolean;
}

/** Runs, newest first: status, manual or scheduled, when, how long, what it did. */
export function HistoryTable({ caption, runs, jobNames, hideCaption }: HistoryTableProps) {
  return (
    <Table caption={caption} hideCaption={hideCaption} data-testid="cron-history">
      <thead>
        <tr>
          {jobNames && <Th>Job</Th>}
          <Th>Status</Th>
          <Th>Type</Th>
          <Th>Started</Th>
          <Th numeric>Duration</Th>
          <Th>Result</Th>
          <Th>Run by</Th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr
            key={run._id}
            data-testid="cron-run"
            data-job={run.jobName}
            data-status={run.status}
            data-type={run.executionType}
          >
            {jobNames && <Td>{jobNames.get(run.jobName) ?? run.jobName}</Td>}
            <Td>
              <RunStatusBadge status={run.status} />
            </Td>
            <Td>{executionTypeLabel(run.executionType)}</Td>
            <Td className={styles.nowrap}>{formatDateTime(run.startTime)}</Td>
            <Td numeric>{run.status === 'running' ? 'Running' : formatDuration(run.duration)}</Td>
            <Td className={styles.result}>{resultSummary(run)}</Td>
            <Td>{run.executedBy.name}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
