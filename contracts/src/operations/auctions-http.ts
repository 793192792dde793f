import { ExpectedVersionField } from '../lending/expected-version.js';
import { BranchFilterQuery } from '../branches/branch-http.js';
import { z } from 'zod';
import { pageFields } from '../paging.js';
import { AuctionStatus } from '../lending/loan-events.js';
import { AuctionVenueInput } from './auction-file-http.js';

/**
 * Auction management: the loans listed for auction, scheduling, the sale and cancelling.
 * Money in rupees, weights in grams, dates `YYYY-MM-DD` (business dates, Asia/Kolkata).
 */

const PAGE_LIMIT_MAX = 500;

/** A loan by its internal id (`_id`) or its loan number (`GL…`). */
export const AuctionLoanParams = z.object({ loanId: z.string().trim().min(1).max(64) });

export const AuctionListQuery = z.object({
  /** `not_ready`: open loans in default (past maturity or with an overdue installment) not yet listed. */
  status: z
    .enum(['all', 'not_ready', 'ready_for_auction', 'auction_scheduled', 'auctioned'], {
      error: 'Status must be all, not_ready, ready_for_auction, auction_scheduled or auctioned',
    })
    .default('all'),
  ...pageFields(PAGE_LIMIT_MAX, 100),
  ...BranchFilterQuery.shape,
});
export type AuctionListQuery = z.infer<typeof AuctionListQuery>;

/** What happened to a loan's auction, oldest first; `cancelled` returns the loan to not_ready. */
export const AuctionHistoryEntry = z.object({
  status: z.enum(['ready_for_auction', 'auction_scheduled', 'auctioned', 'cancelled', 'failed']),
  /** When it was recorded, ISO. */
  at: z.string(),
  /** Who did it: a person's name, or Scheduler. */
  by: z.string().nullable(),
  notes: z.string().nullable(),
  /** Cancellations: `admin` or `repayment`; failed auctions: `no_bids` or `below_reserve`. */
  reason: z.string().nullable(),
});

export const AuctionLoanItem = z.object({
  _id: z.string(),
  loanId: z.string(),
  /** The loan stream's version this row shows: an action's `expectedVersion`. */
  version: z.number().int().positive(),
  customerName: z.string(),
  customerMobile: z.string(),
  auctionStatus: AuctionStatus,
  /** The day the loan was put on the auction list. */
  auctionReadyDate: z.string().nullable(),
  /** When the scheduler lists the loan: maturity + 1 month + 3 months per ladder step above the original rate. */
  finalAuctionDate: z.string(),
  auctionDate: z.string().nullable(),
  /** Owed: at readiness, at the sale, or (not yet listed) as of the loan's last ledger figures. */
  outstandingAmount: z.number(),
  outstandingAsOf: z.string(),
  /** Net weight, grams. */
  totalGoldWeight: z.number(),
  /** The gold at today's valuation price; null when today's prices have not been entered. */
  goldValue: z.number().nullable(),
  /** 90 % of `goldValue` (85 % after the policy's count of failed auctions): the lowest reserve a schedule accepts today. */
  minimumReservePrice: z.number().nullable(),
  /** Auctions of this gold that failed (no bids, or none reaching the reserve). */
  failedAuctions: z.number().int().nonnegative(),
  /** The first day an auction may be held: the notice's day + the policy's notice days; null before the notice. */
  earliestAuctionDate: z.string().nullable(),
  /** Sold with a surplus: the last day to refund it, and whether it has been. */
  surplusRefundDueBy: z.string().nullable(),
  surplusRefunded: z.boolean(),
  reservePrice: z.number().nullable(),
  saleAmount: z.number().nullable(),
  /** Owed back to the customer after the sale. */
  surplusAmount: z.number().nullable(),
  shortfallAmount: z.number().nullable(),
  daysSinceReady: z.number().int().nullable(),
  notes: z.string().nullable(),
  history: z.array(AuctionHistoryEntry),
});
export type AuctionLoanItem = z.infer<typeof AuctionLoanItem>;

export const AuctionListResponse = z.object({
  success: z.literal(true),
  data: z.array(AuctionLoanItem),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
  /** Set when the list is empty: the screen's empty state. */
  message: z.string().optional(),
});

const Notes = z
  .string({ error: 'Notes must be text' })
  .trim()
  .max(1000, 'Notes can be at most 1,000 characters')
  .nullish();

/** Rupees from a form: a number, or a numeric string; blank means absent. */
const OptionalRupees = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z
      .number({ error: `${label} must be a number` })
      .finite(`${label} must be a number`)
      .positive(`${label} must be more than 0`)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${label} can have at most 2 decimals`)
      .nullish(),
  );

export const MarkReadyForAuctionRequest = z.object({ notes: Notes, ...ExpectedVersionField }).nullish();

export const ScheduleAuctionRequest = z.object({
  /** `YYYY-MM-DD` or an ISO date-time (its Asia/Kolkata date is taken). Required: the decider says so. */
  auctionDate: z.string({ error: 'Auction date is required' }).trim().nullish(),
  /** Rupees; absent: the floor (90 %, 85 % after failed auctions) of the gold's value at today's valuation price. */
  reservePrice: OptionalRupees('Reserve price'),
  /** Where it is held: in the branch's town, or another town of its taluka (the taluka given). */
  venue: AuctionVenueInput.nullish(),
  notes: Notes,
  ...ExpectedVersionField,
});

export const MarkAuctionedRequest = z.object({
  /** Absent: today. */
  auctionDate: z.string().trim().nullish(),
  saleAmount: OptionalRupees('Sale amount').refine((n) => n != null, 'Sale amount is required'),
  /** The registered bidder whose bid won (required: the decider says so). */
  winningBidderId: z.string().trim().nullish(),
  /** The other bids made, for the register and the report. */
  otherBids: z
    .array(
      z.object({
        bidderId: z.string().trim().min(1),
        amount: OptionalRupees('Bid amount').refine((n) => n != null, 'Bid amount is required'),
      }),
    )
    .max(100)
    .nullish(),
  notes: Notes,
  ...ExpectedVersionField,
});

export const CancelAuctionRequest = z.object({ notes: Notes, ...ExpectedVersionField }).nullish();

export const AuctionActionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    _id: z.string(),
    loanId: z.string(),
    /** The loan's version after this action: the next action's `expectedVersion`. */
    version: z.number().int().positive(),
    auctionStatus: AuctionStatus,
    auctionReadyDate: z.string().nullable(),
    auctionDate: z.string().nullable(),
    reservePrice: z.number().nullable(),
    saleAmount: z.number().nullable(),
    surplusAmount: z.number().nullable(),
    shortfallAmount: z.number().nullable(),
    loanStatus: z.string(),
  }),
});
