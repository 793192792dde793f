import { APPROVAL_ACTION_LABELS, HOLDING_RULE_LABELS, type ApprovalStatus } from '@goldledger/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useApprovals, type ApprovalItem, type ApprovalList } from '../api/approvals';
import styles from './approvals.module.css';

export const STATUS_TABS: ReadonlyArray<{ value: ApprovalStatus; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const EMPTY: Record<ApprovalStatus, string> = {
  pending: 'Nothing is waiting for a second person.',
  approved: 'No request has been approved yet.',
  rejected: 'No request has been rejected.',
};

/** What happened to a request, in words: pending, rejected, or approved and carried out (or not). */
function StatusCell({ item }: { item: ApprovalItem }) {
  if (item.status === 'pending') return <Badge status="pending">Pending</Badge>;
  if (item.status === 'rejected') {
    return (
      <>
        <Badge status="rejected">Rejected</Badge>
        <span className={styles.note}>
          by {item.checker?.name}, {formatDateTime(item.decidedAt)}: {item.rejectionReason}
        </span>
      </>
    );
  }
  return (
    <>
      <Badge status={item.outcome === 'failed' ? 'failed' : 'approved'}>
        {item.outcome === 'failed'
          ? 'Approved, not carried out'
          : item.outcome
            ? 'Approved'
            : 'Approved, running'}
      </Badge>
      <span className={styles.note}>
        by {item.checker?.name}, {formatDateTime(item.decidedAt)}
        {item.outcomeMessage ? `: ${item.outcomeMessage}` : ''}
      </span>
    </>
  );
}

interface ApprovalsTableProps {
  list: ApprovalList;
  status: ApprovalStatus;
  /** The signed-in person: their own requests show no approve/reject. */
  viewerId: string | null;
  /** Absent: a read-only list (a maker's own requests). */
  onDecide?: (item: ApprovalItem, decision: 'approve' | 'reject') => void;
}

function ApprovalsTable({ list, status, viewerId, onDecide: decide }: ApprovalsTableProps) {
  // Only pending requests are decided: the other tabs have no Actions column.
  const onDecide = status === 'pending' ? decide : undefined;
  if (list.data.length === 0)
    return <EmptyState title={`No ${status} requests`} description={EMPTY[status]} />;
  return (
    <Table caption={`${STATUS_TABS.find((t) => t.value === status)?.label} requests`} hideCaption>
      <thead>
        <tr>
          <Th>Requested</Th>
          <Th>Request</Th>
          <Th numeric>Amount</Th>
          <Th>Asked by</Th>
          <Th>Status</Th>
          {onDecide && <Th>Actions</Th>}
        </tr>
      </thead>
      <tbody>
        {list.data.map((item) => (
          <Tr key={item._id} data-approval-id={item._id}>
            <Td>{formatDateTime(item.requestedAt)}</Td>
            <Td>
              <strong>{APPROVAL_ACTION_LABELS[item.action]}</strong>
              <span className={styles.summary}>{item.summary}</span>
              {item.reason && <span className={styles.note}>Reason: {item.reason}</span>}
              <span className={styles.note}>
                Needs a second person: {item.rules.map((r) => HOLDING_RULE_LABELS[r]).join('; ')}
              </span>
            </Td>
            <Td numeric>{item.amount === null ? '—' : formatMoney(item.amount)}</Td>
            <Td>
              {item.maker.name}
              <span className={styles.note}>{item.maker.role}</span>
            </Td>
            <Td>
              <StatusCell item={item} />
            </Td>
            {onDecide && (
              <Td>
                {item.status !== 'pending' ? null : item.maker.id === viewerId ? (
                  <span className={styles.note}>Your request: another admin checks it</span>
                ) : (
                  <div className={styles.actions}>
                    <Button
                      size="sm"
                      aria-label={`Approve: ${item.summary}`}
                      onClick={() => onDecide(item, 'approve')}
                    >
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      aria-label={`Reject: ${item.summary}`}
                      onClick={() => onDecide(item, 'reject')}
                    >
                      Reject
                    </Button>
                  </div>
                )}
              </Td>
            )}
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}

interface ApprovalsListProps {
  scope: 'queue' | 'mine';
  status: ApprovalStatus;
  onStatus: (status: ApprovalStatus) => void;
  viewerId: string | null;
  onDecide?: ApprovalsTableProps['onDecide'];
}

/** The status tabs with their counts, and the requests of the chosen status. */
export function ApprovalsList({ scope, status, onStatus, viewerId, onDecide }: ApprovalsListProps) {
  const list = useApprovals(scope, status);
  const counts = list.data?.counts;
  return (
    <>
      <FilterTabs
        label="Request status"
        tabs={STATUS_TABS.map((t) => ({ ...t, ...(counts ? { count: counts[t.value] } : {}) }))}
        value={status}
        onChange={onStatus}
      />
      {list.error ? (
        <ErrorState
          title="Failed to fetch requests"
          message={errorMessage(list.error, 'Please check your connection and try again.')}
          onRetry={() => void list.mutate()}
        />
      ) : !list.data ? (
        <Loading text="Loading requests..." />
      ) : (
        <ApprovalsTable
          list={list.data}
          status={status}
          viewerId={viewerId}
          {...(onDecide ? { onDecide } : {})}
        />
      )}
    </>
  );
}

/** Reloads every list of requests (after a decision, both tabs' counts move). */
export const approvalKeys = (key: unknown) => Array.isArray(key) && (key[0] === 'queue' || key[0] === 'mine');
