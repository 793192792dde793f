import {
  formatBusinessDate,
  LoanEvents,
  paiseToRupees,
  reserveFloorBps,
  type AuctionFile,
  type LoanEventData,
  type RecordedEvent,
  workingDaysBetween,
} from '@goldledger/contracts';
import { surplusRefundDays } from '../lending/auction.rules.js';
import { auctionCostsPaise, currentBidders } from '../lending/auction.state.js';
import type { LoanState } from '../lending/loan.state.js';

const r = paiseToRupees;
const pct = (bps: number) => bps / 100;

export interface AuctionFileInput {
  loanUuid: string;
  version: number;
  state: LoanState;
  /** The loan's recorded events (the sale's and the refunds' details are read from them). */
  events: readonly RecordedEvent[];
  branch: { name: string; address: string; state: string };
  customer: { name: string; customerId: string; mobile: string; email: string | null };
  today: string;
  /** Auditors see bidders' ID numbers masked. */
  maskIds: boolean;
}

/** The last sale of the loan's gold, as its event recorded it (there is at most one). */
export function saleEventOf(events: readonly RecordedEvent[]): {
  data: LoanEventData<'Auctioned'>;
  position: number;
} | null {
  const e = [...events].reverse().find((x) => x.type === 'Auctioned');
  return e ? { data: LoanEvents.Auctioned.parse(e.data), position: e.streamPosition } : null;
}

/** Refunds paid after the sale (the surplus's payouts), oldest first. */
export function payoutsAfter(events: readonly RecordedEvent[], position: number) {
  return events
    .filter((e) => e.type === 'RefundPaid' && e.streamPosition > position)
    .map((e) => LoanEvents.RefundPaid.parse(e.data));
}

const mask = (id: string) => `${'•'.repeat(Math.max(0, id.length - 4))}${id.slice(-4)}`;

/** What must still happen before the auction can be held, in order. */
function nextSteps(s: LoanState, today: string): string[] {
  const a = s.auction;
  if (s.status !== 'active') return [];
  if (a.status === 'not_ready') return ['Mark the loan for auction'];
  const steps: string[] = [];
  if (!a.notice) steps.push('Send the notice to the borrower (SMS, email and registered post)');
  if (a.status !== 'auction_scheduled') {
    steps.push(
      a.notice
        ? `Schedule the auction on or after ${formatBusinessDate(a.notice.auctionNotBefore)}, at a venue in the branch's town or taluka`
        : `Schedule the auction (${s.policy.auctionNoticeDays} days after the notice at the earliest)`,
    );
  }
  if (a.publicNotice?.round !== a.round)
    steps.push('Record the public notice in two newspapers (vernacular and national)');
  if (currentBidders(a).length === 0) steps.push('Register the bidders');
  if (a.status === 'auction_scheduled' && a.auctionDate && a.auctionDate <= today) {
    steps.push('Record the result: the sale, or a failed auction');
  }
  return steps;
}

