import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { loanCustodyPath } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatGrams, formatMoney, formatNumber } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';
import type { StaffArea } from '@/lib/staff-area';
import { useMarginCalls, type MarginCallFilter } from '../api/get-margin-calls';
import styles from './margin-calls.module.css';

/**
 * /admin/margin-calls and /employee/margin-calls: loans whose LTV went over their cap at
 * the day's gold price. The longest in breach first, with the amount to pay or the 22K
 * gold to add that the customer was told, and the day the call is escalated. Adding gold
 * happens on the loan's custody page (its packet is resealed there under dual control).
 */
export function MarginCallsPage({ area }: { area: StaffArea }) {
  const readOnly = useReadOnly();
  const [status, setStatus] = useState<MarginCallFilter>('open');
  const [page, setPage] = useState(1);
  const list = useMarginCalls(area, status, page);
  const counts = list.data?.counts;

  let body;
  if (list.error) {
    body = (
      <ErrorState
        title="Failed to fetch margin calls"
        message={errorMessage(list.error, 'Please check your connection and try again.')}
        onRetry={() => void list.mutate()}
      />
    );
  } else if (!list.data) {
    body = <Loading text="Loading margin calls..." />;
  } else if (list.data.data.length === 0) {
    body = (
      <EmptyState
        title={status === 'escalated' ? 'No escalated margin calls' : 'No margin calls'}
        description="Every open loan is within its LTV cap at today's gold price."
      />
    );
  } else {
    const { pagination } = list.data;
    body = (
      <>
        <Table
          caption="Loans over their LTV cap, longest in breach first: to cure, pay the amount or add the 22K gold"
          hideCaption
        >
          <thead>
            <tr>
              <Th>Loan</Th>
              <Th>Customer</Th>
              <Th numeric>In breach</Th>
              <Th numeric>LTV / cap</Th>
              <Th numeric>To cure</Th>
              <Th>Status</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((c) => (
              <Tr key={c._id} data-loan-id={c.loanId}>
                <Td className={styles.mono}>{c.loanId}</Td>
                <Td>
                  <span className={styles.name}>{c.customerName}</span>
                  <span className={styles.sub}>{c.customerMobile}</span>
                </Td>
                <Td numeric>
                  <strong>
                    {formatNumber(c.daysInBreach)} {c.daysInBreach === 1 ? 'day' : 'days'}
                  </strong>
                  <span className={styles.sub}>since {formatDate(c.raisedOn)}</span>
                </Td>
                <Td numeric>
                  <strong>{formatNumber(c.ltvPercent)}%</strong>
                  <span className={styles.sub}>cap {formatNumber(c.capPercent)}%</span>
                </Td>
                <Td numeric>
                  <strong>{formatMoney(c.shortfall)}</strong>
                  <span className={styles.sub}>or {formatGrams(c.goldToAddGrams)} of 22K</span>
                </Td>
                <Td>
                  {c.escalated ? (
                    <Badge tone="danger">Escalated {formatDate(c.escalatedOn)}</Badge>
                  ) : (
                    <Badge tone="warning">Escalates {formatDate(c.deadline)}</Badge>
                  )}
                </Td>
                <Td>
                  {readOnly ? (
                    '—'
                  ) : (
                    <ButtonLink
                      size="sm"
                      variant="secondary"
                      to={`${loanCustodyPath(area, c._id)}?add=gold`}
                      aria-label={`Add gold to loan ${c.loanId}`}
                    >
                      Add gold
                    </ButtonLink>
                  )}
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
        {pagination.totalPages > 1 && (
          <nav className={styles.pager} aria-label="Margin call pages">
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {pagination.page} of {pagination.totalPages}
            </span>
            <Button
              size="sm"
              variant="secondary"
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
    <>
      <PageHeader
        eyebrow={readOnly ? 'Auditor · read-only' : area === 'admin' ? 'Admin' : 'Employee'}
        title="Margin Calls"
        description="Loans over their loan-to-value cap at today's gold valuation price. The customer is told the amount to pay or the gold to add; a call not cured by its date is escalated."
      />
      <FilterTabs
        className={styles.tabs}
        label="Margin call status"
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
        tabs={[
          { value: 'open', label: 'All open', count: counts?.open },
          { value: 'escalated', label: 'Escalated', count: counts?.escalated },
        ]}
      />
      {body}
    </>
  );
}
