import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LoanEvents, settleAuctionProceeds, type LoanEvent } from '@goldledger/contracts';
import { auctionWalk, pricesOf } from '../../testing/auction-fixtures.js';
import { admin, after, created, pay } from '../../testing/loan-decider-fixtures.js';
import { reserveFloorOn } from '../auction.rules.js';
import { fold } from '../../platform/decider.js';
import { evolveLoan, initialLoanState, refundOwedPaise } from '../loan.state.js';

const NUM_RUNS = Number(process.env.AUCTION_PROPERTY_RUNS ?? 300);
const walk = auctionWalk();

/** The waterfall's laws for any proceeds and any amounts owed. */
function expectWaterfall(
  proceeds: number,
  owed: { costsPaise: number; interestPaise: number; principalPaise: number },
  s: ReturnType<typeof settleAuctionProceeds>,
) {
  const owedTotal = owed.costsPaise + owed.interestPaise + owed.principalPaise;
  // costs + interest + principal (owed) + surplus − shortfall = proceeds; settled + surplus = proceeds.
  expect(owedTotal + s.surplusPaise - s.shortfallPaise).toBe(proceeds);
  expect(s.costsPaise + s.interestPaise + s.principalPaise + s.surplusPaise).toBe(proceeds);
  // In order: nothing reaches interest before the costs are settled, nor principal before interest.
  if (s.interestPaise > 0) expect(s.costsPaise).toBe(owed.costsPaise);
  if (s.principalPaise > 0) expect(s.interestPaise).toBe(owed.interestPaise);
  if (s.surplusPaise > 0) {
    expect([s.costsPaise, s.interestPaise, s.principalPaise, s.shortfallPaise]).toEqual([
      owed.costsPaise,
      owed.interestPaise,
      owed.principalPaise,
      0,
    ]);
  }
  expect(Math.min(s.surplusPaise, s.shortfallPaise)).toBe(0);
  for (const v of Object.values(s)) expect(v).toBeGreaterThanOrEqual(0);
}

describe('the sale proceeds waterfall (fast-check)', () => {
  it('settles costs → interest → principal, the rest surplus or the gap shortfall, for any amounts', () => {
    const paise = fc.integer({ min: 0, max: 50_00_000_00 });
    fc.assert(
      fc.property(paise, paise, paise, paise, (proceeds, costsPaise, interestPaise, principalPaise) => {
        const owed = { costsPaise, interestPaise, principalPaise };
        expectWaterfall(proceeds, owed, settleAuctionProceeds(proceeds, owed));
      }),
      { numRuns: NUM_RUNS * 3 },
    );
  });

  it('holds for the decider’s sales over random payments, costs, gold prices and bids', () => {
    const history = fc.record({
      /** A part payment before the listing (ages the interest differently). */
      paidRupees: fc.option(fc.integer({ min: 5_000, max: 60_000 }), { nil: null }),
      costs: fc.array(fc.integer({ min: 1, max: 20_000_00 }), { maxLength: 4 }),
      /** The 24K price, rupees a gram: gold worth from under the debt to far above it. */
      price999: fc.integer({ min: 2_000, max: 12_000 }),
      /** How far above the floor the winning bid is, in thousandths of it. */
      aboveFloor: fc.integer({ min: 0, max: 2_000 }),
    });
    fc.assert(
      fc.property(history, ({ paidRupees, costs, price999, aboveFloor }) => {
        const prices = (d: string) => pricesOf(d, price999 * 100);
        let events: LoanEvent[] = created;
        if (paidRupees !== null) events = after(events, pay(paidRupees, '2026-04-15'));
        events = after(events, {
          type: 'MarkReadyForAuction',
          today: '2026-08-01',
          by: 'admin',
          notes: null,
        });
        events = after(events, walk.notice());
        events = after(events, walk.schedule({ prices: prices('2026-08-03') }));
        costs.forEach((amountPaise, i) => {
          events = after(events, {
            type: 'RecordAuctionCost',
            today: '2026-08-12',
            costId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
            kind: 'other',
            description: `Cost ${i + 1}`,
            amountPaise,
            incurredOn: '2026-08-12',
            recordedBy: admin,
          });
        });
        events = walk.bidderIn(walk.publicNotice(events));
        const state = fold(evolveLoan, initialLoanState(), events);
        const floor = Math.max(
          state.auction.reservePricePaise!,
          reserveFloorOn(state, prices('2026-09-01')).floorPaise,
        );
        const salePaise = floor + Math.floor((floor * aboveFloor) / 1000);
        const sold = after(events, walk.sale({ salePaise, prices: prices('2026-09-01') }));
        const a = LoanEvents.Auctioned.parse(sold.at(-2)!.data);
        expect(a.owed!.costsPaise).toBe(costs.reduce((x, y) => x + y, 0));
        expect(a.outstandingPaise).toBe(a.owed!.costsPaise + a.owed!.interestPaise + a.owed!.principalPaise);
        expectWaterfall(salePaise, a.owed!, {
          ...a.settlement!,
          surplusPaise: a.surplusPaise,
          shortfallPaise: a.shortfallPaise,
        });
        // A surplus is owed back, with its deadline; a shortfall has none.
        const after_ = fold(evolveLoan, initialLoanState(), sold);
        expect(refundOwedPaise(after_)).toBe(a.surplusPaise);
        expect(a.surplusRefundDueBy ?? null).toBe(a.surplusPaise > 0 ? '2026-09-09' : null);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
