import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import styles from './reports.module.css';

// recharts loads with the first chart, in its own chunk (STACK.md), never with the page.
export const MonthlyBars = lazy(() => import('./charts').then((m) => ({ default: m.MonthlyBars })));
export const SharesPie = lazy(() => import('./charts').then((m) => ({ default: m.SharesPie })));
export const CategoryBars = lazy(() => import('./charts').then((m) => ({ default: m.CategoryBars })));
export const StackedCategoryBars = lazy(() =>
  import('./charts').then((m) => ({ default: m.StackedCategoryBars })),
);

interface ChartFigureProps {
  /** The chart's visible title. */
  title: string;
  /** What the picture shows, in words, for screen readers (the table has the numbers). */
  summary: string;
  /** The id of the table with the chart's figures. */
  tableId?: string;
  children: ReactNode;
}

/** A titled chart: an image with a label, pointing at the table of its figures. */
export function ChartFigure({ title, summary, tableId, children }: ChartFigureProps) {
  const titleId = useId();
  return (
    <figure className={styles.figure} aria-labelledby={titleId}>
      <figcaption id={titleId} className={styles.figureTitle}>
        {title}
      </figcaption>
      <div
        className={styles.chart}
        role="img"
        aria-label={`${title}. ${summary}`}
        aria-describedby={tableId}
        data-chart={title}
      >
        <Suspense
          fallback={
            <div className={styles.chartLoading}>
              <Spinner label="Loading chart" />
            </div>
          }
        >
          {children}
        </Suspense>
      </div>
    </figure>
  );
}
