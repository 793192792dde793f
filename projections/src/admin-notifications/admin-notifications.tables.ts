/**
 * What reaches the admins' notification bell (its unread count) and panel (all or
 * unread; each can be marked read or deleted, and all marked read): one row per
 * source event that raises one. Reading and deleting arrive as events of their own
 * (`admin-notification-<id>` streams and the inbox stream), folded here like any
 * other, so a rebuild keeps them. Read state is shared by the admins: the bell is the
 * team's inbox (docs/decisions.md).
 */
export interface AdminNotificationRow {
  /** The source event's id: stable across rebuilds, so links and read marks survive one. */
  id: string;
  type: string;
  title: string;
  message: string;
  customer_name: string | null;
  customer_mobile: string | null;
  amount_paise: string | null;
  /** The loan it is about, for a link: its stream uuid and its number. */
  loan_uuid: string | null;
  loan_id: string | null;
  /** The loan's branch; null for what is about no loan (an enquiry, a lookup burst). */
  branch_id: string | null;
  is_read: boolean;
  read_at: string | null;
  read_by: string | null;
  /** Deleted from the panel. */
  dismissed_at: string | null;
  created_at: string;
  source_event_id: string;
  /** The source event's store position: the panel's order, and what "read all up to" compares. */
  source_tx: string;
  source_gp: string;
}

/** What a loan's notifications name: kept from LoanCreated, and the customer's later edits. */
export interface NotificationLoanRow {
  loan_uuid: string;
  loan_id: string;
  branch_id: string;
  customer_stream_id: string;
  customer_name: string;
  customer_mobile: string;
}

export interface AdminNotificationsTables {
  notifications: AdminNotificationRow;
  notification_loans: NotificationLoanRow;
}
