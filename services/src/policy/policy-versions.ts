import {
  BUILT_IN_POLICY_EFFECTIVE_FROM,
  BUILT_IN_POLICY_VERSION,
  LENDING_POLICY,
  LENDING_POLICY_STREAM_ID,
  policyVersionOn,
  type LendingPolicy,
  type LendingPolicyEvent,
  type PolicyVersion,
} from '@goldledger/contracts';
import type { EventStore } from '../platform/event-store/event-store.js';

/** A version as the policy page lists it: version 1 is the built-in policy. */
export interface PolicyVersionRecord extends PolicyVersion {
  reason: string;
  changes: string[];
  proposedBy: { id: string; name: string } | null;
  approvalId: string | null;
  /** When it was adopted (null for the built-in version). */
  adoptedAt: string | null;
}

export const BUILT_IN_VERSION: PolicyVersionRecord = Object.freeze({
  version: BUILT_IN_POLICY_VERSION,
  effectiveFrom: BUILT_IN_POLICY_EFFECTIVE_FROM,
  policy: LENDING_POLICY,
  reason: 'The built-in policy',
  changes: [],
  proposedBy: null,
  approvalId: null,
  adoptedAt: null,
});

/**
 * Every version, oldest first, read from the policy's own stream (not a read model): a
 * version prices loans, so an adopted one must hold for the very next request, and the
 * stream is tiny (a handful of versions a year).
 */
export async function readPolicyVersions(store: EventStore): Promise<PolicyVersionRecord[]> {
  const { events } = await store.readStream(LENDING_POLICY_STREAM_ID);
  const adopted = events.flatMap((e): PolicyVersionRecord[] => {
    const event = e as unknown as LendingPolicyEvent;
    if (event.type !== 'LendingPolicyAdopted') return [];
    const d = event.data;
    return [
      {
        version: d.version,
        effectiveFrom: d.effectiveFrom,
        policy: d.policy,
        reason: d.reason,
        changes: d.changes,
        proposedBy: d.proposedBy,
        approvalId: d.approvalId,
        adoptedAt: e.occurredAt,
      },
    ];
  });
  return [BUILT_IN_VERSION, ...adopted];
}

/** A loan's policy: the version it was sanctioned under (versions are never changed, only added). */
export function policyOfVersion(versions: readonly PolicyVersion[], version: number): LendingPolicy {
  const found = versions.find((v) => v.version === version);
  if (!found) throw new Error(`Lending policy version ${version} does not exist`);
  return found.policy;
}

/** The version in effect on a business date (what a loan dated that day is sanctioned under). */
export async function policyOn(store: EventStore, date: string): Promise<PolicyVersionRecord> {
  return policyVersionOn(await readPolicyVersions(store), date);
}
