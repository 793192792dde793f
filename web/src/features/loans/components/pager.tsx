import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { formatNumber } from '@/lib/format';
import { rangeText } from '../derive';
import styles from './loans.module.css';

interface PagerProps {
  /** Names the controls, e.g. "Loans pages". */
  label: string;
  page: number;
  totalPages: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  /** Offers a page-size choice when given. */
  pageSizes?: readonly number[];
  onLimit?: (limit: number) => void;
}

/** Previous / Next over server pages, the range shown and, where offered, the page size. */
export function Pager({ label, page, totalPages, limit, total, onPage, pageSizes, onLimit }: PagerProps) {
  const last = Math.max(1, totalPages);
  return (
    <nav className={styles.pager} aria-label={label}>
      <span aria-live="polite">{rangeText(page, limit, total)}</span>
      <div className={styles.pagerButtons}>
        {pageSizes && onLimit && (
          <div className={styles.pageSize}>
            <Select
              label="Rows per page"
              hideLabel
              value={String(limit)}
              onChange={(e) => onLimit(Number(e.target.value))}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size} / page
                </option>
              ))}
            </Select>
          </div>
        )}
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span>
          Page {formatNumber(Math.min(page, last))} of {formatNumber(last)}
        </span>
        <Button size="sm" variant="secondary" disabled={page >= last} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
