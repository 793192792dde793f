import { cx } from '@/lib/class-names';
import { formatNumber } from '@/lib/format';
import styles from './filter-tabs.module.css';

export interface FilterTab<T extends string> {
  value: T;
  label: string;
  /** Shown after the label, e.g. "Active (12)". */
  count?: number;
}

interface FilterTabsProps<T extends string> {
  /** Names the group for screen readers, e.g. "Loan status". */
  label: string;
  tabs: ReadonlyArray<FilterTab<T>>;
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/**
 * The seeds' filter tabs (All / Active / Closed, Upcoming / Overdue, All / Unpaid /
 * Upcoming): toggle buttons in a labelled group; the pressed one is the filter in force.
 */
export function FilterTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  className,
}: FilterTabsProps<T>) {
  return (
    <div role="group" aria-label={label} className={cx(styles.tabs, className)}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          className={styles.tab}
          aria-pressed={tab.value === value}
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
          {tab.count !== undefined && <span className={styles.count}>{formatNumber(tab.count)}</span>}
        </button>
      ))}
    </div>
  );
}
