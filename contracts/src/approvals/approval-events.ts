import { z } from 'zod';
import { BusinessDate } from '../lending/dates.js';
import { HoldingRule } from './approval-policy.js';

/**
 * What a held command does when it is carried out: each has one executor on the server
 * (services/src/approvals), which runs the stored command exactly as the maker sent it.
 */
export const APPROVAL_ACTIONS = [
  'create_loan',
  'renew_loan',
  'top_up_loan',
  'record_payment',
  'reverse_payment',
  'upgrade_rate',
  'mark_auctioned',
  'release',
  'change_lending_policy',
] as const;
export const ApprovalAction = z.enum(APPROVAL_ACTIONS);
export type ApprovalAction = z.infer<typeof ApprovalAction>;

export const APPROVAL_ACTION_LABELS: Readonly<Record<ApprovalAction, string>> = {
  create_loan: 'New loan',
  renew_loan: 'Loan renewal',
  top_up_loan: 'Top-up loan',
  record_payment: 'Payment',
  reverse_payment: 'Payment reversal',
  upgrade_rate: 'Interest rate upgrade',
  mark_auctioned: 'Auction sale',
  release: 'Gold release',
  change_lending_policy: 'Lending policy change',
};

const Staff = z.object({ id: z.string(), name: z.string(), role: z.string() });

/**
 * One stream per request (`approval-<uuid>`, stream type `approval`): asked by a maker,
 * approved or rejected by a different admin, and, once approved, carried out (or failed,
 * with the domain's reason). Schema version 1.
 */
export const ApprovalEvents = {
  ApprovalRequested: z.object({
    approvalId: z.uuid(),
    action: ApprovalAction,
    /** The policy rules the command fell under when it was made (a fixed rule always holds). */
    rules: z.array(HoldingRule).min(1),
    /** Who asked for what, in a sentence (amounts in whole rupees). */
    summary: z.string().min(1),
    /** The amount at stake (a loan's principal, a payment, a sale), when there is one. */
    amountPaise: z.number().int().nonnegative().nullable(),
    subject: z.object({
      loanUuid: z.uuid().nullable(),
      loanId: z.string().nullable(),
      customerName: z.string().nullable(),
    }),
    /** The command as the maker sent it: what runs on approval. */
    command: z.record(z.string(), z.unknown()),
    maker: Staff,
    reason: z.string().nullable(),
    /** The maker's business day. */
    requestedOn: BusinessDate,
  }),
  ApprovalGranted: z.object({ approvalId: z.uuid(), checker: Staff }),
  ApprovalRejected: z.object({ approvalId: z.uuid(), checker: Staff, reason: z.string().min(1) }),
  ApprovalExecuted: z.object({
    approvalId: z.uuid(),
    /** What the command answered, in words. */
    message: z.string(),
    loanUuid: z.uuid().nullable(),
    loanId: z.string().nullable(),
  }),
  /** The command was refused when it ran (the loan changed meanwhile, …): nothing was written. */
  ApprovalExecutionFailed: z.object({ approvalId: z.uuid(), error: z.string(), code: z.string() }),
} as const;
export type ApprovalEvent = {
  [K in keyof typeof ApprovalEvents]: { type: K; data: z.infer<(typeof ApprovalEvents)[K]> };
}[keyof typeof ApprovalEvents];
export const APPROVAL_STREAM_TYPE = 'approval';
export const approvalStreamId = (approvalId: string) => `approval-${approvalId}`;
