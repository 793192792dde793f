import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BRANCH_CODE,
  DEFAULT_BRANCH_DETAILS,
  DEFAULT_BRANCH_ID,
  type BranchDetails,
} from '@goldledger/contracts';
import { deciderSpec } from '../testing/decider-spec.js';
import {
  branchDecider,
  codeHolder,
  decideCodeClaim,
  decideCodeRelease,
  sameDetails,
} from './branch.decider.js';

const spec = deciderSpec(branchDecider);
const MYS = '6f1d2a40-5b1e-4c3a-9d2f-0a1b2c3d4e5f';
const mysuru: BranchDetails = {
  code: 'MYS',
  name: 'GoldLedger Mysuru Branch',
  address: 'Sayyaji Rao Road, Mysuru, Karnataka 570001',
  state: 'Karnataka',
  phone: '+91 90000 00200',
  hours: 'Monday to Saturday, 9:30 AM to 5:30 PM',
  vault: { name: 'Mysuru vault', safes: ['Safe A'] },
};
const opened = { type: 'BranchOpened' as const, data: { ...mysuru, branchId: MYS } };

describe('opening a branch', () => {
  it('opens it with its details', () => {
    spec.given([]).when({ type: 'OpenBranch', branchId: MYS, details: mysuru }).then([opened]);
  });

  it('writes nothing when the same branch is opened again (a retried request)', () => {
    spec.given([opened]).when({ type: 'OpenBranch', branchId: MYS, details: mysuru }).then([]);
  });

  it('refuses to open an existing branch with other details', () => {
    spec
      .given([opened])
      .when({ type: 'OpenBranch', branchId: MYS, details: { ...mysuru, name: 'Other' } })
      .thenThrows('Branch already exists');
  });
});

describe('editing a branch', () => {
  it('records the whole of the details after the edit', () => {
    const edited = { ...mysuru, hours: 'Monday to Friday', vault: { name: 'Vault', safes: ['A', 'B'] } };
    spec
      .given([opened])
      .when({ type: 'UpdateBranch', branchId: MYS, details: edited })
      .then([{ type: 'BranchUpdated', data: edited }]);
  });

  it('writes nothing when nothing changed', () => {
    spec.given([opened]).when({ type: 'UpdateBranch', branchId: MYS, details: mysuru }).then([]);
  });

  it('refuses an unknown branch with "Branch not found"', () => {
    spec
      .given([])
      .when({ type: 'UpdateBranch', branchId: MYS, details: mysuru })
      .thenThrows('Branch not found');
  });
});

describe('the default branch', () => {
  it('is opened with its defaults, then edited, on its first edit', () => {
    const edited = { ...DEFAULT_BRANCH_DETAILS, phone: '+91 80 4000 0000' };
    spec
      .given([])
      .when({ type: 'UpdateBranch', branchId: DEFAULT_BRANCH_ID, details: edited })
      .then([
        { type: 'BranchOpened', data: { ...DEFAULT_BRANCH_DETAILS, branchId: DEFAULT_BRANCH_ID } },
        { type: 'BranchUpdated', data: edited },
      ]);
  });

  it('writes nothing when its first edit changes nothing', () => {
    spec
      .given([])
      .when({ type: 'UpdateBranch', branchId: DEFAULT_BRANCH_ID, details: { ...DEFAULT_BRANCH_DETAILS } })
      .then([]);
  });
});

describe('branch codes', () => {
  it('are held by the default branch for its code before anything is written', () => {
    expect(codeHolder(DEFAULT_BRANCH_CODE, [])).toBe(DEFAULT_BRANCH_ID);
    expect(codeHolder('MYS', [])).toBeNull();
    expect(
      codeHolder(DEFAULT_BRANCH_CODE, [
        { type: 'BranchCodeReleased', data: { branchId: DEFAULT_BRANCH_ID } },
      ]),
    ).toBeNull();
  });

  it('refuses a code another branch holds with "Branch code {code} is already used"', () => {
    expect(() => decideCodeClaim('MAIN', DEFAULT_BRANCH_ID, MYS)).toThrow('Branch code MAIN is already used');
    expect(decideCodeClaim('MYS', null, MYS)).toEqual([
      { type: 'BranchCodeClaimed', data: { branchId: MYS } },
    ]);
    expect(decideCodeClaim('MYS', MYS, MYS)).toEqual([]);
  });

  it('releases only a code the branch holds', () => {
    expect(decideCodeRelease(MYS, MYS)).toEqual([{ type: 'BranchCodeReleased', data: { branchId: MYS } }]);
    expect(decideCodeRelease(DEFAULT_BRANCH_ID, MYS)).toEqual([]);
    expect(decideCodeRelease(null, MYS)).toEqual([]);
  });
});

describe('comparing details', () => {
  it('sees a change to any field, the vault safes and their order included', () => {
    expect(sameDetails(mysuru, { ...mysuru })).toBe(true);
    expect(sameDetails(mysuru, { ...mysuru, code: 'MYS2' })).toBe(false);
    expect(
      sameDetails(mysuru, { ...mysuru, vault: { name: 'Mysuru vault', safes: ['Safe A', 'Safe B'] } }),
    ).toBe(false);
    const two = { ...mysuru, vault: { name: 'V', safes: ['A', 'B'] } };
    expect(sameDetails(two, { ...mysuru, vault: { name: 'V', safes: ['B', 'A'] } })).toBe(false);
  });
});
