import { z } from 'zod';
import { BusinessDate } from './dates.js';
import { LendingPolicyDocument } from './policy-document.js';

/**
 * The lending policy page's calls: the versions (the one in effect today, the next one
 * scheduled, every one kept), each rule's label and source, and an admin's proposal of a
 * new version, which always waits for a second admin.
 *
 * The document travels in its own units (paise, basis points, milligrams), as it is kept:
 * it is the document that is versioned. The page converts to rupees, % and grams.
 */
export const ProposeLendingPolicyRequest = z.object({
  /** The whole new document; checked rule by rule (`checkLendingPolicy`), each problem a sentence. */
  policy: z.record(z.string(), z.unknown(), { error: 'The policy document is required' }),
  effectiveFrom: z.string({ error: 'The date the new version takes effect is required' }).pipe(BusinessDate),
  reason: z
    .string({ error: 'A reason for the change is required' })
    .trim()
    .min(1, 'A reason for the change is required')
    .max(500, 'The reason can be at most 500 characters'),
});
export type ProposeLendingPolicyRequest = z.infer<typeof ProposeLendingPolicyRequest>;

export const PolicyVersionParams = z.object({
  version: z.coerce
    .number({ error: 'Not a policy version' })
    .int('Not a policy version')
    .min(1, 'Not a policy version')
    .max(1_000_000, 'Not a policy version'),
});

const Person = z.object({ id: z.string(), name: z.string() });

export const POLICY_VERSION_STATUSES = ['superseded', 'in_effect', 'scheduled'] as const;

export const PolicyVersionSummary = z.object({
  version: z.number().int(),
  effectiveFrom: z.string(),
  /** In effect today, scheduled for a later date, or replaced by a later version. */
  status: z.enum(POLICY_VERSION_STATUSES),
  reason: z.string(),
  /** What changed from the version before, a line per rule. */
  changes: z.array(z.string()),
  proposedBy: Person.nullable(),
  approvedBy: Person.nullable(),
  approvalId: z.string().nullable(),
  adoptedAt: z.string().nullable(),
});
export type PolicyVersionSummary = z.infer<typeof PolicyVersionSummary>;

export const LendingPolicyVersionResponse = PolicyVersionSummary.extend({ policy: LendingPolicyDocument });
export type LendingPolicyVersionResponse = z.infer<typeof LendingPolicyVersionResponse>;

export const PolicyRuleDescription = z.object({
  label: z.string(),
  group: z.string(),
  description: z.string(),
  source: z.string(),
});

export const LendingPolicyOverview = z.object({
  /** The business date the answer is for. */
  today: z.string(),
  current: LendingPolicyVersionResponse,
  /** The next version scheduled after today, if one is. */
  next: LendingPolicyVersionResponse.nullable(),
  /** The newest version: a proposal starts from it and its change lines compare with it. */
  latest: LendingPolicyVersionResponse,
  /** Every version, newest first. */
  versions: z.array(PolicyVersionSummary),
  /** Each rule's label, group, description and source, by its key in the document. */
  rules: z.record(z.string(), PolicyRuleDescription),
  /** The earliest date a new version may take effect (tomorrow, or the latest version's date). */
  earliestEffectiveFrom: z.string(),
  /** Proposals waiting for a second admin. */
  pending: z.array(
    z.object({
      approvalId: z.string(),
      summary: z.string(),
      proposedBy: Person,
      requestedAt: z.string(),
      reason: z.string().nullable(),
    }),
  ),
});
export type LendingPolicyOverview = z.infer<typeof LendingPolicyOverview>;

/** A refused proposal: the first problem, or all of them in a sentence; each listed in `problems`. */
export const PolicyRefusalResponse = z.object({
  message: z.string(),
  code: z.string().optional(),
  problems: z.array(z.string()).optional(),
  errors: z.array(z.object({ msg: z.string(), path: z.string() })).optional(),
});
