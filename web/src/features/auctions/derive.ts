import { LENDING_POLICY, reserveFloorBps, type AuctionLoanItem } from '@goldledger/contracts';

/**
 * The auction screen's rules: which row offers
 * which action, what each action's form needs, and what a sale leaves over or short.
 * The server decides; these rules only keep the screen from asking what it would refuse.
 */

export type AuctionLoan = AuctionLoanItem;
export type AuctionFilter = 'all' | 'not_ready' | 'ready_for_auction' | 'auction_scheduled' | 'auctioned';
export type AuctionAction = 'mark_ready' | 'schedule' | 'mark_auctioned' | 'cancel';

/** The reserve floor's share for a loan: 90 %, 85 % after the policy's count of failed auctions. */
export function reservePercent(item: Pick<AuctionLoan, 'failedAuctions'>): number {
  return reserveFloorBps(item.failedAuctions, LENDING_POLICY) / 100;
}

export const FILTERS: ReadonlyArray<{ value: AuctionFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'not_ready', label: 'Not ready' },
  { value: 'ready_for_auction', label: 'Ready for auction' },
  { value: 'auction_scheduled', label: 'Scheduled' },
  { value: 'auctioned', label: 'Auctioned' },
];

export const ACTION_LABELS: Record<AuctionAction, string> = {
  mark_ready: 'Mark for Auction',
  schedule: 'Schedule Auction',
  mark_auctioned: 'Mark Auctioned',
  cancel: 'Cancel Auction',
};

/**
 * `not_ready` → mark for auction; ready_for_auction → schedule (the notice sent first);
 * auction_scheduled → mark auctioned (on the auction file, with its bidders) or a new date.
 * A listed loan can be taken off the list again, so both listed states offer Cancel Auction.
 * The seeds' ready → auctioned step now goes through the schedule: gold is sold only at a
 * notified auction (docs/decisions.md, issue 18).
 */
export function actionsFor(item: Pick<AuctionLoan, 'auctionStatus'>): AuctionAction[] {
  switch (item.auctionStatus) {
    case 'not_ready':
      return ['mark_ready'];
    case 'ready_for_auction':
      return ['schedule', 'cancel'];
    case 'auction_scheduled':
      return ['mark_auctioned', 'schedule', 'cancel'];
    case 'auctioned':
      return [];
  }
}

/** The row's button text: a second schedule moves the date. */
export function actionLabel(action: AuctionAction, item: Pick<AuctionLoan, 'auctionStatus'>): string {
  return action === 'schedule' && item.auctionStatus === 'auction_scheduled'
    ? 'Reschedule'
    : ACTION_LABELS[action];
}

/**
 * The status the badge shows: a loan taken back off the list reads `cancelled` until it is
 * listed again (its stored status is not_ready again; its history says why).
 */
export function shownStatus(item: Pick<AuctionLoan, 'auctionStatus' | 'history'>): string {
  const last = item.history.at(-1);
  return item.auctionStatus === 'not_ready' && last?.status === 'cancelled'
    ? 'cancelled'
    : item.auctionStatus;
}

/** The lowest a sale may fetch: the reserve set at scheduling, else today's floor (0 without prices). */
export function saleFloor(item: Pick<AuctionLoan, 'reservePrice' | 'minimumReservePrice'>): number {
  return item.reservePrice ?? item.minimumReservePrice ?? 0;
}

export interface ActionForm {
  auctionDate: string;
  reservePrice: string;
  venueAddress: string;
  venueTown: string;
  venueTaluka: string;
  notes: string;
}

export const EMPTY_FORM: ActionForm = {
  auctionDate: '',
  reservePrice: '',
  venueAddress: '',
  venueTown: '',
  venueTaluka: '',
  notes: '',
};

export type FormErrors = Partial<Record<keyof ActionForm, string>>;

const amountOf = (text: string): number | null => {
  const t = text.replace(/,/g, '').trim();
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
};

