/**
 * A new version of the lending policy: checked when an admin proposes it, and again when a
 * second admin's approval adopts it (the day or the versions may have moved on meanwhile).
 * Pure: the versions and the business date arrive as arguments.
 */
import {
  addDays,
  checkLendingPolicy,
  describePolicyChanges,
  formatBusinessDate,
  type LendingPolicyDocument,
  type LendingPolicyEvent,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import { latestVersion, type PolicyVersionRecord } from './policy-versions.js';

export interface PolicyProposal {
  policy: LendingPolicyDocument;
  effectiveFrom: string;
  reason: string;
  /** The newest version when it was proposed: adopting it over a later one would undo that one. */
  basedOnVersion: number;
}

/**
 * The earliest date a new version may take effect: tomorrow. A version effective today
 * would price a loan entered later today (or back-dated to today) differently from one
 * entered this morning; from tomorrow, every loan of a day has the same rules. Nor may it
 * take effect before the newest version does, or a higher version would be in force
 * before a lower one and then be overtaken by it.
 */
export function earliestEffectiveFrom(versions: readonly PolicyVersionRecord[], today: string): string {
  const tomorrow = addDays(today, 1);
  const newest = latestVersion(versions).effectiveFrom;
  return newest > tomorrow ? newest : tomorrow;
}

function checkEffectiveDate(versions: readonly PolicyVersionRecord[], effectiveFrom: string, today: string) {
  const tomorrow = addDays(today, 1);
  if (effectiveFrom < tomorrow) {
    throw new DomainError(
      `A new version can take effect from ${formatBusinessDate(tomorrow)} at the earliest: loans dated today or before keep the rules they were sanctioned under`,
      'effective_date_too_early',
    );
  }
  const newest = latestVersion(versions);
  if (effectiveFrom < newest.effectiveFrom) {
    throw new DomainError(
      `Version ${newest.version} takes effect on ${formatBusinessDate(newest.effectiveFrom)}: a new version cannot take effect before it (choose ${formatBusinessDate(newest.effectiveFrom)} or later)`,
      'effective_date_before_newest',
    );
  }
}

/** The document's problems as one refusal: every problem listed, in `details.problems` too. */
function refuseDocument(problems: string[]): never {
  const message =
    problems.length === 1
      ? problems[0]!
      : `The policy has ${problems.length} problems: ${problems.join('; ')}`;
  throw new DomainError(message, 'policy_invalid', 400, { problems });
}

/**
 * A proposal as an admin sends it, checked against the versions there are today: the
 * document (shape and sense), the effective date, and that it changes something. Answers
 * the proposal to store and what it changes from the newest version.
 */
export function checkProposal(
  input: { policy: unknown; effectiveFrom: string; reason: string },
  versions: readonly PolicyVersionRecord[],
  today: string,
): { proposal: PolicyProposal; changes: string[] } {
  const checked = checkLendingPolicy(input.policy);
  if (!checked.ok) refuseDocument(checked.problems);
  checkEffectiveDate(versions, input.effectiveFrom, today);
  const newest = latestVersion(versions);
  const changes = describePolicyChanges(newest.policy, checked.policy);
  if (changes.length === 0) {
    throw new DomainError(
      `The proposal changes nothing: it is the same as version ${newest.version}`,
      'policy_unchanged',
    );
  }
  return {
    proposal: {
      policy: checked.policy,
      effectiveFrom: input.effectiveFrom,
      reason: input.reason,
      basedOnVersion: newest.version,
    },
    changes,
  };
}

export interface AdoptPolicy {
  proposal: PolicyProposal;
  proposedBy: { id: string; name: string };
  approvalId: string;
  /** The business date the approval is carried out on. */
  today: string;
}

type Adopted = Extract<LendingPolicyEvent, { type: 'LendingPolicyAdopted' }>;

/**
 * The approved proposal becomes the next version, unless the world moved: another version
 * was adopted after it was proposed (adopting this one would silently undo that one), or
 * its effective date is no longer after today. Adopted once: a second run finds it.
 */
export function decideAdoption(c: AdoptPolicy, versions: readonly PolicyVersionRecord[]): Adopted[] {
  if (versions.some((v) => v.approvalId === c.approvalId)) return [];
  const newest = latestVersion(versions);
  if (newest.version !== c.proposal.basedOnVersion) {
    throw new DomainError(
      `Version ${newest.version} was adopted after this proposal was made from version ${c.proposal.basedOnVersion}: propose the change again from version ${newest.version}`,
      'policy_changed_since',
      409,
    );
  }
  const { proposal, changes } = checkProposal(c.proposal, versions, c.today);
  return [
    {
      type: 'LendingPolicyAdopted',
      data: {
        version: newest.version + 1,
        effectiveFrom: proposal.effectiveFrom,
        policy: proposal.policy,
        reason: proposal.reason,
        changes,
        proposedBy: c.proposedBy,
        approvalId: c.approvalId,
      },
    },
  ];
}
