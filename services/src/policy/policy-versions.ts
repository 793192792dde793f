import type { Kysely } from 'kysely';
import {
  BUILT_IN_POLICY_EFFECTIVE_FROM,
  BUILT_IN_POLICY_VERSION,
  LENDING_POLICY_DOCUMENT,
  LENDING_POLICY_STREAM_ID,
  policyDocumentOf,
  policyVersionOn,
  withHolidays,
  type Holidays,
  type LendingPolicy,
  type LendingPolicyDocument,
  type LendingPolicyEvent,
  type PolicyVersion,
  type RecordedEvent,
} from '@goldledger/contracts';
import { branchCalendars, loadCalendarBook, nationalHolidays } from '../holidays/holiday-calendar.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';

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
  policy: LENDING_POLICY_DOCUMENT,
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
          // value (version 1's) to it: older documents simply lack the key. Holidays, which
          // documents adopted before the calendars held, are left out: the calendar is not a
          // version's (holidays/holiday-calendar.ts attaches the branch's).
          policy: policyDocumentOf({ ...LENDING_POLICY_DOCUMENT, ...d.policy }),
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

/** The newest version by number: the one a proposal changes. */
export const latestVersion = <V extends PolicyVersion>(versions: readonly V[]): V =>
  versions.reduce((a, b) => (b.version > a.version ? b : a));

/**
 * A version's rules as a loan applies them: its own document, with the holiday calendar of
 * where it is applied (a loan's branch's state's). Holidays are the calendar, not a term the
 * borrower agreed to: a holiday declared after a loan was sanctioned still moves its due
 * dates (docs/decisions.md, "Holiday calendars").
 */
export const asApplied = (version: PolicyVersion, holidays: Holidays): LendingPolicy =>
  withHolidays(version.policy, holidays);

/** A version's document (its numbers, no calendar): versions are never changed, only added. */
export function documentOfVersion(
  versions: readonly PolicyVersion[],
  version: number,
): LendingPolicyDocument {
  const found = versions.find((v) => v.version === version);
  if (!found) throw new Error(`Lending policy version ${version} does not exist`);
  return found.policy;
}

/** A loan's policy: the version it was sanctioned under, on its branch's calendar. */
export const policyOfVersion = (
  versions: readonly PolicyVersion[],
  version: number,
  holidays: Holidays,
): LendingPolicy => withHolidays(documentOfVersion(versions, version), holidays);

/**
 * The version in effect on a business date (what a loan dated that day is sanctioned
 * under), its document as loans apply it: on the branch's calendar when one is named, else
 * on the national one (gold prices, the public calculator, the lender's numbers of the day).
 */
export async function policyOn(
  store: EventStore,
  date: string,
  branchId?: string,
): Promise<PolicyVersionRecord & { policy: LendingPolicy }> {
  const [versions, holidays] = await Promise.all([
    readPolicyVersions(store),
    branchId === undefined ? nationalHolidays(store) : branchCalendars(store).then((of) => of(branchId)),
  ]);
  const found = policyVersionOn(versions, date);
  return { ...found, policy: asApplied(found, holidays) };
}

/** What a read over many loans needs: the rules in effect on its day, and each loan's own version's. */
export interface PolicyBook {
  /** The version in effect on the day (the lender's operations that day: lists, reminders), national calendar. */
  inEffect: LendingPolicy;
  /** A loan's own version, as it applies it: on its branch's calendar. */
  ofVersion(version: number, branchId: string): LendingPolicy;
}

export async function loadPolicyBook(
  deps: { store: EventStore; db: Kysely<Database> },
  date: string,
): Promise<PolicyBook> {
  const [versions, calendars] = await Promise.all([
    readPolicyVersions(deps.store),
    loadCalendarBook(deps.store, deps.db),
  ]);
  return {
    inEffect: asApplied(policyVersionOn(versions, date), calendars.national),
    ofVersion: (version, branchId) => policyOfVersion(versions, version, calendars.ofBranch(branchId)),
  };
}
