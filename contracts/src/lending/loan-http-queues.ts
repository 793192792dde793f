import { z } from 'zod';

/**
 * The admins' two queues over the loan book: loans owing their customer money back
 * (`/admin/refunds`) and online payments waiting for an admin (`/admin/online-payments`).
 * Money in rupees.
 */

/** One loan that owes its customer money back (the admins' "Refunds due" list). */
export const RefundDueItem = z.object({
  _id: z.string(),
  loanId: z.string(),
  customerId: z.string(),
  name: z.string(),
  primaryMobile: z.string(),
  closedOn: z.string().nullable(),
  excess: z.number(),
  /** Sold at auction: the sale's surplus owed back, and the last day to refund it (null otherwise). */
  auctionSurplus: z.number(),
  dueBy: z.string().nullable(),
  refunded: z.number(),
  due: z.number(),
  /** The loan's version: the payout is refused (409) if the loan changed since the list was read. */
  version: z.number().int(),
  lastRefund: z
    .object({ paidOn: z.string(), amount: z.number(), method: z.string(), reference: z.string().nullable() })
    .nullable(),
});
export const RefundsDueResponse = z.object({
  data: z.array(RefundDueItem),
  /** Σ due over the list. */
  totalDue: z.number(),
});

/**
 * `GET /api/admin/pending-online-payments` (issue 19): the online payments staff recorded that
 * no admin has approved or rejected yet, oldest first, in the caller's branches.
 */
export const PendingOnlinePayment = z.object({
  loanUuid: z.string(),
  loanId: z.string(),
  /** The loan's version: approving or rejecting is refused (409) if the loan moved meanwhile. */
  version: z.number().int(),
  paymentId: z.string(),
  receiptNumber: z.string(),
  customerName: z.string(),
  customerMobile: z.string(),
  amount: z.number(),
  paymentDate: z.string(),
  transactionId: z.string().nullable(),
  bankName: z.string().nullable(),
  enteredBy: z.string(),
  recordedAt: z.string(),
});
export const PendingOnlinePaymentsResponse = z.object({
  data: z.array(PendingOnlinePayment),
  /** Σ amount over the list, in rupees. */
  total: z.number(),
});
export type PendingOnlinePayment = z.infer<typeof PendingOnlinePayment>;
