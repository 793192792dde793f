/**
 * The auction's pure rules that more than the decider reads (the queries, the documents):
 * the reserve floor at a day's valuation prices, the surplus's refund deadline, the venue
 * and the bidder checks. Numbers come from the loan's own policy (`s.policy`).
 */
import {
  formatInr,
  nextWorkingDay,
  reserveFloorBps,
  workingDaysBetween,
  type LendingPolicy,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import { goldAtPrices, type DayPrices } from './ltv.js';
import type { LoanState } from './loan.state.js';

/** Exact ceil(a × b / 10,000) for paise × basis points (the product can pass 2⁵³). */
const ceilShare = (paise: number, bps: number) => Number((BigInt(paise) * BigInt(bps) + 9_999n) / 10_000n);

export interface ReserveFloor {
  /** The valuation day. */
  asOf: string;
  goldValuePaise: number;
  /** 90 %, or 85 % once the policy's count of auctions of this gold has failed. */
  floorBps: number;
  floorPaise: number;
  failedAuctions: number;
}

/**
 * The lowest reserve (and sale) on the prices' day: the floor's share of the gold's value at
 * that day's valuation price (each item's net weight at its purity's price, as the LTV
 * values it), rounded up to the paisa.
 */
export function reserveFloorOn(
  s: Pick<LoanState, 'goldItems' | 'policy' | 'auction'>,
  prices: DayPrices,
): ReserveFloor {
  const goldValuePaise = goldAtPrices(s.goldItems, prices).reduce((sum, i) => sum + i.valuePaise, 0);
  const failedAuctions = s.auction.failed.length;
  const floorBps = reserveFloorBps(failedAuctions, s.policy);
  return {
    asOf: prices.asOf,
    goldValuePaise,
    floorBps,
    floorPaise: ceilShare(goldValuePaise, floorBps),
    failedAuctions,
  };
}

/** "90%" / "85%" from basis points. */
export const percentOfBps = (bps: number) => `${bps / 100}%`;

/** The last day a sale's surplus may be refunded: the policy's working days after the sale. */
export function surplusRefundDueBy(saleDate: string, policy: LendingPolicy): string {
  let d = saleDate;
  for (let n = 0; n < policy.auctionRules.surplusRefundWorkingDays; n++) d = nextWorkingDay(d, policy);
  return d;
}

/** Working days from the sale to the refund (the day of the sale not counted). */
export const surplusRefundDays = (saleDate: string, paidOn: string, policy: LendingPolicy) =>
  workingDaysBetween(saleDate, paidOn, policy);

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The venue is in the branch's town when its town is named in the branch's address
 * (branches record an address and a state, not a town: docs/decisions.md, issue 18);
 * otherwise it is accepted only with the taluka both lie in, which is recorded.
 */
export function checkVenue(
  venue: { address: string; town: string; taluka: string | null },
  branch: { name: string; address: string },
): void {
  const town = words(venue.town);
  if (!town) throw new DomainError('Venue town is required', 'venue_town_required');
  const inTown = ` ${words(branch.address)} `.includes(` ${town} `);
  if (!inTown && !venue.taluka?.trim()) {
    throw new DomainError(
      `The venue must be in the branch's town (${branch.name}: ${branch.address}) or its taluka: give the taluka for a venue in ${venue.town.trim()}`,
      'venue_outside_town',
    );
  }
}

export interface StaffMember {
  name: string;
  mobiles: string[];
  aadharNumber: string | null;
}

export interface BidderIdentity {
  name: string;
  idType: string;
  idNumber: string;
  mobile: string;
  /** What the bidder declared: null or `none` when unrelated to the borrower. */
  declaredRelationship: string | null;
}

/** The borrower as the loan recorded them and as their profile is now. */
export interface BorrowerPeople {
  name: string;
  aadharNumber: string;
  mobiles: string[];
  emergencyContact: { mobile: string; relation: string };
}

const digits = (text: string) => text.replace(/\D/g, '').slice(-10);
const idKey = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Refuses a bidder who is the lender's staff (an admin or employee: same mobile, Aadhaar
 * or name) or a related party of the borrower (the borrower themself, their emergency
 * contact, or anyone declaring a relationship), with the reason.
 */
export function checkBidder(bidder: BidderIdentity, borrowers: BorrowerPeople[], staff: StaffMember[]): void {
  const mobile = digits(bidder.mobile);
  const id = idKey(bidder.idNumber);
  const name = words(bidder.name);
  const declared = bidder.declaredRelationship?.trim();
  if (declared && declared.toLowerCase() !== 'none') {
    throw new DomainError(
      `Bidder refused: a related party of the borrower (declared relationship: ${declared}) may not bid`,
      'bidder_related_party',
    );
  }
  for (const b of borrowers) {
    if (
      (bidder.idType === 'aadhaar' && id === idKey(b.aadharNumber)) ||
      b.mobiles.some((m) => digits(m) === mobile) ||
      words(b.name) === name
    ) {
      throw new DomainError('Bidder refused: the borrower may not bid for their own gold', 'bidder_borrower');
    }
    if (digits(b.emergencyContact.mobile) === mobile) {
      throw new DomainError(
        `Bidder refused: ${bidder.mobile.trim()} is the borrower's emergency contact (${b.emergencyContact.relation}); related parties may not bid`,
        'bidder_related_party',
      );
    }
  }
  for (const member of staff) {
    const match = member.mobiles.some((m) => digits(m) === mobile)
      ? 'mobile'
      : bidder.idType === 'aadhaar' && member.aadharNumber && idKey(member.aadharNumber) === id
        ? 'Aadhaar'
        : words(member.name) === name
          ? 'name'
          : null;
    if (match) {
      throw new DomainError(
        `Bidder refused: matches ${member.name}, a member of the lender's staff (same ${match}); staff may not bid at the lender's auctions`,
        'bidder_staff',
      );
    }
  }
}

/** "₹1,67,475 (90% of the gold's value ₹1,86,083 at the valuation price of 21 Nov 2026)". */
export const floorText = (f: ReserveFloor, day: string) =>
  `${formatInr(f.floorPaise)} (${percentOfBps(f.floorBps)} of the gold's value ${formatInr(f.goldValuePaise)} at the valuation price of ${day})`;
