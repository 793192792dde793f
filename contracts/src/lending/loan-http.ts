import { z } from 'zod';
import { OptionalIndianMobile } from '../identity/mobile.js';
import { ExpectedVersionField } from './expected-version.js';
import { BusinessDate } from './dates.js';
import { MAX_REQUEST_RUPEES, MAX_REQUEST_RUPEES_TEXT } from './money.js';
import { Grams, Rupees } from './money-schemas.js';
import { DisbursementMethod, PaymentMethod, PaymentType } from './loan-events.js';
import { DisbursementMode, ItemType, LoanPurpose, RepaymentType } from './sanction.js';
import { LENDING_POLICY } from './policy.js';

/** A gold item as the forms send it: grams (0.01 g steps), purity in karat (22 unless told). */
export const GoldItemInput = (message: string) =>
  z.object(
    {
      description: z.string({ error: message }).trim().min(1, message),
      grossWeight: Grams('Gross weight').refine((g) => g > 0, message),
      netWeight: Grams('Net weight').refine((g) => g > 0, message),
      purityKarat: z
        .number({ error: 'Purity must be between 1 and 24 karat' })
        .int('Purity must be between 1 and 24 karat')
        .min(1, 'Purity must be between 1 and 24 karat')
        .max(24, 'Purity must be between 1 and 24 karat')
        .optional(),
      /** Ornament (default) or coin; bullion and bars are refused. */
      itemType: ItemType.optional(),
      /** Fineness in parts per thousand (916 = 22K); wins over `purityKarat` when both are sent. */
      purity: z
        .number({ error: 'Purity must be a fineness between 1 and 999 (916 is 22K)' })
        .int('Purity must be a fineness between 1 and 999 (916 is 22K)')
        .min(1, 'Purity must be a fineness between 1 and 999 (916 is 22K)')
        .max(999, 'Purity must be a fineness between 1 and 999 (916 is 22K)')
        .optional(),
      /** Stones and other non-gold weight taken off the gross weight, each with a reason. */
      deductions: z
        .array(
          z.object({
            kind: z.enum(['stones', 'other'], { error: 'A deduction is for stones or other' }),
            weight: Grams('Deduction weight').refine((g) => g > 0, 'Deduction weight must be more than 0'),
            reason: z
              .string({ error: 'Please give a reason for each deduction' })
              .trim()
              .min(1, 'Please give a reason for each deduction')
              .max(200, 'Reason must be at most 200 characters'),
          }),
        )
        .max(20, 'At most 20 deductions per item')
        .optional(),
      /** An uploaded photo of the item. */
      photoId: z.string().trim().min(1).max(100).optional(),
    },
    { error: message },
  );
export type GoldItemInput = z.infer<ReturnType<typeof GoldItemInput>>;

export const CREATE_ITEMS_MESSAGE = 'Please add at least one gold item with complete details';
const EDIT_ITEMS_MESSAGE = 'All gold items must have a description and valid weights';

/** `YYYY-MM-DD`, or an ISO date-time whose date part is taken (the forms send either); empty means today. */
export const LoanDate = z
  .string()
  .trim()
  .transform((s) => (s.length > 10 && /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s))
  .pipe(z.union([z.literal(''), BusinessDate]));

const FINAL_RATE_PERCENT = LENDING_POLICY.upgradeLadderBps.at(-1)! / 100;

export const InterestRatePercent = z
  .number({ error: 'Interest rate is required' })
  .min(0, 'Interest rate cannot be negative')
  .max(FINAL_RATE_PERCENT, `Interest rate cannot be more than ${FINAL_RATE_PERCENT}%`)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Interest rate can have at most 2 decimals');

export const CreateLoanRequest = z.object({
  /** The customer's `_id` (or their `CUS…` number). */
  customerId: z.string({ error: 'Please choose a customer' }).trim().min(1, 'Please choose a customer'),
  goldItems: z
    .array(GoldItemInput(CREATE_ITEMS_MESSAGE), { error: CREATE_ITEMS_MESSAGE })
    .min(1, CREATE_ITEMS_MESSAGE),
  interestRate: InterestRatePercent,
  amount: Rupees('Loan amount').refine((n) => n >= 100, 'Loan amount must be at least 100'),
  term: z
    .number({ error: 'Loan duration must be at least 1 month' })
    .int('Loan duration must be a whole number of months')
    .min(1, 'Loan duration must be at least 1 month'),
  /** The form's own figures: checked for sense; the server computes the real ones. */
  monthlyPayment: z.number().gt(0, 'Invalid monthly payment amount').optional(),
  totalPayment: z.number().gt(0, 'Invalid total payment amount').optional(),
  customLoanDate: LoanDate.optional(),
  /** Why a loan is dated further back than an employee may date it (admins only); recorded in the event. */
  loanDateReason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
  /** Cash from the branch's drawer (into its cash book) unless told bank. */
  disbursementMethod: DisbursementMethod.default('cash'),
  /** Cash, bank transfer or UPI (wins over `disbursementMethod`); the latter two need `disbursementReference`. */
  disbursementMode: DisbursementMode.optional(),
  disbursementReference: z
    .string()
    .trim()
    .min(1)
    .max(100, 'Reference must be at most 100 characters')
    .optional(),
  /** Consumption unless told: decides the LTV tier. */
  purpose: LoanPurpose.default('consumption'),
  /** EMI (the seeds' loans) unless told. */
  repaymentType: RepaymentType.default('emi'),
});
export type CreateLoanRequest = z.infer<typeof CreateLoanRequest>;

