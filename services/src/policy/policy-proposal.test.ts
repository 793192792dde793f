import { LENDING_POLICY, LENDING_POLICY_DOCUMENT, type LendingPolicyDocument } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import { checkProposal, decideAdoption, earliestEffectiveFrom } from './policy-proposal.js';
import {
  BUILT_IN_VERSION,
  evolvePolicyVersions,
  policyOfVersion,
  type PolicyVersionRecord,
} from './policy-versions.js';

const v2Policy: LendingPolicyDocument = { ...LENDING_POLICY_DOCUMENT, minimumInterestPaise: 7_500 };
const v2: PolicyVersionRecord = {
  version: 2,
  effectiveFrom: '2026-12-15',
  policy: v2Policy,
  reason: 'Scheduled',
  changes: ['Minimum interest on closure: ₹50 → ₹75'],
  proposedBy: { id: 'a', name: 'Asha Admin' },
  approvalId: 'approval-2',
  adoptedAt: '2026-11-20T05:00:00.000Z',
};
const TODAY = '2026-11-21';
const ask = (policy: object, effectiveFrom: string) => ({ policy, effectiveFrom, reason: 'Board' });

describe('a proposed version', () => {
  it('takes effect from tomorrow at the earliest', () => {
    expect(earliestEffectiveFrom([BUILT_IN_VERSION], TODAY)).toBe('2026-11-22');
    expect(() => checkProposal(ask(v2Policy, TODAY), [BUILT_IN_VERSION], TODAY)).toThrow(
      'A new version can take effect from 22 Nov 2026 at the earliest: loans dated today or before keep the rules they were sanctioned under',
    );
    expect(checkProposal(ask(v2Policy, '2026-11-22'), [BUILT_IN_VERSION], TODAY)).toEqual({
      proposal: { policy: v2Policy, effectiveFrom: '2026-11-22', reason: 'Board', basedOnVersion: 1 },
      changes: ['Minimum interest on closure: ₹50 → ₹75'],
    });
  });

  it('cannot take effect before the newest version, and is compared with it', () => {
    const versions = [BUILT_IN_VERSION, v2];
    expect(earliestEffectiveFrom(versions, TODAY)).toBe('2026-12-15');
    expect(() => checkProposal(ask(LENDING_POLICY_DOCUMENT, '2026-12-01'), versions, TODAY)).toThrow(
      'Version 2 takes effect on 15 Dec 2026: a new version cannot take effect before it (choose 15 Dec 2026 or later)',
    );
    const { changes, proposal } = checkProposal(ask(LENDING_POLICY_DOCUMENT, '2026-12-15'), versions, TODAY);
    expect(changes).toEqual(['Minimum interest on closure: ₹75 → ₹50']);
    expect(proposal.basedOnVersion).toBe(2);
  });
});

describe('adopting an approved proposal', () => {
  const proposal = { policy: v2Policy, effectiveFrom: '2026-11-25', reason: 'Board', basedOnVersion: 1 };
  const command = { proposal, proposedBy: { id: 'a', name: 'Asha Admin' }, approvalId: 'ap-1', today: TODAY };

  it('appends the next version with its change lines', () => {
    expect(decideAdoption(command, [BUILT_IN_VERSION])).toEqual([
      {
        type: 'LendingPolicyAdopted',
        data: {
          version: 2,
          effectiveFrom: '2026-11-25',
          policy: v2Policy,
          reason: 'Board',
          changes: ['Minimum interest on closure: ₹50 → ₹75'],
          proposedBy: { id: 'a', name: 'Asha Admin' },
          approvalId: 'ap-1',
        },
      },
    ]);
  });

  it('is refused when its effective date has come by the time it is approved', () => {
    expect(() => decideAdoption({ ...command, today: '2026-11-25' }, [BUILT_IN_VERSION])).toThrow(
      /can take effect from 26 Nov 2026 at the earliest/,
    );
  });

  it('is refused when another version was adopted since it was proposed', () => {
    expect(() => decideAdoption(command, [BUILT_IN_VERSION, v2])).toThrow(
      'Version 2 was adopted after this proposal was made from version 1: propose the change again from version 2',
    );
  });

  it('appends nothing the second time', () => {
    expect(decideAdoption(command, [BUILT_IN_VERSION, { ...v2, approvalId: 'ap-1' }])).toEqual([]);
  });
});

describe('a loan’s policy', () => {
  it('is its own version’s rules, on the calendar it is applied with (its branch’s), never a version’s', () => {
    const holidays = { ...LENDING_POLICY.holidays, '2028-01-26': 'Republic Day' };
    const v3 = { ...v2, version: 3, policy: { ...v2Policy, minimumInterestPaise: 9_000 } };
    const versions = [BUILT_IN_VERSION, v2, v3];
    expect(policyOfVersion(versions, 1, holidays)).toEqual({ ...LENDING_POLICY, holidays });
    expect(policyOfVersion(versions, 2, holidays).minimumInterestPaise).toBe(7_500);
    expect(policyOfVersion(versions, 3, {}).holidays).toEqual({});
    expect(() => policyOfVersion(versions, 4, holidays)).toThrow('Lending policy version 4 does not exist');
  });

  it('ignores the holidays an old adopted document carried (the calendar moved out of the policy)', () => {
    const old = evolvePolicyVersions([BUILT_IN_VERSION], {
      type: 'LendingPolicyAdopted',
      data: { ...v2, policy: { ...v2Policy, holidays: { '2026-06-01': 'Old' } } },
    });
    expect(old[1]!.policy).not.toHaveProperty('holidays');
    expect(policyOfVersion(old, 2, { '2026-06-02': 'New' }).holidays).toEqual({ '2026-06-02': 'New' });
  });
});
