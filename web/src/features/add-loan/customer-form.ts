import {
  CreateCustomerRequest,
  CUSTOMER_MESSAGES,
  capitaliseWords,
  type CustomerDetails,
} from '@goldledger/contracts';
import type { z } from 'zod';
import { tidyMobile } from '@/lib/mobile-input';

/** Step 1 of the wizard: every field as typed. */
export interface CustomerFormValues {
  aadharNumber: string;
  name: string;
  email: string;
  primaryMobile: string;
  secondaryMobile: string;
  emergencyMobile: string;
  emergencyRelation: string;
  presentAddress: string;
  permanentAddress: string;
}
export type CustomerField = keyof CustomerFormValues;

export const EMPTY_CUSTOMER: CustomerFormValues = {
  aadharNumber: '',
  name: '',
  email: '',
  primaryMobile: '',
  secondaryMobile: '',
  emergencyMobile: '',
  emergencyRelation: '',
  presentAddress: '',
  permanentAddress: '',
};

export const AADHAR_LENGTH = 12;

/** The digits of what was typed or pasted, at most `max` of them (Aadhar, mobiles, OTP). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** How a field's typing is tidied as it happens: digits for numbers, capitals for names. */
export function tidyField(field: CustomerField, value: string): string {
  switch (field) {
    case 'aadharNumber':
      return digitsOnly(value, AADHAR_LENGTH);
    case 'primaryMobile':
    case 'secondaryMobile':
    case 'emergencyMobile':
      return tidyMobile(value);
    case 'name':
    case 'emergencyRelation':
      return capitaliseWords(value);
    default:
      return value;
  }
}

/** The submit button's words. */
export function addCustomerLabel(values: Pick<CustomerFormValues, 'email'>, busy: boolean): string {
  if (busy) return 'Creating Customer...';
  return values.email.trim() ? 'Add Customer & Send OTP' : 'Add Customer';
}

export type CustomerRequestBody = z.input<typeof CreateCustomerRequest>;

export type CustomerCheck =
  | { ok: true; body: CustomerRequestBody }
  | { ok: false; fieldErrors: Partial<Record<CustomerField, string>>; messages: string[] };

const FIELD_OF_PATH: Record<string, CustomerField> = {
  aadharNumber: 'aadharNumber',
  name: 'name',
  email: 'email',
  primaryMobile: 'primaryMobile',
  secondaryMobile: 'secondaryMobile',
  'emergencyContact.mobile': 'emergencyMobile',
  'emergencyContact.relation': 'emergencyRelation',
  presentAddress: 'presentAddress',
  permanentAddress: 'permanentAddress',
};

/** The request body of `POST /{area}/customers`, or what is wrong with the form, in the server's own words. */
export function checkCustomerForm(values: CustomerFormValues): CustomerCheck {
  const body: CustomerRequestBody = {
    aadharNumber: values.aadharNumber.trim(),
    name: values.name,
    email: values.email.trim() || null,
    primaryMobile: values.primaryMobile.trim(),
    secondaryMobile: values.secondaryMobile.trim() || null,
    emergencyContact: { mobile: values.emergencyMobile.trim(), relation: values.emergencyRelation },
    presentAddress: values.presentAddress,
    permanentAddress: values.permanentAddress,
    purpose: 'loan_creation',
  };
  const parsed = CreateCustomerRequest.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const fieldErrors: Partial<Record<CustomerField, string>> = {};
  const messages: string[] = [];
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF_PATH[issue.path.join('.')];
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  // Required fields first: it is the message that tells staff what to do next.
  messages.sort(
    (a, b) => Number(b === CUSTOMER_MESSAGES.required) - Number(a === CUSTOMER_MESSAGES.required),
  );
  return { ok: false, fieldErrors, messages };
}

/** An existing customer's details in the form; the Aadhar stays as typed (employees get it masked). */
export function valuesFromCustomer(aadharNumber: string, c: CustomerDetails): CustomerFormValues {
  return {
    aadharNumber,
    name: c.name,
    email: c.email ?? '',
    primaryMobile: c.primaryMobile,
    secondaryMobile: c.secondaryMobile ?? '',
    emergencyMobile: c.emergencyContact.mobile,
    emergencyRelation: c.emergencyContact.relation,
    presentAddress: c.presentAddress,
    permanentAddress: c.permanentAddress,
  };
}
