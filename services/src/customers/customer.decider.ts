import { CUSTOMER_MESSAGES, type CustomerEvent, type CustomerProfile } from '@goldledger/contracts';
import { DomainError, type Decider } from '../platform/decider.js';
import { evolveCustomer, initialCustomerState, type Customer, type CustomerState } from './customer.state.js';

export type CustomerCommand =
  | { type: 'RegisterCustomer'; customerId: string; profile: CustomerProfile; branchId: string }
  | { type: 'VerifyCustomer'; channel: 'sms' | 'email' }
  | { type: 'UpdateCustomer'; profile: CustomerProfile }
  | { type: 'LinkCustomerAccount'; userId: string };

const TEN_DIGITS = /^\d{10}$/;

/**
 * The profile rules the log must never hold a breach of, whoever sends the command
 * (the HTTP contract checks the same with field-level messages first).
 */
export function checkProfile(p: CustomerProfile): void {
  if (!/^\d{12}$/.test(p.aadharNumber)) throw new DomainError(CUSTOMER_MESSAGES.aadhar, 'aadhar_invalid');
  if (!p.primaryMobile) {
    throw new DomainError(CUSTOMER_MESSAGES.primaryMobileRequired, 'primary_mobile_required');
  }
  const required = [
    p.name,
    p.emergencyContact.mobile,
    p.emergencyContact.relation,
    p.presentAddress,
    p.permanentAddress,
  ];
  if (required.some((v) => v.trim() === '')) throw new DomainError(CUSTOMER_MESSAGES.required, 'required');
  const mobiles = [p.primaryMobile, p.secondaryMobile, p.emergencyContact.mobile].filter(
    (m): m is string => m !== null,
  );
  if (mobiles.some((m) => !TEN_DIGITS.test(m)))
    throw new DomainError(CUSTOMER_MESSAGES.mobile, 'mobile_invalid');
  if (new Set(mobiles).size !== mobiles.length) {
    throw new DomainError(CUSTOMER_MESSAGES.distinctMobiles, 'mobiles_not_distinct');
  }
}

const mustExist = (state: CustomerState): Customer => {
  if (!state) throw new DomainError(CUSTOMER_MESSAGES.notFound, 'customer_not_found', 404);
  return state;
};

const sameProfile = (a: CustomerProfile, b: CustomerProfile) =>
  a.aadharNumber === b.aadharNumber &&
  a.name === b.name &&
  a.email === b.email &&
  a.primaryMobile === b.primaryMobile &&
  a.secondaryMobile === b.secondaryMobile &&
  a.emergencyContact.mobile === b.emergencyContact.mobile &&
  a.emergencyContact.relation === b.emergencyContact.relation &&
  a.presentAddress === b.presentAddress &&
  a.permanentAddress === b.permanentAddress;

export function decideCustomer(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  switch (command.type) {
    case 'RegisterCustomer': {
      if (state) throw new DomainError('Customer already exists', 'customer_exists', 409);
      if (!/^CUS\d{6,}$/.test(command.customerId)) {
        throw new DomainError('Customer number must look like CUS000001', 'customer_id_invalid');
      }
      checkProfile(command.profile);
      return [
        {
          type: 'CustomerRegistered',
          data: { ...command.profile, customerId: command.customerId, branchId: command.branchId },
        },
      ];
    }
    case 'VerifyCustomer':
      // Verifying again (another OTP gate before a later loan) changes nothing.
      return mustExist(state).verified
        ? []
        : [{ type: 'CustomerVerified', data: { channel: command.channel } }];
    case 'UpdateCustomer': {
      const customer = mustExist(state);
      checkProfile(command.profile);
      if (sameProfile(customer.profile, command.profile)) return [];
      // A new primary mobile is not proved: the customer is verified again before a loan.
      const mobileChanged = customer.profile.primaryMobile !== command.profile.primaryMobile;
      return mobileChanged && customer.verified
        ? [
            { type: 'CustomerUpdated', data: command.profile },
            { type: 'CustomerVerificationCleared', data: { reason: 'primary_mobile_changed' } },
          ]
        : [{ type: 'CustomerUpdated', data: command.profile }];
    }
    case 'LinkCustomerAccount': {
      const customer = mustExist(state);
      if (customer.userId === command.userId) return [];
      if (customer.userId) {
        throw new DomainError('This customer already has a sign-in account', 'account_linked', 409);
      }
      if (!customer.verified) {
        throw new DomainError(
          'Customer must be verified before a sign-in account is opened',
          'not_verified',
          409,
        );
      }
      return [{ type: 'CustomerAccountLinked', data: { userId: command.userId } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const customerDecider: Decider<CustomerCommand, CustomerEvent, CustomerState> = {
  initialState: initialCustomerState,
  evolve: evolveCustomer,
  decide: decideCustomer,
};

/** The customer's uuid from its stream id (`customer-<uuid>`). */
export const customerUuidOf = (streamId: string) => streamId.replace(/^customer-/, '');

/** `CUS000123`: six digits at least, more once a million customers are reached. */
export const formatCustomerNumber = (n: number) => `CUS${String(n).padStart(6, '0')}`;
