import { cx } from '@/lib/class-names';
import styles from './spinner.module.css';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Read out by screen readers; null when the text beside it already says it. */
  label?: string | null;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  const a11y = label === null ? { 'aria-hidden': true } : { role: 'status', 'aria-label': label };
  return <span className={cx(styles.spinner, size !== 'md' && styles[size], className)} {...a11y} />;
}

/** A page or panel that is waiting for data: the seeds' 'Loading...' unless a screen says otherwise. */
export function Loading({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <Spinner size="lg" label={null} />
      <span>{text}</span>
    </div>
  );
}
