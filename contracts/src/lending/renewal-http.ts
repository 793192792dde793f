import { z } from 'zod';
import { DisbursementMode } from './sanction.js';
import { BusinessDate } from './dates.js';
import { ExpectedVersionField } from './expected-version.js';
import { DisbursementMethod } from './loan-events.js';
import { GoldItemInput, InterestRatePercent } from './loan-http.js';
import { Rupees } from './money-schemas.js';
import { LENDING_POLICY } from './policy.js';
import { RepaymentType } from './sanction.js';

/**
 * Renewals and top-ups (issue 17, point 8; RBI Directions 2025, para 11): on the
 * borrower's request proved with their code, for a standard loan, within LTV after a
 * fresh appraisal at today's valuation price, and for bullet and monthly-interest loans
 * only once the accrued interest is paid. Money in rupees, weights in grams.
 */

const ADDED_ITEMS_MESSAGE = 'Each added gold item needs a description and valid weights';
const minimumLoanRupees = LENDING_POLICY.minimumLoanPaise / 100;

/** Items pledged along with the parent's gold (at most 20 a time). */
const AddedItems = z
  .array(GoldItemInput(ADDED_ITEMS_MESSAGE), { error: ADDED_ITEMS_MESSAGE })
  .max(20, 'At most 20 gold items can be added at once');

/**
 * `POST /api/loans/{id}/top-up`: a new loan with its own number on the loan's gold (and any
 * items added to it), linked to the loan. Staff; the borrower's code first.
 */
export const TopUpLoanRequest = z.object({
  amount: Rupees('Top-up amount').refine(
    (n) => n >= minimumLoanRupees,
    `Top-up amount must be at least ${minimumLoanRupees}`,
  ),
  interestRate: InterestRatePercent,
  term: z
    .number({ error: 'Loan duration must be at least 1 month' })
    .int('Loan duration must be a whole number of months')
    .min(1, 'Loan duration must be at least 1 month')
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
  addedItems: AddedItems.default([]),
  /** The version of the loan being topped up, as the person saw it. */
  ...ExpectedVersionField,
});
export type TopUpLoanRequest = z.infer<typeof TopUpLoanRequest>;

export const RenewalKind = z.enum(['renewal', 'top_up'], { error: 'kind must be renewal or top_up' });
export type RenewalKind = z.infer<typeof RenewalKind>;

/** `POST /api/loans/{id}/renewal-quote`: what a renewal or top-up of the loan would be allowed today. */
export const RenewalQuoteRequest = z.object({
  kind: RenewalKind,
  /** A top-up's items added to the pledge (valued with the loan's own). */
  addedItems: AddedItems.default([]),
});

export const AppraisedItemView = z.object({
  index: z.number().int(),
  description: z.string(),
  /** Fineness, e.g. 916 for 22K. */
  purity: z.number().int(),
  netWeight: z.number(),
  pricePerGram: z.number(),
  bound: z.enum(['average30', 'previousClose']),
  value: z.number(),
});

/** The fresh appraisal at today's valuation price, as the dialogs show it. */
export const FreshAppraisalView = z.object({
  valuedOn: BusinessDate,
  previousDay: BusinessDate,
  averageFrom: BusinessDate,
  averageTo: BusinessDate,
  goldValue: z.number(),
  items: z.array(AppraisedItemView),
});
export type FreshAppraisalView = z.infer<typeof FreshAppraisalView>;

export const RenewalQuote = z.object({
  kind: RenewalKind,
  loanId: z.string(),
  repaymentType: RepaymentType,
  /** True when nothing below stops it (the amount is checked when it is asked for). */
  eligible: z.boolean(),
  /** Every reason it cannot be done today, in words. */
  refusals: z.array(z.string()),
  /** Days past the oldest unpaid installment's due date (for a closed loan: on the day it closed). */
  daysPastDue: z.number().int().nonnegative(),
  maxDaysPastDue: z.number().int().nonnegative(),
  /** Interest accrued and unpaid today (0 for a closed loan). */
  accruedInterest: z.number(),
  /** Null when today's valuation price cannot be had (the refusal says why). */
  appraisal: FreshAppraisalView.nullable(),
  ltv: z
    .object({
      /** The cap that bounds the most that can be lent. */
      capPercent: z.number(),
      /** Already owed on this gold: the loan (a top-up's parent) and its open top-ups; 0 for a renewal. */
      existing: z.number(),
      /** The most the new loan may be. */
      maxAmount: z.number(),
    })
    .nullable(),
});
export type RenewalQuote = z.infer<typeof RenewalQuote>;
export const RenewalQuoteResponse = z.object({ success: z.literal(true), data: RenewalQuote });
