import {
  MOBILE_MESSAGE,
  normaliseMobile,
  addDays,
  formatBusinessDate,
  formatInr,
  type AuctionCostKind,
  type AuctionFailureReason,
  type AuctionNewspaper,
  type AuctionNoticeChannel,
  type BidderIdType,
} from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import { checkBidder, type BorrowerPeople, type StaffMember } from '../auction.rules.js';
import { currentBidders } from '../auction.state.js';
import type { LoanHandler, Person } from '../loan.decider.js';
import { onAuctionList, quoteLoan, requireActive } from '../loan.rules.js';
import type { LoanState } from '../loan.state.js';

/**
 * The steps an auction needs besides its listing, date and sale (issue 18): the notice to
 * the borrower, the public notice, the bidder register, the costs and a failed auction.
 */
export type AuctionStepCommand =
  | {
      type: 'SendAuctionNotice';
      today: string;
      /** The registered letter: when it was posted and its postal reference. */
      postedOn: string | null;
      postReference: string | null;
      /** The language the notice is written in; null: English, the default until borrowers record theirs. */
      language: string | null;
      /** SMS, and email when the borrower has an address (the route knows their contact). */
      electronic: Array<Extract<AuctionNoticeChannel, 'sms' | 'email'>>;
      sentBy: Person;
    }
  | { type: 'RecordAuctionPublicNotice'; today: string; newspapers: AuctionNewspaper[]; recordedBy: Person }
  | {
      type: 'RegisterAuctionBidder';
      today: string;
      bidderId: string;
      name: string;
      idType: BidderIdType;
      idNumber: string;
      address: string;
      mobile: string;
      declaredRelationship: string | null;
      /** The lender's admins and employees now, and the borrower's profile now (the loan keeps the one at sanction). */
      staff: StaffMember[];
      borrowerNow: BorrowerPeople | null;
      registeredBy: Person;
    }
  | {
      type: 'RecordAuctionCost';
      today: string;
      costId: string;
      kind: AuctionCostKind;
      description: string;
      amountPaise: number;
      incurredOn: string;
      recordedBy: Person;
    }
  | {
      type: 'RecordFailedAuction';
      today: string;
      /** Null: the scheduled date. */
      auctionDate: string | null;
      reason: AuctionFailureReason;
      highestBidPaise: number | null;
      notes: string | null;
    };

const notListed = () => new DomainError('Mark the loan ready for auction first', 'auction_not_ready', 409);
const notScheduled = (what: string) =>
  new DomainError(`Schedule the auction first: ${what}`, 'auction_not_scheduled', 409);

/** Listed, and the day is not before the listing nor after today. */
function requireDay(s: LoanState, day: string, today: string, label: string) {
  if (day > today) throw new DomainError(`${label} cannot be in the future`, 'date_future');
  const listedOn = s.auction.readyOn ?? s.disbursementDate;
  if (day < listedOn) {
    throw new DomainError(
      `${label} cannot be before the loan was listed for auction (${formatBusinessDate(listedOn)})`,
      'date_before_listing',
    );
  }
}

/**
 * The notice to the borrower: SMS and email (queued by the route, keyed by this event) and
 * a registered letter. The notice runs from today; no auction may be dated before
 * today + the policy's notice days. One notice per listing.
 */
export const sendAuctionNotice: LoanHandler<'SendAuctionNotice'> = (c, s) => {
  requireActive(s);
  if (!onAuctionList(s)) throw notListed();
  if (s.auction.notice) {
    throw new DomainError(
      `The auction notice was already sent on ${formatBusinessDate(s.auction.notice.noticeDate)}`,
      'auction_notice_sent',
      409,
    );
  }
  if (!c.postedOn) throw new DomainError('Registered post date is required', 'post_date_required');
  requireDay(s, c.postedOn, c.today, 'Registered post date');
  const reference = c.postReference?.trim();
  if (!reference) throw new DomainError('Registered post reference is required', 'post_reference_required');
  const noticeDays = s.policy.auctionNoticeDays;
  return [
    {
      type: 'AuctionNoticeSent',
      data: {
        noticeDate: c.today,
        auctionNotBefore: addDays(c.today, noticeDays),
        noticeDays,
        channels: [...c.electronic, 'registered_post'],
        registeredPost: { postedOn: c.postedOn, reference },
        language: c.language ?? 'en',
        languageSource: c.language ? 'borrower' : 'default',
        outstandingPaise: quoteLoan(s, c.today).totalDuePaise,
        sentBy: c.sentBy,
      },
    },
  ];
};

