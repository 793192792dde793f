import { formatInr, formatInrExact, roundHalfAwayFromZero } from './money.js';
import type { LendingPolicyDocument, LtvTier } from './policy-document.js';
import { POLICY_RULES } from './policy-sources.js';

/**
 * The shape of each rule of the lending policy in people's units: what the policy page
 * shows and edits, and what the change lines of a new version say. The document keeps
 * paise, basis points and milligrams; people read and type whole rupees, percentages and
 * grams. One descriptor serves the page, the change lines and the checks' messages.
 */
export type PolicyUnit =
  'rupees' | 'percent' | 'days' | 'working_days' | 'months' | 'grams' | 'karat' | 'fineness' | 'count';

export interface PolicyPart {
  label: string;
  unit: PolicyUnit;
  /** A list of values (e.g. the published purities). */
  list?: true;
}

export type PolicyFieldShape =
  | { kind: 'value'; unit: PolicyUnit }
  | { kind: 'list'; unit: PolicyUnit }
  | { kind: 'group'; parts: Readonly<Record<string, PolicyPart>> }
  | { kind: 'ltv_tiers' }
  | { kind: 'colours' };

export type PolicyRuleKey = keyof LendingPolicyDocument;

const value = (unit: PolicyUnit) => ({ kind: 'value', unit }) as const;
const list = (unit: PolicyUnit) => ({ kind: 'list', unit }) as const;
const group = (parts: Record<string, PolicyPart>) => ({ kind: 'group', parts }) as const;

/** Every rule, in the document's order. */
export const POLICY_FIELDS: Readonly<Record<PolicyRuleKey, PolicyFieldShape>> = {
  daysInYear: value('days'),
  compoundingBlockDays: value('days'),
  minimumDays: group({
    highRate: { label: 'above the threshold rate', unit: 'days' },
    lowRate: { label: 'at or below the threshold rate', unit: 'days' },
  }),
  minDaysRateThresholdBps: value('percent'),
  minimumInterestPaise: value('rupees'),
  earlyClosureRebate: group({
    withinDays: { label: 'closed within', unit: 'days' },
    bps: { label: 'share of the interest', unit: 'percent' },
  }),
  minimumPaymentPaise: value('rupees'),
  paymentBackdateDays: value('days'),
  loanDateBounds: group({
    employeeMaxDaysBack: { label: 'by an employee', unit: 'days' },
    adminMaxDaysBack: { label: 'by an admin, with a reason', unit: 'days' },
  }),
  calculatorMaxDays: value('days'),
  quoteMaxDaysAhead: value('days'),
  minimumLoanPaise: value('rupees'),
  minimumTermMonths: value('months'),
  maximumTermMonths: value('months'),
  rateOptionsBps: list('percent'),
  renewalRateOptionsBps: list('percent'),
  termOptionsMonths: list('months'),
  defaultTermMonths: value('months'),
  defaultPurityKarat: value('karat'),
  purityOptionsKarat: list('karat'),
  upgradeLadderBps: list('percent'),
  upgradeIntervalMonths: value('months'),
  upgradeScheduleMonths: value('months'),
  auctionGraceMonths: value('months'),
  goldReleaseWorkingDays: value('working_days'),
  goldReturnOverdueDays: value('days'),
  goldReturnReminderDays: group({
    initial: { label: 'first reminder', unit: 'days' },
    followup: { label: 'follow-up', unit: 'days' },
    urgent: { label: 'urgent', unit: 'days' },
    final: { label: 'final', unit: 'days' },
  }),
  reservePriceMinBps: value('percent'),
  ltvSlabs: { kind: 'ltv_tiers' },
  incomeGeneratingLtvCapBps: value('percent'),
  goldPrices: group({
    averageDays: { label: 'average over', unit: 'days' },
    referencePurity: { label: 'reference purity', unit: 'fineness' },
    publishedPurities: { label: 'published purities', unit: 'fineness', list: true },
  }),
  maxTermMonthsByRepayment: group({
    emi: { label: 'EMI', unit: 'months' },
    bullet: { label: 'bullet', unit: 'months' },
    monthly_interest: { label: 'monthly interest', unit: 'months' },
  }),
  weightCapsMg: group({
    ornament: { label: 'ornaments', unit: 'grams' },
    coin: { label: 'coins', unit: 'grams' },
  }),
  cashLimits: group({
    disbursementMaxPaise: { label: 'cash disbursement at most', unit: 'rupees' },
    receiptsPerPersonDayBelowPaise: { label: 'cash received per person a day below', unit: 'rupees' },
  }),
  marginCall: group({ escalateAfterDays: { label: 'escalated after', unit: 'days' } }),
  renewal: group({
    maxDaysPastDue: { label: 'at most past due', unit: 'days' },
    quickClosureDays: { label: 'quick closure within', unit: 'days' },
  }),
  releaseDelayCompensationPaisePerDay: value('rupees'),
  auctionNoticeDays: value('days'),
  reservePriceAfterFailedAuctionsBps: value('percent'),
  auctionRules: group({
    failedAuctionsBeforeLowerReserve: { label: 'failed auctions before the lower reserve', unit: 'count' },
    surplusRefundWorkingDays: { label: 'surplus refunded within', unit: 'working_days' },
  }),
  unclaimedGold: group({
    afterMonths: { label: 'unclaimed after', unit: 'months' },
    noticeEveryMonths: { label: 'a notice every', unit: 'months' },
  }),
  delinquency: group({
    sma0MaxDays: { label: 'SMA-0 up to', unit: 'days' },
    sma1MaxDays: { label: 'SMA-1 up to', unit: 'days' },
    sma2MaxDays: { label: 'SMA-2 up to (NPA beyond)', unit: 'days' },
  }),
  highlightColours: { kind: 'colours' },
};

