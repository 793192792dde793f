import {
  BUILT_IN_POLICY_EFFECTIVE_FROM,
  BUILT_IN_POLICY_VERSION,
  LENDING_POLICY,
  LENDING_POLICY_STREAM_ID,
  policyVersionOn,
  type LendingPolicy,
  type LendingPolicyEvent,
  type PolicyVersion,
  type RecordedEvent,
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

/** The versions after one more event of the policy's stream (oldest first; version 1 built in). */
export function evolvePolicyVersions(
  versions: readonly PolicyVersionRecord[],
  e: Pick<RecordedEvent, 'type' | 'data'> & { occurredAt?: string | Date },
): PolicyVersionRecord[] {
  const event = e as unknown as LendingPolicyEvent;
  switch (event.type) {
    case 'LendingPolicyAdopted': {
      const d = event.data;
      return [
        ...versions,
        {
          version: d.version,
          effectiveFrom: d.effectiveFrom,
          // A rule added to the policy after this version was adopted applies its built-in
          // value (version 1's) to it: older documents simply lack the key.
          policy: { ...LENDING_POLICY, ...d.policy },
          reason: d.reason,
          changes: d.changes,
          proposedBy: d.proposedBy,
          approvalId: d.approvalId,
          adoptedAt: e.occurredAt === undefined ? null : new Date(e.occurredAt).toISOString(),
        },
      ];
    }
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}

/**
 * Every version, oldest first, read from the policy's own stream (not a read model): a
 * version prices loans, so an adopted one must hold for the very next request, and the
 * stream is tiny (a handful of versions a year). Each document as it was adopted.
 */
export async function readPolicyVersions(store: EventStore): Promise<PolicyVersionRecord[]> {
  const { events } = await store.readStream(LENDING_POLICY_STREAM_ID);
  return events.reduce<PolicyVersionRecord[]>(evolvePolicyVersions, [BUILT_IN_VERSION]);
}

/** The newest version by number: the one a proposal changes, and the calendar every loan follows. */
export const latestVersion = <V extends PolicyVersion>(versions: readonly V[]): V =>
  versions.reduce((a, b) => (b.version > a.version ? b : a));

/**
 * A version's rules as a loan applies them: its own document, with the holidays of the
 * newest version. Holidays are the calendar, not a term the borrower agreed to: a holiday
 * declared after a loan was sanctioned still moves its due dates (docs/decisions.md).
 */
export function asApplied(versions: readonly PolicyVersion[], version: PolicyVersion): LendingPolicy {
  const calendar = latestVersion(versions).policy.holidays;
  return version.policy.holidays === calendar ? version.policy : { ...version.policy, holidays: calendar };
}

/** A loan's policy: the version it was sanctioned under (versions are never changed, only added). */
export function policyOfVersion(versions: readonly PolicyVersion[], version: number): LendingPolicy {
  const found = versions.find((v) => v.version === version);
  if (!found) throw new Error(`Lending policy version ${version} does not exist`);
  return asApplied(versions, found);
}

/**
 * The version in effect on a business date (what a loan dated that day is sanctioned
 * under), its document as loans apply it.
 */
export async function policyOn(store: EventStore, date: string): Promise<PolicyVersionRecord> {
  const versions = await readPolicyVersions(store);
  const found = policyVersionOn(versions, date);
  return { ...found, policy: asApplied(versions, found) };
}

/** What a read over many loans needs: the rules in effect on its day, and each loan's own version's. */
export interface PolicyBook {
  /** The version in effect on the day (the lender's operations that day: lists, reminders). */
  inEffect: LendingPolicy;
  /** A loan's own version, as it applies it. */
  ofVersion(version: number): LendingPolicy;
}

export async function loadPolicyBook(store: EventStore, date: string): Promise<PolicyBook> {
  const versions = await readPolicyVersions(store);
  return {
    inEffect: asApplied(versions, policyVersionOn(versions, date)),
    ofVersion: (version) => policyOfVersion(versions, version),
  };
}
