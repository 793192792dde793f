import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { PAGE_SIZE, usePendingRepayments, type RepaymentFilter } from '../api/get-pending-repayments';
import { clampPage, daysUnpaidLabel, pageRange, repaymentStatus } from '../derive';
import styles from './pending-repayments.module.css';
import { installmentPlaceText } from '@goldledger/contracts';

/** An address that may wrap after its `@` rather than mid-word. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

const CAPTIONS: Record<RepaymentFilter, string> = {
  all: 'Pending repayments, most overdue first',
  unpaid: 'Unpaid installments, most overdue first',
  upcoming: 'Upcoming installments, soonest first',
};

/**
 * /admin/pending-repayments: installments not yet paid of active loans,
 * filtered All, Unpaid or Upcoming, the most urgent first (the server's order). A dense
 * table at a desk; on a phone each row reads as a card.
 */
export function PendingRepaymentsPage() {
  const [filter, setFilter] = useState<RepaymentFilter>('all');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isValidating, mutate } = usePendingRepayments(filter, page);

  const counts = data?.counts;
  const totalPages = data?.pagination.totalPages ?? 1;
  const shownPage = clampPage(page, totalPages);
  // Payments came in and the list shrank under the page: go to the last page there is.
  useEffect(() => {
    if (data && shownPage !== page) setPage(shownPage);
  }, [data, shownPage, page]);

  let body;
  if (error && !data) {
    body = (
      <ErrorState
        title="Failed to fetch pending repayments"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading && !data) {
    body = <Loading text="Loading pending repayments..." />;
  } else if (!data || data.data.length === 0) {
    body = (
      <div className={styles.panel}>
        <EmptyState title="No pending repayments" description="All installments are up to date" />
      </div>
    );
  } else {
    body = (
      <>
        <Table caption={CAPTIONS[filter]} hideCaption className={styles.cards} aria-busy={isValidating}>
          <thead>
            <tr>
              <Th>Due Date</Th>
              <Th>Status</Th>
              <Th numeric>Days Unpaid</Th>
              <Th>Customer</Th>
              <Th numeric>Amount</Th>
              <Th>Loan ID</Th>
              <Th>Aadhar</Th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((r) => {
              const status = repaymentStatus(r.status);
              return (
                <tr
                  key={`${r._id}:${r.installmentNumber}`}
                  data-testid="pending-repayment"
                  data-loan-id={r.loanId}
                  data-installment={r.installmentNumber}
                  data-status={status}
                >
                  <Td data-label="Due Date" className={styles.mono} data-testid="due-date">
                    {formatDate(r.dueDate)}
                  </Td>
                  <Td data-label="Status">
                    <Badge tone={status === 'unpaid' ? 'danger' : 'info'}>
                      {status === 'unpaid' ? 'Unpaid' : 'Upcoming'}
                    </Badge>
                  </Td>
                  <Td
                    data-label="Days Unpaid"
                    numeric
                    className={status === 'unpaid' ? styles.overdueDays : undefined}
                    data-testid="days-unpaid"
                  >
                    {daysUnpaidLabel(status, r.daysUnpaid)}
                  </Td>
                  <Td data-label="Customer">
                    <span className={styles.customer}>
                      <span className={styles.name} data-testid="customer-name">
                        {r.customer.name}
                      </span>
                      <span className={styles.muted} data-testid="customer-mobile">
                        {r.customer.primaryMobile}
                      </span>
                      <span
                        className={styles.email}
                        data-testid="email"
                        title={r.customer.email ?? undefined}
                      >
                        {r.customer.email ? <BreakableEmail email={r.customer.email} /> : 'No email'}
                      </span>
                    </span>
                  </Td>
                  <Td data-label="Amount" numeric data-testid="amount">
                    {formatMoney(r.amount)}
                  </Td>
                  <Td data-label="Loan ID" className={styles.mono} data-testid="loan-id">
                    <span>
                      {r.loanId}
                      <span className={styles.muted}>
                        {' '}
                        · installment {installmentPlaceText(r.installmentPlace)}
                      </span>
                    </span>
                  </Td>
                  <Td data-label="Aadhar" className={styles.mono} data-testid="aadhar">
                    {r.customer.aadharNumber}
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
        {totalPages > 1 && (
          <nav className={styles.pager} aria-label="Pages">
            <p className={styles.summary}>{pageRange(shownPage, PAGE_SIZE, data.pagination.total)}</p>
            <div className={styles.pagerButtons}>
              <Button
                variant="secondary"
                size="sm"
                disabled={shownPage <= 1}
                onClick={() => setPage(shownPage - 1)}
              >
                Previous
              </Button>
              <span className={styles.summary} aria-live="polite">
                Page {shownPage} of {totalPages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={shownPage >= totalPages}
                onClick={() => setPage(shownPage + 1)}
              >
                Next
              </Button>
            </div>
          </nav>
        )}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow="Admin"
        title="Pending Repayments"
        description="Installments of active loans not yet paid: overdue ones first, then those coming up."
        actions={
          <Button variant="secondary" onClick={() => void mutate()} loading={isValidating && !!data}>
            Refresh
          </Button>
        }
      />
      <div className={styles.toolbar}>
        <FilterTabs
          label="Repayment status"
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setPage(1);
          }}
          tabs={[
            { value: 'all', label: 'All', count: counts?.all },
            { value: 'unpaid', label: 'Unpaid', count: counts?.unpaid },
            { value: 'upcoming', label: 'Upcoming', count: counts?.upcoming },
          ]}
        />
        {data && data.data.length > 0 && (
          <p className={styles.summary} data-testid="pending-summary">
            {data.message}
          </p>
        )}
      </div>
      {error && data && (
        <ErrorState
          title="Failed to fetch pending repayments"
          message={errorMessage(error, 'Showing the last list we had.')}
          onRetry={() => void mutate()}
        />
      )}
      {body}
    </div>
  );
}
