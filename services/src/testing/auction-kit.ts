import { addDays, LENDING_POLICY } from '@goldledger/contracts';
import { executeLoanCommand, loadLoan, type LendingDeps } from '../lending/loan-commands.js';
import { dayPricesFor } from '../lending/ltv.js';
import { flatPrices } from './gold-prices-kit.js';

const staffer = { id: 'test-admin', name: 'Asha Admin' };

/**
 * Sells a loan's gold at auction by the rules, straight through the decider (for tests whose
 * subject is not the auction): listed and noticed on `listOn` (the loan in default then),
 * the auction on `saleOn` (at least the notice days later), announced and with one
 * registered bidder, sold for `salePaise`. Valued at the flat test prices.
 */
export async function sellAtAuction(
  deps: LendingDeps,
  loanUuid: string,
  { listOn, saleOn, salePaise }: { listOn: string; saleOn: string; salePaise: number },
): Promise<void> {
  const { state } = await loadLoan(deps.store, loanUuid);
  const pricesOn = (d: string) => dayPricesFor(flatPrices(d), state.goldItems, d, LENDING_POLICY);
  const bidderId = crypto.randomUUID();
  const announced = addDays(listOn, 1);
  for (const command of [
    { type: 'MarkReadyForAuction', today: listOn, by: 'admin', notes: null },
    {
      type: 'SendAuctionNotice',
      today: listOn,
      postedOn: listOn,
      postReference: `RP${listOn.replace(/-/g, '')}IN`,
      language: null,
      electronic: ['sms'],
      sentBy: staffer,
    },
    {
      type: 'ScheduleAuction',
      today: listOn,
      auctionDate: saleOn,
      reservePricePaise: null,
      prices: pricesOn(listOn),
      venue: { address: 'Town hall', town: 'Bengaluru', taluka: null },
      branch: { name: 'Main', address: 'Main Road, Bengaluru, Karnataka 560001' },
      notes: null,
    },
    {
      type: 'RecordAuctionPublicNotice',
      today: announced,
      newspapers: [
        { name: 'Prajavani', kind: 'vernacular', language: 'Kannada', publishedOn: announced },
        { name: 'The Hindu', kind: 'national', language: 'English', publishedOn: announced },
      ],
      recordedBy: staffer,
    },
    {
      type: 'RegisterAuctionBidder',
      today: announced,
      bidderId,
      name: 'Test Bidder Traders',
      idType: 'pan',
      idNumber: 'ABCDE1234F',
      address: '1 Market Road',
      mobile: '9876543210',
      declaredRelationship: null,
      staff: [],
      borrowerNow: null,
      registeredBy: staffer,
    },
    {
      type: 'MarkAuctioned',
      today: saleOn,
      auctionDate: null,
      salePaise,
      winningBidderId: bidderId,
      prices: pricesOn(saleOn),
      notes: null,
    },
  ] as const) {
    await executeLoanCommand(deps, loanUuid, command as Parameters<typeof executeLoanCommand>[2]);
  }
}
