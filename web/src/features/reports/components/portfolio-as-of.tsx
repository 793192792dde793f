import { useState, type FormEvent } from 'react';
import {
  DELINQUENCY_CLASS_LABELS,
  DelinquencyClass,
  futurePortfolioMessage,
  type PortfolioReport,
} from '@goldledger/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/field';
import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { businessToday } from '@/lib/business-date';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import { downloadPortfolioCsv, usePortfolio, type PortfolioChoice } from '../api/get-portfolio';
import { COLOURS } from '../palette';
import { branchTable, classBars, classTable, ltvTable, ratioText, rupeesOf } from '../portfolio';
import { ChartFigure, StackedCategoryBars } from './report-chart';
import { ReportTableView } from './report-table';
import styles from './reports.module.css';
import { DateInput } from '@/components/ui/date-input';

function PortfolioForm({
  choice,
  branches,
  onApply,
}: {
  choice: PortfolioChoice;
  branches: ReadonlyArray<{ branchId: string; branchName: string }>;
  onApply(choice: PortfolioChoice): void;
}) {
  const today = businessToday();
  const [asOf, setAsOf] = useState(choice.asOf ?? today);
  const [branchId, setBranchId] = useState(choice.branchId ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !asOf ? 'Please choose a date' : asOf > today ? futurePortfolioMessage(today) : null;
    setError(problem);
    if (!problem) onApply({ asOf, ...(branchId ? { branchId } : {}) });
  };
  return (
    <form className={styles.rangeForm} onSubmit={submit} noValidate aria-label="Portfolio date and branch">
      <DateInput
        label="As of"
        max={today}
        value={asOf}
        onChange={(e) => setAsOf(e.target.value)}
        invalid={Boolean(error)}
      />
      <Select label="Branch" value={branchId} onChange={(e) => setBranchId(e.target.value)}>
        <option value="">All branches</option>
        {branches.map((b) => (
          <option key={b.branchId} value={b.branchId}>
            {b.branchName}
          </option>
        ))}
      </Select>
      <Button type="submit">Show portfolio</Button>
      {error && (
        <p className={styles.rangeError} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function Headline({ report }: { report: PortfolioReport }) {
  const t = report.total;
  const npa = t.classes.find((c) => c.class === 'npa')!;
  const figures: [string, string][] = [
    ['Open loans', formatNumber(t.loans)],
    ['Outstanding principal', formatMoney(rupeesOf(t.principalPaise))],
    ['Interest receivable', formatMoney(rupeesOf(t.interestPaise))],
    ['NPA (gross)', `${ratioText(t.npaRatioBps)} · ${formatMoney(rupeesOf(npa.principalPaise))}`],
    [
      'Gold at valuation price',
      t.goldValuePaise === null ? 'No price that day' : formatMoney(rupeesOf(t.goldValuePaise)),
    ],
  ];
  return (
    <dl className={styles.figures}>
      {figures.map(([label, value]) => (
        <div key={label} className={styles.figureTile}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PortfolioBody({ report }: { report: PortfolioReport }) {
  const series = DelinquencyClass.options.map((c) => ({
    key: c,
    name: DELINQUENCY_CLASS_LABELS[c],
    colour: COLOURS.classes[c]!,
    stack: 'class',
  }));
  const valuation = report.valuation.pricePerGramPaise
    ? `Gold valued at ${formatMoney(rupeesOf(report.valuation.pricePerGramPaise))} a gram of ${report.valuation.referencePurity} (the day's valuation price), other purities in proportion.`
    : `${report.valuation.missing ?? 'No valuation price that day'}: no LTV bands.`;
  return (
    <>
      <p className={styles.asOf}>
        The books as recorded by the close of {formatDate(report.asOf)} (before{' '}
        {formatDateTime(report.recordedBefore)}): an entry recorded later, even dated earlier, is not in them.{' '}
        {valuation}
      </p>
      <Headline report={report} />
      {report.branches.length > 0 && (
        <div className={styles.portfolioChart}>
          <ChartFigure
            title="Outstanding by class and branch"
            summary={`Principal and interest receivable of each branch, stacked by delinquency class, as of ${formatDate(report.asOf)}.`}
            tableId="portfolio-branches-table"
          >
            <StackedCategoryBars rows={classBars(report)} categoryKey="branch" series={series} kind="money" />
          </ChartFigure>
        </div>
      )}
      <div className={styles.portfolioTables}>
        <section aria-label="By class" className={styles.reviewList}>
          <h3 className={styles.reviewTitle}>By class</h3>
          <ReportTableView table={classTable(report.total)} caption="Loans by delinquency class" />
        </section>
        {report.total.ltvBands.length > 0 && (
          <section aria-label="By LTV" className={styles.reviewList}>
            <h3 className={styles.reviewTitle}>By LTV</h3>
            <p className={styles.asOf}>Principal and interest over the gold&apos;s value that day.</p>
            <ReportTableView table={ltvTable(report.total)} caption="Loans by LTV band" />
          </section>
        )}
      </div>
      <section aria-label="By branch" className={styles.reviewList}>
        <h3 className={styles.reviewTitle}>By branch</h3>
        <ReportTableView
          table={branchTable(report)}
          caption="Portfolio by branch"
          id="portfolio-branches-table"
        />
      </section>
    </>
  );
}

/**
 * The portfolio as of any day (issue 18): outstanding principal, interest receivable, the
 * delinquency classes, the NPA ratio and the LTV bands, by branch, as the books stood at a
 * day's close. Admins and auditors; the CSV comes from the server.
 */
export function PortfolioAsOfSection() {
  const [choice, setChoice] = useState<PortfolioChoice>({});
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const { data, error, isLoading, mutate } = usePortfolio(choice);
  // The branch list comes from the whole book's answer; a narrowed answer keeps the last list.
  const [branches, setBranches] = useState<PortfolioReport['branches']>([]);
  const report = data?.data;
  if (report && !choice.branchId && report.branches !== branches && report.branches.length > 0)
    setBranches(report.branches);

  const download = async () => {
    if (!report) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadPortfolioCsv(choice, `portfolio-${report.asOf}.csv`);
    } catch (e) {
      setDownloadError(errorMessage(e, 'The CSV could not be downloaded.'));
    } finally {
      setDownloading(false);
    }
  };

  let body;
  if (error) {
    body = (
      <ErrorState
        title="Failed to fetch the portfolio"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !report) {
    body = <Loading text="Loading the portfolio..." />;
  } else {
    body = <PortfolioBody report={report} />;
  }

  return (
    <Card
      title="Portfolio as of a day"
      titleAs="h2"
      description="Outstanding, interest receivable, delinquency classes, the NPA ratio and LTV, by branch, as the books stood at the close of the day."
      data-section="portfolio-as-of"
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={!report || downloading}
          loading={downloading}
          onClick={() => void download()}
          aria-label="Download CSV: Portfolio as of a day"
        >
          Download CSV
        </Button>
      }
    >
      <div className={styles.sectionBodyStack}>
        <PortfolioForm choice={choice} branches={branches} onApply={setChoice} />
        {downloadError && (
          <p className={styles.rangeError} role="alert">
            {downloadError}
          </p>
        )}
        {body}
      </div>
    </Card>
  );
}
