import { cx } from '@/lib/class-names';
import styles from './progress-bar.module.css';

interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  /** What it measures, read by screen readers (e.g. 'Repaid'). */
  label: string;
  /** The value as text, e.g. '45%' (screen readers read it instead of the bare number). */
  valueText?: string;
  tone?: 'brand' | 'success';
  className?: string;
}

/** A thin horizontal bar: how far along something is. */
export function ProgressBar({ value, label, valueText, tone = 'brand', className }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      className={cx(styles.track, className)}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
    >
      <div className={cx(styles.fill, styles[tone])} style={{ width: `${clamped}%` }} />
    </div>
  );
}
