import { z } from 'zod';
import { BusinessDate } from './dates.js';
import { Fineness } from './policy-document.js';

/**
 * What the RBI's 2025 gold-lending Directions added to a loan's sanction: its purpose,
 * repayment structure, how the money was paid out, the appraisal of each item and the
 * valuation evidence, and the policy version it was sanctioned under. All optional on
 * `LoanCreated`, since loans made before issue 17 have none (read as: consumption, emi,
 * cash or bank per `disbursementMethod`, policy version 1).
 */
export const LoanPurpose = z.enum(['consumption', 'income_generating'], {
  error: 'Please choose the loan purpose: consumption or income generating',
});
export type LoanPurpose = z.infer<typeof LoanPurpose>;

/**
 * emi: equal monthly installments of principal and interest (the seeds' loans);
 * bullet: principal and all interest at maturity; monthly_interest: interest each month,
 * principal at maturity.
 */
export const RepaymentType = z.enum(['emi', 'bullet', 'monthly_interest'], {
  error: 'Please choose the repayment type: EMI, bullet or monthly interest',
});
export type RepaymentType = z.infer<typeof RepaymentType>;

export const DisbursementMode = z.enum(['cash', 'bank_transfer', 'upi'], {
  error: 'Please choose how the loan is paid out: cash, bank transfer or UPI',
});
export type DisbursementMode = z.infer<typeof DisbursementMode>;

/** Ornaments (jewellery) and coins are eligible; bullion and bars are not. */
export const ItemType = z.enum(['ornament', 'coin'], {
  error: 'Only ornaments and coins can be pledged (bullion and bars are not accepted)',
});
export type ItemType = z.infer<typeof ItemType>;

/** Weight taken off the gross weight at appraisal: stones, lac, wax, hooks… with why. */
export const WeightDeduction = z.object({
  kind: z.enum(['stones', 'other']),
  weightMg: z.number().int().positive(),
  reason: z.string().min(1).max(200),
});
export type WeightDeduction = z.infer<typeof WeightDeduction>;

/** The valuation evidence of one item at sanction (or when gold is added, or re-appraised). */
export const ItemValuation = z.object({
  /** Position in the loan's `goldItems`. */
  index: z.number().int().nonnegative(),
  itemType: ItemType,
  purity: Fineness,
  grossWeightMg: z.number().int().positive(),
  deductionsMg: z.number().int().nonnegative(),
  netWeightMg: z.number().int().positive(),
  /** The published purity whose prices were used (itself, or the nearest, scaled). */
  pricedFrom: Fineness,
  average30Paise: z.number().int().positive(),
  previousClosePaise: z.number().int().positive(),
  bound: z.enum(['average30', 'previousClose']),
  /** Per gram at the item's purity: the lower limb. */
  pricePerGramPaise: z.number().int().positive(),
  valuePaise: z.number().int().nonnegative(),
});
export type ItemValuation = z.infer<typeof ItemValuation>;

export const Appraisal = z.object({
  /** The valuation date and the price window it used. */
  valuedOn: BusinessDate,
  previousDay: BusinessDate,
  averageFrom: BusinessDate,
  averageTo: BusinessDate,
  items: z.array(ItemValuation).min(1),
  goldValuePaise: z.number().int().nonnegative(),
});
export type Appraisal = z.infer<typeof Appraisal>;

/** How the LTV cap was found at sanction: the tier, the borrower's total, the basis. */
export const LtvCheck = z.object({
  purpose: LoanPurpose,
  /** Principal (emi) or principal + interest to maturity (bullet, monthly_interest). */
  basisPaise: z.number().int().positive(),
  /** Consumption loans: the borrower's outstanding consumption gold loans including this one. */
  borrowerConsumptionTotalPaise: z.number().int().nonnegative().nullable(),
  capBps: z.number().int().positive(),
  /** The most that could be lent (principal) at this cap. */
  maxPrincipalPaise: z.number().int().nonnegative(),
  ltvBps: z.number().int().nonnegative(),
});
export type LtvCheck = z.infer<typeof LtvCheck>;

/** The fields issue 17 adds to `LoanCreated`, spread into its schema. */
export const SanctionFields = {
  /** The lending policy version the loan was sanctioned under (absent: version 1). */
  policyVersion: z.number().int().positive().optional(),
  purpose: LoanPurpose.optional(),
  repaymentType: RepaymentType.optional(),
  disbursementMode: DisbursementMode.optional(),
  /** The bank transfer's UTR or the UPI reference (null for cash). */
  disbursementReference: z.string().min(1).max(100).nullable().optional(),
  appraisal: Appraisal.optional(),
  ltv: LtvCheck.optional(),
  /** A top-up is a new loan linked to its parent (the loan it tops up). */
  topUpOf: z.object({ loanStreamId: z.string(), loanId: z.string() }).nullable().optional(),
  /** Renewal or top-up: the borrower's request, proved with a code sent to them. */
  borrowerRequest: z
    .object({ verifiedAt: z.iso.datetime({ offset: true }), channel: z.enum(['sms', 'email']) })
    .nullable()
    .optional(),
} as const;

/** Issue 17's item fields on `GoldItemRecord` (absent on older items: ornament, fineness from karat, no deductions). */
export const GoldItemSanctionFields = {
  itemType: ItemType.optional(),
  /** Fineness (999, 995, 916…); `purityKarat` stays for older readers. */
  purity: Fineness.optional(),
  deductions: z.array(WeightDeduction).optional(),
  /** The item's photo (an uploaded photo's id). */
  photoId: z.string().min(1).optional(),
} as const;

const Owed = z.object({
  asOf: BusinessDate,
  /** Outstanding principal + accrued interest (emi), or the amount repayable at maturity (bullet, monthly interest). */
  owedPaise: z.number().int().nonnegative(),
  goldValuePaise: z.number().int().nonnegative(),
  ltvBps: z.number().int().nonnegative(),
  capBps: z.number().int().positive(),
});

/** LTV kept through the loan's life: events of the loan stream. */
export const MarginCallEventSchemas = {
  /** The daily valuation found the loan over its cap. */
  MarginCallRaised: Owed.extend({
    /** Paying this much brings the loan back within its cap. */
    shortfallPaise: z.number().int().positive(),
    /** Or adding this much gold at 22K (milligrams) does. */
    goldToAddMg: z.number().int().positive(),
    pricePerGramPaise: z.number().int().positive(),
  }),
  /** Back within the cap: by a part payment, added gold, or a price recovery. */
  MarginCallCured: Owed.extend({ by: z.enum(['payment', 'gold_added', 'revaluation']) }),
  /** Not cured within the policy's days: escalated to admins. */
  MarginCallEscalated: Owed.extend({ daysInBreach: z.number().int().positive() }),
} as const;
