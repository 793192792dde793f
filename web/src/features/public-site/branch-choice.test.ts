import { describe, expect, it } from 'vitest';
import type { PublicBranch } from './api/get-branches';
import { selectedBranch, SITE_BRANCH, telHref } from './branch-choice';

const branch = (code: string): PublicBranch => ({
  _id: `id-${code}`,
  code,
  name: `Branch ${code}`,
  address: 'Somewhere 1',
  state: 'Karnataka',
  phone: '+91 90000 00100',
  hours: 'Always',
});

describe('the selected branch', () => {
  it('is the one the address names, in any case, else the first', () => {
    const list = [branch('MAIN'), branch('MYS')];
    expect(selectedBranch(list, 'mys').code).toBe('MYS');
    expect(selectedBranch(list, null).code).toBe('MAIN');
    expect(selectedBranch(list, 'NOPE').code).toBe('MAIN');
  });

  it("is the site's own branch before the list arrives", () => {
    expect(selectedBranch(undefined, 'MYS')).toBe(SITE_BRANCH);
    expect(selectedBranch([], null)).toBe(SITE_BRANCH);
  });

  it('is called with digits and a leading plus', () => {
    expect(telHref('+91 90000 00200')).toBe('tel:+919000000200');
  });
});
