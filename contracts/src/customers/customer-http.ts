import { z } from 'zod';
import { BranchFilterQuery } from '../branches/branch-http.js';
import { Otp } from '../identity/auth-http.js';
import { IndianMobile, MOBILE_MESSAGE, OptionalIndianMobile } from '../identity/mobile.js';
import { CustomerProfile } from './customer-events.js';
import { RepaymentType } from '../lending/sanction.js';

/** The customer form's messages, shared by the server and the web form so both say the same. */
export const CUSTOMER_MESSAGES = {
  required: 'Please fill in all required fields',
  aadhar: 'Aadhar number must be exactly 12 digits',
  mobile: MOBILE_MESSAGE,
  email: 'Please enter a valid email address',
  distinctMobiles: 'Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different',
  primaryMobileRequired: 'Primary mobile number is required for SMS OTP verification.',
  noContact: 'No customer contact information found. Please go back and try again.',
  duplicateAadhar: 'A customer with this Aadhar number already exists',
  notFound: 'Customer not found',
  wrongOtp: 'Wrong OTP. Please check and try again.',
  updated: 'Customer updated successfully',
} as const;

export const CUSTOMER_LIMITS = {
  nameLength: 100,
  relationLength: 50,
  addressLength: 500,
  emailLength: 254,
  searchLength: 100,
  pageSize: 20,
  maxPageSize: 100,
} as const;

/**
 * Capitalises the first letter of each word of a name, leaving the rest as typed so
 * "McDonald" and initials survive: "lakshmi devi" → "Lakshmi Devi", "mary-jane" → "Mary-Jane".
 */
export const capitaliseWords = (text: string): string =>
  text.replace(
    /(^|[\s.-])(\p{Ll})/gu,
    (_match, before: string, letter: string) => before + letter.toUpperCase(),
  );

const oneLine = (text: string) => text.trim().replace(/\s+/g, ' ');

/** Control characters other than tab and newline (a NUL cannot even be stored). */
const stripControls = (text: string) => text.replace(/(?![\t\n])\p{Cc}/gu, '');

/** A required text: missing or blank gets the form's one required-field message. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: CUSTOMER_MESSAGES.required })
    .transform(stripControls)
    .pipe(
      z
        .string()
        .trim()
        .min(1, CUSTOMER_MESSAGES.required)
        .max(max, `${label} must be at most ${max} characters`),
    );

const requiredMobile = (missing: string) => IndianMobile(CUSTOMER_MESSAGES.mobile, missing);

/** Empty, null or absent all mean "not given". */
const optionalMobile = OptionalIndianMobile(CUSTOMER_MESSAGES.mobile);

const optionalEmail = z
  .string({ error: CUSTOMER_MESSAGES.email })
  .trim()
  .nullish()
  .transform((e) => e || null)
  .pipe(
    z
      .email(CUSTOMER_MESSAGES.email)
      .max(CUSTOMER_LIMITS.emailLength, CUSTOMER_MESSAGES.email)
      .transform((e) => e.toLowerCase())
      .nullable(),
  );

/** 12 digits; spaces and dashes as printed on the card (`1234 5678 9012`) are dropped. */
export const AadharNumber = z
  .string({ error: CUSTOMER_MESSAGES.required })
  .trim()
  .min(1, CUSTOMER_MESSAGES.required)
  .transform((a) => a.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12}$/, CUSTOMER_MESSAGES.aadhar));

/** How employees see an Aadhar number (`maskAadhar`); an edit form may send it back unchanged. */
export const MASKED_AADHAR = /^\*{4}-\*{4}-(\d{4})$/;

/** Primary, secondary and emergency numbers, where filled in, must differ: three numbers, three people to reach. */
function distinctMobiles(
  v: { primaryMobile?: unknown; secondaryMobile?: unknown; emergencyContact?: { mobile?: unknown } },
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>();
  const fields: Array<[unknown, Array<string>]> = [
    [v.primaryMobile, ['primaryMobile']],
    [v.secondaryMobile, ['secondaryMobile']],
    [v.emergencyContact?.mobile, ['emergencyContact', 'mobile']],
  ];
  for (const [value, path] of fields) {
    if (typeof value !== 'string' || value === '') continue;
    if (seen.has(value)) {
      ctx.addIssue({ code: 'custom', message: CUSTOMER_MESSAGES.distinctMobiles, path });
      return;
    }
    seen.add(value);
  }
}

