import { describe, expect, it } from 'vitest';
import { LoanEvents } from '@goldledger/contracts';
import { fold } from '../../platform/decider.js';
import { auctionWalk, pricesOf } from '../../testing/auction-fixtures.js';
import { admin, after, spec } from '../../testing/loan-decider-fixtures.js';
import { surplusRefundDays } from '../auction.rules.js';
import { evolveLoan, initialLoanState, refundOwedPaise } from '../loan.state.js';

const walk = auctionWalk();
const stateOf = (events: Parameters<typeof fold>[2]) => fold(evolveLoan, initialLoanState(), events as never);

describe('the notice to the borrower', () => {
  it('goes out by SMS (email when on file) and registered post, in English unless told, once a listing', () => {
    const noticed = walk.noticed();
    expect(noticed.at(-1)).toMatchObject({
      type: 'AuctionNoticeSent',
      data: {
        noticeDate: '2026-08-02',
        auctionNotBefore: '2026-09-01',
        noticeDays: 30,
        channels: ['sms', 'registered_post'],
        registeredPost: { postedOn: '2026-08-02', reference: 'RP123456789IN' },
        language: 'en',
        languageSource: 'default',
      },
    });
    spec
      .given(noticed)
      .when(walk.notice({ today: '2026-08-05' }))
      .thenThrows('The auction notice was already sent on 2 Aug 2026');
    spec
      .given(walk.listed())
      .when(walk.notice({ postReference: '  ' }))
      .thenThrows('Registered post reference is required');
    spec
      .given(walk.listed())
      .when(walk.notice({ postedOn: '2026-08-03' }))
      .thenThrows('Registered post date cannot be in the future');
  });

  it('refuses an auction dated before the notice has run its 30 days, with the first day allowed', () => {
    spec
      .given(walk.noticed())
      .when(walk.schedule({ auctionDate: '2026-08-31' }))
      .thenThrows(
        "The auction cannot be held before 1 Sept 2026: the borrower must have 30 days' notice (notice sent 2 Aug 2026)",
      );
    spec
      .given(walk.listed())
      .when(walk.schedule())
      .thenThrows('Send the auction notice to the borrower first (SMS, email and registered post)');
  });
});

describe('the venue', () => {
  it("must be in the branch's town, or in another town with the taluka given", () => {
    const elsewhere = { address: 'Marriage hall, GST Road', town: 'Tambaram', taluka: null };
    spec
      .given(walk.noticed())
      .when(walk.schedule({ venue: elsewhere }))
      .thenThrows(
        "The venue must be in the branch's town (Chennai branch: Anna Salai, Chennai, Tamil Nadu 600002) or its taluka: give the taluka for a venue in Tambaram",
      );
    const scheduled = after(walk.noticed(), walk.schedule({ venue: { ...elsewhere, taluka: 'Tambaram' } }));
    expect(scheduled.at(-1)).toMatchObject({ data: { venue: { town: 'Tambaram', taluka: 'Tambaram' } } });
  });
});

describe('the public notice', () => {
  const scheduled = after(walk.noticed(), walk.schedule());

  it('needs one vernacular newspaper (not in English) and one national, printed before the auction', () => {
    const papers = walk.publicNoticeCommand().newspapers;
    spec
      .given(scheduled)
      .when(walk.publicNoticeCommand('2026-08-10', { newspapers: [papers[0]!, papers[0]!] }))
      .thenThrows('The public notice needs two newspapers: one vernacular and one national');
    spec
      .given(scheduled)
      .when(
        walk.publicNoticeCommand('2026-08-10', {
          newspapers: [{ ...papers[0]!, language: 'English' }, papers[1]!],
        }),
      )
      .thenThrows('The vernacular newspaper is in the local language, not English');
    spec
      .given(scheduled)
      .when({ ...walk.publicNoticeCommand('2026-09-01'), today: '2026-09-01' })
      .thenThrows('The newspapers must carry the notice before the auction on 1 Sept 2026');
    spec
      .given(walk.noticed())
      .when(walk.publicNoticeCommand())
      .thenThrows('Schedule the auction first: the public notice announces its date and venue');
  });

  it('must be in before the auction is held, sold or failed', () => {
    const withBidder = walk.bidderIn(scheduled);
    spec
      .given(withBidder)
      .when(walk.sale())
      .thenThrows(
        'Record the public notice (one vernacular and one national newspaper) before the auction is held',
      );
    spec
      .given(withBidder)
      .when(walk.failed())
      .thenThrows(
        'Record the public notice (one vernacular and one national newspaper) before the auction is held',
      );
  });
});

