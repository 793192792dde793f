import {
  approvalStreamId,
  businessDate,
  policyVersionOn,
  POLICY_RULES,
  type ApprovalEvent,
  type LendingPolicyOverview,
  type LendingPolicyVersionResponse,
  type PolicyVersionSummary,
} from '@goldledger/contracts';
import type { Kysely } from 'kysely';
import type { CommandDeps } from '../platform/command-handler.js';
import { DomainError } from '../platform/decider.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';
import { earliestEffectiveFrom } from './policy-proposal.js';
import { readPolicyVersions, type PolicyVersionRecord } from './policy-versions.js';

export interface PolicyQueryDeps extends CommandDeps {
  db: Kysely<Database>;
}

/** The admin who approved a version: read from its approval request's own stream. */
async function approverOf(deps: CommandDeps, approvalId: string | null) {
  if (!approvalId) return null;
  const { events } = await deps.store.readStream(approvalStreamId(approvalId));
  const granted = (events as unknown as ApprovalEvent[]).find((e) => e.type === 'ApprovalGranted');
  return granted?.type === 'ApprovalGranted'
    ? { id: granted.data.checker.id, name: granted.data.checker.name }
    : null;
}

/**
 * In effect today; scheduled if it will take effect on its date; superseded otherwise
 * (replaced by a later version, or overtaken on its own date by a higher one).
 */
function statusOf(versions: readonly PolicyVersionRecord[], v: PolicyVersionRecord, today: string) {
  if (policyVersionOn(versions, today).version === v.version) return 'in_effect' as const;
  if (v.effectiveFrom > today && policyVersionOn(versions, v.effectiveFrom).version === v.version) {
    return 'scheduled' as const;
  }
  return 'superseded' as const;
}

async function summaries(deps: CommandDeps, versions: readonly PolicyVersionRecord[], today: string) {
  return Promise.all(
    versions.map(async (v): Promise<PolicyVersionSummary & { policy: PolicyVersionRecord['policy'] }> => ({
      version: v.version,
      effectiveFrom: v.effectiveFrom,
      status: statusOf(versions, v, today),
      reason: v.reason,
      changes: v.changes,
      proposedBy: v.proposedBy,
      approvedBy: await approverOf(deps, v.approvalId),
      approvalId: v.approvalId,
      adoptedAt: v.adoptedAt,
      policy: v.policy,
    })),
  );
}

const withoutPolicy = ({ policy: _policy, ...summary }: LendingPolicyVersionResponse): PolicyVersionSummary =>
  summary;

/** Proposals waiting for a second admin (from the approvals queue's read model). */
async function pendingProposals(db: Kysely<Database>) {
  const rows = await readModel(db, 'rm_approvals')
    .selectFrom('approvals')
    .select(['approval_id', 'summary', 'maker_id', 'maker_name', 'requested_at', 'reason'])
    .where('action', '=', 'change_lending_policy')
    .where('status', '=', 'pending')
    .orderBy('requested_at', 'desc')
    .execute();
  return rows.map((r) => ({
    approvalId: r.approval_id,
    summary: r.summary,
    proposedBy: { id: r.maker_id, name: r.maker_name },
    requestedAt: new Date(r.requested_at).toISOString(),
    reason: r.reason,
  }));
}

/** The policy page: today's version, the next scheduled one, every version, each rule's source. */
export async function lendingPolicyOverview(deps: PolicyQueryDeps): Promise<LendingPolicyOverview> {
  const today = businessDate(deps.clock.now());
  const versions = await readPolicyVersions(deps.store);
  const all = await summaries(deps, versions, today);
  const current = all.find((v) => v.status === 'in_effect')!;
  const next =
    all
      .filter((v) => v.status === 'scheduled')
      .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))[0] ?? null;
  return {
    today,
    current,
    next,
    latest: all[all.length - 1]!,
    versions: all.map(withoutPolicy).reverse(),
    rules: POLICY_RULES,
    earliestEffectiveFrom: earliestEffectiveFrom(versions, today),
    pending: await pendingProposals(deps.db),
  };
}

/** One version in full, as it was adopted. */
export async function lendingPolicyVersion(
  deps: CommandDeps,
  version: number,
): Promise<LendingPolicyVersionResponse> {
  const today = businessDate(deps.clock.now());
  const versions = await readPolicyVersions(deps.store);
  const found = (await summaries(deps, versions, today)).find((v) => v.version === version);
  if (!found) {
    throw new DomainError(
      `Lending policy version ${version} does not exist`,
      'policy_version_not_found',
      404,
    );
  }
  return found;
}
