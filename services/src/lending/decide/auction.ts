import { formatBusinessDate, formatInr, maxDate, settleAuctionProceeds } from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import { checkVenue, floorText, reserveFloorOn, surplusRefundDueBy } from '../auction.rules.js';
import { auctionCostsPaise, currentBidders } from '../auction.state.js';
import { runLedger } from '../interest.js';
import type { LoanHandler } from '../loan.decider.js';
import {
  auctionReadyDate,
  inDefault,
  onAuctionList,
  quoteLoan,
  requireActive,
  requireLoan,
  termsOf,
} from '../loan.rules.js';
import { successfulPayments } from '../loan.state.js';
import { requirePublicNotice } from './auction-steps.js';

/**
 * Puts a loan on the auction list. The scheduler does it on the auction-ready date, quietly
 * and once; an admin may do it earlier, but only for a loan in default. Once people have
 * taken a loan off the list (an admin, or a repayment), only a person puts it back.
 */
export const markReadyForAuction: LoanHandler<'MarkReadyForAuction'> = (c, s) => {
  requireActive(s);
  if (s.auction.status !== 'not_ready') {
    if (c.by === 'scheduler') return [];
    throw new DomainError('This loan is already on the auction list', 'auction_already', 409);
  }
  if (c.by === 'scheduler' && (c.today < auctionReadyDate(s) || s.auction.cancelled)) return [];
  if (c.by === 'admin' && !inDefault(s, c.today)) {
    throw new DomainError(
      'Only a loan past maturity or with an overdue installment can be put up for auction',
      'auction_not_in_default',
      409,
    );
  }
  const outstanding = quoteLoan(s, c.today).totalDuePaise;
  return [
    {
      type: 'MarkedReadyForAuction',
      data: { readyOn: c.today, by: c.by, notes: c.notes, outstandingPaise: outstanding },
    },
  ];
};

/**
 * Dates the auction of a listed loan: only after the borrower's notice has run its days
 * (the policy's `auctionNoticeDays` from the notice), at a venue in the branch's town or
 * taluka, with a reserve no lower than the floor (90 %, 85 % after the policy's count of
 * failed auctions) of the gold's value at the scheduling day's valuation price.
 */
export const scheduleAuction: LoanHandler<'ScheduleAuction'> = (c, s) => {
  requireActive(s);
  if (!c.auctionDate) throw new DomainError('Auction date is required', 'auction_date_required');
  if (!onAuctionList(s))
    throw new DomainError('Mark the loan ready for auction first', 'auction_not_ready', 409);
  if (c.auctionDate < c.today)
    throw new DomainError('Auction date cannot be in the past', 'auction_date_past');
  const notice = s.auction.notice;
  if (!notice) {
    throw new DomainError(
      'Send the auction notice to the borrower first (SMS, email and registered post)',
      'auction_notice_required',
      409,
    );
  }
  if (c.auctionDate < notice.auctionNotBefore) {
    throw new DomainError(
      `The auction cannot be held before ${formatBusinessDate(notice.auctionNotBefore)}: the borrower must have ${s.policy.auctionNoticeDays} days' notice (notice sent ${formatBusinessDate(notice.noticeDate)})`,
      'auction_notice_too_short',
    );
  }
  if (!c.venue) throw new DomainError('Auction venue is required', 'auction_venue_required');
  const venue = {
    address: c.venue.address.trim(),
    town: c.venue.town.trim(),
    taluka: c.venue.taluka?.trim() || null,
  };
  if (!venue.address) throw new DomainError('Venue address is required', 'venue_address_required');
  checkVenue(venue, c.branch);
  const floor = reserveFloorOn(s, c.prices);
  const reserve = c.reservePricePaise ?? floor.floorPaise;
  if (reserve < floor.floorPaise) {
    throw new DomainError(
      `Reserve price must be at least ${floorText(floor, formatBusinessDate(c.prices.asOf))}`,
      'reserve_too_low',
    );
  }
  return [
    {
      type: 'AuctionScheduled',
      data: {
        auctionDate: c.auctionDate,
        reservePricePaise: reserve,
        goldValuePaise: floor.goldValuePaise,
        notes: c.notes,
        venue,
        valuationAsOf: floor.asOf,
        reserveFloorBps: floor.floorBps,
        reserveFloorPaise: floor.floorPaise,
        round: s.auction.round,
      },
    },
  ];
};

/**
 * The gold was sold at its scheduled auction, after the public notice, to a registered
 * bidder whose bid was the highest and reached both the reserve and the floor at the
 * auction day's valuation price. The proceeds settle the auction's costs, then interest,
 * then principal; a surplus is due back within the policy's working days, a shortfall stays
 * owed. The loan closes as auctioned.
 */