/** The fields of the staff's customer form, with the Aadhar rule of the request it is for. */
const customerFields = <A extends z.ZodType<string>>(aadharNumber: A) => ({
  aadharNumber,
  name: requiredText('Name', CUSTOMER_LIMITS.nameLength).transform(oneLine).transform(capitaliseWords),
  email: optionalEmail,
  primaryMobile: requiredMobile(CUSTOMER_MESSAGES.primaryMobileRequired),
  secondaryMobile: optionalMobile,
  emergencyContact: z.object(
    {
      mobile: requiredMobile(CUSTOMER_MESSAGES.required),
      relation: requiredText('Relation', CUSTOMER_LIMITS.relationLength)
        .transform(oneLine)
        .transform(capitaliseWords),
    },
    { error: CUSTOMER_MESSAGES.required },
  ),
  presentAddress: requiredText('Present address', CUSTOMER_LIMITS.addressLength),
  permanentAddress: requiredText('Permanent address', CUSTOMER_LIMITS.addressLength),
  /** The wizard sends 'loan_creation'; informational only. */
  purpose: z.string().max(50).nullish(),
});

/**
 * POST /{prefix}/customers: staff register a customer (the first step of the add-loan wizard).
 * `branchId`: the branch the relationship belongs to. An employee of one branch may leave
 * it out; one who works at several must say which; an admin's default is the main branch.
 */
export const CreateCustomerRequest = z
  .object(
    { ...customerFields(AadharNumber), branchId: z.uuid('Branch not found').optional() },
    { error: CUSTOMER_MESSAGES.required },
  )
  .superRefine(distinctMobiles);
export type CreateCustomerRequest = z.infer<typeof CreateCustomerRequest>;

/**
 * PUT /{prefix}/customers/{aadhar}: the same fields. An employee's edit dialog holds the
 * masked number (`****-****-1234`); sent back as is, it means "unchanged".
 */
export const UpdateCustomerRequest = z
  .object(
    customerFields(
      z
        .string({ error: CUSTOMER_MESSAGES.required })
        .trim()
        .min(1, CUSTOMER_MESSAGES.required)
        .transform((a) => (MASKED_AADHAR.test(a) ? a : a.replace(/[\s-]/g, '')))
        .pipe(
          z.string().refine((a) => /^\d{12}$/.test(a) || MASKED_AADHAR.test(a), CUSTOMER_MESSAGES.aadhar),
        ),
    ),
    { error: CUSTOMER_MESSAGES.required },
  )
  .superRefine(distinctMobiles);
export type UpdateCustomerRequest = z.infer<typeof UpdateCustomerRequest>;

/** The path key of a customer: an Aadhar number (the seeds' choice), a `CUS…` number or the `_id`. */
export const CustomerRefParams = z.object({ aadhar: z.string().trim().min(1).max(100) });
export const CheckAadharParams = z.object({ aadhar: AadharNumber });

export const EmergencyContactResponse = z.object({ mobile: z.string(), relation: z.string() });

/** A customer as every customer route answers it; `aadharNumber` is masked unless the caller is an admin. */
export const CustomerDetails = CustomerProfile.extend({
  _id: z.string(),
  customerId: z.string(),
  /** The branch the relationship belongs to. */
  branchId: z.string(),
  /** Masked unless the caller is an admin. */
  aadharNumber: z.string(),
  emergencyContact: EmergencyContactResponse,
  verified: z.boolean(),
  hasUserAccount: z.boolean(),
});
export type CustomerDetails = z.infer<typeof CustomerDetails>;

/** Rupees and percent, as the API speaks them. */
export const CustomerLatestLoan = z.object({
  _id: z.string(),
  loanId: z.string(),
  amount: z.number(),
  term: z.number().int(),
  repaymentType: RepaymentType,
  interestRate: z.number(),
  monthlyPayment: z.number(),
  totalPayment: z.number(),
  status: z.string(),
  disbursementDate: z.string(),
  depositedBank: z.string().nullable(),
  renewalDate: z.string().nullable(),
});

