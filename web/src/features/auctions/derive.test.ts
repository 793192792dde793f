import { describe, expect, it } from 'vitest';
import {
  actionBody,
  actionLabel,
  actionsFor,
  branchToday,
  EMPTY_FORM,
  saleFloor,
  saleOutcome,
  shownStatus,
  validateAction,
} from './derive';

const listed = { reservePrice: null, minimumReservePrice: 90_000, auctionReadyDate: '2026-11-10' };

describe('row actions by state', () => {
  it('offers each state its moves', () => {
    expect(actionsFor({ auctionStatus: 'not_ready' })).toEqual(['mark_ready']);
    expect(actionsFor({ auctionStatus: 'ready_for_auction' })).toEqual([
      'schedule',
      'mark_auctioned',
      'cancel',
    ]);
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

  it('requires an auction date to schedule, not in the past', () => {
    expect(validateAction('schedule', EMPTY_FORM, listed, today)).toEqual({
      auctionDate: 'Auction date is required',
    });
    expect(
      validateAction('schedule', { ...EMPTY_FORM, auctionDate: '2026-11-20' }, listed, today).auctionDate,
    ).toBe('Auction date cannot be in the past');
    expect(validateAction('schedule', { ...EMPTY_FORM, auctionDate: '2026-11-28' }, listed, today)).toEqual(
      {},
    );
  });

  it('keeps the reserve at 90 % of the gold value or more', () => {
    const form = { ...EMPTY_FORM, auctionDate: '2026-11-28', reservePrice: '89,999' };
    expect(validateAction('schedule', form, listed, today).reservePrice).toMatch(/at least 90%/);
    expect(validateAction('schedule', { ...form, reservePrice: '90000' }, listed, today)).toEqual({});
  });

  it('needs a sale amount at the reserve to mark auctioned; the date may be blank but not ahead', () => {
    expect(validateAction('mark_auctioned', EMPTY_FORM, listed, today)).toEqual({
      saleAmount: 'Sale amount is required',
    });
    expect(
      validateAction('mark_auctioned', { ...EMPTY_FORM, saleAmount: '80000' }, listed, today).saleAmount,
    ).toBe('Sale amount is below the reserve price');
    expect(
      validateAction(
        'mark_auctioned',
        { ...EMPTY_FORM, saleAmount: '95000', auctionDate: '2026-11-22' },
        listed,
        today,
      ).auctionDate,
    ).toBe('Auction date cannot be in the future');
    expect(validateAction('mark_auctioned', { ...EMPTY_FORM, saleAmount: '95000' }, listed, today)).toEqual(
      {},
    );
    // A reserve set at scheduling is the floor, not today's 90 %.
    expect(saleFloor({ reservePrice: 1_00_000, minimumReservePrice: 90_000 })).toBe(1_00_000);
  });

  it('sends what each endpoint reads, blanks left out', () => {
    expect(actionBody('mark_ready', { ...EMPTY_FORM, notes: '  ' })).toEqual({ notes: null });
    expect(actionBody('schedule', { ...EMPTY_FORM, auctionDate: '2026-11-28', notes: 'Hall B' })).toEqual({
      auctionDate: '2026-11-28',
      notes: 'Hall B',
    });
    expect(
      actionBody('schedule', { ...EMPTY_FORM, auctionDate: '2026-11-28', reservePrice: '1,00,000' }),
    ).toEqual({
      auctionDate: '2026-11-28',
      reservePrice: 100000,
      notes: null,
    });
    expect(actionBody('mark_auctioned', { ...EMPTY_FORM, saleAmount: '95000' })).toEqual({
      saleAmount: 95000,
      notes: null,
    });
  });
});

describe('after the sale', () => {
  it('tells a surplus from a shortfall', () => {
    expect(saleOutcome(1_10_000, 1_00_000)).toEqual({ kind: 'surplus', amount: 10_000 });
    expect(saleOutcome(90_000, 1_00_000.5)).toEqual({ kind: 'shortfall', amount: 10_000.5 });
    expect(saleOutcome(1_00_000, 1_00_000)).toEqual({ kind: 'even', amount: 0 });
  });

  it("dates by the branch's calendar", () => {
    expect(branchToday(new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22');
  });
});
