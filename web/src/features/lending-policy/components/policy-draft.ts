import {
  fromHuman,
  POLICY_FIELDS,
  POLICY_RULE_KEYS,
  toHuman,
  type LendingPolicyDocument,
  type PolicyRuleKey,
  type PolicyUnit,
} from '@goldledger/contracts';

/**
 * The policy as the edit form holds it: every number as the person typed it, in rupees, %
 * and grams; lists as comma-separated text; LTV tiers as rows. `documentOfDraft`
 * turns it back into the document (paise, basis points, milligrams) the server checks.
 */
export interface TierRow {
  /** Rupees; empty on the last tier (no ceiling). */
  upTo: string;
  /** Percent. */
  cap: string;
}
export type RuleDraft = string | Record<string, string> | TierRow[];
export type PolicyDraft = Record<PolicyRuleKey, RuleDraft>;

const human = (unit: PolicyUnit, stored: number) => String(toHuman(unit, stored));
const humanList = (unit: PolicyUnit, stored: readonly number[]) =>
  stored.map((v) => human(unit, v)).join(', ');

export function toDraft(policy: LendingPolicyDocument): PolicyDraft {
  const draft = {} as PolicyDraft;
  for (const key of POLICY_RULE_KEYS) {
    const shape = POLICY_FIELDS[key];
    const value = policy[key];
    switch (shape.kind) {
      case 'value':
        draft[key] = human(shape.unit, value as number);
        break;
      case 'list':
        draft[key] = humanList(shape.unit, value as number[]);
        break;
      case 'group':
        draft[key] = Object.fromEntries(
          Object.entries(shape.parts).map(([name, part]) => {
            const v = (value as Record<string, unknown>)[name];
            return [name, part.list ? humanList(part.unit, v as number[]) : human(part.unit, v as number)];
          }),
        );
        break;
      case 'ltv_tiers':
        draft[key] = (value as LendingPolicyDocument['ltvSlabs']).map((t) => ({
          upTo: t.upToPaise === null ? '' : human('rupees', t.upToPaise),
          cap: human('percent', t.capBps),
        }));
        break;
      case 'colours':
        draft[key] = (value as string[]).join(', ');
        break;
    }
  }
  return draft;
}

/** A typed number in the document's unit, or the text itself when it is not a number (the server names it). */
function stored(unit: PolicyUnit, text: string): unknown {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? fromHuman(unit, n) : text;
}

const storedList = (unit: PolicyUnit, text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => stored(unit, s));

/**
 * The document the draft describes. Nothing is judged here: a blank or a word goes as it
 * is, and the policy's own checks (`checkLendingPolicy`) say what is wrong, rule by rule.
 */
export function documentOfDraft(draft: PolicyDraft): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const key of POLICY_RULE_KEYS) {
    const shape = POLICY_FIELDS[key];
    const value = draft[key];
    switch (shape.kind) {
      case 'value':
        doc[key] = stored(shape.unit, value as string);
        break;
      case 'list':
        doc[key] = storedList(shape.unit, value as string);
        break;
      case 'group': {
        const parts = value as Record<string, string>;
        doc[key] = Object.fromEntries(
          Object.entries(shape.parts).map(([name, part]) => [
            name,
            part.list ? storedList(part.unit, parts[name] ?? '') : stored(part.unit, parts[name] ?? ''),
          ]),
        );
        break;
      }
      case 'ltv_tiers':
        doc[key] = (value as TierRow[]).map((t) => ({
          upToPaise: t.upTo.trim() === '' ? null : stored('rupees', t.upTo),
          capBps: stored('percent', t.cap),
        }));
        break;
      case 'colours':
        doc[key] = (value as string)
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '');
        break;
    }
  }
  return doc;
}
