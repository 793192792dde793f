import type { z } from 'zod';
import {
  formatPolicyValue,
  HIGHLIGHT_COLOURS,
  POLICY_FIELDS,
  type PolicyRuleKey,
  type PolicyUnit,
} from './policy-fields.js';
import { LendingPolicyDocument } from './policy-document.js';
import { POLICY_RULES } from './policy-sources.js';

/**
 * Whether a proposed lending policy is one a lender could run: the document's shape (the
 * zod schema), then sense between its rules (the ladder rises, the LTV tiers rise and end
 * open, rates lie within 0–100 %, terms offered lie within the shortest and longest, …).
 * Every problem is a sentence naming the rule by its label, in people's units.
 */
export type PolicyCheck = { ok: true; policy: LendingPolicyDocument } | { ok: false; problems: string[] };

type Path = readonly PropertyKey[];

const STORED_UNIT: Partial<Record<PolicyUnit, string>> = {
  rupees: 'paise',
  percent: 'basis points',
  grams: 'milligrams',
};

/** Where in the document a problem is, by labels: "Minimum chargeable days, above the threshold rate". */
function placeOf(path: Path): { place: string; unit: PolicyUnit | null } {
  const [key, ...rest] = path;
  const rule = POLICY_RULES[key as PolicyRuleKey] as (typeof POLICY_RULES)[PolicyRuleKey] | undefined;
  if (!rule) return { place: String(key ?? 'The policy'), unit: null };
  const shape = POLICY_FIELDS[key as PolicyRuleKey];
  const at = (i: unknown) => (typeof i === 'number' ? `, value ${i + 1}` : '');
  switch (shape.kind) {
    case 'value':
      return { place: rule.label, unit: shape.unit };
    case 'list':
      return { place: `${rule.label}${at(rest[0])}`, unit: shape.unit };
    case 'group': {
      const part = rest.length > 0 ? shape.parts[String(rest[0])] : undefined;
      return part
        ? { place: `${rule.label}, ${part.label}${at(rest[1])}`, unit: part.unit }
        : { place: rule.label, unit: null };
    }
    case 'ltv_tiers': {
      if (typeof rest[0] !== 'number') return { place: rule.label, unit: null };
      const tier = `${rule.label}, tier ${rest[0] + 1}`;
      if (rest[1] === 'upToPaise') return { place: `${tier} ceiling`, unit: 'rupees' };
      if (rest[1] === 'capBps') return { place: `${tier} cap`, unit: 'percent' };
      return { place: tier, unit: null };
    }
    case 'colours':
      return { place: `${rule.label}${at(rest[0])}`, unit: null };
  }
}

const TYPE_NAMES: Record<string, string> = {
  number: 'a number',
  array: 'a list',
  object: 'a set of values',
  record: 'a set of values',
  string: 'text',
};

