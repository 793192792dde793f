import { describe, expect, it } from 'vitest';
import { LendingPolicyDocument } from './policy-document.js';
import { POLICY_RULE_GROUPS, POLICY_RULES } from './policy-sources.js';

const rules = Object.entries(POLICY_RULES);

describe('the sources of the lending policy', () => {
  it('name every rule of the policy document, and nothing else', () => {
    expect(Object.keys(POLICY_RULES).sort()).toEqual(Object.keys(LendingPolicyDocument.shape).sort());
  });

  it.each(rules)('give %s a label, a description and a source', (_key, rule) => {
    expect(rule.label.trim()).not.toBe('');
    expect(rule.description.trim()).not.toBe('');
    expect(rule.source.trim()).not.toBe('');
    expect(POLICY_RULE_GROUPS).toContain(rule.group);
  });

  it('label each rule differently, so the page never shows two rules under one name', () => {
    const labels = rules.map(([, rule]) => rule.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('cite a law, the Directions, the lender or the seeds for every rule', () => {
    const known =
      /^(RBI Directions 2025|RBI review|RBI prudential norms|Income Tax Act 1961|lender practice|the seeds' rule)/;
    for (const [key, rule] of rules) expect([key, known.test(rule.source)]).toEqual([key, true]);
  });

  it('leave no group of the page empty', () => {
    for (const group of POLICY_RULE_GROUPS) expect(rules.some(([, rule]) => rule.group === group)).toBe(true);
  });
});
