import type { NotificationItem } from '@goldledger/contracts';
import { loanAuditPath, paths } from '@/config/paths';
import { formatRelativeTime } from '@/lib/format';

/** The badge caps at 99+. */
export const BADGE_CAP = 99;

/** The badge's text: nothing at 0, then the count, '99+' above 99. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/** The bell's accessible name, with the exact count (the badge itself is hidden from screen readers). */
export function bellLabel(count: number): string {
  return `Notifications, ${count > 0 ? count : 'no'} unread`;
}

/**
 * Under an hour 'Just now', then '1 hour ago' / 'N hours ago', then days. `now` is
 * passed in so the panel (and its tests) decide what time it is; a time slightly ahead
 * of the browser's clock (server and browser disagree) reads 'Just now' too.
 */
export function relativeTime(createdAt: string, now: Date): string {
  return formatRelativeTime(createdAt, now);
}

/** The page a notification is about, where there is one: the loan's history, or the approvals queue. */
export function notificationLink(
  n: Pick<NotificationItem, 'loanRef' | 'loanId'> & { type?: string },
): string | null {
  if (n.type === 'approval_requested') return paths.admin.approvals;
  if (n.type === 'approval_policy_changed') return paths.admin.approvalSettings;
  if (n.type === 'margin_call' || n.type === 'margin_call_escalated') return paths.admin.marginCalls;
  const ref = n.loanRef ?? n.loanId;
  return ref ? loanAuditPath(ref) : null;
}

const TYPE_LABELS: Record<string, string> = {
  new_loan: 'New loan',
  new_repayment: 'Repayment',
  loan_closed: 'Loan closed',
  payment_due: 'Payment due',
  payment_overdue: 'Overdue',
  interest_rate_upgrade: 'Rate upgrade',
  auction_ready: 'Auction',
  auction_scheduled: 'Auction',
  auctioned: 'Auction',
  auction_cancelled: 'Auction',
  gold_returned: 'Gold returned',
  contact_enquiry: 'Enquiry',
  lookup_burst: 'Unusual lookups',
  approval_requested: 'Approval needed',
  approval_policy_changed: 'Approval settings',
  margin_call: 'Margin call',
  margin_call_escalated: 'Margin call escalated',
};

/** A short tag for the kind of notification ("or another value": its words, capitalised). */
export function typeLabel(type: string): string {
  const known = TYPE_LABELS[type];
  if (known) return known;
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Notice';
}

interface ListAnswer {
  data: NotificationItem[];
  unreadCount: number;
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

/** The list once `id` is read: in the Unread filter it leaves the list. */
export function withRead<T extends ListAnswer>(list: T, id: string, readAt: string, unreadOnly: boolean): T {
  const target = list.data.find((n) => n._id === id);
  if (!target || target.isRead) return list;
  // Leaving the list takes its unread mark with it.
  if (unreadOnly) return withoutItem(list, id);
  return {
    ...list,
    unreadCount: Math.max(0, list.unreadCount - 1),
    data: list.data.map((n) => (n._id === id ? { ...n, isRead: true, readAt } : n)),
  };
}

/** The list once everything is read: the Unread filter is empty. */
export function withAllRead<T extends ListAnswer>(list: T, readAt: string, unreadOnly: boolean): T {
  if (unreadOnly) {
    return { ...list, unreadCount: 0, data: [], pagination: { ...list.pagination, total: 0, totalPages: 0 } };
  }
  return {
    ...list,
    unreadCount: 0,
    data: list.data.map((n) => (n.isRead ? n : { ...n, isRead: true, readAt })),
  };
}

/** The list once `id` is deleted. */
export function withoutItem<T extends ListAnswer>(list: T, id: string): T {
  const target = list.data.find((n) => n._id === id);
  if (!target) return list;
  const total = Math.max(0, list.pagination.total - 1);
  return {
    ...list,
    unreadCount: target.isRead ? list.unreadCount : Math.max(0, list.unreadCount - 1),
    data: list.data.filter((n) => n._id !== id),
    pagination: { ...list.pagination, total, totalPages: Math.ceil(total / list.pagination.limit) },
  };
}
