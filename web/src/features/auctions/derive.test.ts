import { describe, expect, it } from 'vitest';
import {
  actionBody,
  actionLabel,
  actionsFor,
  branchToday,
  EMPTY_FORM,
  reservePercent,
  saleFloor,
  saleFromBids,
  shownStatus,
  validateAction,
} from './derive';

const listed = { minimumReservePrice: 90_000, earliestAuctionDate: null, failedAuctions: 0 };
const venue = { venueAddress: 'Town Hall', venueTown: 'Bengaluru' };

describe('row actions by state', () => {
  it('offers each state its moves', () => {
    expect(actionsFor({ auctionStatus: 'not_ready' })).toEqual(['mark_ready']);
    // Sold only at a scheduled auction: no sale straight from the list.
    expect(actionsFor({ auctionStatus: 'ready_for_auction' })).toEqual(['schedule', 'cancel']);
    expect(actionsFor({ auctionStatus: 'auction_scheduled' })).toEqual([
      'mark_auctioned',
      'schedule',
      'cancel',
    ]);
    expect(actionsFor({ auctionStatus: 'auctioned' })).toEqual([]);
  });

  it('names a second schedule a reschedule', () => {
    expect(actionLabel('schedule', { auctionStatus: 'ready_for_auction' })).toBe('Schedule Auction');
    expect(actionLabel('schedule', { auctionStatus: 'auction_scheduled' })).toBe('Reschedule');
    expect(actionLabel('mark_ready', { auctionStatus: 'not_ready' })).toBe('Mark for Auction');
  });

  it('shows a loan taken off the list as cancelled', () => {
    const cancelled = { status: 'cancelled' as const, at: '', by: null, notes: null, reason: 'admin' };
    expect(shownStatus({ auctionStatus: 'not_ready', history: [cancelled] })).toBe('cancelled');
    expect(shownStatus({ auctionStatus: 'not_ready', history: [] })).toBe('not_ready');
  });
});

describe('the action form', () => {
  const today = '2026-11-21';

  it('requires an auction date to schedule, not in the past nor inside the notice, and a venue', () => {
    expect(validateAction('schedule', EMPTY_FORM, listed, today)).toEqual({
      auctionDate: 'Auction date is required',
      venueAddress: 'Venue address is required',
      venueTown: 'Venue town is required',
    });
    expect(
      validateAction('schedule', { ...EMPTY_FORM, ...venue, auctionDate: '2026-11-20' }, listed, today)
        .auctionDate,
    ).toBe('Auction date cannot be in the past');
    const noticed = { ...listed, earliestAuctionDate: '2026-12-21' };
    expect(
      validateAction('schedule', { ...EMPTY_FORM, ...venue, auctionDate: '2026-12-20' }, noticed, today)
        .auctionDate,
    ).toBe("The borrower's notice runs until 2026-12-21: choose that day or later");
    expect(
      validateAction('schedule', { ...EMPTY_FORM, ...venue, auctionDate: '2026-12-21' }, noticed, today),
    ).toEqual({});
  });

  it('keeps the reserve at 90 % of the gold value or more, 85 % after two failed auctions', () => {
    const form = { ...EMPTY_FORM, ...venue, auctionDate: '2026-11-28', reservePrice: '89,999' };
    expect(validateAction('schedule', form, listed, today).reservePrice).toMatch(/at least 90%/);
    expect(validateAction('schedule', { ...form, reservePrice: '90000' }, listed, today)).toEqual({});
    expect(reservePercent({ failedAuctions: 1 })).toBe(90);
    expect(reservePercent({ failedAuctions: 2 })).toBe(85);
    expect(validateAction('schedule', form, { ...listed, failedAuctions: 2 }, today).reservePrice).toMatch(
      /at least 85%/,
    );
    // A reserve set at scheduling is the floor, not today's 90 %.
    expect(saleFloor({ reservePrice: 1_00_000, minimumReservePrice: 90_000 })).toBe(1_00_000);
    expect(saleFloor({ reservePrice: null, minimumReservePrice: null })).toBe(0);
  });

  it('sends what each endpoint reads, blanks left out', () => {
    expect(actionBody('mark_ready', { ...EMPTY_FORM, notes: '  ' })).toEqual({ notes: null });
    expect(
      actionBody('schedule', {
        ...EMPTY_FORM,
        ...venue,
        auctionDate: '2026-11-28',
        reservePrice: '1,00,000',
      }),
    ).toEqual({
      auctionDate: '2026-11-28',
      reservePrice: 100000,
      venue: { address: 'Town Hall', town: 'Bengaluru', taluka: null },
      notes: null,
    });
  });
});

describe('the bids', () => {
  it('make the highest the winning bid and keep the others for the report', () => {
    expect(
      saleFromBids([
        { bidderId: 'a', amount: '1,70,000' },
        { bidderId: 'b', amount: '' },
        { bidderId: 'c', amount: '1,80,500' },
      ]),
    ).toEqual({ winningBidderId: 'c', saleAmount: 180500, otherBids: [{ bidderId: 'a', amount: 170000 }] });
    expect(saleFromBids([{ bidderId: 'a', amount: ' ' }])).toBeNull();
    expect(saleFromBids([{ bidderId: 'a', amount: 'lots' }])).toEqual({
      error: 'Each bid must be an amount in rupees',
    });
    expect(
      saleFromBids([
        { bidderId: 'a', amount: '100' },
        { bidderId: 'b', amount: '100' },
      ]),
    ).toEqual({ error: 'Two bids are equal at the top: record the higher one that won' });
  });
});

describe('dates', () => {
  it("dates by the branch's calendar", () => {
    expect(branchToday(new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22');
  });
});