/**
 * The newspapers that announced the scheduled auction: one vernacular (not in English) and
 * one national, both printed by today and before the auction day. Recording it again
 * replaces it (a correction).
 */
export const recordAuctionPublicNotice: LoanHandler<'RecordAuctionPublicNotice'> = (c, s) => {
  requireActive(s);
  if (!onAuctionList(s)) throw notListed();
  if (s.auction.status !== 'auction_scheduled' || !s.auction.auctionDate) {
    throw notScheduled('the public notice announces its date and venue');
  }
  const kinds = c.newspapers.map((n) => n.kind).sort();
  if (c.newspapers.length !== 2 || kinds[0] !== 'national' || kinds[1] !== 'vernacular') {
    throw new DomainError(
      'The public notice needs two newspapers: one vernacular and one national',
      'public_notice_newspapers',
    );
  }
  for (const paper of c.newspapers) {
    if (!paper.name.trim()) throw new DomainError('Newspaper name is required', 'newspaper_name_required');
    if (!paper.language.trim()) throw new DomainError('Newspaper language is required', 'newspaper_language');
    if (paper.kind === 'vernacular' && /^\s*english\s*$/i.test(paper.language)) {
      throw new DomainError(
        'The vernacular newspaper is in the local language, not English',
        'newspaper_not_vernacular',
      );
    }
    requireDay(s, paper.publishedOn, c.today, 'Publication date');
    if (paper.publishedOn >= s.auction.auctionDate) {
      throw new DomainError(
        `The newspapers must carry the notice before the auction on ${formatBusinessDate(s.auction.auctionDate)}`,
        'public_notice_late',
      );
    }
  }
  return [
    {
      type: 'AuctionPublicNoticeRecorded',
      data: {
        round: s.auction.round,
        newspapers: c.newspapers.map((n) => ({ ...n, name: n.name.trim(), language: n.language.trim() })),
        recordedBy: c.recordedBy,
      },
    },
  ];
};

const AADHAAR = /^\d{12}$/;
const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;

/**
 * A bidder in the register of the scheduled auction, on or before its day, after the
 * relationship check: staff of the lender and the borrower's related parties are refused.
 */
export const registerAuctionBidder: LoanHandler<'RegisterAuctionBidder'> = (c, s) => {
  requireActive(s);
  if (!onAuctionList(s)) throw notListed();
  if (s.auction.status !== 'auction_scheduled' || !s.auction.auctionDate) {
    throw notScheduled('bidders register for a dated auction');
  }
  if (c.today > s.auction.auctionDate) {
    throw new DomainError('Bidders register on or before the auction date', 'bidder_late', 409);
  }
  const name = c.name.trim();
  const address = c.address.trim();
  const idNumber = c.idNumber.trim().toUpperCase().replace(/\s+/g, '');
  const mobile = normaliseMobile(c.mobile) ?? '';
  if (!name) throw new DomainError('Bidder name is required', 'bidder_name_required');
  if (!idNumber) throw new DomainError('ID number is required', 'bidder_id_required');
  if (c.idType === 'aadhaar' && !AADHAAR.test(idNumber)) {
    throw new DomainError('Aadhaar number must be exactly 12 digits', 'bidder_id_invalid');
  }
  if (c.idType === 'pan' && !PAN.test(idNumber)) {
    throw new DomainError('PAN must be 5 letters, 4 digits and a letter', 'bidder_id_invalid');
  }
  if (!address) throw new DomainError('Bidder address is required', 'bidder_address_required');
  if (!mobile) throw new DomainError(MOBILE_MESSAGE, 'bidder_mobile');
  if (currentBidders(s.auction).some((b) => b.idType === c.idType && b.idNumber === idNumber)) {
    throw new DomainError('This bidder is already registered for the auction', 'bidder_registered', 409);
  }
  const snapshot = s.customer!;
  const people: BorrowerPeople[] = [
    {
      name: snapshot.name,
      aadharNumber: snapshot.aadharNumber,
      mobiles: [snapshot.primaryMobile, ...(snapshot.secondaryMobile ? [snapshot.secondaryMobile] : [])],
      emergencyContact: snapshot.emergencyContact,
    },
    ...(c.borrowerNow ? [c.borrowerNow] : []),
  ];
  checkBidder(
    { name, idType: c.idType, idNumber, mobile, declaredRelationship: c.declaredRelationship },
    people,
    c.staff,
  );
  return [
    {
      type: 'AuctionBidderRegistered',
      data: {
        bidderId: c.bidderId,
        round: s.auction.round,
        name,
        idType: c.idType,
        idNumber,
        address,
        mobile,
        relationshipChecked: true,
        registeredOn: c.today,
        registeredBy: c.registeredBy,
      },
    },
  ];
};

