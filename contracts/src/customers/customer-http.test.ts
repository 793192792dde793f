import { describe, expect, it } from 'vitest';
import {
  capitaliseWords,
  CreateCustomerRequest,
  UpdateCustomerRequest,
  VerifyCustomerOtpRequest,
} from './customer-http.js';

const form = {
  aadharNumber: '5000 0000 0003',
  name: '  lakshmi   devi ',
  email: ' Lakshmi@Example.COM ',
  primaryMobile: '+91 90000 00003',
  secondaryMobile: '',
  emergencyContact: { mobile: '9000000013', relation: 'elder son' },
  presentAddress: '12 Temple Street, Chennai',
  permanentAddress: '12 Temple Street, Chennai',
  purpose: 'loan_creation',
};

const firstMessage = (
  input: unknown,
  schema: typeof CreateCustomerRequest | typeof UpdateCustomerRequest = CreateCustomerRequest,
) => {
  const r = schema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('the customer form', () => {
  it('normalises what staff type: digits, lower-case email, capitalised name and relation', () => {
    expect(CreateCustomerRequest.parse(form)).toEqual({
      aadharNumber: '500000000003',
      name: 'Lakshmi Devi',
      email: 'lakshmi@example.com',
      primaryMobile: '9000000003',
      secondaryMobile: null,
      emergencyContact: { mobile: '9000000013', relation: 'Elder Son' },
      presentAddress: '12 Temple Street, Chennai',
      permanentAddress: '12 Temple Street, Chennai',
      purpose: 'loan_creation',
    });
  });

  it.each([
    ['no body', undefined, 'Please fill in all required fields'],
    ['a missing name', { ...form, name: undefined }, 'Please fill in all required fields'],
    ['a blank address', { ...form, presentAddress: '  ' }, 'Please fill in all required fields'],
    [
      'a missing relation',
      { ...form, emergencyContact: { mobile: '9000000013' } },
      'Please fill in all required fields',
    ],
    ['no emergency contact', { ...form, emergencyContact: undefined }, 'Please fill in all required fields'],
    ['a missing Aadhar', { ...form, aadharNumber: '' }, 'Please fill in all required fields'],
    [
      'an 11-digit Aadhar',
      { ...form, aadharNumber: '50000000000' },
      'Aadhar number must be exactly 12 digits',
    ],
    [
      'letters in the Aadhar',
      { ...form, aadharNumber: '50000000000x' },
      'Aadhar number must be exactly 12 digits',
    ],
    [
      'no primary mobile',
      { ...form, primaryMobile: '' },
      'Primary mobile number is required for SMS OTP verification.',
    ],
    ['a short mobile', { ...form, primaryMobile: '90000' }, 'Please enter a valid 10-digit mobile number'],
    [
      'a short secondary mobile',
      { ...form, secondaryMobile: '12' },
      'Please enter a valid 10-digit mobile number',
    ],
    ['a bad email', { ...form, email: 'lakshmi@' }, 'Please enter a valid email address'],
    [
      'a repeated mobile',
      { ...form, secondaryMobile: '9000000003' },
      'Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different',
    ],
    [
      'an emergency number equal to the primary',
      { ...form, emergencyContact: { mobile: '9000000003', relation: 'son' } },
      'Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different',
    ],
    ['a 101-character name', { ...form, name: 'a'.repeat(101) }, 'Name must be at most 100 characters'],
  ])('refuses %s with its message', (_what, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('takes the masked Aadhar back in an edit, and nothing else that is not 12 digits', () => {
    expect(UpdateCustomerRequest.parse({ ...form, aadharNumber: '****-****-0003' }).aadharNumber).toBe(
      '****-****-0003',
    );
    expect(firstMessage({ ...form, aadharNumber: '****-0003' }, UpdateCustomerRequest)).toBe(
      'Aadhar number must be exactly 12 digits',
    );
  });
});

describe('the verify-customer-otp request', () => {
  it('needs the primary mobile the code went to', () => {
    expect(VerifyCustomerOtpRequest.parse({ phoneNumber: '9000000003', otp: '123456' })).toEqual({
      phoneNumber: '9000000003',
      otp: '123456',
    });
    const onlyEmail = VerifyCustomerOtpRequest.safeParse({ email: 'a@b.in', otp: '123456' });
    expect(onlyEmail.error?.issues[0]?.message).toBe(
      'Primary mobile number is required for SMS OTP verification.',
    );
    const nothing = VerifyCustomerOtpRequest.safeParse({ otp: '123456' });
    expect(nothing.error?.issues[0]?.message).toBe(
      'No customer contact information found. Please go back and try again.',
    );
  });
});

describe('capitaliseWords', () => {
  it('capitalises the first letter of each word and keeps the rest as typed', () => {
    expect(capitaliseWords('lakshmi devi')).toBe('Lakshmi Devi');
    expect(capitaliseWords('mary-jane mcDonald')).toBe('Mary-Jane McDonald');
    expect(capitaliseWords('k.r. rao')).toBe('K.R. Rao');
    expect(capitaliseWords('éva')).toBe('Éva');
  });
});
