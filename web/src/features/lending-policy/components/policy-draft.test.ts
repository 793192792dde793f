import { checkLendingPolicy, describePolicyChanges, LENDING_POLICY_DOCUMENT } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import { documentOfDraft, toDraft, type TierRow } from './policy-draft';

describe('the policy edit form', () => {
  it('gives back the very document it was filled from', () => {
    expect(checkLendingPolicy(documentOfDraft(toDraft(LENDING_POLICY_DOCUMENT)))).toEqual({
      ok: true,
      policy: LENDING_POLICY_DOCUMENT,
    });
  });

  it('reads rupees, % and grams as people type them', () => {
    const draft = toDraft(LENDING_POLICY_DOCUMENT);
    expect(draft.minimumInterestPaise).toBe('50');
    expect(draft.rateOptionsBps).toBe('12, 18, 24, 30, 36');
    expect(draft.weightCapsMg).toEqual({ ornament: '1000', coin: '50' });
    draft.minimumInterestPaise = '75';
    draft.weightCapsMg = { ornament: '1,000', coin: '62.5' };
    draft.ltvSlabs = [...(draft.ltvSlabs as TierRow[]).slice(0, 1), { upTo: '', cap: '72.5' }];
    const checked = checkLendingPolicy(documentOfDraft(draft));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(describePolicyChanges(LENDING_POLICY_DOCUMENT, checked.policy)).toEqual([
      'Minimum interest on closure: ₹50 → ₹75',
      "LTV cap by borrower's total consumption loans: up to ₹2,50,000: 85%; up to ₹5,00,000: 80%; above: 75% → up to ₹2,50,000: 85%; above: 72.5%",
      'Most gold one borrower may pledge, coins: 50 g → 62.5 g',
    ]);
  });

  it('leaves a blank or a word for the checks to name', () => {
    const draft = toDraft(LENDING_POLICY_DOCUMENT);
    draft.minimumLoanPaise = ' ';
    draft.auctionNoticeDays = 'thirty';
    const checked = checkLendingPolicy(documentOfDraft(draft));
    expect(checked).toEqual({
      ok: false,
      problems: ['Smallest loan is missing', 'Notice before an auction must be a number'],
    });
  });
});
