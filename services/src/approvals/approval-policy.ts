import {
  APPROVAL_POLICY,
  APPROVAL_POLICY_STREAM_ID,
  APPROVAL_POLICY_STREAM_TYPE,
  APPROVAL_RULE_LABELS,
  APPROVAL_RULES,
  NO_APPROVALS_POLICY,
  formatInr,
  type ApprovalPolicy,
  type ApprovalPolicyEvent,
  isFixedRule,
  type ApprovalRule,
  type EventMetadata,
  type HoldingRule,
} from '@goldledger/contracts';
import { handle, type CommandDeps } from '../platform/command-handler.js';
import type { Config } from '../platform/config.js';
import { DomainError } from '../platform/decider.js';

/** What reading the policy needs: the store, and whether this deployment starts with it off. */
export interface PolicyDeps extends CommandDeps {
  config: Pick<Config, 'APPROVALS_OFF_UNTIL_SET'>;
}

export interface PolicyState {
  policy: ApprovalPolicy;
  /** No admin has saved a policy yet: the default applies. */
  isDefault: boolean;
}

const defaultPolicy = (config: PolicyDeps['config']): ApprovalPolicy =>
  config.APPROVALS_OFF_UNTIL_SET ? NO_APPROVALS_POLICY : APPROVAL_POLICY;

/** Pure: the policy after a change; a rule an older event does not name keeps its default. */
export function evolvePolicy(s: PolicyState, event: ApprovalPolicyEvent): PolicyState {
  switch (event.type) {
    case 'ApprovalPolicyChanged': {
      const rules = { ...APPROVAL_POLICY.rules, ...event.data.rules } as Record<ApprovalRule, boolean>;
      return {
        policy: { rules, largeLoanThresholdPaise: event.data.largeLoanThresholdPaise },
        isDefault: false,
      };
    }
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}

const evolve = (s: PolicyState, e: { type: string; data: unknown }) =>
  evolvePolicy(s, e as ApprovalPolicyEvent);

/** The policy in force, and its change history (oldest first). */
export async function loadApprovalPolicy(deps: PolicyDeps) {
  const { events } = await deps.store.readStream(APPROVAL_POLICY_STREAM_ID);
  const initial: PolicyState = { policy: defaultPolicy(deps.config), isDefault: true };
  let state = initial;
  const history: Array<{ at: string; by: string; changes: string[]; reason: string | null }> = [];
  for (const e of events) {
    const next = evolve(state, e);
    const data = e.data as Extract<ApprovalPolicyEvent, { type: 'ApprovalPolicyChanged' }>['data'];
    history.push({
      at: e.occurredAt,
      by: data.changedBy.name,
      changes: describeChange(state.policy, next.policy),
      reason: data.reason,
    });
    state = next;
  }
  return { ...state, history };
}

/** Each difference between two policies, in words: "Payment reversals: off". */
export function describeChange(before: ApprovalPolicy, after: ApprovalPolicy): string[] {
  const changes = APPROVAL_RULES.filter((r) => before.rules[r] !== after.rules[r]).map(
    (r) =>
      `${APPROVAL_RULE_LABELS[r]}: ${after.rules[r] ? 'needs a second person' : 'no longer needs a second person'}`,
  );
  if (before.largeLoanThresholdPaise !== after.largeLoanThresholdPaise) {
    changes.push(
      `Loan threshold: ${formatInr(before.largeLoanThresholdPaise)} → ${formatInr(after.largeLoanThresholdPaise)}`,
    );
  }
  return changes;
}

export interface PolicyChange {
  rules: Partial<Record<ApprovalRule, boolean>>;
  largeLoanThresholdPaise?: number;
  reason: string | null;
  changedBy: { id: string; name: string };
}

/**
 * Saves the policy as it now stands (every rule, so each event reads on its own). Saving
 * what is already in force records nothing. Keyed like any command, so a retried save is one change.
 */
export function changeApprovalPolicy(deps: PolicyDeps, change: PolicyChange, metadata: EventMetadata = {}) {
  return handle<PolicyState>(
    deps.store,
    APPROVAL_POLICY_STREAM_ID,
    ({ state }) => {
      const threshold = change.largeLoanThresholdPaise ?? state.policy.largeLoanThresholdPaise;
      if (!Number.isSafeInteger(threshold) || threshold <= 0) {
        throw new DomainError('The loan threshold must be a positive amount', 'threshold_invalid');
      }
      const next: ApprovalPolicy = {
        rules: { ...state.policy.rules, ...change.rules },
        largeLoanThresholdPaise: threshold,
      };
      if (!state.isDefault && describeChange(state.policy, next).length === 0) return [];
      return [
        {
          type: 'ApprovalPolicyChanged',
          data: {
            rules: next.rules,
            largeLoanThresholdPaise: threshold,
            changedBy: change.changedBy,
            reason: change.reason,
          },
          occurredAt: deps.clock.now(),
        },
      ];
    },
    {
      streamType: APPROVAL_POLICY_STREAM_TYPE,
      initialState: () => ({ policy: defaultPolicy(deps.config), isDefault: true }),
      evolve,
      metadata,
    },
  );
}

/**
 * The rules of `candidates` the policy has on: `large_loan` only when the amount is above
 * the threshold; a fixed rule (`lending_policy`) always. Empty: the command needs no second person.
 */
export function heldBy(
  policy: ApprovalPolicy,
  candidates: readonly HoldingRule[],
  amountPaise: number | null,
): HoldingRule[] {
  return candidates.filter(
    (r) =>
      isFixedRule(r) ||
      (policy.rules[r as ApprovalRule] &&
        (r !== 'large_loan' || (amountPaise !== null && amountPaise > policy.largeLoanThresholdPaise))),
  );
}
