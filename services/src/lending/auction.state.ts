import type {
  AuctionCostKind,
  AuctionFailureReason,
  AuctionNewspaper,
  AuctionNoticeChannel,
  AuctionStatus,
  AuctionVenue,
  BidderIdType,
  LoanEvent,
} from '@goldledger/contracts';

/**
 * A loan's auction file (issue 18): where it stands on the way to a sale, and every step
 * the rules ask for before one. Folded by `evolveAuction` from the loan's auction events;
 * a cancellation starts the file afresh (its notices, bidders, costs and failed auctions
 * belonged to the process that was called off).
 */
export interface AuctionState {
  status: AuctionStatus;
  readyOn: string | null;
  auctionDate: string | null;
  reservePricePaise: number | null;
  /** People took it off the list once (an admin, or a repayment): the scheduler then leaves it alone. */
  cancelled: boolean;
  /** The auction being prepared: 1, then one more after each failed auction. */
  round: number;
  failed: Array<{
    auctionDate: string;
    round: number;
    reason: AuctionFailureReason;
    highestBidPaise: number | null;
    reservePricePaise: number;
  }>;
  notice: {
    noticeDate: string;
    auctionNotBefore: string;
    postedOn: string;
    postReference: string;
    language: string;
    channels: AuctionNoticeChannel[];
  } | null;
  /** The newspapers that announced the current round (a failed auction needs a fresh notice). */
  publicNotice: { round: number; newspapers: AuctionNewspaper[] } | null;
  venue: AuctionVenue | null;
  /** The reserve's basis when it was set: the valuation day, the gold's value, the floor's share. */
  reserveBasis: { asOf: string; goldValuePaise: number; floorBps: number; floorPaise: number } | null;
  bidders: Array<{
    bidderId: string;
    round: number;
    name: string;
    idType: BidderIdType;
    idNumber: string;
    address: string;
    mobile: string;
    registeredOn: string;
  }>;
  costs: Array<{
    costId: string;
    kind: AuctionCostKind;
    description: string;
    amountPaise: number;
    incurredOn: string;
  }>;
  /** The sale, once the gold is sold. */
  sale: {
    auctionDate: string;
    salePaise: number;
    surplusPaise: number;
    shortfallPaise: number;
    surplusRefundDueBy: string | null;
  } | null;
}

export const initialAuctionState = (cancelled = false): AuctionState => ({
  status: 'not_ready',
  readyOn: null,
  auctionDate: null,
  reservePricePaise: null,
  cancelled,
  round: 1,
  failed: [],
  notice: null,
  publicNotice: null,
  venue: null,
  reserveBasis: null,
  bidders: [],
  costs: [],
  sale: null,
});

export type AuctionEvent = Extract<
  LoanEvent,
  {
    type:
      | 'MarkedReadyForAuction'
      | 'AuctionScheduled'
      | 'Auctioned'
      | 'AuctionCancelled'
      | 'AuctionNoticeSent'
      | 'AuctionPublicNoticeRecorded'
      | 'AuctionBidderRegistered'
      | 'AuctionCostRecorded'
      | 'AuctionFailed';
  }
>;

export function evolveAuction(a: AuctionState, event: AuctionEvent): AuctionState {
  switch (event.type) {
    case 'MarkedReadyForAuction':
      return { ...a, status: 'ready_for_auction', readyOn: event.data.readyOn };
    case 'AuctionScheduled': {
      const d = event.data;
      return {
        ...a,
        status: 'auction_scheduled',
        auctionDate: d.auctionDate,
        reservePricePaise: d.reservePricePaise,
        venue: d.venue ?? a.venue,
        reserveBasis:
          d.valuationAsOf && d.reserveFloorBps !== undefined && d.reserveFloorPaise !== undefined
            ? {
                asOf: d.valuationAsOf,
                goldValuePaise: d.goldValuePaise,
                floorBps: d.reserveFloorBps,
                floorPaise: d.reserveFloorPaise,
              }
            : a.reserveBasis,
      };
    }
    case 'Auctioned': {
      const d = event.data;
      return {
        ...a,
        status: 'auctioned',
        auctionDate: d.auctionDate,
        sale: {
          auctionDate: d.auctionDate,
          salePaise: d.salePaise,
          surplusPaise: d.surplusPaise,
          shortfallPaise: d.shortfallPaise,
          surplusRefundDueBy: d.surplusRefundDueBy ?? null,
        },
      };
    }
    case 'AuctionCancelled':
      return initialAuctionState(true);
    case 'AuctionNoticeSent': {
      const d = event.data;
      return {
        ...a,
        notice: {
          noticeDate: d.noticeDate,
          auctionNotBefore: d.auctionNotBefore,
          postedOn: d.registeredPost.postedOn,
          postReference: d.registeredPost.reference,
          language: d.language,
          channels: d.channels,
        },
      };
    }
    case 'AuctionPublicNoticeRecorded':
      return { ...a, publicNotice: { round: event.data.round, newspapers: event.data.newspapers } };
    case 'AuctionBidderRegistered': {
      const d = event.data;
      return {
        ...a,
        bidders: [
          ...a.bidders,
          {
            bidderId: d.bidderId,
            round: d.round,
            name: d.name,
            idType: d.idType,
            idNumber: d.idNumber,
            address: d.address,
            mobile: d.mobile,
            registeredOn: d.registeredOn,
          },
        ],
      };
    }
    case 'AuctionCostRecorded': {
      const d = event.data;
      return {
        ...a,
        costs: [
          ...a.costs,
          {
            costId: d.costId,
            kind: d.kind,
            description: d.description,
            amountPaise: d.amountPaise,
            incurredOn: d.incurredOn,
          },
        ],
      };
    }
    case 'AuctionFailed': {
      const d = event.data;
      // Back on the list for another date: the next round needs its own schedule and public notice.
      return {
        ...a,
        status: 'ready_for_auction',
        auctionDate: null,
        reservePricePaise: null,
        reserveBasis: null,
        publicNotice: null,
        round: d.round + 1,
        failed: [
          ...a.failed,
          {
            auctionDate: d.auctionDate,
            round: d.round,
            reason: d.reason,
            highestBidPaise: d.highestBidPaise,
            reservePricePaise: d.reservePricePaise,
          },
        ],
      };
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The auction's costs recorded so far: recovered first from the sale. */
export const auctionCostsPaise = (a: Pick<AuctionState, 'costs'>) =>
  a.costs.reduce((sum, c) => sum + c.amountPaise, 0);

/** The bidders registered for the current round. */
export const currentBidders = (a: Pick<AuctionState, 'bidders' | 'round'>) =>
  a.bidders.filter((b) => b.round === a.round);
