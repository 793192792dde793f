import { useEffect, useId, useRef, useState } from 'react';
import { useUnreadCount } from '../api/get-unread-count';
import { badgeText, bellLabel } from '../notification-view';
import { NotificationPanel } from './notification-panel';
import styles from './notifications.module.css';

/**
 * The notification bell (admins only): the unread count, refreshed every
 * 30 s and on focus, and a panel anchored to the bell. The caller shows it to admins only;
 * the server refuses everyone else (403).
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { data } = useUnreadCount(true);
  const count = data?.count ?? 0;
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // A click or tap anywhere else closes the panel (focus stays where the user put it).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const closeAndReturnFocus = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div
      ref={wrapRef}
      className={styles.wrap}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          // Esc closes the panel only, not the sidebar behind it.
          event.stopPropagation();
          closeAndReturnFocus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.bell}
        aria-label={bellLabel(count)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        data-testid="notification-bell"
        data-count={count}
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon />
        {count > 0 && (
          <span className={styles.badge} aria-hidden="true" data-testid="notification-badge">
            {badgeText(count)}
          </span>
        )}
      </button>
      {open && (
        <NotificationPanel
          id={panelId}
          unreadCount={count}
          onClose={closeAndReturnFocus}
          onNavigate={() => setOpen(false)}
        />
      )}
    </div>
  );
}

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Zm-2 1H7v-6a5 5 0 0 1 10 0v6Z"
      />
    </svg>
  );
}
