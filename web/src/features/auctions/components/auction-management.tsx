import { useState } from 'react';
import { LENDING_POLICY } from '@goldledger/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatGrams, formatMoney, formatNumber } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';
import { useAuctionLoans, useRevalidateAuctionLoans } from '../api/get-auction-loans';
import { Link, useNavigate } from 'react-router-dom';
import {
  actionLabel,
  actionsFor,
  auctionFilePath,
  FILTERS,
  reservePercent,
  shownStatus,
  type AuctionFilter,
  type AuctionLoan,
} from '../derive';
import { AuctionActionDialog, type ActionResult, type ActionTarget } from './auction-action-dialog';
import styles from './auctions.module.css';

const PAGE_SIZE = 50;

/** The gold and the price it may go for: the reserve once set, else today's floor (90 %, 85 % after two failures). */
function GoldCell({ item }: { item: AuctionLoan }) {
  return (
    <>
      <span className={styles.strong}>{formatGrams(item.totalGoldWeight)}</span>
      <span className={styles.muted}>
        {item.goldValue === null ? 'no price today' : `worth ${formatMoney(item.goldValue)}`}
      </span>
      <span className={styles.muted}>
        {item.reservePrice !== null
          ? `reserve ${formatMoney(item.reservePrice)}`
          : item.minimumReservePrice !== null
            ? `min. reserve ${formatMoney(item.minimumReservePrice)} (${reservePercent(item)}%)`
            : ''}
      </span>
    </>
  );
}

/** The sale's result, once there is one: the surplus owed back, or the shortfall. */
function SaleResult({ item }: { item: AuctionLoan }) {
  if (item.saleAmount === null) return null;
  return (
    <>
      <span className={styles.saleLine}>sold {formatMoney(item.saleAmount)}</span>
      {item.surplusAmount ? (
        <span className={styles.surplus}>
          +{formatMoney(item.surplusAmount)} surplus{' '}
          {item.surplusRefunded
            ? '(refunded)'
            : item.surplusRefundDueBy
              ? `(refund by ${formatDate(item.surplusRefundDueBy)})`
              : ''}
        </span>
      ) : item.shortfallAmount ? (
        <span className={styles.shortfall}>−{formatMoney(item.shortfallAmount)} shortfall</span>
      ) : null}
    </>
  );
}