/** A cost of the auction (notices, newspapers, valuer, venue), dated between the listing and today. */
export const recordAuctionCost: LoanHandler<'RecordAuctionCost'> = (c, s) => {
  requireActive(s);
  if (!onAuctionList(s)) throw notListed();
  if (s.auction.costs.some((x) => x.costId === c.costId)) return [];
  const description = c.description.trim();
  if (!description) throw new DomainError('Cost description is required', 'cost_description_required');
  if (!Number.isSafeInteger(c.amountPaise) || c.amountPaise <= 0) {
    throw new DomainError('Cost amount must be more than 0', 'cost_amount_invalid');
  }
  requireDay(s, c.incurredOn, c.today, 'Cost date');
  return [
    {
      type: 'AuctionCostRecorded',
      data: {
        costId: c.costId,
        kind: c.kind,
        description,
        amountPaise: c.amountPaise,
        incurredOn: c.incurredOn,
        recordedBy: c.recordedBy,
      },
    },
  ];
};

/**
 * The auction on its date did not sell: no bids, or the highest under the reserve. It was
 * held (the public notice ran); the loan goes back to ready for auction, one more failure
 * counted towards the lower reserve.
 */
export const recordFailedAuction: LoanHandler<'RecordFailedAuction'> = (c, s) => {
  requireActive(s);
  if (!onAuctionList(s)) throw notListed();
  const scheduled = s.auction.auctionDate;
  if (s.auction.status !== 'auction_scheduled' || !scheduled) {
    throw notScheduled('only a scheduled auction can fail');
  }
  const date = c.auctionDate ?? scheduled;
  if (date !== scheduled) {
    throw new DomainError(
      `The auction was scheduled for ${formatBusinessDate(scheduled)}`,
      'auction_date_mismatch',
    );
  }
  if (date > c.today) {
    throw new DomainError('An auction cannot be recorded as failed before its date', 'auction_date_future');
  }
  requirePublicNotice(s);
  const reserve = s.auction.reservePricePaise ?? 0;
  let highest: number | null = null;
  if (c.reason === 'below_reserve') {
    if (c.highestBidPaise === null || !Number.isSafeInteger(c.highestBidPaise) || c.highestBidPaise <= 0) {
      throw new DomainError(
        'Highest bid is required when no bid reached the reserve',
        'highest_bid_required',
      );
    }
    if (c.highestBidPaise >= reserve) {
      throw new DomainError(
        `A bid of ${formatInr(c.highestBidPaise)} reaches the reserve of ${formatInr(reserve)}: record the sale instead`,
        'bid_reaches_reserve',
      );
    }
    highest = c.highestBidPaise;
  }
  return [
    {
      type: 'AuctionFailed',
      data: {
        auctionDate: date,
        round: s.auction.round,
        reason: c.reason,
        highestBidPaise: highest,
        reservePricePaise: reserve,
        failedCount: s.auction.failed.length + 1,
        notes: c.notes,
      },
    },
  ];
};

/** An auction is held only after its public notice (two newspapers) for this round. */
export function requirePublicNotice(s: LoanState): void {
  if (s.auction.publicNotice?.round !== s.auction.round) {
    throw new DomainError(
      'Record the public notice (one vernacular and one national newspaper) before the auction is held',
      'public_notice_required',
      409,
    );
  }
}