export const POLICY_RULE_KEYS = Object.keys(POLICY_FIELDS) as PolicyRuleKey[];

/** The colours the staff lists know for upgraded rows (`other` is no tint). */
export const HIGHLIGHT_COLOURS = ['other', 'yellow', 'orange', 'red'] as const;

/** A stored number in people's units: paise → rupees, basis points → %, mg → g. */
export function toHuman(unit: PolicyUnit, stored: number): number {
  switch (unit) {
    case 'rupees':
    case 'percent':
      return stored / 100;
    case 'grams':
      return stored / 1000;
    default:
      return stored;
  }
}

/** A number people typed, back to the document's unit (rounded to the nearest paisa, bp or mg). */
export function fromHuman(unit: PolicyUnit, human: number): number {
  switch (unit) {
    case 'rupees':
    case 'percent':
      return roundHalfAwayFromZero(human * 100);
    case 'grams':
      return roundHalfAwayFromZero(human * 1000);
    default:
      return human;
  }
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-IN')} ${word}${n === 1 ? '' : 's'}`;

/** One stored number as people read it: "₹50", "12%", "7 days", "1,000 g", "22K", "916". */
export function formatPolicyValue(unit: PolicyUnit, stored: number): string {
  switch (unit) {
    case 'rupees':
      return stored % 100 === 0 ? formatInr(stored) : formatInrExact(stored);
    case 'percent':
      return `${stored / 100}%`;
    case 'days':
      return plural(stored, 'day');
    case 'working_days':
      return plural(stored, 'working day');
    case 'months':
      return plural(stored, 'month');
    case 'grams':
      return `${(stored / 1000).toLocaleString('en-IN', { maximumFractionDigits: 3 })} g`;
    case 'karat':
      return `${stored}K`;
    case 'fineness':
      return String(stored);
    case 'count':
      return stored.toLocaleString('en-IN');
  }
}

/** How a form names the unit people type a number in: "In ₹", "Ornaments (grams)". */
export const UNIT_NAMES: Readonly<Record<PolicyUnit, string>> = {
  rupees: '₹',
  percent: '%',
  days: 'days',
  working_days: 'working days',
  months: 'months',
  grams: 'grams',
  karat: 'karat',
  fineness: 'parts per thousand',
  count: 'number',
};

const formatList = (unit: PolicyUnit, values: readonly number[]) =>
  values.map((v) => formatPolicyValue(unit, v)).join(', ');

export const formatLtvTiers = (tiers: readonly LtvTier[]): string =>
  tiers
    .map((t) =>
      t.upToPaise === null
        ? `above: ${t.capBps / 100}%`
        : `up to ${formatInr(t.upToPaise)}: ${t.capBps / 100}%`,
    )
    .join('; ');

/** A group's part as people read it. */
export const formatPart = (part: PolicyPart, stored: unknown): string =>
  part.list ? formatList(part.unit, stored as number[]) : formatPolicyValue(part.unit, stored as number);

/** A whole rule's value in one line. */
export function formatRule<K extends PolicyRuleKey>(key: K, stored: LendingPolicyDocument[K]): string {
  const shape = POLICY_FIELDS[key];
  switch (shape.kind) {
    case 'value':
      return formatPolicyValue(shape.unit, stored as number);
    case 'list':
      return formatList(shape.unit, stored as number[]);
    case 'group':
      return Object.entries(shape.parts)
        .map(
          ([name, part]) => `${part.label}: ${formatPart(part, (stored as Record<string, unknown>)[name])}`,
        )
        .join('; ');
    case 'ltv_tiers':
      return formatLtvTiers(stored as LtvTier[]);
    case 'colours':
      return (stored as string[]).join(', ');
  }
}

/** Equal values, whatever the order of an object's keys (a stored document comes back from jsonb reordered). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        Object.hasOwn(b, k) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

/**
 * What changed from one version to the next, a line per rule (per part of a group):
 * "Minimum interest: ₹50 → ₹75". Empty when nothing did.
 */
export function describePolicyChanges(before: LendingPolicyDocument, after: LendingPolicyDocument): string[] {
  return POLICY_RULE_KEYS.flatMap((key) => {
    const was = before[key];
    const now = after[key];
    if (same(was, now)) return [];
    const label = POLICY_RULES[key].label;
    const shape = POLICY_FIELDS[key];
    if (shape.kind === 'group') {
      const w = was as Record<string, unknown>;
      const n = now as Record<string, unknown>;
      return Object.entries(shape.parts)
        .filter(([name]) => !same(w[name], n[name]))
        .map(
          ([name, part]) =>
            `${label}, ${part.label}: ${formatPart(part, w[name])} → ${formatPart(part, n[name])}`,
        );
    }
    return [`${label}: ${formatRule(key, was)} → ${formatRule(key, now)}`];
  });
}
