import { z } from 'zod';
import { BusinessDate } from './dates.js';

/**
 * Auctions by the rules (issue 18, point 5): the steps before a sale (the notice to the
 * borrower, the public notice, the bidder register, the costs) and a failed auction, on the
 * loan's own stream. Money in paise, dates `YYYY-MM-DD`. The listing, the schedule, the
 * sale and the cancellation stay where they were (`MarkedReadyForAuction`,
 * `AuctionScheduled`, `Auctioned`, `AuctionCancelled` in loan-events.ts).
 */

const Paise = z.number().int();
const PositivePaise = z.number().int().positive();
const Person = z.object({ id: z.string(), name: z.string() });

/** How the notice reached the borrower: SMS and email through the outbox, and a registered letter. */
export const AuctionNoticeChannel = z.enum(['sms', 'email', 'registered_post']);
export type AuctionNoticeChannel = z.infer<typeof AuctionNoticeChannel>;

/** A newspaper's reach: the local (vernacular) one and the national one. */
export const NewspaperKind = z.enum(['vernacular', 'national']);
export type NewspaperKind = z.infer<typeof NewspaperKind>;

export const AuctionNewspaper = z.object({
  name: z.string().min(1),
  kind: NewspaperKind,
  /** The language the notice was printed in (a vernacular paper's is not English). */
  language: z.string().min(1),
  publishedOn: BusinessDate,
});
export type AuctionNewspaper = z.infer<typeof AuctionNewspaper>;

/** Where the auction is held: in the branch's town, or (declared) within its taluka. */
export const AuctionVenue = z.object({
  address: z.string().min(1),
  town: z.string().min(1),
  /** Given when the venue's town is not the branch's: the taluka both lie in. */
  taluka: z.string().min(1).nullable(),
});
export type AuctionVenue = z.infer<typeof AuctionVenue>;

/** Documents a bidder may identify themself with. */
export const BidderIdType = z.enum(['aadhaar', 'pan', 'voter_id', 'passport', 'driving_licence'], {
  error: 'ID type must be Aadhaar, PAN, voter ID, passport or driving licence',
});
export type BidderIdType = z.infer<typeof BidderIdType>;

/** What an auction's costs were for (recovered first from the sale). */
export const AuctionCostKind = z.enum(['borrower_notice', 'newspaper', 'valuer', 'venue', 'other'], {
  error: 'Cost type must be borrower notice, newspaper, valuer, venue or other',
});
export type AuctionCostKind = z.infer<typeof AuctionCostKind>;

export const AuctionFailureReason = z.enum(['no_bids', 'below_reserve'], {
  error: 'Reason must be no bids or below reserve',
});
export type AuctionFailureReason = z.infer<typeof AuctionFailureReason>;

export const AuctionEventSchemas = {
  /**
   * The borrower was told of the auction: by SMS and email (the outbox, keyed by this
   * event) and by registered post (the letter's date and reference, entered by staff). No
   * auction may be dated before `auctionNotBefore` (noticeDate + the policy's notice days).
   */
  AuctionNoticeSent: z.object({
    noticeDate: BusinessDate,
    auctionNotBefore: BusinessDate,
    noticeDays: z.number().int().positive(),
    channels: z.array(AuctionNoticeChannel).min(1),
    registeredPost: z.object({ postedOn: BusinessDate, reference: z.string().min(1) }),
    /**
     * The language the notice was written in (BCP 47, `en` for English). The borrower's own
     * language arrives with a later issue; until then `default` says English was used
     * because none was recorded.
     */
    language: z.string().min(2),
    languageSource: z.enum(['default', 'borrower']),
    /** Owed on the notice's day, as the notice says. */
    outstandingPaise: Paise,
    sentBy: Person,
  }),
  /** The auction was announced in two newspapers, one vernacular and one national. */
  AuctionPublicNoticeRecorded: z.object({
    /** The auction this notice is for: 1, then one more after each failed auction. */
    round: z.number().int().positive(),
    newspapers: z.array(AuctionNewspaper).length(2),
    recordedBy: Person,
  }),
  /** A bidder entered the register of this auction round after the relationship check. */
  AuctionBidderRegistered: z.object({
    bidderId: z.uuid(),
    round: z.number().int().positive(),
    name: z.string().min(1),
    idType: BidderIdType,
    idNumber: z.string().min(1),
    address: z.string().min(1),
    mobile: z.string().min(1),
    /** Checked against the lender's staff and the borrower's own people: none found. */
    relationshipChecked: z.literal(true),
    registeredOn: BusinessDate,
    registeredBy: Person,
  }),
  /** A cost of the auction (notices, newspapers, valuer, venue): recovered first from the sale. */
  AuctionCostRecorded: z.object({
    costId: z.uuid(),
    kind: AuctionCostKind,
    description: z.string().min(1),
    amountPaise: PositivePaise,
    incurredOn: BusinessDate,
    recordedBy: Person,
  }),
  /**
   * The auction on its date did not sell: nobody bid, or no bid reached the reserve. The
   * loan goes back to ready for auction; `failedCount` auctions have now failed, and from
   * the policy's count on the reserve floor is lower.
   */
  AuctionFailed: z.object({
    auctionDate: BusinessDate,
    round: z.number().int().positive(),
    reason: AuctionFailureReason,
    highestBidPaise: PositivePaise.nullable(),
    reservePricePaise: Paise,
    failedCount: z.number().int().positive(),
    notes: z.string().nullable(),
  }),
} as const;

/** Owed on a loan whose gold is sold, in the order the proceeds settle it. */
export interface AuctionOwed {
  costsPaise: number;
  interestPaise: number;
  principalPaise: number;
}

export interface AuctionSettlement {
  /** What the proceeds settled, in order: costs, then interest, then principal. */
  costsPaise: number;
  interestPaise: number;
  principalPaise: number;
  /** Left over after everything owed: the borrower's, refunded. */
  surplusPaise: number;
  /** Owed beyond the proceeds: still receivable from the borrower. */
  shortfallPaise: number;
}

/**
 * The sale's proceeds applied to what is owed: the auction's costs first, then interest,
 * then principal; what is left is the borrower's surplus, what is not covered a shortfall.
 * Settled + surplus = proceeds, and owed (costs + interest + principal) + surplus − shortfall
 * = proceeds (property-tested).
 */
export function settleAuctionProceeds(proceedsPaise: number, owed: AuctionOwed): AuctionSettlement {
  let left = proceedsPaise;
  const take = (due: number) => {
    const paid = Math.min(left, due);
    left -= paid;
    return paid;
  };
  const costsPaise = take(owed.costsPaise);
  const interestPaise = take(owed.interestPaise);
  const principalPaise = take(owed.principalPaise);
  const totalOwed = owed.costsPaise + owed.interestPaise + owed.principalPaise;
  return {
    costsPaise,
    interestPaise,
    principalPaise,
    surplusPaise: left,
    shortfallPaise: totalOwed - (costsPaise + interestPaise + principalPaise),
  };
}

/** The reserve floor's share in basis points: 90 %, or 85 % once the policy's count of auctions has failed. */
export function reserveFloorBps(
  failedAuctions: number,
  policy: {
    reservePriceMinBps: number;
    reservePriceAfterFailedAuctionsBps: number;
    auctionRules: { failedAuctionsBeforeLowerReserve: number };
  },
): number {
  return failedAuctions >= policy.auctionRules.failedAuctionsBeforeLowerReserve
    ? policy.reservePriceAfterFailedAuctionsBps
    : policy.reservePriceMinBps;
}
