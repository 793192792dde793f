import { UpdateCustomerRequest, type CustomerRow } from '@goldledger/contracts';

/** The edit dialog's fields, as typed. */
export interface CustomerFormState {
  name: string;
  email: string;
  aadharNumber: string;
  primaryMobile: string;
  secondaryMobile: string;
  presentAddress: string;
  permanentAddress: string;
  emergencyMobile: string;
  emergencyRelation: string;
}
export type CustomerField = keyof CustomerFormState;

/** What `PUT /{prefix}/customers/{aadhar}` is sent: the contract's own reading of the form. */
export type CustomerFormValues = UpdateCustomerRequest;

/** The dialog starts from the row as listed (an employee's Aadhar stays masked: it means "unchanged"). */
export function formFromCustomer(c: CustomerRow): CustomerFormState {
  return {
    name: c.name,
    email: c.email ?? '',
    aadharNumber: c.aadharNumber,
    primaryMobile: c.primaryMobile,
    secondaryMobile: c.secondaryMobile ?? '',
    presentAddress: c.presentAddress,
    permanentAddress: c.permanentAddress,
    emergencyMobile: c.emergencyContact.mobile,
    emergencyRelation: c.emergencyContact.relation,
  };
}

const FIELD_OF_PATH: Record<string, CustomerField> = {
  name: 'name',
  email: 'email',
  aadharNumber: 'aadharNumber',
  primaryMobile: 'primaryMobile',
  secondaryMobile: 'secondaryMobile',
  presentAddress: 'presentAddress',
  permanentAddress: 'permanentAddress',
  'emergencyContact.mobile': 'emergencyMobile',
  'emergencyContact.relation': 'emergencyRelation',
};

/** The order the fields appear in the dialog: the first error gets the focus. */
export const CUSTOMER_FIELDS: readonly CustomerField[] = [
  'name',
  'email',
  'aadharNumber',
  'primaryMobile',
  'secondaryMobile',
  'presentAddress',
  'permanentAddress',
  'emergencyMobile',
  'emergencyRelation',
];

export type CustomerFormCheck =
  | { ok: true; values: CustomerFormValues }
  | { ok: false; errors: Partial<Record<CustomerField, string>>; message: string };

/**
 * The customer form's checks, with the server's own rules and words (contracts' UpdateCustomerRequest):
 * 'Please fill in all required fields', 'Aadhar number must be exactly 12 digits',
 * 10-digit mobiles that differ from one another, names and relations capitalised.
 */
export function checkCustomerForm(form: CustomerFormState): CustomerFormCheck {
  const parsed = UpdateCustomerRequest.safeParse({
    name: form.name,
    email: form.email,
    aadharNumber: form.aadharNumber,
    primaryMobile: form.primaryMobile,
    secondaryMobile: form.secondaryMobile,
    presentAddress: form.presentAddress,
    permanentAddress: form.permanentAddress,
    emergencyContact: { mobile: form.emergencyMobile, relation: form.emergencyRelation },
  });
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: Partial<Record<CustomerField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF_PATH[issue.path.join('.')];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  const first = CUSTOMER_FIELDS.find((f) => errors[f]);
  return { ok: false, errors, message: (first && errors[first]) ?? parsed.error.issues[0]!.message };
}