describe('the bidder register', () => {
  const scheduled = walk.publicNotice(after(walk.noticed(), walk.schedule()));

  it.each([
    [
      'a member of staff by mobile',
      { mobile: '9000000001' },
      "Bidder refused: matches Asha Admin, a member of the lender's staff (same mobile); staff may not bid at the lender's auctions",
    ],
    [
      'a member of staff by Aadhaar',
      { idType: 'aadhaar' as const, idNumber: '4000 0000 0001' },
      "Bidder refused: matches Asha Admin, a member of the lender's staff (same Aadhaar); staff may not bid at the lender's auctions",
    ],
    [
      'a member of staff by name',
      { name: 'asha  admin' },
      "Bidder refused: matches Asha Admin, a member of the lender's staff (same name); staff may not bid at the lender's auctions",
    ],
    [
      'the borrower by Aadhaar',
      { idType: 'aadhaar' as const, idNumber: '500000000003' },
      'Bidder refused: the borrower may not bid for their own gold',
    ],
    [
      'the borrower by mobile',
      { mobile: '9000000003' },
      'Bidder refused: the borrower may not bid for their own gold',
    ],
    [
      "the borrower's emergency contact",
      { mobile: '9000000099' },
      "Bidder refused: 9000000099 is the borrower's emergency contact (Son); related parties may not bid",
    ],
    [
      'anyone declaring a relationship',
      { declaredRelationship: 'Cousin' },
      'Bidder refused: a related party of the borrower (declared relationship: Cousin) may not bid',
    ],
    [
      "the borrower's new mobile (profile now)",
      {
        mobile: '9111111111',
        borrowerNow: {
          name: 'Lakshmi Devi',
          aadharNumber: '500000000003',
          mobiles: ['9111111111'],
          emergencyContact: { mobile: '9000000099', relation: 'Son' },
        },
      },
      'Bidder refused: the borrower may not bid for their own gold',
    ],
  ])('refuses %s', (_who, change, message) => {
    spec.given(scheduled).when(walk.bidderCommand(change)).thenThrows(message);
  });

  it('registers an unrelated bidder once, up to the auction day', () => {
    const registered = walk.bidderIn(scheduled);
    expect(registered.at(-1)).toMatchObject({
      type: 'AuctionBidderRegistered',
      data: {
        name: 'Ravi Traders',
        idType: 'pan',
        idNumber: 'ABCDE1234F',
        round: 1,
        relationshipChecked: true,
      },
    });
    spec
      .given(registered)
      .when(walk.bidderCommand({ bidderId: crypto.randomUUID() }))
      .thenThrows('This bidder is already registered for the auction');
    spec
      .given(scheduled)
      .when(walk.bidderCommand({ today: '2026-09-02' }))
      .thenThrows('Bidders register on or before the auction date');
    spec
      .given(scheduled)
      .when(walk.bidderCommand({ idType: 'pan', idNumber: 'ABC123' }))
      .thenThrows('PAN must be 5 letters, 4 digits and a letter');
  });
});

