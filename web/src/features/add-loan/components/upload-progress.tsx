import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { CreatedLoan } from '../api/create-loan';
import { failureLinesOf, jobLine, uploadProgress, type UploadJob } from '../upload-jobs';
import { ErrorList } from './error-list';
import styles from './add-loan.module.css';

/** The photo uploads after the loan was made: one line per slot and how far they have come. */
export function UploadProgress({ uploads }: { uploads: readonly UploadJob[] }) {
  const { done, percent } = uploadProgress(uploads);
  return (
    <Card title="Uploading photos" aria-live="polite">
      <ProgressBar value={percent} label="Photos uploaded" valueText={`${done} of ${uploads.length}`} />
      <ul className={styles.progressList}>
        {uploads.map((u) => {
          const line = jobLine(u);
          return (
            <li key={u.slot}>
              <span>{line.label}</span>
              <span
                className={
                  u.status === 'done'
                    ? styles.statusDone
                    : u.status === 'failed'
                      ? styles.statusFailed
                      : undefined
                }
              >
                {line.status}
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

interface UploadFailedProps {
  loan: CreatedLoan;
  uploads: readonly UploadJob[];
  onRetry(): void;
  onContinue(): void;
}

/** Some photos did not go up: the loan exists; try them again, or go on without them. */
export function UploadFailed({ loan, uploads, onRetry, onContinue }: UploadFailedProps) {
  return (
    <Alert tone="error" title={`Loan ${loan.loanId} was created; some photos were not uploaded.`}>
      <ErrorList lines={failureLinesOf(uploads)} />
      <div className={styles.actions}>
        <Button size="sm" onClick={onRetry}>
          Retry failed uploads
        </Button>
        <Button size="sm" variant="secondary" onClick={onContinue}>
          Continue without them
        </Button>
      </div>
    </Alert>
  );
}
