import {
  DEFAULT_BRANCH_CODE,
  DEFAULT_BRANCH_DETAILS,
  DEFAULT_BRANCH_ID,
  type BranchDetails,
  type BranchEvent,
} from '@goldledger/contracts';
import { DomainError, type Decider } from '../platform/decider.js';
import { evolveBranch, type BranchState } from './branch.state.js';

export type BranchCommand =
  | { type: 'OpenBranch'; branchId: string; details: BranchDetails }
  | { type: 'UpdateBranch'; branchId: string; details: BranchDetails };

const DETAIL_KEYS = ['code', 'name', 'address', 'state', 'phone', 'hours'] as const;

/** Whether two sets of details say the same (the vault's safes in their order). */
export function sameDetails(a: BranchDetails, b: BranchDetails): boolean {
  return (
    DETAIL_KEYS.every((k) => a[k] === b[k]) &&
    a.vault.name === b.vault.name &&
    a.vault.safes.length === b.vault.safes.length &&
    a.vault.safes.every((s, i) => s === b.vault.safes[i])
  );
}

const detailsOf = ({ branchId: _id, ...details }: NonNullable<BranchState>): BranchDetails => details;

/**
 * Pure: a branch's events for a command. Doing again what the branch already says writes
 * nothing (so a retried request answers as the first did). The default branch exists
 * before its stream does (it reads as DEFAULT_BRANCH_DETAILS): its first edit opens it
 * with those details and then records the edit, so its history shows where it started.
 */
export function decideBranch(command: BranchCommand, state: BranchState): BranchEvent[] {
  switch (command.type) {
    case 'OpenBranch': {
      if (state) {
        if (state.branchId === command.branchId && sameDetails(detailsOf(state), command.details)) return [];
        throw new DomainError('Branch already exists', 'branch_exists', 409);
      }
      return [{ type: 'BranchOpened', data: { ...command.details, branchId: command.branchId } }];
    }
    case 'UpdateBranch': {
      if (!state) {
        if (command.branchId !== DEFAULT_BRANCH_ID) {
          throw new DomainError('Branch not found', 'branch_not_found', 404);
        }
        if (sameDetails(DEFAULT_BRANCH_DETAILS, command.details)) return [];
        return [
          { type: 'BranchOpened', data: { ...DEFAULT_BRANCH_DETAILS, branchId: DEFAULT_BRANCH_ID } },
          { type: 'BranchUpdated', data: command.details },
        ];
      }
      if (sameDetails(detailsOf(state), command.details)) return [];
      return [{ type: 'BranchUpdated', data: command.details }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const branchDecider: Decider<BranchCommand, BranchEvent, BranchState> = {
  initialState: () => null,
  evolve: evolveBranch,
  decide: decideBranch,
};

/** 409: another branch holds the code. */
export const branchCodeTaken = (code: string) =>
  new DomainError(`Branch code ${code} is already used`, 'branch_code_taken', 409);

/** The events of a `branch-code:<CODE>` stream, as its fold reads them. */
export type BranchCodeEvent =
  | { type: 'BranchCodeClaimed'; data: { branchId: string } }
  | { type: 'BranchCodeReleased'; data: { branchId: string } };

/**
 * Which branch holds a code, from its claim stream. The default branch holds its code
 * before anything is written (as it exists before its stream does), until it releases it.
 */
export function codeHolder(code: string, events: readonly BranchCodeEvent[]): string | null {
  return events.reduce<string | null>(
    (holder, e) => (e.type === 'BranchCodeClaimed' ? e.data.branchId : null),
    code === DEFAULT_BRANCH_CODE ? DEFAULT_BRANCH_ID : null,
  );
}

/** Pure: the claim stream's events when `branchId` takes `code` (none when it holds it already). */
export function decideCodeClaim(code: string, holder: string | null, branchId: string): BranchCodeEvent[] {
  if (holder === branchId) return [];
  if (holder) throw branchCodeTaken(code);
  return [{ type: 'BranchCodeClaimed', data: { branchId } }];
}

/** Pure: the claim stream's events when `branchId` gives `code` up (none when another holds it). */
export function decideCodeRelease(holder: string | null, branchId: string): BranchCodeEvent[] {
  return holder === branchId ? [{ type: 'BranchCodeReleased', data: { branchId } }] : [];
}
