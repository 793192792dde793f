import { useState, type FormEvent } from 'react';
import type { ReportsData } from '@goldledger/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney, formatNumber, formatStatus } from '@/lib/format';
import { useStaffArea } from '@/lib/staff-area';
import { FINAL_RATE_PERCENT } from '@/lib/lending-options';
import { useReports, type MonthRange } from '../api/get-reports';
import {
  collectionsTable,
  csvFileName,
  disbursementsTable,
  goldReturnsTable,
  hasAnyFigures,
  monthLabel,
  overdueTable,
  portfolioTable,
  rangeError,
  upgradeLevelsTable,
  upgradesTable,
} from '../derive';
import { COLOURS } from '../palette';
import { GoldLoanReviewSection } from './gold-loan-review';
import { PortfolioAsOfSection } from './portfolio-as-of';
import { CategoryBars, MonthlyBars, SharesPie } from './report-chart';
import { ReportSection } from './report-section';
import styles from './reports.module.css';

/** The month range form: two month pickers, applied together. */
function RangeForm({
  shown,
  onApply,
}: {
  shown: { from: string; to: string } | null;
  onApply: (range: MonthRange) => void;
}) {
  const [from, setFrom] = useState(shown?.from ?? '');
  const [to, setTo] = useState(shown?.to ?? '');
  const [error, setError] = useState<string | null>(null);
  // The server's default range arrives with the first answer: show it in the pickers.
  const [seeded, setSeeded] = useState(Boolean(shown));
  if (!seeded && shown) {
    setSeeded(true);
    setFrom(shown.from);
    setTo(shown.to);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = rangeError(from, to);
    setError(problem);
    if (!problem) onApply({ from, to });
  }

  return (
    <form className={styles.rangeForm} onSubmit={submit} noValidate aria-label="Report months">
      <Input
        label="From month"
        type="month"
        name="from"
        value={from}
        placeholder="YYYY-MM"
        onChange={(e) => setFrom(e.target.value)}
        invalid={Boolean(error)}
      />
      <Input
        label="To month"
        type="month"
        name="to"
        value={to}
        placeholder="YYYY-MM"
        onChange={(e) => setTo(e.target.value)}
        invalid={Boolean(error)}
      />
      <Button type="submit">Show</Button>
      <Button
        variant="ghost"
        onClick={() => {
          setError(null);
          onApply({});
        }}
      >
        Last 12 months
      </Button>
      {error && (
        <p className={styles.rangeError} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

const span = (d: ReportsData) =>
  d.from === d.to ? monthLabel(d.from) : `${monthLabel(d.from)} to ${monthLabel(d.to)}`;

function Sections({ data }: { data: ReportsData }) {
  const overdue = overdueTable(data);
  const portfolio = portfolioTable(data);
  const disbursements = disbursementsTable(data);
  const collections = collectionsTable(data);
  const upgrades = upgradesTable(data);
  const levels = upgradeLevelsTable(data);
  const goldReturns = goldReturnsTable(data);
  const asOf = formatDate(data.asOf);
  const overdueTotal = overdue.totals!;

  return (
    <>
      {/* What someone must act on first: money past its due date. */}
      <ReportSection
        title="Overdue ageing"
        description={`Unpaid installments of active loans past their due date, by days overdue on ${asOf}.`}
        table={overdue}
        fileName={csvFileName('overdue', data)}
        chartTitle="Amount overdue by days past due"
        chartSummary={`${formatNumber(Number(overdueTotal.installments))} installments, ${formatMoney(Number(overdueTotal.amount))} in all.`}
        chart={
          <CategoryBars
            rows={overdue.rows}
            categoryKey="bucket"
            valueKey="amount"
            valueName="Amount overdue"
            colours={COLOURS.overdue}
            kind="money"
          />
        }
      />
      <ReportSection
        title="Portfolio"
        description={`Every loan on the book on ${asOf}, by status (deleted loans are not counted).`}
        table={portfolio}
        fileName={csvFileName('portfolio', data)}
        chartTitle="Loans by status"
        chartSummary={data.portfolio.map((p) => `${p.status} ${formatNumber(p.loans)}`).join(', ')}
        chart={
          <SharesPie
            kind="count"
            slices={data.portfolio.map((p) => ({
              name: formatStatus(p.status),
              value: p.loans,
              colour: COLOURS.status[p.status] ?? '#4b5563',
            }))}
          />
        }
      />
      <ReportSection
        title="Disbursements"
        description={`Loans disbursed each month, ${span(data)}.`}
        table={disbursements}
        fileName={csvFileName('disbursements', data)}
        chartTitle="Amount disbursed per month"
        chartSummary={`${formatNumber(Number(disbursements.totals!.loans))} loans, ${formatMoney(Number(disbursements.totals!.amount))} in all.`}
        chart={
          <MonthlyBars
            rows={disbursements.rows}
            kind="money"
            series={[{ key: 'amount', name: 'Amount disbursed', colour: COLOURS.disbursed }]}
          />
        }
      />
      <ReportSection
        title="Collections"
        description={`Successful payments each month, ${span(data)}, split into interest and principal as the ledger allocated them. Pending online payments are not counted.`}
        table={collections}
        fileName={csvFileName('collections', data)}
        chartTitle="Interest and principal collected per month"
        chartSummary={`${formatNumber(Number(collections.totals!.payments))} payments, ${formatMoney(Number(collections.totals!.amount))} in all.`}
        chart={
          <MonthlyBars
            rows={collections.rows}
            kind="money"
            series={[
              { key: 'interest', name: 'Interest', colour: COLOURS.interest, stack: 'paid' },
              { key: 'principal', name: 'Principal', colour: COLOURS.principal, stack: 'paid' },
            ]}
          />
        }
      />
      <ReportSection
        title="Upgrades"
        description={`Interest-rate upgrades recorded each month, ${span(data)}, by the level reached (level 3 is the final rate, ${FINAL_RATE_PERCENT}%).`}
        table={upgrades}
        fileName={csvFileName('upgrades', data)}
        chartTitle="Upgrades per month by level reached"
        chartSummary={`${formatNumber(Number(upgrades.totals!.total))} upgrades in all.`}
        chart={
          <MonthlyBars
            rows={upgrades.rows}
            kind="count"
            series={[
              { key: 'toLevel1', name: 'To level 1', colour: COLOURS.levels[1]!, stack: 'level' },
              { key: 'toLevel2', name: 'To level 2', colour: COLOURS.levels[2]!, stack: 'level' },
              { key: 'toLevel3', name: 'To level 3', colour: COLOURS.levels[3]!, stack: 'level' },
            ]}
          />
        }
      />
      <ReportSection
        title="Upgrade levels"
        description={`Active loans on ${asOf} by their current upgrade level.`}
        table={levels}
        fileName={csvFileName('upgrade-levels', data)}
        chartTitle="Active loans by upgrade level"
        chartSummary={data.upgradeLevels
          .map((l) => `level ${formatNumber(l.level)}: ${formatNumber(l.activeLoans)}`)
          .join(', ')}
        chart={
          <CategoryBars
            rows={levels.rows}
            categoryKey="level"
            valueKey="activeLoans"
            valueName="Active loans"
            colours={COLOURS.levels}
            kind="count"
          />
        }
      />
      {goldReturns && data.goldReturns && (
        <ReportSection
          title="Gold returns"
          description={`Gold of repaid loans to hand back, by status on ${asOf}. Overdue: more than 30 days since closing.`}
          table={goldReturns}
          fileName={csvFileName('gold-returns', data)}
          chartTitle="Gold returns by status"
          chartSummary={data.goldReturns.byStatus
            .map((s) => `${s.status} ${formatNumber(s.count)}`)
            .join(', ')}
          chart={
            <CategoryBars
              rows={goldReturns.rows}
              categoryKey="status"
              valueKey="count"
              valueName="Loans"
              colours={data.goldReturns.byStatus.map((s) => COLOURS.goldReturns[s.status] ?? '#4b5563')}
              kind="count"
            />
          }
        />
      )}
    </>
  );
}

/** The Reports page: the book's figures, each with a chart, a table and a CSV. */
export function ReportsPage() {
  const area = useStaffArea();
  const [range, setRange] = useState<MonthRange>({});
  const { data, error, isLoading, mutate } = useReports(area, range);
  const report = data?.data;

  let body;
  if (error) {
    body = (
      <ErrorState
        title="Failed to fetch reports"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !report) {
    body = <Loading text="Loading reports..." />;
  } else if (!hasAnyFigures(report)) {
    body = (
      <EmptyState
        title="No loans found"
        description={`Nothing was lent or collected from ${monthLabel(report.from)} to ${monthLabel(report.to)}, and the book is empty.`}
      />
    );
  } else {
    body = <Sections data={report} />;
  }

  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow={area === 'admin' ? 'Admin' : 'Employee'}
        title="Reports"
        description="Lending, collections, overdue installments and upgrades, month by month."
      />
      <RangeForm
        key={range.from || range.to ? 'chosen' : 'default'}
        shown={report ? { from: report.from, to: report.to } : null}
        onApply={setRange}
      />
      {report && <p className={styles.asOf}>Figures as of {formatDate(report.asOf)}.</p>}
      {body}
      {area === 'admin' && <PortfolioAsOfSection />}
      {area === 'admin' && <GoldLoanReviewSection />}
    </div>
  );
}
