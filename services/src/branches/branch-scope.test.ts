import { DEFAULT_BRANCH_ID } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import type { Session } from '../identity/access.plugin.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { branchForNewCustomer, branchScopeOf, inBranchScope, narrowedTo } from './branch-scope.js';

const NORTH = '3f0b8c1e-5d2a-4c7e-9b1f-2a3c4d5e6f70';
const SOUTH = '4a1c9d2f-6e3b-4d8f-8c2a-3b4d5e6f7a81';

const session = (role: Session['role'], branchIds: string[] = [NORTH]): Session => ({
  userId: 'u1',
  role,
  name: 'Someone',
  email: null,
  tokenVersion: 1,
  branchIds,
});
/** The employee paths never read the store; a read would throw here. */
const noStore = {} as EventStore;

describe('a branch scope', () => {
  it('is every branch for admins and auditors, the assigned ones for an employee, none for a customer', () => {
    expect(branchScopeOf(session('admin'))).toEqual({ kind: 'all' });
    expect(branchScopeOf(session('auditor'))).toEqual({ kind: 'all' });
    expect(branchScopeOf(session('employee', [NORTH, SOUTH]))).toEqual({
      kind: 'branches',
      branchIds: [NORTH, SOUTH],
    });
    expect(branchScopeOf(session('customer'))).toEqual({ kind: 'branches', branchIds: [] });
    expect(inBranchScope({ kind: 'all' }, SOUTH)).toBe(true);
    expect(inBranchScope(branchScopeOf(session('employee')), SOUTH)).toBe(false);
  });

  it('narrows to one branch and never widens', () => {
    expect(narrowedTo({ kind: 'all' }, SOUTH)).toEqual({ kind: 'branches', branchIds: [SOUTH] });
    expect(narrowedTo({ kind: 'branches', branchIds: [NORTH] }, SOUTH)).toEqual({
      kind: 'branches',
      branchIds: [],
    });
    expect(narrowedTo({ kind: 'branches', branchIds: [NORTH] }, undefined)).toEqual({
      kind: 'branches',
      branchIds: [NORTH],
    });
  });
});

describe('the branch a new customer is registered at', () => {
  it("is an employee's one branch, or the one of theirs they name", async () => {
    expect(await branchForNewCustomer(noStore, session('employee'), undefined)).toBe(NORTH);
    expect(await branchForNewCustomer(noStore, session('employee', [NORTH, SOUTH]), SOUTH)).toBe(SOUTH);
  });

  it('must be chosen by an employee of several branches (400), and is not found outside theirs (404)', async () => {
    await expect(
      branchForNewCustomer(noStore, session('employee', [NORTH, SOUTH]), undefined),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^Choose the branch/) });
    await expect(branchForNewCustomer(noStore, session('employee'), SOUTH)).rejects.toMatchObject({
      status: 404,
      message: 'Branch not found',
    });
  });

  it('is the main branch when an admin names none', async () => {
    expect(await branchForNewCustomer(noStore, session('admin'), undefined)).toBe(DEFAULT_BRANCH_ID);
  });
});
