import {
  formatPart,
  formatPolicyValue,
  formatRule,
  POLICY_FIELDS,
  POLICY_RULE_KEYS,
  UNIT_NAMES,
  type LendingPolicyDocument,
  type PolicyRuleKey,
} from '@goldledger/contracts';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { TiersEditor } from './policy-row-editors';
import type { PolicyDraft, RuleDraft, TierRow } from './policy-draft';
import styles from './lending-policy.module.css';

export interface RuleInfo {
  label: string;
  group: string;
  description: string;
  source: string;
}

/** The groups in the order their first rule comes in the document. */
export function groupsOf(rules: Readonly<Record<string, RuleInfo>>): Array<[string, PolicyRuleKey[]]> {
  const groups = new Map<string, PolicyRuleKey[]>();
  for (const key of POLICY_RULE_KEYS) {
    const group = rules[key]?.group ?? 'Other';
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  return [...groups];
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** Label and value per line: a group's parts, the LTV tiers. */
function Pairs({ pairs, label }: { pairs: Array<[string, string]>; label: string }) {
  return (
    <ul className={styles.pairs} aria-label={label}>
      {pairs.map(([name, value]) => (
        <li key={name}>
          <span className={styles.muted}>{name}</span>
          <span className={styles.numeric}>{value}</span>
        </li>
      ))}
    </ul>
  );
}

/** A rule's value as people read it. */
function RuleValue({
  ruleKey,
  label,
  policy,
}: {
  ruleKey: PolicyRuleKey;
  label: string;
  policy: LendingPolicyDocument;
}) {
  const shape = POLICY_FIELDS[ruleKey];
  switch (shape.kind) {
    case 'group': {
      const value = policy[ruleKey] as Record<string, unknown>;
      return (
        <Pairs
          label={label}
          pairs={Object.entries(shape.parts).map(([name, part]) => [
            capitalised(part.label),
            formatPart(part, value[name]),
          ])}
        />
      );
    }
    case 'ltv_tiers':
      return (
        <Pairs
          label={label}
          pairs={policy.ltvSlabs.map((t) => [
            t.upToPaise === null ? 'Above' : `Up to ${formatPolicyValue('rupees', t.upToPaise)}`,
            formatPolicyValue('percent', t.capBps),
          ])}
        />
      );
    default:
      return <span className={styles.numeric}>{formatRule(ruleKey, policy[ruleKey])}</span>;
  }
}

interface RuleEditorProps {
  ruleKey: PolicyRuleKey;
  label: string;
  value: RuleDraft;
  onChange: (value: RuleDraft) => void;
}

/** The inputs of one rule, in people's units. */
function RuleEditor({ ruleKey, label, value, onChange }: RuleEditorProps) {
  const shape = POLICY_FIELDS[ruleKey];
  switch (shape.kind) {
    case 'value':
      return (
        <Input
          label={`${label} (${UNIT_NAMES[shape.unit]})`}
          hideLabel
          inputMode="decimal"
          value={value as string}
          hint={`In ${UNIT_NAMES[shape.unit]}`}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'list':
    case 'colours':
      return (
        <Input
          label={label}
          hideLabel
          value={value as string}
          hint={
            shape.kind === 'list'
              ? `In ${UNIT_NAMES[shape.unit]}, separated by commas`
              : 'Colour names, separated by commas'
          }
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'group': {
      const parts = value as Record<string, string>;
      return (
        <div className={styles.partInputs}>
          {Object.entries(shape.parts).map(([name, part]) => (
            <Input
              key={name}
              label={`${capitalised(part.label)} (${UNIT_NAMES[part.unit]}${part.list ? ', separated by commas' : ''})`}
              inputMode={part.list ? 'text' : 'decimal'}
              value={parts[name] ?? ''}
              onChange={(e) => onChange({ ...parts, [name]: e.target.value })}
            />
          ))}
        </div>
      );
    }
    case 'ltv_tiers':
      return <TiersEditor rows={value as TierRow[]} onChange={onChange} />;
  }
}

interface PolicyRulesProps {
  policy: LendingPolicyDocument;
  rules: Readonly<Record<string, RuleInfo>>;
  /** In edit mode: the draft and how to change one rule of it. */
  draft?: PolicyDraft | undefined;
  onDraftChange?: ((key: PolicyRuleKey, value: RuleDraft) => void) | undefined;
  /** The heading level of each group's card. */
  headingLevel?: 'h2' | 'h3';
}

/** Every rule, grouped: its label, what it does, its value (or inputs) and its source. */
export function PolicyRules({ policy, rules, draft, onDraftChange, headingLevel = 'h2' }: PolicyRulesProps) {
  return (
    <div className={styles.groups}>
      {groupsOf(rules).map(([group, keys]) => (
        <Card key={group} title={group} titleAs={headingLevel}>
          <dl className={styles.rules}>
            {keys.map((key) => {
              const info = rules[key];
              return (
                <div key={key} className={styles.rule} data-rule={key}>
                  <dt className={styles.ruleText}>
                    <strong>{info?.label ?? key}</strong>
                    {info && <span className={styles.muted}>{info.description}</span>}
                    {info && <span className={styles.source}>Source: {info.source}</span>}
                  </dt>
                  <dd className={styles.ruleValue}>
                    {draft && onDraftChange ? (
                      <RuleEditor
                        ruleKey={key}
                        label={info?.label ?? key}
                        value={draft[key]}
                        onChange={(v) => onDraftChange(key, v)}
                      />
                    ) : (
                      <RuleValue ruleKey={key} label={info?.label ?? key} policy={policy} />
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </Card>
      ))}
    </div>
  );
}
