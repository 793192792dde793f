import { LENDING_POLICY, paiseToRupees } from '@goldledger/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { SearchBox } from '@/components/ui/search-box';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatMoney, formatNumber } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useReadOnly } from '@/lib/read-only';
import { useGoldReturnStats } from '../api/get-gold-return-stats';
import { useGoldReturns, type GoldReturnFilter } from '../api/get-gold-returns';
import { useRevalidateGoldReturns } from '../api/gold-return-paths';
import { processGoldReturnReminders } from '../api/process-gold-return-reminders';
import { emptyMessage, statTiles, statusTabs, type GoldReturn } from '../derive';
import { MarkReturnedDialog, ScheduleReturnDialog, SendReminderDialog } from './action-dialogs';
import { GoldReturnDetailsDialog } from './details-dialog';
import { CustomerToldDialog, PayCompensationDialog } from './release-dialogs';
import { ReturnCard, type ReturnAction } from './return-card';
import styles from './gold-returns.module.css';

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

/** /admin/gold-returns: closed loans whose gold goes back to the customer. */
export function GoldReturnsPage() {
  const readOnly = useReadOnly();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<GoldReturnFilter>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ action: ReturnAction; item: GoldReturn } | null>(null);
  const [confirmProcess, setConfirmProcess] = useState(false);
  const toast = useToast();
  const revalidate = useRevalidateGoldReturns();

  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const stats = useGoldReturnStats();
  const list = useGoldReturns({ status, search: query, page, limit: PAGE_SIZE });
  const dialogItem = (action: ReturnAction) => (open?.action === action ? open.item : null);
  const close = () => setOpen(null);

  const runReminders = async () => {
    try {
      const res = await processGoldReturnReminders();
      toast.show(res.message, 'success');
      void revalidate();
    } catch (error) {
      toast.show(errorMessage(error, 'Failed to process reminders'), 'error');
      throw error;
    }
  };

  let body;
  if (list.error) {
    body = (
      <ErrorState
        title="Failed to fetch gold returns"
        message={errorMessage(list.error, 'Please check your connection and try again.')}
        onRetry={() => void list.mutate()}
      />
    );
  } else if (!list.data) {
    body = <Loading text="Loading gold returns..." />;
  } else if (list.data.data.length === 0) {
    body = <EmptyState title={list.data.message ?? emptyMessage(query)} />;
  } else {
    const { pagination } = list.data;
    body = (
      <>
        <p className={styles.summary} aria-live="polite">
          {formatNumber(pagination.total)} {pagination.total === 1 ? 'return' : 'returns'}
          {list.isValidating ? ' · updating…' : ''}
        </p>
        <ul className={styles.grid} aria-label="Gold returns">
          {list.data.data.map((item) => (
            <li key={item._id}>
              <ReturnCard item={item} onAction={(action, it) => setOpen({ action, item: it })} />
            </li>
          ))}
        </ul>
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
        title="Gold Returns"
        description={`Closed loans whose gold goes back to the customer: released within ${LENDING_POLICY.goldReleaseWorkingDays} working days of closure (after that ${formatMoney(paiseToRupees(LENDING_POLICY.releaseDelayCompensationPaisePerDay))} a working day is owed for a delay the lender causes), overdue after ${LENDING_POLICY.goldReturnOverdueDays} days, unclaimed after ${LENDING_POLICY.unclaimedGold.afterMonths} months.`}
        actions={
          readOnly ? undefined : (
            <Button variant="secondary" onClick={() => setConfirmProcess(true)}>
              Process Reminders
            </Button>
          )
        }
      />
      {stats.error ? (
        <ErrorState
          title="Failed to fetch gold returns"
          message={errorMessage(stats.error, 'The figures could not be loaded.')}
          onRetry={() => void stats.mutate()}
        />
      ) : stats.data ? (
        <dl className={styles.stats} aria-label="Gold return figures">
          {statTiles(stats.data.data).map((tile) => (
            <div
              key={tile.key}
              className={tile.lead ? `${styles.stat} ${styles.statLead}` : styles.stat}
              data-testid={`stat-${tile.key}`}
            >
              <dt className={styles.statLabel}>{tile.label}</dt>
              <dd className={styles.statValue}>{formatNumber(tile.value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className={styles.toolbar}>
        <div className={styles.search}>
          <SearchBox
            label="Search gold returns"
            placeholder="Name, mobile or loan number"
            matches="a customer, mobile, email or loan number"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
        </div>
        <div className={styles.filters}>
          <FilterTabs
            label="Gold return status"
            tabs={statusTabs(stats.data?.data)}
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </div>
      </div>
      {body}
      <GoldReturnDetailsDialog item={dialogItem('details')} onClose={close} />
      <SendReminderDialog item={dialogItem('reminder')} onClose={close} />
      <ScheduleReturnDialog item={dialogItem('schedule')} onClose={close} />
      <MarkReturnedDialog item={dialogItem('returned')} onClose={close} />
      <CustomerToldDialog item={dialogItem('told')} onClose={close} />
      <PayCompensationDialog item={dialogItem('pay')} onClose={close} />
      <ConfirmDialog
        open={confirmProcess}
        onClose={() => setConfirmProcess(false)}
        onConfirm={runReminders}
        title="Process Reminders"
        message="Send every gold-return reminder that is due today (3, 7, 15 and 30 days after closure)? Each customer gets each reminder once."
        confirmLabel="Send Due Reminders"
        tone="primary"
      />
    </div>
  );
}