export const LoanIdParams = z.object({ id: z.uuid('Loan not found') });
export const PaymentIdParams = z.object({
  id: z.uuid('Loan not found'),
  paymentId: z.uuid('Payment not found'),
});

export const RecordPaymentRequest = z.object({
  amount: Rupees('Amount').refine((n) => n > 0, 'Amount must be more than 0'),
  paymentMethod: PaymentMethod.default('handcash'),
  transactionId: z.string().trim().max(100).nullish(),
  bankName: z.string().trim().max(100).nullish(),
  paymentType: PaymentType.default('total'),
  /** Default today. */
  repaymentDate: LoanDate.optional(),
  /** Required (admins only) for a date more than `paymentBackdateDays` back. */
  backdateReason: z.string().trim().max(500).nullish(),
  ...ExpectedVersionField,
});

/**
 * Approving an online payment that would close the loan with money to spare: the answer
 * (409 `excess_confirmation_required`) names the excess; the admin sends it back to confirm.
 */
export const ApprovePaymentRequest = z
  .object({ confirmExcess: Rupees('Confirmed excess').nullish(), ...ExpectedVersionField })
  .nullish();

export const RefundMethod = z.enum(['cash', 'bank_transfer', 'upi', 'cheque']);
/** An admin records paying back what a customer paid beyond closing. Amount default: all that is owed. */
export const RecordRefundRequest = z.object({
  amount: Rupees('Amount')
    .refine((n) => n > 0, 'Amount must be more than 0')
    .optional(),
  method: RefundMethod,
  reference: z.string().trim().max(100).nullish(),
  /** Default today. */
  paidOn: LoanDate.optional(),
  ...ExpectedVersionField,
});

/** The most a reversal reason may hold: the payment's receipt prints it (docs/decisions.md). */
export const REVERSAL_REASON_MAX = 500;

export const ReversePaymentRequest = z.object({
  reason: z
    .string({ error: 'A reason is required to reverse a payment' })
    .trim()
    .min(3, 'A reason is required to reverse a payment')
    .max(REVERSAL_REASON_MAX, `Reason must be at most ${REVERSAL_REASON_MAX} characters`),
  ...ExpectedVersionField,
});

/** An admin turns down a pending online payment that never arrived (issue 19): why, for the customer and the audit. */
export const RejectPaymentRequest = z.object({
  reason: z
    .string({ error: 'A reason is required to reject a payment' })
    .trim()
    .min(3, 'A reason is required to reject a payment')
    .max(REVERSAL_REASON_MAX, `Reason must be at most ${REVERSAL_REASON_MAX} characters`),
  ...ExpectedVersionField,
});

export const EditLoanRequest = z.object({
  goldItems: z
    .array(GoldItemInput(EDIT_ITEMS_MESSAGE), { error: EDIT_ITEMS_MESSAGE })
    .min(1, 'At least one gold item must remain')
    .optional(),
  depositedBank: z.string().trim().max(120).nullish(),
  renewalDate: LoanDate.nullish(),
  // An edit names only what changes: absent stays absent (OptionalIndianMobile alone reads it
  // as null, "clear the number", which touched the admin-only bank fields on a gold-item edit).
  bankMobileNumber: OptionalIndianMobile().optional(),
  bankLoanAmount: z
    .number()
    .min(0, 'Bank loan amount cannot be negative')
    .max(MAX_REQUEST_RUPEES, `Bank loan amount must be at most ${MAX_REQUEST_RUPEES_TEXT}`)
    .nullish(),
  ...ExpectedVersionField,
});

/** `18, 24, 30 or 36`: a list of options as a message says it. */
const spoken = (options: readonly number[]) =>
  options.length < 2 ? options.join('') : `${options.slice(0, -1).join(', ')} or ${options.at(-1)}`;
const renewalRates = LENDING_POLICY.renewalRateOptionsBps.map((b) => b / 100);
const minimumLoanRupees = LENDING_POLICY.minimumLoanPaise / 100;

