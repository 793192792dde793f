import { z } from 'zod';
import { pageFields } from '../paging.js';
import { ApprovalAction } from './approval-events.js';
import type { ApprovalRule } from './approval-policy.js';
import { APPROVAL_RULES, HoldingRule } from './approval-policy.js';

/** The 202 a command gets when the policy holds it for a checker: nothing has changed yet. */
export const SentForApprovalResponse = z.object({
  message: z.literal('Sent for approval'),
  approvalId: z.uuid(),
});
export type SentForApprovalResponse = z.infer<typeof SentForApprovalResponse>;

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ApprovalStatus = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;

export const ApprovalListQuery = z.object({
  status: z.enum(APPROVAL_STATUSES, { error: 'Status must be pending, approved or rejected' }).optional(),
  ...pageFields(100, 50),
});

export const ApprovalIdParams = z.object({ id: z.uuid({ error: 'Not an approval request id' }) });

export const RejectApprovalRequest = z.object({
  reason: z
    .string({ error: 'A reason is required to reject a request' })
    .trim()
    .min(1, 'A reason is required to reject a request')
    .max(500, 'The reason can be at most 500 characters'),
});

const StaffRef = z.object({ id: z.string(), name: z.string(), role: z.string() });

export const ApprovalItem = z.object({
  _id: z.uuid(),
  action: ApprovalAction,
  rules: z.array(HoldingRule),
  summary: z.string(),
  /** Whole rupees; null when the request is not about an amount. */
  amount: z.number().nullable(),
  loanId: z.string().nullable(),
  loanRef: z.string().nullable(),
  customerName: z.string().nullable(),
  maker: StaffRef,
  reason: z.string().nullable(),
  requestedAt: z.string(),
  status: ApprovalStatus,
  checker: StaffRef.nullable(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** After approval: carried out, or refused when it ran (with the reason); null until then. */
  outcome: z.enum(['executed', 'failed']).nullable(),
  outcomeMessage: z.string().nullable(),
});
export type ApprovalItem = z.infer<typeof ApprovalItem>;

export const ApprovalListResponse = z.object({
  success: z.literal(true),
  data: z.array(ApprovalItem),
  counts: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});

export const ApprovalDecisionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    _id: z.uuid(),
    status: ApprovalStatus,
    outcome: z.enum(['executed', 'failed']).nullable(),
    outcomeMessage: z.string().nullable(),
    loanRef: z.string().nullable(),
  }),
});

const RuleSwitches = z.object(
  Object.fromEntries(APPROVAL_RULES.map((r) => [r, z.boolean()])) as Record<ApprovalRule, z.ZodBoolean>,
);

export const ApprovalPolicyResponse = z.object({
  policy: z.object({
    rules: RuleSwitches,
    /** Whole rupees. */
    largeLoanThreshold: z.number(),
  }),
  /** True until an admin first saves the policy. */
  isDefault: z.boolean(),
  history: z.array(
    z.object({
      at: z.string(),
      by: z.string(),
      changes: z.array(z.string()),
      reason: z.string().nullable(),
    }),
  ),
});

export const UpdateApprovalPolicyRequest = z.object({
  rules: RuleSwitches.partial(),
  largeLoanThreshold: z
    .number({ error: 'The loan threshold must be an amount in rupees' })
    .int('The loan threshold must be whole rupees')
    .min(1, 'The loan threshold must be at least ₹1')
    .max(1_000_000_000, 'The loan threshold can be at most ₹100 crore')
    .optional(),
  reason: z.string().trim().max(500, 'The reason can be at most 500 characters').optional(),
});
