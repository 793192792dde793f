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

/** The seeds end some messages with ❌; without an emoji font it renders as a box. */
const CROSS_MARK = ' ❌';

/**
 * A message ending in the seeds' ❌ shows an icon in its place; the character stays in the
 * text for screen readers and word-for-word checks, hidden from sight.
 */
function withCrossIcon(children: ReactNode): ReactNode {
  if (typeof children !== 'string' || !children.endsWith(CROSS_MARK)) return children;
  return (
    <>
      {children.slice(0, -CROSS_MARK.length)}{' '}
      <svg className={styles.cross} viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M5 5l6 6M11 5l-6 6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">❌</span>
    </>
  );
}

/** An inline message. Errors are announced at once (role alert); the rest politely (role status). */
export function Alert({ tone = 'info', title, children, onDismiss, className }: AlertProps) {
  return (
    <div className={cx(styles.alert, styles[tone], className)} role={tone === 'error' ? 'alert' : 'status'}>
      <div className={styles.body}>
        {title && <strong className={styles.title}>{title}</strong>}
        {withCrossIcon(children)}
      </div>
      {onDismiss && (
        <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
