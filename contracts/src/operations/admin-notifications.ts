import { z } from 'zod';
import { BranchFilterQuery } from '../branches/branch-http.js';
import { pageFields } from '../paging.js';
import { Position } from '../event-envelope.js';

/**
 * The admins' notification bell and its panel. Notifications themselves are made by a projection from business events; what
 * admins do with them (read, delete) is recorded as events here, so a rebuild of the
 * projection keeps it.
 */

/**
 * Events of one notification's stream (`admin-notification-<id>`, stream type
 * `admin-notification`; the id is the source event's id). Schema version 1.
 */
export const AdminNotificationEvents = {
  NotificationRead: z.object({ notificationId: z.uuid() }),
  /** Deleted from the panel; the business event behind it stays. */
  NotificationDismissed: z.object({ notificationId: z.uuid() }),
} as const;

/** Events of the inbox stream (`admin-notification-inbox`). Schema version 1. */
export const AdminNotificationInboxEvents = {
  /** Every notification whose source event is at or before `upTo` in store order is read. */
  AllNotificationsRead: z.object({ upTo: Position }),
} as const;

export type AdminNotificationEvent = {
  [K in keyof typeof AdminNotificationEvents]: {
    type: K;
    data: z.infer<(typeof AdminNotificationEvents)[K]>;
  };
}[keyof typeof AdminNotificationEvents];
export type AdminNotificationInboxEvent = {
  [K in keyof typeof AdminNotificationInboxEvents]: {
    type: K;
    data: z.infer<(typeof AdminNotificationInboxEvents)[K]>;
  };
}[keyof typeof AdminNotificationInboxEvents];

export const ADMIN_NOTIFICATION_STREAM_TYPE = 'admin-notification';
export const adminNotificationStreamId = (notificationId: string) => `admin-notification-${notificationId}`;
export const ADMIN_NOTIFICATION_INBOX_STREAM_TYPE = 'admin-notification-inbox';
export const ADMIN_NOTIFICATION_INBOX_STREAM_ID = 'admin-notification-inbox';

/** What raises a notification: the five named kinds, or another value a later kind may bring. */
export const ADMIN_NOTIFICATION_TYPES = [
  'new_loan',
  'new_repayment',
  'loan_closed',
  'payment_due',
  'payment_overdue',
  'interest_rate_upgrade',
  'auction_ready',
  'auction_scheduled',
  'auctioned',
  'auction_cancelled',
  'gold_returned',
  'contact_enquiry',
  /** A staff member reached the customer-lookup limit (contracts/src/audit/staff-lookups.ts). */
  'lookup_burst',
  /** Maker-checker (contracts/src/approvals): a request waits for a checker; the policy changed. */
  'approval_requested',
  'approval_policy_changed',
  /** LTV through the loan's life (contracts/src/lending/sanction.ts): a loan over its cap, and a call left uncured. */
  'margin_call',
  'margin_call_escalated',
] as const;

export const NotificationListQuery = z.object({
  /** `false`: unread only (the panel's filter); `true`: read only. */
  isRead: z.enum(['true', 'false'], { error: 'isRead must be true or false' }).optional(),
  type: z.enum(ADMIN_NOTIFICATION_TYPES, { error: 'Unknown notification type' }).optional(),
  ...pageFields(100, 50),
  ...BranchFilterQuery.shape,
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationIdParams = z.object({ id: z.string().trim().min(1).max(64) });

export const NotificationItem = z.object({
  _id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  customerName: z.string().nullable(),
  customerMobile: z.string().nullable(),
  /** Rupees; absent when the notification is not about an amount. */
  amount: z.number().optional(),
  /** The loan it is about (`GL…` and `_id`), for a link. */
  loanId: z.string().nullable(),
  loanRef: z.string().nullable(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  readBy: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NotificationListResponse = z.object({
  success: z.literal(true),
  data: z.array(NotificationItem),
  unreadCount: z.number().int(),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});

export const UnreadCountResponse = z.object({ success: z.literal(true), count: z.number().int() });

export const NotificationActionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: NotificationItem.optional(),
});

export const ReadAllNotificationsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Notifications that were unread and are now read. */
  count: z.number().int(),
});