/** Grams. */
export const CustomerGoldItem = z.object({
  description: z.string(),
  grossWeight: z.number(),
  netWeight: z.number(),
  purityKarat: z.number().int(),
});

/** A customer as the staff list shows them; `goldItems` are the latest loan's. */
export const CustomerRow = CustomerDetails.extend({
  mongoId: z.string(),
  activeLoans: z.number().int(),
  totalLoans: z.number().int(),
  latestLoan: CustomerLatestLoan.nullable(),
  goldItems: z.array(CustomerGoldItem),
  createdAt: z.string(),
});
export type CustomerRow = z.infer<typeof CustomerRow>;

export const CustomerListQuery = z.object({
  search: z
    .string()
    .max(CUSTOMER_LIMITS.searchLength)
    .transform(stripControls)
    .pipe(z.string().trim())
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(CUSTOMER_LIMITS.maxPageSize).default(CUSTOMER_LIMITS.pageSize),
  ...BranchFilterQuery.shape,
});

export const CustomerListResponse = z.object({
  data: z.array(CustomerRow),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});

export const CheckAadharResponse = z.object({
  exists: z.boolean(),
  customerDetails: CustomerDetails.nullable(),
});

export const CreateCustomerResponse = z.object({
  message: z.string(),
  customer: CustomerDetails,
  /** Seconds the code is valid and until another may be sent; null when none could be sent now. */
  expiresInSeconds: z.number().int().nullable(),
  resendInSeconds: z.number().int(),
});

/** POST /{prefix}/verify-customer-otp: the code was sent to the primary mobile (and email). */
export const VerifyCustomerOtpRequest = z
  .object(
    {
      email: z.string().trim().max(CUSTOMER_LIMITS.emailLength).nullish(),
      phoneNumber: OptionalIndianMobile(CUSTOMER_MESSAGES.mobile),
      otp: Otp,
    },
    { error: CUSTOMER_MESSAGES.noContact },
  )
  .superRefine((v, ctx) => {
    if (v.phoneNumber !== null && v.phoneNumber !== undefined) return;
    ctx.addIssue({
      code: 'custom',
      path: ['phoneNumber'],
      message: v.email ? CUSTOMER_MESSAGES.primaryMobileRequired : CUSTOMER_MESSAGES.noContact,
    });
  })
  .transform(({ otp, phoneNumber }) => ({ otp, phoneNumber: phoneNumber as string }));

export const VerifyCustomerOtpResponse = z.object({
  message: z.string(),
  customer: CustomerDetails,
  /** True when this verification opened the customer's sign-in account (see `customer.hasUserAccount`). */
  accountOpened: z.boolean(),
});

/** The customer the loan OTP gate is for: its `_id` or `CUS…` number. */
const customerRef = z
  .string({ error: CUSTOMER_MESSAGES.noContact })
  .trim()
  .min(1, CUSTOMER_MESSAGES.noContact)
  .max(100, CUSTOMER_MESSAGES.notFound);

/** POST /loans/send-otp: the customer's verification code goes to the contacts on file, never to a number typed in the request. */
export const SendLoanOtpRequest = z.object(
  { customerId: customerRef, email: z.string().trim().max(CUSTOMER_LIMITS.emailLength).nullish() },
  { error: CUSTOMER_MESSAGES.noContact },
);
export const SendLoanOtpResponse = z.object({
  message: z.string(),
  expiresInSeconds: z.number().int(),
  resendInSeconds: z.number().int(),
});

export const VerifyLoanOtpRequest = z.object(
  {
    customerId: customerRef,
    email: z.string().trim().max(CUSTOMER_LIMITS.emailLength).nullish(),
    otp: Otp,
  },
  { error: CUSTOMER_MESSAGES.noContact },
);
export const VerifyLoanOtpResponse = z.object({
  message: z.string(),
  verified: z.literal(true),
  customer: CustomerDetails,
});

export const CustomerSavedResponse = z.object({ message: z.string(), data: CustomerRow });
