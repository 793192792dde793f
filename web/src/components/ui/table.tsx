import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import styles from './table.module.css';

interface TableProps extends ComponentProps<'table'> {
  /** Names the table for screen readers, and the scrolling region around it. */
  caption: ReactNode;
  /** Keep the caption for screen readers only. */
  hideCaption?: boolean;
  /** The header row stays in view while the rows scroll. */
  stickyHeader?: boolean;
  /** Height of the scrolling area, e.g. '70vh'; the page scrolls when unset. */
  maxHeight?: string;
  /** One line a row, small padding: the loan book at a counter (issue 19). */
  dense?: boolean;
}

export function Table({
  caption,
  hideCaption = false,
  stickyHeader = true,
  maxHeight,
  dense = false,
  className,
  children,
  ...rest
}: TableProps) {
  const captionId = useId();
  return (
    // A scrolling region must be reachable from the keyboard.
    <div
      className={cx(styles.wrap, stickyHeader && styles.sticky)}
      style={maxHeight ? { maxHeight } : undefined}
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
    >
      <table className={cx(styles.table, dense && styles.dense, className)} {...rest}>
        <caption id={captionId} className={hideCaption ? 'visually-hidden' : styles.caption}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

interface CellLook {
  /** Right-aligned, tabular digits: money, weights, counts. */
  numeric?: boolean;
}

export function Th({ numeric, className, scope = 'col', ...rest }: ComponentProps<'th'> & CellLook) {
  return <th scope={scope} className={cx(styles.th, numeric && styles.numeric, className)} {...rest} />;
}

export function Td({ numeric, className, ...rest }: ComponentProps<'td'> & CellLook) {
  return <td className={cx(styles.td, numeric && styles.numeric, className)} {...rest} />;
}

/** A row; `upgradeLevel` 1, 2 or 3 tints it yellow, orange or red. */
export function Tr({ upgradeLevel, className, ...rest }: ComponentProps<'tr'> & { upgradeLevel?: number }) {
  const tint =
    upgradeLevel === 1
      ? styles.upgrade1
      : upgradeLevel === 2
        ? styles.upgrade2
        : upgradeLevel !== undefined && upgradeLevel >= 3
          ? styles.upgrade3
          : undefined;
  return <tr className={cx(tint, className)} {...rest} />;
}
