import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatMoney, formatNumber, formatStatus } from '@/lib/format';
import { useStaffArea } from '@/lib/staff-area';
import { useReports } from '../api/get-reports';
import { flowTable, overdueTable, portfolioTable, upgradeLevelsTable, upgradesTable } from '../derive';
import { COLOURS } from '../palette';
import { CategoryBars, ChartFigure, MonthlyBars, SharesPie } from './report-chart';
import { ReportTableView } from './report-table';
import styles from './reports.module.css';

/**
 * Installments past their due date, by age: on the dashboard, next to today's dues
 * (numbers to act on first). Nothing when nothing is overdue.
 */
export function OverdueSummary() {
  const area = useStaffArea();
  const { data } = useReports(area);
  if (!data) return null;
  const table = overdueTable(data.data);
  const total = table.totals!;
  if (Number(total.installments) === 0) return null;
  return (
    <Alert
      tone="warning"
      title={`${formatNumber(Number(total.installments))} overdue installments: ${formatMoney(Number(total.amount))}`}
    >
      <p data-testid="overdue-summary">
        {table.rows
          .filter((r) => Number(r.installments) > 0)
          .map(
            (r) => `${r.bucket}: ${formatNumber(Number(r.installments))} (${formatMoney(Number(r.amount))})`,
          )
          .join(' · ')}
        . <Link to={area === 'admin' ? paths.admin.reports : paths.employee.reports}>See the reports</Link>
      </p>
    </Alert>
  );
}

/** The dashboards' charts (the last 12 months and the book now), each with its figures for screen readers. */
export function ReportsOverview() {
  const area = useStaffArea();
  const { data, error, isLoading, mutate } = useReports(area);

  if (error) {
    return (
      <ErrorState
        title="Failed to fetch reports"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  }
  if (isLoading || !data) return <Loading text="Loading charts..." />;

  const d = data.data;
  const flow = flowTable(d);
  const portfolio = portfolioTable(d);
  const upgrades = upgradesTable(d);
  const levels = upgradeLevelsTable(d);
  const charts = [
    {
      id: 'flow',
      title: 'Disbursed and collected per month',
      summary: `${formatMoney(Number(flow.totals!.disbursed))} disbursed and ${formatMoney(Number(flow.totals!.collected))} collected in the last ${formatNumber(flow.rows.length)} months.`,
      table: flow,
      chart: (
        <MonthlyBars
          rows={flow.rows}
          kind="money"
          series={[
            { key: 'disbursed', name: 'Disbursed', colour: COLOURS.disbursed },
            { key: 'collected', name: 'Collected', colour: COLOURS.collected },
          ]}
        />
      ),
    },
    {
      id: 'portfolio',
      title: 'Portfolio by status',
      summary: d.portfolio.map((p) => `${formatStatus(p.status)}: ${formatNumber(p.loans)} loans`).join(', '),
      table: portfolio,
      chart: (
        <SharesPie
          kind="count"
          slices={d.portfolio.map((p) => ({
            name: formatStatus(p.status),
            value: p.loans,
            colour: COLOURS.status[p.status] ?? '#4b5563',
          }))}
        />
      ),
    },
    {
      id: 'upgrades',
      title: 'Upgrades per month by level reached',
      summary: `${formatNumber(Number(upgrades.totals!.total))} interest-rate upgrades in the last ${formatNumber(upgrades.rows.length)} months.`,
      table: upgrades,
      chart: (
        <MonthlyBars
          rows={upgrades.rows}
          kind="count"
          series={[
            { key: 'toLevel1', name: 'To level 1', colour: COLOURS.levels[1]!, stack: 'level' },
            { key: 'toLevel2', name: 'To level 2', colour: COLOURS.levels[2]!, stack: 'level' },
            { key: 'toLevel3', name: 'To level 3', colour: COLOURS.levels[3]!, stack: 'level' },
          ]}
        />
      ),
    },
    {
      id: 'levels',
      title: 'Active loans by upgrade level',
      summary: d.upgradeLevels
        .map((l) => `level ${formatNumber(l.level)}: ${formatNumber(l.activeLoans)}`)
        .join(', '),
      table: levels,
      chart: (
        <CategoryBars
          rows={levels.rows}
          categoryKey="level"
          valueKey="activeLoans"
          valueName="Active loans"
          colours={COLOURS.levels}
          kind="count"
        />
      ),
    },
  ];

  return (
    <section aria-labelledby="dashboard-charts">
      <h2 id="dashboard-charts">Lending at a glance</h2>
      <div className={styles.chartGrid}>
        {charts.map((c) => (
          <div key={c.id} className={styles.chartCard} data-chart-card={c.id}>
            <ChartFigure title={c.title} summary={c.summary} tableId={`chart-table-${c.id}`}>
              {c.chart}
            </ChartFigure>
            <ReportTableView table={c.table} caption={c.title} hidden id={`chart-table-${c.id}`} />
          </div>
        ))}
      </div>
    </section>
  );
}
