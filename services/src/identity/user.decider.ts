import type { StaffRole, UserEvent } from '@goldledger/contracts';
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
    }
  | {
      type: 'OpenCustomerAccount';
      userId: string;
      customerId: string;
      name: string;
      email: string | null;
      primaryMobile: string;
    }
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
      const { type: _type, ...data } = command;
      return [{ type: 'StaffRegistered', data }];
    }
    case 'OpenCustomerAccount': {
      if (state.exists) throw new DomainError('User already exists', 'user_exists', 409);
      const { type: _type, ...data } = command;
      return [{ type: 'CustomerAccountOpened', data }];
    }
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

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};

export const userStreamId = (userId: string) => `user-${userId}`;
export const USER_STREAM_TYPE = 'user';
