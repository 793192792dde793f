import { z } from 'zod';

/**
 * Maker-checker: which actions need a second person before they touch the books. Each
 * rule is a kind of action a lender's controls name; the policy turns each on or off and
 * sets the amount above which a loan needs a checker.
 */
export const APPROVAL_RULES = [
  'large_loan',
  'backdated_loan',
  'backdated_payment',
  'payment_reversal',
  'rate_upgrade',
  'auction_sale',
  'release',
] as const;
export const ApprovalRule = z.enum(APPROVAL_RULES);
export type ApprovalRule = z.infer<typeof ApprovalRule>;

/** How the settings page and the queue name each rule. */
export const APPROVAL_RULE_LABELS: Readonly<Record<ApprovalRule, string>> = {
  large_loan: 'Loans above the threshold',
  backdated_loan: 'Back-dated loans',
  backdated_payment: 'Back-dated payments',
  payment_reversal: 'Payment reversals',
  rate_upgrade: 'Manual interest rate upgrades',
  auction_sale: 'Auction sales (marking a loan auctioned)',
  release: 'Release of pledged gold',
};

/** What each rule covers, in a sentence for the settings page. */
export const APPROVAL_RULE_DESCRIPTIONS: Readonly<Record<ApprovalRule, string>> = {
  large_loan: 'A new loan, a renewal or a top-up whose amount is above the threshold.',
  backdated_loan: 'A loan dated before the day it is entered.',
  backdated_payment: 'A repayment dated before the day it is entered.',
  payment_reversal: 'Reversing a recorded payment.',
  rate_upgrade: "An admin's manual interest rate upgrade (the scheduler's are not held).",
  auction_sale: 'Recording the sale of pledged gold at auction.',
  release: 'Handing pledged gold back from the vault.',
};

/**
 * Rules no policy switches off: a command under one always needs a second admin. A change
 * of the lending policy reprices every loan sanctioned after it, so it is checked whatever
 * the settings say (and even before an admin first saves them).
 */
export const FIXED_APPROVAL_RULES = ['lending_policy'] as const;
/** Why a request was held: a switchable rule the policy has on, or a fixed one. */
export const HoldingRule = z.enum([...APPROVAL_RULES, ...FIXED_APPROVAL_RULES]);
export type HoldingRule = z.infer<typeof HoldingRule>;

export const HOLDING_RULE_LABELS: Readonly<Record<HoldingRule, string>> = {
  ...APPROVAL_RULE_LABELS,
  lending_policy: 'Lending policy changes (always)',
};

export const isFixedRule = (rule: HoldingRule): boolean =>
  (FIXED_APPROVAL_RULES as readonly string[]).includes(rule);

export interface ApprovalPolicy {
  rules: Readonly<Record<ApprovalRule, boolean>>;
  /** A loan of more than this needs a checker (when `large_loan` is on). */
  largeLoanThresholdPaise: number;
}

/**
 * The policy until an admin changes it: every rule on, loans above ₹5,00,000. ₹5 lakh is
 * where gold lenders' delegation usually moves a sanction from the branch to a second,
 * senior officer.
 */
export const APPROVAL_POLICY: ApprovalPolicy = Object.freeze({
  rules: Object.freeze(
    Object.fromEntries(APPROVAL_RULES.map((r) => [r, true])) as Record<ApprovalRule, boolean>,
  ),
  largeLoanThresholdPaise: 5_00_000_00,
});

/** The same policy with every rule off: what a deployment started with `APPROVALS_OFF_UNTIL_SET` has. */
export const NO_APPROVALS_POLICY: ApprovalPolicy = Object.freeze({
  rules: Object.freeze(
    Object.fromEntries(APPROVAL_RULES.map((r) => [r, false])) as Record<ApprovalRule, boolean>,
  ),
  largeLoanThresholdPaise: APPROVAL_POLICY.largeLoanThresholdPaise,
});

/**
 * The policy's one stream (`approval-policy`, stream type `approval-policy`): every change
 * is an event with who made it and why, so the settings' history and the audit log are
 * the same record. Schema version 1.
 */
export const ApprovalPolicyEvents = {
  ApprovalPolicyChanged: z.object({
    /** Rules a later version adds are absent from older events: they take the default. */
    rules: z.partialRecord(ApprovalRule, z.boolean()),
    largeLoanThresholdPaise: z.number().int().positive(),
    changedBy: z.object({ id: z.string(), name: z.string() }),
    reason: z.string().nullable(),
  }),
} as const;
export type ApprovalPolicyEvent = {
  [K in keyof typeof ApprovalPolicyEvents]: { type: K; data: z.infer<(typeof ApprovalPolicyEvents)[K]> };
}[keyof typeof ApprovalPolicyEvents];
export const APPROVAL_POLICY_STREAM_TYPE = 'approval-policy';
export const APPROVAL_POLICY_STREAM_ID = 'approval-policy';
