import type { ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import styles from './alert.module.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children: ReactNode;
  onDismiss?: () => void;
  className?: string;
}

/** An inline message. Errors are announced at once (role alert); the rest politely (role status). */
export function Alert({ tone = 'info', title, children, onDismiss, className }: AlertProps) {
  return (
    <div className={cx(styles.alert, styles[tone], className)} role={tone === 'error' ? 'alert' : 'status'}>
      <div className={styles.body}>
        {title && <strong className={styles.title}>{title}</strong>}
        {children}
      </div>
      {onDismiss && (
        <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
