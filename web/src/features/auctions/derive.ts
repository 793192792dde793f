import type { AuctionLoanItem } from '@goldledger/contracts';

/**
 * The auction screen's rules: which row offers
 * which action, what each action's form needs, and what a sale leaves over or short.
 * The server decides; these rules only keep the screen from asking what it would refuse.
 */

export type AuctionLoan = AuctionLoanItem;
export type AuctionFilter = 'all' | 'not_ready' | 'ready_for_auction' | 'auction_scheduled' | 'auctioned';
export type AuctionAction = 'mark_ready' | 'schedule' | 'mark_auctioned' | 'cancel';

/** The reserve price is at least 90 % of the gold's value at the day's rate. */
export const RESERVE_MIN_PERCENT = 90;

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
 * `not_ready` → mark for auction; ready_for_auction → schedule or mark auctioned;
 * auction_scheduled → mark auctioned (or a new date). A listed loan can be taken
 * off the list again, so both listed states also offer Cancel Auction.
 */
export function actionsFor(item: Pick<AuctionLoan, 'auctionStatus'>): AuctionAction[] {
  switch (item.auctionStatus) {
    case 'not_ready':
      return ['mark_ready'];
    case 'ready_for_auction':
      return ['schedule', 'mark_auctioned', 'cancel'];
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

/** The lowest a sale may fetch: the reserve set at scheduling, else 90 % of today's gold value. */
export function saleFloor(item: Pick<AuctionLoan, 'reservePrice' | 'minimumReservePrice'>): number {
  return item.reservePrice ?? item.minimumReservePrice;
}

export interface ActionForm {
  auctionDate: string;
  reservePrice: string;
  saleAmount: string;
  notes: string;
}

export const EMPTY_FORM: ActionForm = { auctionDate: '', reservePrice: '', saleAmount: '', notes: '' };

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
  item: Pick<AuctionLoan, 'reservePrice' | 'minimumReservePrice' | 'auctionReadyDate'>,
  today: string,
): FormErrors {
  const errors: FormErrors = {};
  if (action === 'schedule') {
    if (!form.auctionDate) errors.auctionDate = 'Auction date is required';
    else if (form.auctionDate < today) errors.auctionDate = 'Auction date cannot be in the past';
    const reserve = amountOf(form.reservePrice);
    if (reserve !== null && !(reserve > 0)) errors.reservePrice = 'Reserve price must be a number';
    else if (reserve !== null && reserve < item.minimumReservePrice) {
      errors.reservePrice = `Reserve price must be at least ${RESERVE_MIN_PERCENT}% of the gold's value`;
    }
  }
  if (action === 'mark_auctioned') {
    if (form.auctionDate && form.auctionDate > today) {
      errors.auctionDate = 'Auction date cannot be in the future';
    } else if (form.auctionDate && item.auctionReadyDate && form.auctionDate < item.auctionReadyDate) {
      errors.auctionDate = 'Auction date cannot be before the loan was listed for auction';
    }
    const sale = amountOf(form.saleAmount);
    if (sale === null) errors.saleAmount = 'Sale amount is required';
    else if (!(sale > 0)) errors.saleAmount = 'Sale amount must be a number';
    else if (sale < saleFloor(item)) errors.saleAmount = 'Sale amount is below the reserve price';
  }
  return errors;
}

/** The request body each action sends; blank fields are left out. */
export function actionBody(action: AuctionAction, form: ActionForm): Record<string, unknown> {
  const notes = form.notes.trim() ? form.notes.trim() : null;
  switch (action) {
    case 'mark_ready':
    case 'cancel':
      return { notes };
    case 'schedule': {
      const reserve = amountOf(form.reservePrice);
      return { auctionDate: form.auctionDate, ...(reserve !== null ? { reservePrice: reserve } : {}), notes };
    }
    case 'mark_auctioned':
      return {
        ...(form.auctionDate ? { auctionDate: form.auctionDate } : {}),
        saleAmount: amountOf(form.saleAmount),
        notes,
      };
  }
}

/** What a sale leaves: a surplus owed to the customer, or a shortfall (a preview; the server records the real one). */
export function saleOutcome(
  sale: number,
  outstanding: number,
): { kind: 'surplus' | 'shortfall' | 'even'; amount: number } {
  const diff = Math.round((sale - outstanding) * 100) / 100;
  if (diff > 0) return { kind: 'surplus', amount: diff };
  if (diff < 0) return { kind: 'shortfall', amount: -diff };
  return { kind: 'even', amount: 0 };
}

/** The sale amount the form holds, when it is a usable number. */
export function saleInput(form: ActionForm): number | null {
  const n = amountOf(form.saleAmount);
  return n !== null && n > 0 ? n : null;
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
