import { DEFAULT_BRANCH_ID, type Role, type UserEvent } from '@goldledger/contracts';

export interface UserState {
  exists: boolean;
  userId: string | null;
  role: Role | null;
  name: string;
  email: string | null;
  primaryMobile: string | null;
  secondaryMobile: string | null;
  aadharNumber: string | null;
  mustResetPassword: boolean;
  removed: boolean;
  /** The branches a member of staff works at (the default branch until assigned); admins act on all. */
  branchIds: string[];
}

export const initialUserState = (): UserState => ({
  exists: false,
  userId: null,
  role: null,
  name: '',
  email: null,
  primaryMobile: null,
  secondaryMobile: null,
  aadharNumber: null,
  mustResetPassword: false,
  removed: false,
  branchIds: [DEFAULT_BRANCH_ID],
});

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'StaffRegistered':
      return {
        ...state,
        exists: true,
        userId: event.data.userId,
        role: event.data.role,
        name: event.data.name,
        email: event.data.email,
        primaryMobile: event.data.primaryMobile,
        secondaryMobile: event.data.secondaryMobile,
        aadharNumber: event.data.aadharNumber,
        mustResetPassword: event.data.mustResetPassword,
      };
    case 'CustomerAccountOpened':
      return {
        ...state,
        exists: true,
        userId: event.data.userId,
        role: 'customer',
        name: event.data.name,
        email: event.data.email,
        primaryMobile: event.data.primaryMobile,
      };
    case 'StaffUpdated':
      return { ...state, ...event.data };
    case 'RoleChanged':
      return { ...state, role: event.data.to };
    case 'PasswordSet':
      return { ...state, mustResetPassword: false };
    case 'StaffRemoved':
      return { ...state, removed: true };
    case 'StaffBranchesAssigned':
      return { ...state, branchIds: [...event.data.branchIds] };
    case 'SignedIn':
    case 'SignedOut':
      return state;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
