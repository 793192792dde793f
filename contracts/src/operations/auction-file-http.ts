import { z } from 'zod';
import {
  AuctionCostKind,
  AuctionFailureReason,
  AuctionNoticeChannel,
  BidderIdType,
  NewspaperKind,
} from '../lending/auction-events.js';
import { IndianMobile } from '../identity/mobile.js';
import { BusinessDate } from '../lending/dates.js';
import { ExpectedVersionField } from '../lending/expected-version.js';
import { AuctionStatus } from '../lending/loan-events.js';

/**
 * A loan's auction file (issue 18): the notice to the borrower, the public notice, the
 * venue, the bidder register, the costs, failed auctions and the sale with its settlement
 * and surplus refund. Money in rupees, dates `YYYY-MM-DD` (Asia/Kolkata business dates).
 */

const Text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`);

const Day = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`);

/** Rupees from a form: a positive number or numeric string, at most 2 decimals. */
const Rupees = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(/,/g, ''))) : v),
    z
      .number({ error: `${label} is required` })
      .finite(`${label} must be a number`)
      .positive(`${label} must be more than 0`)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${label} can have at most 2 decimals`),
  );

const Notes = z.string().trim().max(1000, 'Notes can be at most 1,000 characters').nullish();

export const AuctionNoticeRequest = z.object({
  /** The registered letter: the day it was posted and the post office's reference. */
  postedOn: Day('Registered post date'),
  postReference: Text('Registered post reference', 60),
  /**
   * The language the notice was written in (BCP 47: `en`, `ta`, `hi`…). Absent: English,
   * until the borrower's own language is recorded (a later issue).
   */
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Language must be a language code such as en, hi or ta')
    .nullish(),
  ...ExpectedVersionField,
});

export const NewspaperInput = z.object({
  name: Text('Newspaper name', 120),
  kind: NewspaperKind,
  language: Text('Newspaper language', 40),
  publishedOn: Day('Publication date'),
});

export const AuctionPublicNoticeRequest = z.object({
  newspapers: z
    .array(NewspaperInput, { error: 'The public notice needs two newspapers' })
    .length(2, 'The public notice needs two newspapers: one vernacular and one national'),
  ...ExpectedVersionField,
});

export const AuctionVenueInput = z.object({
  address: Text('Venue address', 300),
  town: Text('Venue town', 80),
  taluka: z.string().trim().max(80).nullish(),
});

export const RegisterBidderRequest = z.object({
  name: Text('Bidder name', 120),
  idType: BidderIdType,
  idNumber: Text('ID number', 30),
  address: Text('Bidder address', 300),
  mobile: IndianMobile(),
  /** `none`, or how the bidder is related to the borrower (a related party is refused). */
  relationship: z.string().trim().max(60).nullish(),
  ...ExpectedVersionField,
});

export const RecordAuctionCostRequest = z.object({
  kind: AuctionCostKind,
  description: Text('Cost description', 200),
  amount: Rupees('Cost amount'),
  incurredOn: Day('Cost date'),
  ...ExpectedVersionField,
});

export const RecordFailedAuctionRequest = z.object({
  /** Absent: the scheduled date. */
  auctionDate: z.string().trim().nullish(),
  reason: AuctionFailureReason,
  /** Required when no bid reached the reserve. */
  highestBid: z.preprocess((v) => (v === '' ? null : v), Rupees('Highest bid').nullish()),
  notes: Notes,
  ...ExpectedVersionField,
});

const Money = z.number();

export const AuctionFile = z.object({
  _id: z.string(),
  loanId: z.string(),
  /** The loan's version: every step's `expectedVersion`. */
  version: z.number().int().positive(),
  loanStatus: z.string(),
  auctionStatus: AuctionStatus,
  /** The business date the server answered on (the forms' "today"). */
  today: BusinessDate,
  branch: z.object({ name: z.string(), address: z.string(), state: z.string() }),
  customer: z.object({
    name: z.string(),
    customerId: z.string(),
    mobile: z.string(),
    email: z.string().nullable(),
  }),
  readyOn: BusinessDate.nullable(),
  /** 1, then one more after each failed auction. */
  round: z.number().int().positive(),
  failedCount: z.number().int().nonnegative(),
  /** The reserve floor's share now: 90, or 85 after the policy's count of failed auctions. */
  reserveFloorPercent: z.number(),
  noticeDays: z.number().int().positive(),
  surplusRefundWorkingDays: z.number().int().positive(),
  notice: z
    .object({
      noticeDate: BusinessDate,
      auctionNotBefore: BusinessDate,
      postedOn: BusinessDate,
      postReference: z.string(),
      language: z.string(),
      channels: z.array(AuctionNoticeChannel),
    })
    .nullable(),
  auctionDate: BusinessDate.nullable(),
  venue: z.object({ address: z.string(), town: z.string(), taluka: z.string().nullable() }).nullable(),
  reservePrice: Money.nullable(),
  reserveBasis: z
    .object({ asOf: BusinessDate, goldValue: Money, floorPercent: z.number(), floor: Money })
    .nullable(),
  publicNotice: z
    .object({
      round: z.number().int(),
      newspapers: z.array(
        z.object({ name: z.string(), kind: NewspaperKind, language: z.string(), publishedOn: BusinessDate }),
      ),
    })
    .nullable(),
  bidders: z.array(
    z.object({
      bidderId: z.string(),
      round: z.number().int(),
      name: z.string(),
      idType: BidderIdType,
      /** Masked to the last 4 characters for auditors. */
      idNumber: z.string(),
      address: z.string(),
      mobile: z.string(),
      registeredOn: BusinessDate,
    }),
  ),
  costs: z.array(
    z.object({
      costId: z.string(),
      kind: AuctionCostKind,
      description: z.string(),
      amount: Money,
      incurredOn: BusinessDate,
    }),
  ),
  totalCosts: Money,
  failedAuctions: z.array(
    z.object({
      auctionDate: BusinessDate,
      round: z.number().int(),
      reason: AuctionFailureReason,
      highestBid: Money.nullable(),
      reservePrice: Money,
    }),
  ),
  sale: z
    .object({
      auctionDate: BusinessDate,
      round: z.number().int().nullable(),
      saleAmount: Money,
      reservePrice: Money,
      winningBidder: z.object({ bidderId: z.string(), name: z.string() }).nullable(),
      bids: z.array(z.object({ bidderId: z.string(), name: z.string(), amount: Money })),
      valuation: z
        .object({ asOf: BusinessDate, goldValue: Money, floorPercent: z.number(), floor: Money })
        .nullable(),
      owed: z.object({ costs: Money, interest: Money, principal: Money, total: Money }),
      settled: z.object({ costs: Money, interest: Money, principal: Money }),
      surplus: Money,
      shortfall: Money,
      surplusRefundDueBy: BusinessDate.nullable(),
      /** Paid back of the surplus, the day it was all paid, and the working days that took. */
      surplusRefunded: Money,
      surplusPaidOn: BusinessDate.nullable(),
      workingDaysTaken: z.number().int().nullable(),
      /** Not yet (all) refunded and past its due date. */
      refundOverdue: z.boolean(),
      payouts: z.array(
        z.object({
          paidOn: BusinessDate,
          amount: Money,
          method: z.string(),
          reference: z.string().nullable(),
          paidBy: z.string(),
        }),
      ),
    })
    .nullable(),
  /** What must still happen before the auction can be held, in order (empty when nothing). */
  nextSteps: z.array(z.string()),
});
export type AuctionFile = z.infer<typeof AuctionFile>;

export const AuctionFileResponse = z.object({ success: z.literal(true), data: AuctionFile });

/** What each auction step answers: its message and the file after it. */
export const AuctionStepResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: AuctionFile,
});
