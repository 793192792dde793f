import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { NotificationItem } from '@goldledger/contracts';
import { Button } from '@/components/ui/button';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { PANEL_LIMIT, useNotifications, type NotificationFilter } from '../api/get-notifications';
import { notificationLink, relativeTime, typeLabel } from '../notification-view';
import { useNotificationActions } from './use-notification-actions';
import styles from './notifications.module.css';

interface PanelProps {
  id: string;
  unreadCount: number;
  /** Esc or the close button: the bell takes focus back. */
  onClose: () => void;
  /** A link was followed. */
  onNavigate: () => void;
}

/** The panel under the bell: All / Unread, each notification with Mark read and Delete, Mark all read. */
export function NotificationPanel({ id, unreadCount, onClose, onNavigate }: PanelProps) {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const { data, error, isLoading, mutate } = useNotifications(filter, true);
  const actions = useNotificationActions();
  const [markingAll, setMarkingAll] = useState(false);
  const now = new Date(useNow(true, 60_000));
  const panelRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  // Focus moves into the panel when it opens.
  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  let body;
  if (error) {
    body = (
      <div className={styles.state} role="alert">
        <p className={styles.stateTitle}>Failed to load notifications</p>
        <p className={styles.stateText}>
          {errorMessage(error, 'Please check your connection and try again.')}
        </p>
        <Button size="sm" variant="secondary" onClick={() => void mutate()}>
          Retry
        </Button>
      </div>
    );
  } else if (isLoading || !data) {
    body = (
      <div className={styles.state} role="status">
        <Spinner size="sm" label={null} /> Loading...
      </div>
    );
  } else if (data.data.length === 0) {
    body = (
      <div className={styles.state}>
        <p className={styles.stateTitle}>
          {filter === 'unread' ? 'No unread notifications' : 'No notifications'}
        </p>
        <p className={styles.stateText}>
          {filter === 'unread'
            ? 'You are all caught up.'
            : 'New loans, repayments and enquiries will appear here.'}
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className={styles.list} aria-labelledby={headingId}>
          {data.data.map((n) => (
            <NotificationRow
              key={n._id}
              n={n}
              now={now}
              actions={actions}
              onNavigate={onNavigate}
              // A row that leaves the list would take focus with it: keep it in the panel.
              onLeft={() => panelRef.current?.focus()}
              leavesOnRead={filter === 'unread'}
            />
          ))}
        </ul>
        {data.pagination.total > data.data.length && (
          <p className={styles.more}>
            Showing the newest {PANEL_LIMIT} of {data.pagination.total}.
          </p>
        )}
      </>
    );
  }

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      className={styles.panel}
      data-testid="notification-panel"
    >
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.panelTitle}>
          Notifications
        </h2>
        <Button
          size="sm"
          variant="ghost"
          loading={markingAll}
          disabled={unreadCount === 0}
          onClick={async () => {
            setMarkingAll(true);
            await actions.markAllRead();
            setMarkingAll(false);
          }}
        >
          Mark all read
        </Button>
        <button type="button" className={styles.close} aria-label="Close notifications" onClick={onClose}>
          ×
        </button>
      </div>
      <FilterTabs
        label="Show notifications"
        className={styles.filter}
        tabs={[
          { value: 'all', label: 'All' },
          { value: 'unread', label: 'Unread', count: unreadCount },
        ]}
        value={filter}
        onChange={setFilter}
      />
      <div className={styles.scroller}>{body}</div>
    </div>
  );
}

interface RowProps {
  n: NotificationItem;
  now: Date;
  actions: ReturnType<typeof useNotificationActions>;
  onNavigate: () => void;
  onLeft: () => void;
  leavesOnRead: boolean;
}

function NotificationRow({ n, now, actions, onNavigate, onLeft, leavesOnRead }: RowProps) {
  const [busy, setBusy] = useState<'read' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const href = notificationLink(n);
  const run = async (kind: 'read' | 'delete', action: () => Promise<void>) => {
    setBusy(kind);
    await action();
    setBusy(null);
    if (kind === 'delete' || leavesOnRead) onLeft();
  };

  return (
    <li
      className={n.isRead ? styles.item : `${styles.item} ${styles.unread}`}
      data-testid="notification-item"
      data-id={n._id}
      data-read={n.isRead}
    >
      <div className={styles.itemHead}>
        {!n.isRead && <span className={styles.dot} aria-label="Unread" role="img" />}
        <h3 className={styles.itemTitle}>{n.title}</h3>
        <span className={styles.tag}>{typeLabel(n.type)}</span>
      </div>
      <p className={styles.message}>{n.message}</p>
      <div className={styles.meta}>
        <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)} data-testid="notification-time">
          {relativeTime(n.createdAt, now)}
        </time>
        {n.amount !== undefined && <span className={styles.amount}>{formatMoney(n.amount)}</span>}
        {n.customerMobile && <span>{n.customerMobile}</span>}
      </div>
      <div className={styles.itemActions}>
        {confirming ? (
          <>
            <span className={styles.confirmText}>Delete this notification?</span>
            <Button
              size="sm"
              variant="danger"
              loading={busy === 'delete'}
              onClick={() => void run('delete', () => actions.remove(n))}
            >
              Yes, delete
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            {href && (
              <Link
                to={href}
                className={styles.link}
                onClick={() => {
                  if (!n.isRead) void actions.markRead(n);
                  onNavigate();
                }}
              >
                View loan history<span className="visually-hidden">: {n.loanId ?? n.title}</span>
              </Link>
            )}
            {!n.isRead && (
              <Button
                size="sm"
                variant="secondary"
                loading={busy === 'read'}
                aria-label={`Mark read: ${n.title}`}
                onClick={() => void run('read', () => actions.markRead(n))}
              >
                Mark read
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete: ${n.title}`}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
