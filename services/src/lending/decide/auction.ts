import { formatInr, maxDate } from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import { runLedger } from '../interest.js';
import type { LoanHandler } from '../loan.decider.js';
import {
  auctionReadyDate,
  inDefault,
  onAuctionList,
  quoteLoan,
  requireActive,
  requireLoan,
  reservePriceFloor,
  termsOf,
} from '../loan.rules.js';
import { successfulPayments } from '../loan.state.js';

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

/** Dates the auction of a listed loan, not in the past, with a reserve no lower than the policy's floor. */
export const scheduleAuction: LoanHandler<'ScheduleAuction'> = (c, s) => {
  requireActive(s);
  if (!c.auctionDate) throw new DomainError('Auction date is required', 'auction_date_required');
  if (!onAuctionList(s))
    throw new DomainError('Mark the loan ready for auction first', 'auction_not_ready', 409);
  if (c.auctionDate < c.today)
    throw new DomainError('Auction date cannot be in the past', 'auction_date_past');
  const { valuePaise, floorPaise } = reservePriceFloor(s.goldItems, c.goldRatePaisePerGram, s.policy);
  const reserve = c.reservePricePaise ?? floorPaise;
  if (reserve < floorPaise) {
    throw new DomainError(
      `Reserve price must be at least ${formatInr(floorPaise)} (${s.policy.reservePriceMinBps / 100}% of the gold's value ${formatInr(valuePaise)} today)`,
      'reserve_too_low',
    );
  }
  return [
    {
      type: 'AuctionScheduled',
      data: {
        auctionDate: c.auctionDate,
        reservePricePaise: reserve,
        goldValuePaise: valuePaise,
        notes: c.notes,
      },
    },
  ];
};

/**
 * The gold was sold: at or above the reserve, dated between the listing and today. The loan
 * closes as auctioned, with what the sale left over for the customer or left unpaid.
 */
export const markAuctioned: LoanHandler<'MarkAuctioned'> = (c, s) => {
  requireActive(s);
  if (!onAuctionList(s))
    throw new DomainError('Mark the loan ready for auction first', 'auction_not_ready', 409);
  const date = c.auctionDate ?? c.today;
  if (date > c.today) throw new DomainError('Auction date cannot be in the future', 'auction_date_future');
  const listedOn = s.auction.readyOn ?? s.disbursementDate;
  if (date < listedOn) {
    throw new DomainError(
      `Auction date cannot be before the loan was listed for auction (${listedOn})`,
      'auction_date_before_listing',
    );
  }
  if (!Number.isSafeInteger(c.salePaise) || c.salePaise <= 0) {
    throw new DomainError('Sale amount is required', 'sale_amount_required');
  }
  // Sold straight from the list, with no reserve set: the floor is the policy's share of the gold's value today.
  const reserve =
    s.auction.reservePricePaise ??
    reservePriceFloor(s.goldItems, c.goldRatePaisePerGram, s.policy).floorPaise;
  if (c.salePaise < reserve) {
    throw new DomainError(`Sale amount is below the reserve price of ${formatInr(reserve)}`, 'below_reserve');
  }
  const quote = quoteLoan(s, maxDate(date, s.disbursementDate));
  const owed = quote.principalOutstandingPaise + quote.interestPaise;
  const interestPaid = runLedger(termsOf(s), successfulPayments(s), date).interestPaidPaise;
  return [
    {
      type: 'Auctioned',
      data: {
        auctionDate: date,
        salePaise: c.salePaise,
        reservePricePaise: reserve,
        outstandingPaise: owed,
        surplusPaise: Math.max(0, c.salePaise - owed),
        shortfallPaise: Math.max(0, owed - c.salePaise),
        notes: c.notes,
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
