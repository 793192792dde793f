import { z } from 'zod';
import {
  CUSTOMER_KEY_STREAM_TYPE,
  CUSTOMER_STREAM_TYPE,
  CustomerEvents,
  CustomerKeyEvents,
} from './customers/customer-events.js';
import { STAFF_LOOKUP_STREAM_TYPE, StaffLookupEvents } from './audit/staff-lookups.js';
import {
  BRANCH_CODE_STREAM_TYPE,
  BRANCH_STREAM_TYPE,
  BranchCodeEvents,
  BranchEvents,
} from './branches/branch-events.js';
import { PACKET_STREAM_TYPE, PacketEvents } from './custody/packet-events.js';
import {
  VAULT_AUDIT_BRANCH_STREAM_TYPE,
  VAULT_AUDIT_STREAM_TYPE,
  VaultAuditBranchEvents,
  VaultAuditEvents,
} from './custody/vault-audit-events.js';
import {
  CASH_DAY_STREAM_TYPE,
  CASH_REGISTER_STREAM_TYPE,
  CashDayEvents,
  CashRegisterEvents,
} from './cash-book/cash-book-events.js';
import { ContactEvents } from './contact/contact.js';
import { IdentifierEvents, UserEvents } from './identity/user-events.js';
import { LOAN_STREAM_TYPE, LoanEvents } from './lending/loan-events.js';
import { PAYMENT_REFERENCE_STREAM_TYPE, PaymentReferenceEvents } from './lending/payment-reference-events.js';
import {
  ADMIN_NOTIFICATION_INBOX_STREAM_TYPE,
  ADMIN_NOTIFICATION_STREAM_TYPE,
  AdminNotificationEvents,
  AdminNotificationInboxEvents,
} from './operations/admin-notifications.js';
import { LOAN_PHOTOS_STREAM_TYPE, PhotoEvents } from './photos/photo-events.js';
import { GoldRateEvents } from './settings/gold-rate.js';
import { APPROVAL_STREAM_TYPE, ApprovalEvents } from './approvals/approval-events.js';
import { APPROVAL_POLICY_STREAM_TYPE, ApprovalPolicyEvents } from './approvals/approval-policy.js';
import { GOLD_PRICES_STREAM_TYPE, GoldPriceEvents } from './gold-prices/gold-price-events.js';
import { LENDING_POLICY_STREAM_TYPE, LendingPolicyEvents } from './lending/policy-document.js';
import { LOAN_TOP_UPS_STREAM_TYPE, LoanTopUpEvents } from './lending/top-up-events.js';
import { BORROWER_LOANS_STREAM_TYPE, BorrowerLoansEvents } from './lending/borrower-loans-events.js';
import { PORTFOLIO_REPORT_STREAM_TYPE, PortfolioReportEvents } from './reports/portfolio.js';
import { HOLIDAY_CALENDAR_STREAM_TYPE, HolidayCalendarEvents } from './holidays/holiday-events.js';

/** A counter stream (`sequence-<name>`, stream type `sequence`): the n-th event is number n. Schema version 1. */
export const SequenceEvents = {
  SequenceAdvanced: z.object({ value: z.number().int().positive() }),
} as const;

/**
 * Every stream type the store holds, and the contract of each event type it may carry.
 * The event store parses each event's data with its schema before appending, so nothing
 * reaches the append-only store that a read model could not apply: an unknown stream or
 * event type, a missing field, or a number outside the safe-integer range (zod 4's
 * `.int()` is bounded by Number.MAX_SAFE_INTEGER) is refused.
 */
export const EVENT_CONTRACTS = {
  [LOAN_STREAM_TYPE]: LoanEvents,
  [LOAN_PHOTOS_STREAM_TYPE]: PhotoEvents,
  [CUSTOMER_STREAM_TYPE]: CustomerEvents,
  [CUSTOMER_KEY_STREAM_TYPE]: CustomerKeyEvents,
  user: UserEvents,
  'user-identifier': IdentifierEvents,
  settings: GoldRateEvents,
  contact: ContactEvents,
  [ADMIN_NOTIFICATION_STREAM_TYPE]: AdminNotificationEvents,
  [ADMIN_NOTIFICATION_INBOX_STREAM_TYPE]: AdminNotificationInboxEvents,
  sequence: SequenceEvents,
  [PAYMENT_REFERENCE_STREAM_TYPE]: PaymentReferenceEvents,
  [STAFF_LOOKUP_STREAM_TYPE]: StaffLookupEvents,
  [BRANCH_STREAM_TYPE]: BranchEvents,
  [BRANCH_CODE_STREAM_TYPE]: BranchCodeEvents,
  [PACKET_STREAM_TYPE]: PacketEvents,
  [APPROVAL_STREAM_TYPE]: ApprovalEvents,
  [APPROVAL_POLICY_STREAM_TYPE]: ApprovalPolicyEvents,
  [VAULT_AUDIT_STREAM_TYPE]: VaultAuditEvents,
  [VAULT_AUDIT_BRANCH_STREAM_TYPE]: VaultAuditBranchEvents,
  [CASH_DAY_STREAM_TYPE]: CashDayEvents,
  [CASH_REGISTER_STREAM_TYPE]: CashRegisterEvents,
  [GOLD_PRICES_STREAM_TYPE]: GoldPriceEvents,
  [LENDING_POLICY_STREAM_TYPE]: LendingPolicyEvents,
  [LOAN_TOP_UPS_STREAM_TYPE]: LoanTopUpEvents,
  [BORROWER_LOANS_STREAM_TYPE]: BorrowerLoansEvents,
  [PORTFOLIO_REPORT_STREAM_TYPE]: PortfolioReportEvents,
  [HOLIDAY_CALENDAR_STREAM_TYPE]: HolidayCalendarEvents,
} as const satisfies Record<string, Record<string, z.ZodType>>;

export type EventContracts = Readonly<Record<string, Readonly<Record<string, z.ZodType>>>>;

/** Why an event may not be appended, in words; null when it parses with its contract. */
export function eventContractViolation(
  contracts: EventContracts,
  streamType: string,
  type: string,
  data: unknown,
): string | null {
  const schema = Object.hasOwn(contracts, streamType) ? contracts[streamType]![type] : undefined;
  if (!schema || !Object.hasOwn(contracts[streamType]!, type)) {
    return `${type} is not an event of a ${streamType} stream (no contract schema is registered for it)`;
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return null;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`);
  return `${type} does not match its contract: ${issues.join('; ')}`;
}
