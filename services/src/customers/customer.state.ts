import { DEFAULT_BRANCH_ID, type CustomerEvent, type CustomerProfile } from '@goldledger/contracts';

/** A registered customer; the state is null until `CustomerRegistered`. */
export interface Customer {
  /** `CUS000123`: the human reference. */
  customerId: string;
  profile: CustomerProfile;
  /** Proved control of the primary mobile with an OTP; loans are made only for verified customers. */
  verified: boolean;
  /** The sign-in account (user stream uuid) for the customer dashboard, once opened. */
  userId: string | null;
  /** The branch the relationship belongs to (DEFAULT_BRANCH_ID for customers registered before branches). */
  branchId: string;
}

export type CustomerState = Customer | null;

export const initialCustomerState = (): CustomerState => null;

export function evolveCustomer(state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case 'CustomerRegistered': {
      const { customerId, branchId, ...profile } = event.data;
      return { customerId, profile, verified: false, userId: null, branchId: branchId ?? DEFAULT_BRANCH_ID };
    }
    case 'CustomerVerified':
      return state && { ...state, verified: true };
    case 'CustomerUpdated':
      return state && { ...state, profile: event.data };
    case 'CustomerAccountLinked':
      return state && { ...state, userId: event.data.userId };
    case 'CustomerVerificationCleared':
      return state && { ...state, verified: false };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
