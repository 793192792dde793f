import { z } from 'zod';
import { BusinessDate } from './dates.js';
import { MAX_REQUEST_RUPEES, MAX_REQUEST_RUPEES_TEXT } from './money.js';
import { CREATE_ITEMS_MESSAGE, GoldItemInput, InterestRatePercent, LoanDate } from './loan-http.js';
import { ItemType, LoanPurpose, RepaymentType } from './sanction.js';

/**
 * `POST /api/loans/valuation`: what the loan form shows before a loan exists: each item
 * valued at the register's valuation price on the loan's date (both limbs, which bound),
 * and the LTV tier that applies given the borrower's other open loans.
 */
export const ValuationRequest = z.object({
  goldItems: z
    .array(GoldItemInput(CREATE_ITEMS_MESSAGE), { error: CREATE_ITEMS_MESSAGE })
    .min(1, CREATE_ITEMS_MESSAGE),
  amount: z
    .number()
    .positive()
    .max(MAX_REQUEST_RUPEES, `Amount must be at most ${MAX_REQUEST_RUPEES_TEXT}`)
    .optional(),
  /** The borrower (`_id` or CUS number): their open consumption loans set the tier. */
  customerId: z.string().trim().min(1).max(100).optional(),
  purpose: LoanPurpose.default('consumption'),
  repaymentType: RepaymentType.default('emi'),
  /** Bullet and monthly interest: the LTV counts what is repayable at maturity at this rate and term. */
  interestRate: InterestRatePercent.optional(),
  term: z.number().int().min(1).max(600).optional(),
  /** The loan's date (empty: today): the prices of that date value the gold. */
  customLoanDate: LoanDate.optional(),
});
export type ValuationRequest = z.infer<typeof ValuationRequest>;

/** One item's valuation, in grams and rupees (per gram to the paisa). */
export const ItemValuationView = z.object({
  index: z.number().int().nonnegative(),
  itemType: ItemType,
  purity: z.number().int(),
  pricedFrom: z.number().int(),
  grossWeight: z.number(),
  deductions: z.number(),
  netWeight: z.number(),
  average30: z.number(),
  previousClose: z.number(),
  bound: z.enum(['average30', 'previousClose']),
  pricePerGram: z.number(),
  value: z.number(),
});
export type ItemValuationView = z.infer<typeof ItemValuationView>;

export const ValuationResponse = z.object({
  /** The 22K valuation price per gram (the older single figure). */
  goldRate: z.number(),
  fineGoldGrams: z.number(),
  goldValue: z.number(),
  /** The most that can be lent against this gold for this borrower, purpose and structure. */
  eligibleAmount: z.number(),
  ltvCapPercent: z.number(),
  ltvPercent: z.number().nullable(),
  slabs: z.array(z.object({ upTo: z.number().nullable(), capPercent: z.number() })),
  valuedOn: BusinessDate,
  previousDay: BusinessDate,
  averageFrom: BusinessDate,
  averageTo: BusinessDate,
  items: z.array(ItemValuationView),
  ltv: z.object({
    purpose: LoanPurpose,
    capPercent: z.number(),
    /** The consumption tier (null for income-generating). */
    tier: z.object({ capPercent: z.number(), from: z.number(), upTo: z.number().nullable() }).nullable(),
    /** Consumption: the borrower's open consumption gold loans including this amount. */
    borrowerTotal: z.number().nullable(),
    /** The borrower's other open gold loans, outstanding principal (all purposes). */
    borrowerOtherLoans: z.number(),
    /** What the LTV counts for the amount asked (null without an amount). */
    basis: z.number().nullable(),
    /** Why the amount asked would be refused, in the words the loan would be refused with. */
    refusal: z.string().nullable(),
  }),
});
export type ValuationResponse = z.infer<typeof ValuationResponse>;
