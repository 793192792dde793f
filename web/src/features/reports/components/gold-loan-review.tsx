import { useState, type FormEvent } from 'react';
import type { GoldLoanReview } from '@goldledger/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { useGoldLoanReview, type DayRange } from '../api/get-gold-loan-review';
import { toCsv, type ReportTable } from '../derive';
import { downloadText } from '../download';
import {
  forPage,
  partPaymentRenewalsTable,
  quickClosuresTable,
  reviewFileName,
  reviewRangeError,
  unappraisedTopUpsTable,
} from '../review';
import { ReportTableView } from './report-table';
import styles from './reports.module.css';
import { DateInput } from '@/components/ui/date-input';

function ReviewRange({
  shown,
  onApply,
}: {
  shown: GoldLoanReview | undefined;
  onApply(range: DayRange): void;
}) {
  const [from, setFrom] = useState(shown?.from ?? '');
  const [to, setTo] = useState(shown?.to ?? '');
  const [error, setError] = useState<string | null>(null);
  // The server's default days arrive with the first answer: show them in the pickers.
  const [seeded, setSeeded] = useState(Boolean(shown));
  if (!seeded && shown) {
    setSeeded(true);
    // Dates typed before the first answer came stay as typed.
    if (!from) setFrom(shown.from);
    if (!to) setTo(shown.to);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = reviewRangeError(from, to);
    setError(problem);
    if (!problem) onApply({ from, to });
  };
  return (
    <form className={styles.rangeForm} onSubmit={submit} noValidate aria-label="Review dates">
      <DateInput
        label="From date"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        invalid={Boolean(error)}
      />
      <DateInput
        label="To date"
        value={to}
        onChange={(e) => setTo(e.target.value)}
        invalid={Boolean(error)}
      />
      <Button type="submit">Show review</Button>
      {error && (
        <p className={styles.rangeError} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function ReviewList({
  title,
  description,
  table,
  review,
}: {
  title: string;
  description: string;
  table: ReportTable;
  review: GoldLoanReview;
}) {
  return (
    <section className={styles.reviewList} data-section={table.id} aria-label={title}>
      <header className={styles.reviewHeader}>
        <div>
          <h3 className={styles.reviewTitle}>
            {title} <span className={styles.reviewCount}>({formatNumber(table.rows.length)})</span>
          </h3>
          <p className={styles.asOf}>{description}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={table.rows.length === 0}
          onClick={() => downloadText(reviewFileName(table.id, review), toCsv(table))}
          aria-label={`Download CSV: ${title}`}
        >
          Download CSV
        </Button>
      </header>
      {table.rows.length === 0 ? (
        <p className={styles.asOf}>None in these dates.</p>
      ) : (
        <ReportTableView table={forPage(table)} caption={title} />
      )}
    </section>
  );
}

/**
 * The gold loan review (issue 17): what RBI's 2024 review of gold lending named, found in
 * the book for a range of days: loans closed within days of sanction, renewals against
 * part payment, top-ups without a fresh appraisal. Admins and auditors.
 */
export function GoldLoanReviewSection() {
  const [range, setRange] = useState<DayRange>({});
  const { data, error, isLoading, mutate } = useGoldLoanReview(range);
  const review = data?.data;

  let body;
  if (error) {
    body = (
      <ErrorState
        title="Failed to fetch the review"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !review) {
    body = <Loading text="Loading the review..." />;
  } else {
    body = (
      <>
        <p className={styles.asOf}>
          {formatDate(review.from)} to {formatDate(review.to)}: {formatNumber(review.counts.quickClosures)}{' '}
          quick closures, {formatNumber(review.counts.partPaymentRenewals)} renewals against part payment,{' '}
          {formatNumber(review.counts.topUpsWithoutAppraisal)} top-ups without fresh appraisal.
        </p>
        <ReviewList
          title="Loans closed within days of sanction"
          description={`Closed at most ${formatNumber(review.quickClosureDays)} days after the loan date (by repayment or auction).`}
          table={quickClosuresTable(review)}
          review={review}
        />
        <ReviewList
          title="Renewals against part payment"
          description="The old loan still owed when it was renewed, or was closed on the renewal's own day: the borrower's own money is what they paid that day less the new loan."
          table={partPaymentRenewalsTable(review)}
          review={review}
        />
        <ReviewList
          title="Top-ups without fresh appraisal"
          description="Top-up loans whose sanction has no appraisal of its own date."
          table={unappraisedTopUpsTable(review)}
          review={review}
        />
      </>
    );
  }

  return (
    <Card
      title="Gold loan review"
      titleAs="h2"
      description="What the RBI's 2024 review of gold lending named, in these dates."
      data-section="gold-loan-review"
    >
      <div className={styles.sectionBodyStack}>
        <ReviewRange key={range.from || range.to ? 'chosen' : 'default'} shown={review} onApply={setRange} />
        {body}
      </div>
    </Card>
  );
}
