import { z } from 'zod';
import { BranchFilterQuery } from '../branches/branch-http.js';
import { ConfirmerCredential } from '../custody/custody-http.js';
import { pageFields } from '../paging.js';
import { BusinessDate } from './dates.js';
import { ExpectedVersionField } from './expected-version.js';
import { GoldItemInput } from './loan-http.js';
import { Grams } from './money-schemas.js';
import { RepaymentType } from './sanction.js';

/**
 * LTV kept through the loan's life (issue 17, point 7): a loan's current figure, the staff
 * list of margin calls, and gold added to a loan. Amounts in rupees, weights in grams.
 */

/**
 * within: owed ≤ cap × gold value. over_cap: over it at today's price, no call yet (the
 * day's valuation raises it). margin_call: a call is open. escalated: open past the policy's days.
 */
export const LtvStatus = z.enum(['within', 'over_cap', 'margin_call', 'escalated']);
export type LtvStatus = z.infer<typeof LtvStatus>;

/** One pledged item at the day's valuation price: only the metal counts. */
export const LtvItem = z.object({
  index: z.number().int(),
  description: z.string(),
  /** Fineness (916 = 22K). */
  purity: z.number().int(),
  netWeight: z.number(),
  /** The published purity whose prices were used (itself, or the nearest one, scaled). */
  pricedFrom: z.number().int(),
  /** Which limb set the price: the 30-day average or the previous working day's close. */
  bound: z.enum(['average30', 'previousClose']),
  pricePerGram: z.number(),
  value: z.number(),
});

/** `GET /api/loans/{id}/ltv` */
export const LoanLtv = z.object({
  _id: z.string(),
  loanId: z.string(),
  /** The valuation date (today). */
  asOf: BusinessDate,
  status: LtvStatus,
  repaymentType: RepaymentType,
  /** What the LTV counts: outstanding principal + accrued interest, or the amount repayable at maturity. */
  owed: z.number(),
  goldValue: z.number(),
  ltvPercent: z.number(),
  capPercent: z.number(),
  /** The most that may be owed against this gold at the cap. */
  allowed: z.number(),
  /** Paying this much brings the loan within its cap (0 when within). */
  shortfall: z.number(),
  /** Or pledging this much 22K gold does (0 when within). */
  goldToAddGrams: z.number(),
  parts: z.object({
    principal: z.number(),
    interest: z.number(),
    /** Bullet and monthly-interest loans: what repaying at maturity still takes; null for EMI. */
    repayableAtMaturity: z.number().nullable(),
  }),
  /** The purity gold to add is priced at, and its valuation price per gram. */
  referencePurity: z.number().int(),
  referencePricePerGram: z.number(),
  items: z.array(LtvItem),
  marginCall: z
    .object({
      raisedOn: BusinessDate,
      daysInBreach: z.number().int(),
      /** Escalated if not cured by this day. */
      deadline: BusinessDate,
      escalatedOn: BusinessDate.nullable(),
      /** The amount the customer was told to pay when it was raised. */
      shortfallAtRaise: z.number(),
    })
    .nullable(),
});
export type LoanLtv = z.infer<typeof LoanLtv>;

export const LoanLtvResponse = z.object({ data: LoanLtv });

/** `GET /api/{admin|employee}/margin-calls` */
export const MarginCallsQuery = z.object({
  /** open: every call (escalated ones included); escalated: only those. */
  status: z.enum(['open', 'escalated'], { error: 'Status must be open or escalated' }).default('open'),
  ...pageFields(100, 50),
  ...BranchFilterQuery.shape,
});
export type MarginCallsQuery = z.infer<typeof MarginCallsQuery>;

export const MarginCallItem = z.object({
  /** The loan's internal id, for links. */
  _id: z.string(),
  loanId: z.string(),
  branchId: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customerMobile: z.string(),
  raisedOn: BusinessDate,
  daysInBreach: z.number().int(),
  deadline: BusinessDate,
  escalated: z.boolean(),
  escalatedOn: BusinessDate.nullable(),
  /** The day of the figures (the raise, or the escalation). */
  asOf: BusinessDate,
  ltvPercent: z.number(),
  capPercent: z.number(),
  owed: z.number(),
  goldValue: z.number(),
  /** As the customer was told: the amount to pay, or the 22K gold to add. */
  shortfall: z.number(),
  goldToAddGrams: z.number(),
});
export type MarginCallItem = z.infer<typeof MarginCallItem>;

export const MarginCallsResponse = z.object({
  data: z.array(MarginCallItem),
  counts: z.object({ open: z.number().int(), escalated: z.number().int() }),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});

const ADD_ITEMS_MESSAGE = 'Please add at least one gold item with a description and weights';

/**
 * `POST /api/loans/{id}/gold-items`: appraised at today's valuation price and added to the
 * loan. When the loan's gold is sealed in a packet, the packet is opened, the items put in
 * and it is resealed under dual control: the second person's credential and the packet's
 * new gross weight are required.
 */
export const AddGoldItemsRequest = z.object({
  items: z
    .array(GoldItemInput(ADD_ITEMS_MESSAGE), { error: ADD_ITEMS_MESSAGE })
    .min(1, ADD_ITEMS_MESSAGE)
    .max(20, 'At most 20 items can be added at once'),
  confirmer: ConfirmerCredential.optional(),
  /** The resealed packet's gross weight on the branch scale (sealed packets only). */
  resealedGrossWeight: Grams('Resealed gross weight')
    .refine((g) => g > 0, 'Resealed gross weight must be more than 0')
    .optional(),
  ...ExpectedVersionField,
});
export type AddGoldItemsRequest = z.infer<typeof AddGoldItemsRequest>;

export const AddGoldItemsResponse = z.object({
  message: z.string(),
  data: z.object({
    ltv: LoanLtv,
    /** The packet the items went into; null while the loan's gold is not sealed. */
    packetNumber: z.string().nullable(),
  }),
});