/** One schema issue as a sentence. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const { place, unit } = placeOf(issue.path);
  const stored = unit ? STORED_UNIT[unit] : undefined;
  const amount = (n: number) => (unit ? formatPolicyValue(unit, n) : n.toLocaleString('en-IN'));
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return `${place} must be a whole number${stored ? ` of ${stored}` : ''}`;
      // Zod leaves the input out of an issue; its message says what it received.
      if (/received undefined$/.test(issue.message)) return `${place} is missing`;
      return `${place} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'array') return `${place} needs at least one value`;
      if (issue.origin === 'string') return `${place} cannot be empty`;
      if (Number(issue.minimum) === 0) {
        return issue.inclusive ? `${place} cannot be negative` : `${place} must be more than 0`;
      }
      return `${place} must be at least ${amount(Number(issue.minimum))}`;
    case 'too_big':
      return `${place} must be at most ${amount(Number(issue.maximum))}`;
    case 'invalid_key':
      return `${place} is not a real date in the form YYYY-MM-DD`;
    default:
      return `${place}: ${issue.message}`;
  }
}

const label = (key: PolicyRuleKey) => POLICY_RULES[key].label;
const pct = (bps: number) => formatPolicyValue('percent', bps);
const months = (n: number) => formatPolicyValue('months', n);
const hasDuplicates = (xs: readonly unknown[]) => new Set(xs).size !== xs.length;

/** Sense between the rules of a document that has the right shape. */
export function policySenseProblems(p: LendingPolicyDocument): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };

  for (const key of ['rateOptionsBps', 'renewalRateOptionsBps', 'upgradeLadderBps'] as const) {
    check(
      p[key].every((r) => r > 0 && r <= 10_000),
      `${label(key)}: every rate must be above 0% and at most 100%`,
    );
  }
  check(p.minDaysRateThresholdBps <= 10_000, `${label('minDaysRateThresholdBps')} must be at most 100%`);
  check(
    p.upgradeLadderBps.every((r, i) => i === 0 || r > p.upgradeLadderBps[i - 1]!),
    `${label('upgradeLadderBps')} must rise from each rate to the next (${p.upgradeLadderBps.map(pct).join(', ')})`,
  );
  for (const key of [
    'rateOptionsBps',
    'renewalRateOptionsBps',
    'termOptionsMonths',
    'purityOptionsKarat',
  ] as const) {
    check(!hasDuplicates(p[key]), `${label(key)} lists the same value twice`);
  }
  check(
    !hasDuplicates(p.goldPrices.publishedPurities),
    `${label('goldPrices')}: the published purities list the same purity twice`,
  );

  if (p.minimumTermMonths > p.maximumTermMonths) {
    problems.push(
      `${label('minimumTermMonths')} (${months(p.minimumTermMonths)}) cannot be longer than the ${label('maximumTermMonths').toLowerCase()} (${months(p.maximumTermMonths)})`,
    );
  } else {
    const withinTerms = (m: number) => m >= p.minimumTermMonths && m <= p.maximumTermMonths;
    const termRange = `${months(p.minimumTermMonths)} to ${months(p.maximumTermMonths)}`;
    check(
      p.termOptionsMonths.every(withinTerms),
      `${label('termOptionsMonths')} must each lie within ${termRange}`,
    );
    const parts = (POLICY_FIELDS.maxTermMonthsByRepayment as { parts: Record<string, { label: string }> })
      .parts;
    for (const [name, m] of Object.entries(p.maxTermMonthsByRepayment)) {
      check(
        withinTerms(m),
        `${label('maxTermMonthsByRepayment')}, ${parts[name]!.label}: must lie within ${termRange}`,
      );
    }
  }
  check(
    p.termOptionsMonths.includes(p.defaultTermMonths),
    `${label('defaultTermMonths')} (${months(p.defaultTermMonths)}) must be one of the ${label('termOptionsMonths').toLowerCase()}`,
  );
  check(
    p.purityOptionsKarat.includes(p.defaultPurityKarat),
    `${label('defaultPurityKarat')} (${p.defaultPurityKarat}K) must be one of the ${label('purityOptionsKarat').toLowerCase()}`,
  );
  check(
    p.goldPrices.publishedPurities.includes(p.goldPrices.referencePurity),
    `${label('goldPrices')}: the reference purity (${p.goldPrices.referencePurity}) must be one of the published purities`,
  );

  const tiers = p.ltvSlabs;
  const last = tiers[tiers.length - 1]!;
  check(
    last.upToPaise === null,
    `${label('ltvSlabs')}: the last tier must have no ceiling (it covers every larger total)`,
  );
  check(
    tiers.slice(0, -1).every((t) => t.upToPaise !== null),
    `${label('ltvSlabs')}: only the last tier may be without a ceiling`,
  );
  check(
    tiers.every((t, i) => {
      const prev = tiers[i - 1];
      return prev?.upToPaise == null || t.upToPaise === null || t.upToPaise > prev.upToPaise;
    }),
    `${label('ltvSlabs')}: the ceilings must rise from each tier to the next`,
  );
  check(
    tiers.every((t, i) => i === 0 || t.capBps <= tiers[i - 1]!.capBps),
    `${label('ltvSlabs')}: a larger total cannot have a higher cap than a smaller one`,
  );

  const r = p.goldReturnReminderDays;
  check(
    r.initial < r.followup && r.followup < r.urgent && r.urgent < r.final,
    `${label('goldReturnReminderDays')} must come in order: first reminder, follow-up, urgent, final`,
  );
  check(
    p.loanDateBounds.employeeMaxDaysBack <= p.loanDateBounds.adminMaxDaysBack,
    `${label('loanDateBounds')}: an employee cannot date a loan further back than an admin`,
  );
  check(p.daysInYear >= 360 && p.daysInYear <= 366, `${label('daysInYear')} must be between 360 and 366`);
  check(
    p.compoundingBlockDays <= p.daysInYear,
    `${label('compoundingBlockDays')} cannot be longer than a year`,
  );
  check(
    p.minimumDays.highRate <= p.daysInYear && p.minimumDays.lowRate <= p.daysInYear,
    `${label('minimumDays')} cannot be longer than a year`,
  );
  check(
    p.reservePriceAfterFailedAuctionsBps <= p.reservePriceMinBps,
    `${label('reservePriceAfterFailedAuctionsBps')} (${pct(p.reservePriceAfterFailedAuctionsBps)}) cannot be above the ${label('reservePriceMinBps').toLowerCase()} (${pct(p.reservePriceMinBps)})`,
  );
  check(
    p.highlightColours.every((c) => (HIGHLIGHT_COLOURS as readonly string[]).includes(c)),
    `${label('highlightColours')} must each be one of ${HIGHLIGHT_COLOURS.join(', ')}`,
  );
  return problems;
}

/** Rules a document names that the policy does not have (a typo would otherwise be dropped). */
function unknownRules(input: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [key, v] of Object.entries(input)) {
    const shape = POLICY_FIELDS[key as PolicyRuleKey] as (typeof POLICY_FIELDS)[PolicyRuleKey] | undefined;
    if (key === 'holidays') {
      problems.push('Holidays are no longer part of the lending policy: declare them on the Holidays page');
    } else if (!shape) {
      problems.push(`${key} is not a rule of the lending policy`);
    } else if (shape.kind === 'group' && v && typeof v === 'object' && !Array.isArray(v)) {
      for (const part of Object.keys(v)) {
        if (!shape.parts[part])
          problems.push(`${label(key as PolicyRuleKey)}: ${part} is not one of its parts`);
      }
    }
  }
  return problems;
}

/** The whole check: shape first (each issue a sentence), then sense. */
export function checkLendingPolicy(input: unknown): PolicyCheck {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, problems: ['The policy must be a document of rules'] };
  }
  const unknown = unknownRules(input as Record<string, unknown>);
  const parsed = LendingPolicyDocument.safeParse(input);
  if (!parsed.success)
    return { ok: false, problems: [...unknown, ...parsed.error.issues.map(describeIssue)] };
  const problems = [...unknown, ...policySenseProblems(parsed.data)];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, policy: parsed.data };
}