/** The auction file of a loan, as the screens and the PDFs show it. */
export function auctionFile(input: AuctionFileInput): AuctionFile {
  const { state: s, today } = input;
  const a = s.auction;
  const sold = saleEventOf(input.events);
  const nameOf = (bidderId: string) =>
    a.bidders.find((b) => b.bidderId === bidderId)?.name ?? 'Unknown bidder';
  let sale: AuctionFile['sale'] = null;
  if (sold && a.status === 'auctioned') {
    const d = sold.data;
    const payouts = payoutsAfter(input.events, sold.position);
    const refunded = Math.min(
      d.surplusPaise,
      payouts.reduce((sum, p) => sum + p.amountPaise, 0),
    );
    const settledIn = payouts.find((p) => p.remainingPaise === 0);
    const paidOn =
      d.surplusPaise > 0 && refunded >= d.surplusPaise ? (settledIn?.paidOn ?? payouts.at(-1)!.paidOn) : null;
    const owed = d.owed ?? { costsPaise: 0, interestPaise: d.outstandingPaise, principalPaise: 0 };
    const settled = d.settlement ?? {
      costsPaise: 0,
      interestPaise: Math.min(d.salePaise, d.outstandingPaise),
      principalPaise: 0,
    };
    const dueBy = d.surplusRefundDueBy ?? null;
    sale = {
      auctionDate: d.auctionDate,
      round: d.round ?? null,
      saleAmount: r(d.salePaise),
      reservePrice: r(d.reservePricePaise),
      winningBidder: d.winningBidder ?? null,
      bids: (d.bids ?? []).map((b) => ({
        bidderId: b.bidderId,
        name: nameOf(b.bidderId),
        amount: r(b.amountPaise),
      })),
      valuation: d.valuation
        ? {
            asOf: d.valuation.asOf,
            goldValue: r(d.valuation.goldValuePaise),
            floorPercent: pct(d.valuation.floorBps),
            floor: r(d.valuation.floorPaise),
          }
        : null,
      owed: {
        costs: r(owed.costsPaise),
        interest: r(owed.interestPaise),
        principal: r(owed.principalPaise),
        total: r(d.outstandingPaise),
      },
      settled: {
        costs: r(settled.costsPaise),
        interest: r(settled.interestPaise),
        principal: r(settled.principalPaise),
      },
      surplus: r(d.surplusPaise),
      shortfall: r(d.shortfallPaise),
      surplusRefundDueBy: dueBy,
      surplusRefunded: r(refunded),
      surplusPaidOn: paidOn,
      workingDaysTaken:
        paidOn !== null
          ? surplusRefundDays(d.auctionDate, paidOn, s.policy)
          : d.surplusPaise > 0
            ? workingDaysBetween(d.auctionDate, today, s.policy)
            : null,
      refundOverdue: d.surplusPaise > 0 && paidOn === null && dueBy !== null && today > dueBy,
      payouts: payouts.map((p) => ({
        paidOn: p.paidOn,
        amount: r(p.amountPaise),
        method: p.method,
        reference: p.reference,
        paidBy: p.paidBy.name,
      })),
    };
  }
  return {
    _id: input.loanUuid,
    loanId: s.loanId,
    version: input.version,
    loanStatus: s.status,
    auctionStatus: a.status,
    today,
    branch: input.branch,
    customer: input.customer,
    readyOn: a.readyOn,
    round: a.round,
    failedCount: a.failed.length,
    reserveFloorPercent: pct(reserveFloorBps(a.failed.length, s.policy)),
    noticeDays: s.policy.auctionNoticeDays,
    surplusRefundWorkingDays: s.policy.auctionRules.surplusRefundWorkingDays,
    notice: a.notice && {
      noticeDate: a.notice.noticeDate,
      auctionNotBefore: a.notice.auctionNotBefore,
      postedOn: a.notice.postedOn,
      postReference: a.notice.postReference,
      language: a.notice.language,
      channels: a.notice.channels,
    },
    auctionDate: a.auctionDate,
    venue: a.venue,
    reservePrice: a.reservePricePaise === null ? null : r(a.reservePricePaise),
    reserveBasis: a.reserveBasis && {
      asOf: a.reserveBasis.asOf,
      goldValue: r(a.reserveBasis.goldValuePaise),
      floorPercent: pct(a.reserveBasis.floorBps),
      floor: r(a.reserveBasis.floorPaise),
    },
    publicNotice: a.publicNotice,
    bidders: a.bidders.map((b) => ({ ...b, idNumber: input.maskIds ? mask(b.idNumber) : b.idNumber })),
    costs: a.costs.map((c) => ({
      costId: c.costId,
      kind: c.kind,
      description: c.description,
      amount: r(c.amountPaise),
      incurredOn: c.incurredOn,
    })),
    totalCosts: r(auctionCostsPaise(a)),
    failedAuctions: a.failed.map((f) => ({
      auctionDate: f.auctionDate,
      round: f.round,
      reason: f.reason,
      highestBid: f.highestBidPaise === null ? null : r(f.highestBidPaise),
      reservePrice: r(f.reservePricePaise),
    })),
    sale,
    nextSteps: nextSteps(s, today),
  };
}
