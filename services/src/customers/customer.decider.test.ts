import { DEFAULT_BRANCH_ID, type CustomerEvent, type CustomerProfile } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../platform/decider.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { customerDecider, formatCustomerNumber } from './customer.decider.js';

const spec = deciderSpec(customerDecider);

const profile: CustomerProfile = {
  aadharNumber: '500000000003',
  name: 'Lakshmi Devi',
  email: 'lakshmi@example.com',
  primaryMobile: '9000000003',
  secondaryMobile: '9000000004',
  emergencyContact: { mobile: '9000000013', relation: 'Son' },
  presentAddress: '12 Temple Street, Chennai',
  permanentAddress: '12 Temple Street, Chennai',
};
const userId = '5f0c7a56-1c1e-4b8e-9d7e-1a2b3c4d5e6f';
const branchId = DEFAULT_BRANCH_ID;

const registered: CustomerEvent = {
  type: 'CustomerRegistered',
  data: { ...profile, customerId: 'CUS000001', branchId },
};
const verified: CustomerEvent = { type: 'CustomerVerified', data: { channel: 'sms' } };
const linked: CustomerEvent = { type: 'CustomerAccountLinked', data: { userId } };

describe('registering a customer', () => {
  it('records the profile with its customer number, unverified', () => {
    spec
      .given([])
      .when({ type: 'RegisterCustomer', customerId: 'CUS000001', profile, branchId })
      .then([registered]);
  });

  it('happens once per stream', () => {
    spec
      .given([registered])
      .when({ type: 'RegisterCustomer', customerId: 'CUS000002', profile, branchId })
      .thenThrows('Customer already exists');
  });

  it.each([
    [{ aadharNumber: '12345' }, 'Aadhar number must be exactly 12 digits'],
    [{ primaryMobile: '' }, 'Primary mobile number is required for SMS OTP verification.'],
    [{ name: ' ' }, 'Please fill in all required fields'],
    [{ presentAddress: '' }, 'Please fill in all required fields'],
    [{ emergencyContact: { mobile: '9000000013', relation: '' } }, 'Please fill in all required fields'],
    [{ secondaryMobile: '90000' }, 'Please enter a valid 10-digit mobile number'],
    [
      { secondaryMobile: '9000000003' },
      'Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different',
    ],
    [
      { emergencyContact: { mobile: '9000000004', relation: 'Son' } },
      'Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different',
    ],
  ] as const)('refuses %j with "%s"', (change, message) => {
    spec
      .given([])
      .when({
        type: 'RegisterCustomer',
        customerId: 'CUS000001',
        profile: { ...profile, ...change },
        branchId,
      })
      .thenThrows(message);
  });

  it('allows no secondary mobile', () => {
    const noSecondary = { ...profile, secondaryMobile: null, email: null };
    spec
      .given([])
      .when({ type: 'RegisterCustomer', customerId: 'CUS000001', profile: noSecondary, branchId })
      .then([{ type: 'CustomerRegistered', data: { ...noSecondary, customerId: 'CUS000001', branchId } }]);
  });

  it('records the branch the relationship belongs to', () => {
    const elsewhere = '3f0b8c1e-5d2a-4c7e-9b1f-2a3c4d5e6f70';
    spec
      .given([])
      .when({ type: 'RegisterCustomer', customerId: 'CUS000001', profile, branchId: elsewhere })
      .then([
        { type: 'CustomerRegistered', data: { ...profile, customerId: 'CUS000001', branchId: elsewhere } },
      ]);
  });

  it('refuses a malformed customer number', () => {
    spec
      .given([])
      .when({ type: 'RegisterCustomer', customerId: 'C1', profile, branchId })
      .thenThrows('Customer number must look like CUS000001');
  });
});

describe('verifying a customer', () => {
  it('records the channel the code went to, once', () => {
    spec.given([registered]).when({ type: 'VerifyCustomer', channel: 'sms' }).then([verified]);
    spec.given([registered, verified]).when({ type: 'VerifyCustomer', channel: 'email' }).then([]);
  });

  it('refuses an unknown customer with a 404', () => {
    spec.given([]).when({ type: 'VerifyCustomer', channel: 'sms' }).thenThrows('Customer not found');
    const refusal = (() => {
      try {
        return customerDecider.decide({ type: 'VerifyCustomer', channel: 'sms' }, null);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ status: 404, code: 'customer_not_found' });
  });
});

describe('updating a customer', () => {
  it('records the whole profile after the edit', () => {
    const edited = { ...profile, name: 'Lakshmi Devi R', aadharNumber: '500000000099' };
    spec
      .given([registered])
      .when({ type: 'UpdateCustomer', profile: edited })
      .then([{ type: 'CustomerUpdated', data: edited }]);
  });

  it('records nothing when nothing changed', () => {
    spec
      .given([registered])
      .when({ type: 'UpdateCustomer', profile: { ...profile } })
      .then([]);
  });

  it('keeps the profile rules', () => {
    spec
      .given([registered])
      .when({ type: 'UpdateCustomer', profile: { ...profile, secondaryMobile: profile.primaryMobile } })
      .thenThrows('Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different');
    spec.given([]).when({ type: 'UpdateCustomer', profile }).thenThrows('Customer not found');
  });
});

describe('linking a sign-in account', () => {
  it('links one account to a verified customer', () => {
    spec.given([registered, verified]).when({ type: 'LinkCustomerAccount', userId }).then([linked]);
    spec.given([registered, verified, linked]).when({ type: 'LinkCustomerAccount', userId }).then([]);
  });

  it('refuses a second account', () => {
    spec
      .given([registered, verified, linked])
      .when({ type: 'LinkCustomerAccount', userId: '00000000-0000-4000-8000-000000000001' })
      .thenThrows('This customer already has a sign-in account');
  });

  it('refuses an unverified customer', () => {
    spec
      .given([registered])
      .when({ type: 'LinkCustomerAccount', userId })
      .thenThrows('Customer must be verified before a sign-in account is opened');
  });
});

describe('customer numbers', () => {
  it('have six digits at least', () => {
    expect(formatCustomerNumber(1)).toBe('CUS000001');
    expect(formatCustomerNumber(123_456)).toBe('CUS123456');
    expect(formatCustomerNumber(1_234_567)).toBe('CUS1234567');
  });
});