/** /admin/auction-management: loans in default and their way through auction. */
export function AuctionManagement() {
  const readOnly = useReadOnly();
  const [status, setStatus] = useState<AuctionFilter>('all');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<ActionTarget | null>(null);
  const toast = useToast();
  const navigate = useNavigate();
  const revalidate = useRevalidateAuctionLoans();
  const { data, error, mutate, isValidating } = useAuctionLoans(status, page, PAGE_SIZE);

  const onDone = (result: ActionResult) => {
    setTarget(null);
    toast.show(result.message, 'success');
    void revalidate();
  };

  let body;
  if (error) {
    body = (
      <ErrorState
        title="Failed to fetch auction loans"
        message={errorMessage(error, 'Error fetching auction loans')}
        onRetry={() => void mutate()}
      />
    );
  } else if (!data) {
    body = <Loading text="Loading auction loans..." />;
  } else if (data.data.length === 0) {
    body = (
      <Card>
        <EmptyState title={data.message ?? 'No loans ready for auction'} />
      </Card>
    );
  } else {
    const { pagination } = data;
    body = (
      <>
        <Table
          caption={`Auction loans (${formatNumber(pagination.total)})${isValidating ? ' · updating…' : ''}`}
          maxHeight="70vh"
        >
          <thead>
            <tr>
              <Th>Loan / customer</Th>
              <Th numeric>Outstanding</Th>
              <Th numeric>Gold / reserve</Th>
              <Th>Dates</Th>
              <Th>Status</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((item) => (
              <Tr
                key={item._id}
                data-testid="auction-row"
                data-loan-id={item.loanId}
                data-status={item.auctionStatus}
              >
                <Td>
                  <span className={styles.loanId}>{item.loanId}</span>
                  <span className={styles.name}>{item.customerName}</span>
                  <span className={styles.muted}>{item.customerMobile}</span>
                </Td>
                <Td numeric>
                  <span className={styles.strong}>{formatMoney(item.outstandingAmount)}</span>
                  <span className={styles.muted} title="As of this date">
                    {formatDate(item.outstandingAsOf)}
                  </span>
                </Td>
                <Td numeric>
                  <GoldCell item={item} />
                </Td>
                <Td>
                  <span className={styles.dateLine}>
                    {formatDate(item.finalAuctionDate)} <span className={styles.dateLabel}>final</span>
                  </span>
                  {item.auctionReadyDate && (
                    <span className={styles.dateLine}>
                      {formatDate(item.auctionReadyDate)}{' '}
                      <span className={styles.dateLabel}>
                        listed{item.daysSinceReady !== null ? ` (${item.daysSinceReady} d)` : ''}
                      </span>
                    </span>
                  )}
                  {item.earliestAuctionDate && item.auctionStatus !== 'auctioned' && (
                    <span className={styles.dateLine}>
                      {formatDate(item.earliestAuctionDate)}{' '}
                      <span className={styles.dateLabel}>notice runs to</span>
                    </span>
                  )}
                  {item.auctionDate && (
                    <span className={`${styles.dateLine} ${styles.strongLine}`}>
                      {formatDate(item.auctionDate)} <span className={styles.dateLabel}>auction</span>
                    </span>
                  )}
                  {item.failedAuctions > 0 && (
                    <span className={styles.dateLine}>
                      {item.failedAuctions} <span className={styles.dateLabel}>failed</span>
                    </span>
                  )}
                </Td>
                <Td>
                  <Badge status={shownStatus(item)} />
                  <SaleResult item={item} />
                </Td>
                <Td>
                  <div className={styles.actions}>
                    {(readOnly ? [] : actionsFor(item)).map((action) => (
                      <Button
                        key={action}
                        size="sm"
                        variant={
                          action === 'cancel'
                            ? 'ghost'
                            : action === 'mark_auctioned'
                              ? 'primary'
                              : 'secondary'
                        }
                        aria-label={`${actionLabel(action, item)}: ${item.loanId}`}
                        onClick={() =>
                          action === 'mark_auctioned'
                            ? navigate(`${auctionFilePath(item.loanId)}#result`)
                            : setTarget({ action, item })
                        }
                      >
                        {actionLabel(action, item)}
                      </Button>
                    ))}
                    {item.auctionStatus !== 'not_ready' || item.history.length > 0 ? (
                      <Link
                        className={styles.fileLink}
                        to={auctionFilePath(item.loanId)}
                        aria-label={`Auction file: ${item.loanId}`}
                      >
                        Auction file
                      </Link>
                    ) : (
                      (readOnly || actionsFor(item).length === 0) && <span className={styles.muted}>—</span>
                    )}
                  </div>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
        {pagination.totalPages > 1 && (
          <nav className={styles.pager} aria-label="Pages">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {page} of {pagination.totalPages}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= pagination.totalPages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </nav>
        )}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Auction Management"
        description="Loans in default (past maturity or with an overdue installment) and those on their way to auction."
      />
      <ul className={styles.rules}>
        <li>
          A loan is listed automatically on its final auction date: maturity, plus one month, plus three
          months for each rate upgrade left before the final 36% (12%: 4, 18%: 3, 24%: 2, 30%: 1).
        </li>
        <li>
          Before an auction: a notice to the borrower by SMS, email and registered post, at least{' '}
          {LENDING_POLICY.auctionNoticeDays} days ahead; a public notice in two newspapers (one vernacular,
          one national); a venue in the branch&apos;s town or taluka; a register of bidders (staff and the
          borrower&apos;s related parties refused).
        </li>
        <li>
          The reserve price is at least {LENDING_POLICY.reservePriceMinBps / 100}% of the gold&apos;s value at
          the day&apos;s valuation price ({LENDING_POLICY.reservePriceAfterFailedAuctionsBps / 100}% after{' '}
          {LENDING_POLICY.auctionRules.failedAuctionsBeforeLowerReserve} failed auctions). The sale settles
          costs, interest and principal in that order; a surplus is refunded within{' '}
          {LENDING_POLICY.auctionRules.surplusRefundWorkingDays} working days.
        </li>
      </ul>
      <FilterTabs
        label="Auction status"
        tabs={FILTERS}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      {body}
      <AuctionActionDialog target={target} onClose={() => setTarget(null)} onDone={onDone} />
    </div>
  );
}