export const markAuctioned: LoanHandler<'MarkAuctioned'> = (c, s) => {
  requireActive(s);
  if (!onAuctionList(s))
    throw new DomainError('Mark the loan ready for auction first', 'auction_not_ready', 409);
  const scheduled = s.auction.auctionDate;
  if (s.auction.status !== 'auction_scheduled' || !scheduled) {
    throw new DomainError(
      'Schedule the auction first: gold is sold at its notified date and venue',
      'auction_not_scheduled',
      409,
    );
  }
  const date = c.auctionDate ?? scheduled;
  if (date > c.today) throw new DomainError('Auction date cannot be in the future', 'auction_date_future');
  if (date !== scheduled) {
    throw new DomainError(
      `The auction was scheduled for ${formatBusinessDate(scheduled)}`,
      'auction_date_mismatch',
    );
  }
  requirePublicNotice(s);
  if (!Number.isSafeInteger(c.salePaise) || c.salePaise <= 0) {
    throw new DomainError('Sale amount is required', 'sale_amount_required');
  }
  const registered = currentBidders(s.auction);
  if (!c.winningBidderId) {
    throw new DomainError('Choose the winning bidder from the register', 'winning_bidder_required');
  }
  const winner = registered.find((b) => b.bidderId === c.winningBidderId);
  if (!winner) {
    throw new DomainError(
      'The winning bid must come from a bidder registered for this auction',
      'bidder_not_registered',
    );
  }
  const others = c.otherBids ?? [];
  for (const bid of others) {
    if (!registered.some((b) => b.bidderId === bid.bidderId)) {
      throw new DomainError(
        'Every bid must come from a bidder registered for this auction',
        'bidder_not_registered',
      );
    }
    if (!Number.isSafeInteger(bid.amountPaise) || bid.amountPaise <= 0) {
      throw new DomainError('Bid amounts must be more than 0', 'bid_amount_invalid');
    }
    if (bid.amountPaise > c.salePaise) {
      throw new DomainError('The winning bid must be the highest bid', 'winning_bid_not_highest');
    }
  }
  const reserve = s.auction.reservePricePaise ?? 0;
  if (c.salePaise < reserve) {
    throw new DomainError(`Sale amount is below the reserve price of ${formatInr(reserve)}`, 'below_reserve');
  }
  const floor = reserveFloorOn(s, c.prices);
  if (c.salePaise < floor.floorPaise) {
    throw new DomainError(
      `Sale amount is below ${floorText(floor, formatBusinessDate(c.prices.asOf))}: record the auction as failed (below reserve)`,
      'below_floor',
    );
  }
  const quote = quoteLoan(s, maxDate(date, s.disbursementDate));
  const owed = {
    costsPaise: auctionCostsPaise(s.auction),
    interestPaise: quote.interestPaise,
    principalPaise: quote.principalOutstandingPaise,
  };
  const settled = settleAuctionProceeds(c.salePaise, owed);
  const interestPaid = runLedger(termsOf(s), successfulPayments(s), date).interestPaidPaise;
  return [
    {
      type: 'Auctioned',
      data: {
        auctionDate: date,
        salePaise: c.salePaise,
        reservePricePaise: reserve,
        outstandingPaise: owed.costsPaise + owed.interestPaise + owed.principalPaise,
        surplusPaise: settled.surplusPaise,
        shortfallPaise: settled.shortfallPaise,
        notes: c.notes,
        round: s.auction.round,
        winningBidder: { bidderId: winner.bidderId, name: winner.name },
        bids: [
          { bidderId: winner.bidderId, amountPaise: c.salePaise },
          ...others.map((b) => ({ bidderId: b.bidderId, amountPaise: b.amountPaise })),
        ],
        valuation: {
          asOf: floor.asOf,
          goldValuePaise: floor.goldValuePaise,
          floorBps: floor.floorBps,
          floorPaise: floor.floorPaise,
        },
        owed,
        settlement: {
          costsPaise: settled.costsPaise,
          interestPaise: settled.interestPaise,
          principalPaise: settled.principalPaise,
        },
        surplusRefundDueBy: settled.surplusPaise > 0 ? surplusRefundDueBy(date, s.policy) : null,
      },
    },
    {
      type: 'LoanClosed',
      data: {
        closedOn: date,
        reason: 'auctioned',
        totalInterestPaise: interestPaid + quote.interestPaise,
        excessPaise: 0,
      },
    },
  ];
};

/** An admin takes a loan off the auction list. */
export const cancelAuction: LoanHandler<'CancelAuction'> = (c, s) => {
  requireLoan(s);
  if (!onAuctionList(s))
    throw new DomainError('This loan is not on the auction list', 'auction_not_listed', 409);
  return [{ type: 'AuctionCancelled', data: { reason: 'admin', notes: c.notes } }];
};
