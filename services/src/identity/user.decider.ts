import { DEFAULT_BRANCH_ID, type StaffRole, type UserEvent } from '@goldledger/contracts';
import { DomainError, type Decider } from '../platform/decider.js';
import { evolveUser, initialUserState, type UserState } from './user.state.js';

export type UserCommand =
  | {
      type: 'RegisterStaff';
      userId: string;
      role: StaffRole;
      name: string;
      email: string;
      primaryMobile: string;
      secondaryMobile: string | null;
      aadharNumber: string | null;
      mustResetPassword: boolean;
      /** The branches they work at; absent: the default branch (nothing more is written). */
      branchIds?: readonly string[];
    }
  | {
      type: 'OpenCustomerAccount';
      userId: string;
      customerId: string;
      name: string;
      email: string | null;
      primaryMobile: string;
    }
  | {
      type: 'UpdateStaff';
      name: string;
      primaryMobile: string;
      secondaryMobile: string | null;
      role: StaffRole;
      /** Who asks: an admin may not change their own role. */
      byUserId: string;
    }
  | { type: 'RemoveStaff'; byUserId: string }
  /** The whole list of branches a member of staff works at (checked to exist by the caller). */
  | { type: 'AssignBranches'; branchIds: readonly string[] }
  | { type: 'SetPassword'; reason: 'first_login' | 'reset' }
  | { type: 'RecordSignIn'; method: 'otp' | 'password' }
  | { type: 'SignOut' };

const mustBeActive = (state: UserState) => {
  if (!state.exists) throw new DomainError('User not found', 'user_not_found', 404);
  if (state.removed) throw new DomainError('This account has been removed', 'user_removed', 403);
};

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterStaff': {
      if (state.exists) throw new DomainError('User already exists', 'user_exists', 409);
      const { type: _type, branchIds, ...data } = command;
      const events: UserEvent[] = [{ type: 'StaffRegistered', data }];
      const branches = branchIds && distinct(branchIds);
      // The default branch is what an account without the event reads as: nothing to write.
      if (branches && !sameBranches(branches, [DEFAULT_BRANCH_ID])) {
        events.push({ type: 'StaffBranchesAssigned', data: { branchIds: branches } });
      }
      return events;
    }
    case 'OpenCustomerAccount': {
      if (state.exists) throw new DomainError('User already exists', 'user_exists', 409);
      const { type: _type, ...data } = command;
      return [{ type: 'CustomerAccountOpened', data }];
    }
    case 'UpdateStaff': {
      mustBeActive(state);
      if (state.role === 'customer' || !state.role)
        throw new DomainError('Employee not found', 'user_not_found', 404);
      const events: UserEvent[] = [];
      const changed =
        command.name !== state.name ||
        command.primaryMobile !== state.primaryMobile ||
        command.secondaryMobile !== state.secondaryMobile;
      if (changed) {
        events.push({
          type: 'StaffUpdated',
          data: {
            name: command.name,
            primaryMobile: command.primaryMobile,
            secondaryMobile: command.secondaryMobile,
          },
        });
      }
      if (command.role !== state.role) {
        if (command.byUserId === state.userId) {
          throw new DomainError('You cannot change your own role', 'own_role', 409);
        }
        events.push({ type: 'RoleChanged', data: { from: state.role, to: command.role } });
      }
      return events;
    }
    case 'RemoveStaff':
      mustBeActive(state);
      if (state.role === 'admin')
        throw new DomainError('Admin cannot be deleted', 'admin_not_deletable', 409);
      if (state.role !== 'employee' && state.role !== 'auditor')
        throw new DomainError('Employee not found', 'user_not_found', 404);
      return [{ type: 'StaffRemoved', data: {} }];
    case 'AssignBranches': {
      mustBeActive(state);
      if (state.role !== 'admin' && state.role !== 'employee')
        throw new DomainError('Employee not found', 'user_not_found', 404);
      const branchIds = distinct(command.branchIds);
      if (branchIds.length === 0) throw new DomainError('Choose at least one branch', 'no_branch');
      // Unchanged: nothing written, so the member's sessions are not ended for nothing.
      if (sameBranches(branchIds, state.branchIds)) return [];
      return [{ type: 'StaffBranchesAssigned', data: { branchIds } }];
    }
    case 'SetPassword':
      mustBeActive(state);
      if (state.role === 'customer') {
        throw new DomainError('Customers sign in with a one-time code only', 'customer_password', 400);
      }
      return [{ type: 'PasswordSet', data: { reason: command.reason } }];
    case 'RecordSignIn':
      mustBeActive(state);
      return [{ type: 'SignedIn', data: { method: command.method } }];
    case 'SignOut':
      mustBeActive(state);
      return [{ type: 'SignedOut', data: {} }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

const distinct = (ids: readonly string[]) => [...new Set(ids)];
const sameBranches = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};

export const userStreamId = (userId: string) => `user-${userId}`;
export const USER_STREAM_TYPE = 'user';
