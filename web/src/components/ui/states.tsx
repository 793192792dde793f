import type { ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import { Button } from './button';
import styles from './states.module.css';

interface EmptyStateProps {
  /** The seeds' texts, e.g. 'No Loans Found'. */
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}

/** A data view with nothing to show. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <div className={styles.state}>
      <span className={styles.icon} aria-hidden="true">
        ◇
      </span>
      <h3 className={styles.title}>{title}</h3>
      {description && <p className={styles.text}>{description}</p>}
      {action && <div className={styles.actions}>{action}</div>}
    </div>
  );
}

interface ErrorStateProps {
  title?: ReactNode;
  message?: ReactNode;
  /** Every data view's error offers a Retry. */
  onRetry?: () => void;
  retryLabel?: string;
}

export function ErrorState({
  title = 'Something went wrong',
  message = 'We could not load this. Please check your connection and try again.',
  onRetry,
  retryLabel = 'Retry',
}: ErrorStateProps) {
  return (
    <div className={cx(styles.state, styles.error)} role="alert">
      <span className={styles.icon} aria-hidden="true">
        !
      </span>
      <h3 className={styles.title}>{title}</h3>
      {message && <p className={styles.text}>{message}</p>}
      {onRetry && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