/** The action form's checks, the server's own, made before asking; `today` is the branch's `YYYY-MM-DD`. */
export function validateAction(
  action: AuctionAction,
  form: ActionForm,
  item: Pick<AuctionLoan, 'minimumReservePrice' | 'earliestAuctionDate' | 'failedAuctions'>,
  today: string,
): FormErrors {
  const errors: FormErrors = {};
  if (action === 'schedule') {
    if (!form.auctionDate) errors.auctionDate = 'Auction date is required';
    else if (form.auctionDate < today) errors.auctionDate = 'Auction date cannot be in the past';
    else if (item.earliestAuctionDate && form.auctionDate < item.earliestAuctionDate) {
      errors.auctionDate = `The borrower's notice runs until ${item.earliestAuctionDate}: choose that day or later`;
    }
    const reserve = amountOf(form.reservePrice);
    if (reserve !== null && !(reserve > 0)) errors.reservePrice = 'Reserve price must be a number';
    else if (reserve !== null && item.minimumReservePrice !== null && reserve < item.minimumReservePrice) {
      errors.reservePrice = `Reserve price must be at least ${reservePercent(item)}% of the gold's value`;
    }
    if (!form.venueAddress.trim()) errors.venueAddress = 'Venue address is required';
    if (!form.venueTown.trim()) errors.venueTown = 'Venue town is required';
  }
  return errors;
}

/** The request body each action sends; blank fields are left out. */
export function actionBody(action: AuctionAction, form: ActionForm): Record<string, unknown> {
  const notes = form.notes.trim() ? form.notes.trim() : null;
  switch (action) {
    case 'mark_ready':
    case 'cancel':
    case 'mark_auctioned':
      return { notes };
    case 'schedule': {
      const reserve = amountOf(form.reservePrice);
      return {
        auctionDate: form.auctionDate,
        ...(reserve !== null ? { reservePrice: reserve } : {}),
        venue: {
          address: form.venueAddress.trim(),
          town: form.venueTown.trim(),
          taluka: form.venueTaluka.trim() || null,
        },
        notes,
      };
    }
  }
}

/** Today at the branch, `YYYY-MM-DD` (auction dates are Asia/Kolkata business dates). */
export function branchToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The bids an admin typed per registered bidder (blank: no bid), as the sale sends them. */
export interface BidEntry {
  bidderId: string;
  amount: string;
}

/**
 * The sale from the bids typed: the highest wins, the others go along for the report.
 * Null when nobody bid; an error when a bid is not a positive amount or two tie at the top.
 */
export function saleFromBids(
  bids: readonly BidEntry[],
):
  | { winningBidderId: string; saleAmount: number; otherBids: Array<{ bidderId: string; amount: number }> }
  | { error: string }
  | null {
  const made: Array<{ bidderId: string; amount: number }> = [];
  for (const b of bids) {
    const n = amountOf(b.amount);
    if (n === null) continue;
    if (!(n > 0)) return { error: 'Each bid must be an amount in rupees' };
    made.push({ bidderId: b.bidderId, amount: n });
  }
  if (made.length === 0) return null;
  const sorted = [...made].sort((a, b) => b.amount - a.amount);
  if (sorted.length > 1 && sorted[0]!.amount === sorted[1]!.amount) {
    return { error: 'Two bids are equal at the top: record the higher one that won' };
  }
  const [winner, ...others] = sorted;
  return { winningBidderId: winner!.bidderId, saleAmount: winner!.amount, otherBids: others };
}

/** The auction-file page of a loan. */
export const auctionFilePath = (loanRef: string) =>
  `/admin/auction-management/${encodeURIComponent(loanRef)}`;

export const ID_TYPES = [
  { value: 'aadhaar', label: 'Aadhaar' },
  { value: 'pan', label: 'PAN' },
  { value: 'voter_id', label: 'Voter ID' },
  { value: 'passport', label: 'Passport' },
  { value: 'driving_licence', label: 'Driving licence' },
] as const;

export const COST_KINDS = [
  { value: 'borrower_notice', label: 'Borrower notice (post)' },
  { value: 'newspaper', label: 'Newspaper' },
  { value: 'valuer', label: 'Valuer' },
  { value: 'venue', label: 'Venue' },
  { value: 'other', label: 'Other' },
] as const;

/** Languages a notice may be written in (the borrower's own arrives with a later issue; English until then). */
export const NOTICE_LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'Hindi' },
  { value: 'kn', label: 'Kannada' },
  { value: 'ta', label: 'Tamil' },
  { value: 'te', label: 'Telugu' },
  { value: 'ml', label: 'Malayalam' },
  { value: 'mr', label: 'Marathi' },
  { value: 'bn', label: 'Bengali' },
  { value: 'gu', label: 'Gujarati' },
] as const;

/** How a bidder says they stand to the borrower: anything but None is refused by the server. */
export const RELATIONSHIPS = [
  'None',
  'Family member',
  'Friend',
  'Business partner',
  'Employee of the lender',
] as const;

export const languageLabel = (code: string) => NOTICE_LANGUAGES.find((l) => l.value === code)?.label ?? code;
