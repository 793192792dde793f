import type { NotificationItem } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import {
  badgeText,
  bellLabel,
  notificationLink,
  relativeTime,
  typeLabel,
  withAllRead,
  withoutItem,
  withRead,
} from './notification-view';

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('the relative time of a notification', () => {
  it('reads "Just now" under an hour, and for a time a little ahead of this clock', () => {
    expect(relativeTime(ago(0), now)).toBe('Just now');
    expect(relativeTime(ago(59 * MIN + 59_000), now)).toBe('Just now');
    expect(relativeTime(ago(-2 * MIN), now)).toBe('Just now');
  });

  it('counts whole hours from one hour, in the singular for one', () => {
    expect(relativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(relativeTime(ago(2 * HOUR - 1), now)).toBe('1 hour ago');
    expect(relativeTime(ago(2 * HOUR), now)).toBe('2 hours ago');
    expect(relativeTime(ago(DAY - 1), now)).toBe('23 hours ago');
  });

  it('counts whole days from 24 hours', () => {
    expect(relativeTime(ago(DAY), now)).toBe('1 day ago');
    expect(relativeTime(ago(2 * DAY - 1), now)).toBe('1 day ago');
    expect(relativeTime(ago(45 * DAY), now)).toBe('45 days ago');
  });
});

describe('the bell', () => {
  it('shows no badge at 0, the count up to 99 and "99+" above', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12_345)).toBe('99+');
  });

  it('is named with the exact count for screen readers', () => {
    expect(bellLabel(0)).toBe('Notifications, no unread');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(150)).toBe('Notifications, 150 unread');
  });
});

describe('a notification', () => {
  it('links to the history of the loan it is about, and nowhere otherwise', () => {
    expect(notificationLink({ loanRef: 'b3c1a2d4-0000-4000-8000-000000000001', loanId: 'GL0007' })).toBe(
      '/admin/loans/b3c1a2d4-0000-4000-8000-000000000001/audit',
    );
    expect(notificationLink({ loanRef: null, loanId: 'GL0007' })).toBe('/admin/loans/GL0007/audit');
    expect(notificationLink({ loanRef: null, loanId: null })).toBeNull();
    expect(notificationLink({ loanRef: null, loanId: null, type: 'approval_requested' })).toBe(
      '/admin/approvals',
    );
  });

  it('carries a short tag for its kind, known or not', () => {
    expect(typeLabel('new_repayment')).toBe('Repayment');
    expect(typeLabel('contact_enquiry')).toBe('Enquiry');
    expect(typeLabel('branch_audit_due')).toBe('Branch audit due');
    expect(typeLabel('')).toBe('Notice');
  });
});

const item = (id: string, isRead: boolean): NotificationItem => ({
  _id: id,
  type: 'new_loan',
  title: `Title ${id}`,
  message: 'm',
  customerName: null,
  customerMobile: null,
  loanId: null,
  loanRef: null,
  isRead,
  readAt: null,
  readBy: null,
  createdAt: '2026-11-21T10:00:00.000Z',
});
const list = (...data: NotificationItem[]) => ({
  success: true as const,
  data,
  unreadCount: data.filter((n) => !n.isRead).length,
  pagination: { page: 1, limit: 50, total: data.length, totalPages: 1 },
});
const at = '2026-11-21T12:00:00.000Z';

describe('the panel after an action, before the server is asked again', () => {
  it('shows a notification marked read as read, and drops it from the Unread filter', () => {
    const all = withRead(list(item('a', false), item('b', false)), 'a', at, false);
    expect(all.data.map((n) => [n._id, n.isRead, n.readAt])).toEqual([
      ['a', true, at],
      ['b', false, null],
    ]);
    expect(all.unreadCount).toBe(1);
    const unread = withRead(list(item('a', false), item('b', false)), 'a', at, true);
    expect(unread.data.map((n) => n._id)).toEqual(['b']);
    expect(unread.unreadCount).toBe(1);
    expect(unread.pagination.total).toBe(1);
  });

  it('leaves a list alone when the notification was read already or is not in it', () => {
    const l = list(item('a', true));
    expect(withRead(l, 'a', at, false)).toBe(l);
    expect(withRead(l, 'zzz', at, false)).toBe(l);
    expect(withoutItem(l, 'zzz')).toBe(l);
  });

  it('marks everything read, and empties the Unread filter', () => {
    const all = withAllRead(list(item('a', false), item('b', true)), at, false);
    expect(all.data.every((n) => n.isRead)).toBe(true);
    expect(all.data.find((n) => n._id === 'b')!.readAt).toBeNull();
    expect(all.unreadCount).toBe(0);
    expect(withAllRead(list(item('a', false)), at, true).data).toEqual([]);
  });

  it('removes a deleted notification and its unread mark', () => {
    const after = withoutItem(list(item('a', false), item('b', true)), 'a');
    expect(after.data.map((n) => n._id)).toEqual(['b']);
    expect(after.unreadCount).toBe(0);
    expect(after.pagination.total).toBe(1);
    expect(withoutItem(list(item('a', true), item('b', false)), 'a').unreadCount).toBe(1);
  });
});