/** A renewal: the policy's renewal rates and terms only (a renewal never goes back to the lowest rate). */
export const RenewLoanRequest = z.object({
  amount: Rupees('Loan amount').refine(
    (n) => n >= minimumLoanRupees,
    `Loan amount must be at least ${minimumLoanRupees}`,
  ),
  interestRate: z
    .number({ error: `Interest rate must be ${spoken(renewalRates)} percent` })
    .refine((n) => renewalRates.includes(n), `Interest rate must be ${spoken(renewalRates)} percent`),
  term: z
    .number({ error: `Term must be ${spoken(LENDING_POLICY.termOptionsMonths)} months` })
    .refine(
      (n) => (LENDING_POLICY.termOptionsMonths as readonly number[]).includes(n),
      `Term must be ${spoken(LENDING_POLICY.termOptionsMonths)} months`,
    )
    .default(LENDING_POLICY.defaultTermMonths),
  /** Cash from the branch's drawer (into its cash book) unless told bank. */
  disbursementMethod: DisbursementMethod.default('cash'),
  /** Cash, bank transfer or UPI (wins over `disbursementMethod`); the latter two need `disbursementReference`. */
  disbursementMode: DisbursementMode.optional(),
  disbursementReference: z
    .string()
    .trim()
    .min(1)
    .max(100, 'Reference must be at most 100 characters')
    .optional(),
  /** The version of the closed loan being renewed. */
  ...ExpectedVersionField,
});

export const DeleteLoanRequest = z
  .object({ reason: z.string().trim().max(500).optional(), ...ExpectedVersionField })
  .nullish();

/** An admin's payment approval: the version the admin saw. */

/**
 * An admin's rate upgrade. Before the loan's next upgrade date it is an early upgrade: it
 * needs `confirmEarly: true` and a reason (kept in the RateUpgraded event).
 */
export const UpgradeRateRequest = z
  .object({
    confirmEarly: z.boolean({ error: 'confirmEarly must be true or false' }).optional(),
    reason: z
      .string({ error: 'Reason must be text' })
      .trim()
      .max(500, 'Reason must be at most 500 characters')
      .optional(),
    ...ExpectedVersionField,
  })
  .nullish();

export const CalculateInterestRequest = z.object({
  principal: z
    .number({ error: 'Principal must be a number' })
    .positive('Principal must be more than 0')
    .max(MAX_REQUEST_RUPEES, `Principal must be at most ${MAX_REQUEST_RUPEES_TEXT}`),
  annualRate: z
    .number({ error: 'Annual rate must be a number' })
    .min(0, 'Interest rate cannot be negative')
    .max(100),
  disbursementDate: z.iso
    .datetime({ offset: true, error: 'disbursementDate must be an ISO date' })
    .or(BusinessDate),
  closureDate: z.iso.datetime({ offset: true, error: 'closureDate must be an ISO date' }).or(BusinessDate),
  termMonths: z.number().int().min(1).max(60).optional(),
  /**
   * With `termMonths`: the figures of a loan of this structure from `disbursementDate`
   * (bullet: the one payment at maturity; monthly interest: the first month's interest).
   * Absent: the seeds' calculator (the total spread evenly over the months).
   */
  repaymentType: RepaymentType.optional(),
});

export const CalculateInterestResponse = z.object({
  principal: z.number(),
  annualRate: z.number(),
  days: z.number(),
  effectiveDays: z.number(),
  months: z.number(),
  totalInterest: z.number(),
  totalAmount: z.number(),
  monthlyPayment: z.number(),
  minInterestApplied: z.boolean(),
  minDaysApplied: z.boolean(),
  message: z.string(),
  /** Asked with a repayment type: its total repayable at maturity (the LTV basis of bullet and monthly interest). */
  repayableAtMaturity: z.number().optional(),
});

export const EarlyRepaymentRequest = z.object({ repaymentDate: BusinessDate.optional() });

const Breakdown = z.object({
  block: z.number(),
  from: z.string(),
  to: z.string(),
  days: z.number(),
  openingBalance: z.number(),
  interest: z.number(),
});

export const EarlyRepaymentResponse = z.object({
  loanId: z.string(),
  repaymentDate: z.string(),
  principalOutstanding: z.number(),
  totalPaid: z.number(),
  totalDue: z.number(),
  interest: z.number(),
  minimumDays: z.number(),
  minimumInterest: z.number(),
  minDaysApplied: z.boolean(),
  minInterestApplied: z.boolean(),
  rebate: z.number(),
  gracePeriodDays: z.number(),
  gracePeriodReason: z.string().nullable(),
  minimumTotalDue: z.number(),
  monthlyPayment: z.number(),
  daysElapsed: z.number(),
  /** Paise under the rupee left off `totalDue` at the counter (rounded down; the rebate up), waived. */
  rounding: z.number().optional(),
  breakdown: z.array(Breakdown),
});

/**
 * What `POST /api/loans/{id}/payment` answers, as far as the counter reads it: the message,
 * and the payment's id and receipt number (the toast's "Print receipt", issue 19).
 */
export const RecordPaymentAnswer = z.object({
  message: z.string(),
  data: z.object({ payment: z.object({ _id: z.string(), receiptNumber: z.string() }) }),
});