describe('the sale', () => {
  const ready = walk.readyToSell();

  it('must come from a registered bidder, be the highest bid and reach the reserve', () => {
    spec
      .given(ready)
      .when(walk.sale({ winningBidderId: crypto.randomUUID() }))
      .thenThrows('The winning bid must come from a bidder registered for this auction');
    spec
      .given(ready)
      .when(walk.sale({ winningBidderId: null }))
      .thenThrows('Choose the winning bidder from the register');
    spec
      .given(ready)
      .when(walk.sale({ salePaise: 1_38_637_87 }))
      .thenThrows('Sale amount is below the reserve price of ₹1,38,638');
    const two = after(
      ready,
      walk.bidderCommand({
        bidderId: crypto.randomUUID(),
        idNumber: 'PQRSX6789Z',
        name: 'Meena Jewels',
        mobile: '9876500000',
      }),
    );
    const meena = LoanEvents.AuctionBidderRegistered.parse(two.at(-1)!.data);
    spec
      .given(two)
      .when(walk.sale({ otherBids: [{ bidderId: meena.bidderId, amountPaise: 1_60_000_00 }] }))
      .thenThrows('The winning bid must be the highest bid');
  });

  it('is also held to the floor at the auction day’s valuation price', () => {
    // Gold up a third by 1 Sept: the 90 % floor is then above the reserve set on 3 Aug.
    spec
      .given(ready)
      .when(walk.sale({ salePaise: 1_40_000_00, prices: pricesOf('2026-09-01', 9_333_00) }))
      .thenThrows(
        /^Sale amount is below ₹1,84,844 \(90% of the gold's value ₹2,05,382 at the valuation price of 1 Sept 2026\): record the auction as failed \(below reserve\)$/,
      );
  });
});

describe('the reserve price (Must show)', () => {
  it('is at least 90 % of the gold’s value, and at least 85 % after two failed auctions', () => {
    // Round 1 on 1 Sept: nobody bids.
    const r1 = walk.publicNotice(after(walk.noticed(), walk.schedule()));
    const failed1 = after(r1, walk.failed());
    expect(failed1.at(-1)).toMatchObject({
      type: 'AuctionFailed',
      data: { reason: 'no_bids', round: 1, failedCount: 1, reservePricePaise: 1_38_637_88 },
    });
    expect(stateOf(failed1).auction).toMatchObject({ status: 'ready_for_auction', round: 2 });
    // Round 2: one failure is not enough for the lower floor.
    const round2 = { today: '2026-09-02', auctionDate: '2026-09-15', prices: pricesOf('2026-09-02') };
    spec
      .given(failed1)
      .when(walk.schedule({ ...round2, reservePricePaise: 1_30_935_77 }))
      .thenThrows(/^Reserve price must be at least ₹1,38,638 \(90% /);
    const r2 = walk.publicNotice(after(failed1, walk.schedule(round2)), '2026-09-05');
    spec
      .given(r2)
      .when(walk.failed({ today: '2026-09-15', reason: 'below_reserve', highestBidPaise: 1_40_000_00 }))
      .thenThrows('A bid of ₹1,40,000 reaches the reserve of ₹1,38,638: record the sale instead');
    const failed2 = after(
      r2,
      walk.failed({ today: '2026-09-15', reason: 'below_reserve', highestBidPaise: 1_30_000_00 }),
    );
    expect(failed2.at(-1)).toMatchObject({
      data: { round: 2, failedCount: 2, highestBidPaise: 1_30_000_00 },
    });
    // Round 3, after two failed auctions: 85 % of ₹1,54,042.08 is ₹1,30,935.77.
    const round3 = { today: '2026-09-16', auctionDate: '2026-10-01', prices: pricesOf('2026-09-16') };
    spec
      .given(failed2)
      .when(walk.schedule({ ...round3, reservePricePaise: 1_30_935_76 }))
      .thenThrows(
        "Reserve price must be at least ₹1,30,936 (85% of the gold's value ₹1,54,042 at the valuation price of 16 Sept 2026)",
      );
    const scheduled3 = after(failed2, walk.schedule(round3));
    expect(scheduled3.at(-1)).toMatchObject({
      type: 'AuctionScheduled',
      data: { reservePricePaise: 1_30_935_77, reserveFloorBps: 8500, round: 3 },
    });
    // The round's own bidder register and public notice; a bid at 85 % now sells.
    const ready3 = walk.bidderIn(walk.publicNotice(scheduled3, '2026-09-20'), { today: '2026-09-25' });
    const sold = after(
      ready3,
      walk.sale({ today: '2026-10-01', salePaise: 1_31_000_00, prices: pricesOf('2026-10-01') }),
    );
    expect(sold.at(-2)).toMatchObject({
      type: 'Auctioned',
      data: { round: 3, valuation: { floorBps: 8500 }, reservePricePaise: 1_30_935_77 },
    });
  });
});

describe('the surplus (Must show)', () => {
  it('is due back within 7 working days of the sale and paid out through the refund', () => {
    const sold = after(walk.readyToSell(), walk.sale({ salePaise: 1_50_000_00 }));
    const auctioned = LoanEvents.Auctioned.parse(sold.at(-2)!.data);
    expect(auctioned.surplusPaise).toBeGreaterThan(0);
    // Sold Tuesday 1 Sept 2026: 2–5 Sept, Sunday 6th skipped, 7–9 Sept.
    expect(auctioned.surplusRefundDueBy).toBe('2026-09-09');
    expect(refundOwedPaise(stateOf(sold))).toBe(auctioned.surplusPaise);
    const payout = {
      type: 'RecordRefundPaid' as const,
      refundId: crypto.randomUUID(),
      method: 'bank_transfer' as const,
      reference: 'UTR-SURPLUS-1',
      paidOn: '2026-09-04',
      paidBy: admin,
      today: '2026-09-04',
    };
    spec
      .given(sold)
      .when({ ...payout, amountPaise: auctioned.surplusPaise + 1 })
      .thenThrows(/^Refund amount cannot be more than the/);
    const paid = after(sold, { ...payout, amountPaise: auctioned.surplusPaise });
    expect(paid.at(-1)).toMatchObject({
      type: 'RefundPaid',
      data: { amountPaise: auctioned.surplusPaise, remainingPaise: 0, reference: 'UTR-SURPLUS-1' },
    });
    expect(refundOwedPaise(stateOf(paid))).toBe(0);
    expect(surplusRefundDays('2026-09-01', '2026-09-04', stateOf(paid).policy)).toBe(3);
  });

  it('settles costs, then interest, then principal; a shortfall stays owed', () => {
    const low = pricesOf('2026-08-03', 3_000_00);
    const scheduled = after(walk.noticed(), walk.schedule({ prices: low }));
    const costed = after(scheduled, {
      type: 'RecordAuctionCost',
      today: '2026-08-05',
      costId: crypto.randomUUID(),
      kind: 'newspaper',
      description: 'Two newspaper notices',
      amountPaise: 4_500_00,
      incurredOn: '2026-08-05',
      recordedBy: admin,
    });
    const ready = walk.bidderIn(walk.publicNotice(costed));
    const sold = after(ready, walk.sale({ salePaise: 60_000_00, prices: pricesOf('2026-09-01', 3_000_00) }));
    const a = LoanEvents.Auctioned.parse(sold.at(-2)!.data);
    expect(a.owed!.costsPaise).toBe(4_500_00);
    expect(a.settlement).toEqual({
      costsPaise: 4_500_00,
      interestPaise: a.owed!.interestPaise,
      principalPaise: 60_000_00 - 4_500_00 - a.owed!.interestPaise,
    });
    expect(a.surplusPaise).toBe(0);
    expect(a.shortfallPaise).toBe(a.outstandingPaise - 60_000_00);
    expect(a.surplusRefundDueBy).toBeNull();
  });
});
