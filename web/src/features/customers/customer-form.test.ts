import { CUSTOMER_MESSAGES, type CustomerRow } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import { checkCustomerForm, formFromCustomer, type CustomerFormState } from './customer-form';

const row = {
  _id: '7b0f6c1e-0000-4000-8000-000000000001',
  mongoId: '7b0f6c1e-0000-4000-8000-000000000001',
  customerId: 'CUS000001',
  branchId: '00000000-0000-4000-8000-0000000b7a01',
  name: 'Lakshmi Devi',
  email: null,
  aadharNumber: '****-****-0003',
  primaryMobile: '9000000003',
  secondaryMobile: null,
  emergencyContact: { mobile: '9000000013', relation: 'Son' },
  presentAddress: '12 Temple Street, Madurai',
  permanentAddress: '12 Temple Street, Madurai',
  verified: true,
  hasUserAccount: true,
  activeLoans: 1,
  totalLoans: 3,
  latestLoan: null,
  goldItems: [],
  createdAt: '2026-01-01T00:00:00.000Z',
} satisfies CustomerRow;

const form = (patch: Partial<CustomerFormState> = {}) => ({ ...formFromCustomer(row), ...patch });

describe('checkCustomerForm', () => {
  it('accepts the row as listed, masked Aadhar included, and sends empty optionals as null', () => {
    const check = checkCustomerForm(form());
    expect(check).toEqual({
      ok: true,
      values: expect.objectContaining({
        aadharNumber: '****-****-0003',
        email: null,
        secondaryMobile: null,
        emergencyContact: { mobile: '9000000013', relation: 'Son' },
      }),
    });
  });

  it('capitalises names and relations', () => {
    const check = checkCustomerForm(form({ name: 'meena  kumari', emergencyRelation: 'elder brother' }));
    expect(check.ok && check.values.name).toBe('Meena Kumari');
    expect(check.ok && check.values.emergencyContact.relation).toBe('Elder Brother');
  });

  it('asks for every required field with the seeds’ one message', () => {
    const check = checkCustomerForm(form({ name: ' ', presentAddress: '' }));
    expect(check).toMatchObject({
      ok: false,
      message: CUSTOMER_MESSAGES.required,
      errors: { name: CUSTOMER_MESSAGES.required, presentAddress: CUSTOMER_MESSAGES.required },
    });
  });

  it('wants exactly 12 Aadhar digits', () => {
    const check = checkCustomerForm(form({ aadharNumber: '12345' }));
    expect(check).toMatchObject({
      ok: false,
      errors: { aadharNumber: 'Aadhar number must be exactly 12 digits' },
    });
    expect(checkCustomerForm(form({ aadharNumber: '1234 5678 9012' })).ok).toBe(true);
  });

  it('wants the three mobile numbers to differ', () => {
    const check = checkCustomerForm(form({ secondaryMobile: '9000000003' }));
    expect(check).toMatchObject({
      ok: false,
      message: 'Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different',
      errors: {
        secondaryMobile: 'Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different',
      },
    });
  });

  it('points the primary mobile’s absence at the OTP rule', () => {
    const check = checkCustomerForm(form({ primaryMobile: '' }));
    expect(check).toMatchObject({
      ok: false,
      errors: { primaryMobile: 'Primary mobile number is required for SMS OTP verification.' },
    });
  });
});
