import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toCsv, type ReportTable } from '../derive';
import { downloadText } from '../download';
import { ChartFigure } from './report-chart';
import { ReportTableView } from './report-table';
import styles from './reports.module.css';

interface ReportSectionProps {
  title: string;
  description: ReactNode;
  table: ReportTable;
  fileName: string;
  chartTitle: string;
  chartSummary: string;
  chart: ReactNode;
}

/** One report: its chart, its figures in a table, and the figures as a CSV file. */
export function ReportSection({
  title,
  description,
  table,
  fileName,
  chartTitle,
  chartSummary,
  chart,
}: ReportSectionProps) {
  const tableId = useId();
  return (
    <Card
      title={title}
      titleAs="h2"
      description={description}
      data-section={table.id}
      actions={
        <Button
          variant="secondary"
          size="sm"
          onClick={() => downloadText(fileName, toCsv(table))}
          aria-label={`Download CSV: ${title}`}
        >
          Download CSV
        </Button>
      }
    >
      <div className={styles.sectionBody}>
        <ChartFigure title={chartTitle} summary={chartSummary} tableId={tableId}>
          {chart}
        </ChartFigure>
        <ReportTableView table={table} caption={title} id={tableId} />
      </div>
    </Card>
  );
}
