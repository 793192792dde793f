import { LENDING_POLICY, type LoanEvent } from '@goldledger/contracts';
import type { LoanCommand } from '../lending/loan.decider.js';
import { dayPricesFor } from '../lending/ltv.js';
import { flatPrices } from './gold-prices-kit.js';
import { admin, after, created, createCommand } from './loan-decider-fixtures.js';

type Command<K extends LoanCommand['type']> = Extract<LoanCommand, { type: K }>;

/** The shared loan's gold valued at the flat test prices of a day (₹6,418.42 a gram of 22K). */
export const pricesOf = (date: string, price999Paise?: number) =>
  dayPricesFor(flatPrices(date, price999Paise), createCommand.goldItems, date, LENDING_POLICY);

export const BRANCH = { name: 'Chennai branch', address: 'Anna Salai, Chennai, Tamil Nadu 600002' };
export const STAFF = [{ name: 'Asha Admin', mobiles: ['9000000001'], aadharNumber: '400000000001' }];

/**
 * The shared decider loan (in default from August 2026) walked through an auction by the
 * rules: listed 1 Aug, the notice on 2 Aug (registered post the same day), scheduled on
 * 3 Aug for 1 Sept (the 30th day), the newspapers on 10 Aug, a bidder on 20 Aug, sold
 * on 1 Sept. Each step's command can be changed; each `…In(events)` runs it after them.
 */
export function auctionWalk() {
  const bidder = {
    type: 'RegisterAuctionBidder',
    today: '2026-08-20',
    bidderId: '0b1d0000-0000-4000-8000-000000000001',
    name: 'Ravi Traders',
    idType: 'pan',
    idNumber: 'ABCDE1234F',
    address: '8 Mint Street, Chennai',
    mobile: '9876543210',
    declaredRelationship: null,
    staff: STAFF,
    borrowerNow: null,
    registeredBy: admin,
  } satisfies Command<'RegisterAuctionBidder'>;
  const listed = () =>
    after(created, { type: 'MarkReadyForAuction', today: '2026-08-01', by: 'admin', notes: null });
  const notice = (o: Partial<Command<'SendAuctionNotice'>> = {}): Command<'SendAuctionNotice'> => ({
    type: 'SendAuctionNotice',
    today: '2026-08-02',
    postedOn: '2026-08-02',
    postReference: 'RP123456789IN',
    language: null,
    electronic: ['sms'],
    sentBy: admin,
    ...o,
  });
  const schedule = (o: Partial<Command<'ScheduleAuction'>> = {}): Command<'ScheduleAuction'> => ({
    type: 'ScheduleAuction',
    today: '2026-08-03',
    auctionDate: '2026-09-01',
    reservePricePaise: null,
    prices: pricesOf('2026-08-03'),
    venue: { address: 'Kalyana Mandapam, 12 Anna Salai', town: 'Chennai', taluka: null },
    branch: BRANCH,
    notes: null,
    ...o,
  });
  const publicNoticeCommand = (
    publishedOn = '2026-08-10',
    o: Partial<Command<'RecordAuctionPublicNotice'>> = {},
  ): Command<'RecordAuctionPublicNotice'> => ({
    type: 'RecordAuctionPublicNotice',
    today: publishedOn,
    newspapers: [
      { name: 'Dina Thanthi', kind: 'vernacular', language: 'Tamil', publishedOn },
      { name: 'The Hindu', kind: 'national', language: 'English', publishedOn },
    ],
    recordedBy: admin,
    ...o,
  });
  const sale = (o: Partial<Command<'MarkAuctioned'>> = {}): Command<'MarkAuctioned'> => ({
    type: 'MarkAuctioned',
    today: '2026-09-01',
    auctionDate: null,
    salePaise: 1_50_000_00,
    winningBidderId: bidder.bidderId,
    otherBids: [],
    prices: pricesOf('2026-09-01'),
    notes: null,
    ...o,
  });
  const failed = (o: Partial<Command<'RecordFailedAuction'>> = {}): Command<'RecordFailedAuction'> => ({
    type: 'RecordFailedAuction',
    today: '2026-09-01',
    auctionDate: null,
    reason: 'no_bids',
    highestBidPaise: null,
    notes: null,
    ...o,
  });
  return {
    bidder,
    listed,
    notice,
    noticed: () => after(listed(), notice()),
    schedule,
    publicNoticeCommand,
    publicNotice: (events: LoanEvent[], publishedOn?: string) =>
      after(events, publicNoticeCommand(publishedOn)),
    bidderCommand: (o: Partial<Command<'RegisterAuctionBidder'>> = {}) => ({ ...bidder, ...o }),
    bidderIn: (events: LoanEvent[], o: Partial<Command<'RegisterAuctionBidder'>> = {}) =>
      after(events, { ...bidder, ...o }),
    sale,
    failed,
    /** Listed, noticed, scheduled for 1 Sept, announced, one bidder registered: ready to sell. */
    readyToSell: () => {
      const scheduled = after(after(listed(), notice()), schedule());
      return after(after(scheduled, publicNoticeCommand()), bidder);
    },
  };
}
