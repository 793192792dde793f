import type { LoanItem, PhotoView } from '@goldledger/contracts';
import { ALL_ITEMS_PHOTO_INDEX, BANK_RECEIPT_PHOTO_INDEX } from '@goldledger/contracts';
import {
  DAYS_IN_YEAR,
  DEFAULT_PURITY_KARAT,
  MINIMUM_LOAN_RUPEES,
  RENEWAL_RATE_OPTIONS_PERCENT,
} from '@/lib/lending-options';
import { formatMoney } from '@/lib/format';
import type { LoanSort } from './api/get-loans';

/** Pure rules of the loans screens, tested in derive.test.ts. */

export type Loan = LoanItem;

/** Only active loans can be repaid. */
export const canRepay = (loan: Pick<Loan, 'status'>): boolean => loan.status === 'active';

/** Only closed loans can be renewed (a loan already renewed is no longer 'closed'). */
export const canRenew = (loan: Pick<Loan, 'status'>): boolean => loan.status === 'closed';

/** The employee list also reads the rate per day, e.g. 18 % a year → '0.049% (Daily)'. */
export function dailyRateText(annualPercent: number): string {
  const daily = annualPercent / DAYS_IN_YEAR;
  const text = daily.toFixed(3).replace(/\.?0+$/, '');
  return `${text}% (Daily)`;
}

/** `18%`, `24.5%`: a rate as the tables show it. */
export function percentText(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/**
 * The loan to value the row shows: at today's valuation price, `—` when no price was entered
 * for the previous working day (the server gives no figure on stale prices).
 */
export function ltvText(loan: Pick<Loan, 'ltv'>): string {
  const { ltvPercent, goldValue } = loan.ltv;
  if (ltvPercent == null || goldValue == null) return '—';
  return `${percentText(ltvPercent)} of ${formatMoney(goldValue)} gold value`;
}

/** 'Upgraded Nx' with the old and the new rate; null for a loan never upgraded. */
export function upgradeBadge(
  loan: Pick<Loan, 'currentUpgradeLevel' | 'originalInterestRate' | 'currentInterestRate'>,
): { label: string; rates: string } | null {
  if (loan.currentUpgradeLevel <= 0) return null;
  return {
    label: `Upgraded ${loan.currentUpgradeLevel}x`,
    rates: `${percentText(loan.originalInterestRate)} → ${percentText(loan.currentInterestRate)}`,
  };
}

/** The name of an upgrade level. */
export function upgradeLevelName(level: number): string {
  return ['Original', 'First', 'Second', 'Third'][Math.max(0, Math.min(3, level))]!;
}

/** The server's colour (red, orange, yellow or other) as a row tint level (Tr upgradeLevel). */
export function tintLevel(highlightColor: string): number | undefined {
  switch (highlightColor.toLowerCase()) {
    case 'yellow':
      return 1;
    case 'orange':
      return 2;
    case 'red':
      return 3;
    default:
      return undefined;
  }
}

/** File sizes in Bytes, KB, MB or GB (base 1024), at most two decimals. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'] as const;
  const exponent = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exponent;
  return `${Number(value.toFixed(2))} ${units[exponent]}`;
}

/** 'Loan {loanId} deleted successfully', plus ' (had N payment(s))' when there were payments. */
export function deletedMessage(
  loanId: string,
  result: { hadPayments: boolean; paymentCount: number },
): string {
  const had = result.hadPayments ? ` (had ${result.paymentCount} payment(s))` : '';
  return `Loan ${loanId} deleted successfully${had}`;
}

/** A gold item row of the edit form: the inputs' text, as typed. */
export interface GoldItemDraft {
  description: string;
  grossWeight: string;
  netWeight: string;
  purityKarat: string;
}

export const GOLD_ITEMS_MESSAGE = 'All gold items must have a description and valid weights';

const positive = (text: string) => {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n > 0;
};

/**
 * Every item has a description and gross and net weight above 0; at least one
 * item remains. Null when the items may be sent.
 */
export function goldItemsError(items: readonly GoldItemDraft[]): string | null {
  if (items.length === 0) return 'At least one gold item must remain';
  const bad = items.some((i) => !i.description.trim() || !positive(i.grossWeight) || !positive(i.netWeight));
  return bad ? GOLD_ITEMS_MESSAGE : null;
}

/** The draft's items as the API takes them (grams to 0.01 g, the policy's default karat unless told). */
export function goldItemsPayload(items: readonly GoldItemDraft[]) {
  return items.map((i) => {
    const karat = Number(i.purityKarat);
    return {
      description: i.description.trim(),
      grossWeight: Math.round(Number(i.grossWeight) * 100) / 100,
      netWeight: Math.round(Number(i.netWeight) * 100) / 100,
      purityKarat: Number.isInteger(karat) && karat >= 1 && karat <= 24 ? karat : DEFAULT_PURITY_KARAT,
    };
  });
}

/** The amount must be a number of at least ₹100. */
export function renewAmountError(text: string): string | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) return 'Loan amount is required';
  return n < MINIMUM_LOAN_RUPEES ? `Loan amount must be at least ${MINIMUM_LOAN_RUPEES}` : null;
}

/** A top-up's amount: at least ₹100, and at most what today's appraisal leaves on the gold (when known). */
export function topUpAmountError(text: string, mostRupees?: number): string | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) return 'Top-up amount is required';
  if (n < MINIMUM_LOAN_RUPEES) return `Top-up amount must be at least ${MINIMUM_LOAN_RUPEES}`;
  if (mostRupees !== undefined && n > mostRupees) {
    return `At most ${formatMoney(mostRupees)} more can be lent on this gold today`;
  }
  return null;
}

/** Only an open loan can be topped up (the server also refuses a top-up of a top-up). */
export const canTopUp = (loan: Pick<Loan, 'status'>): boolean => loan.status === 'active';

/** The rate a renewal starts from: the loan's own when it is one of the choices, else the lowest. */
export function renewDefaultRate(loan: Pick<Loan, 'originalInterestRate'>): number {
  const own = RENEWAL_RATE_OPTIONS_PERCENT.find((r) => r === loan.originalInterestRate);
  return own ?? RENEWAL_RATE_OPTIONS_PERCENT[0]!;
}

/** A column's sort (TanStack's SortingState) as the list endpoint's `sort` and `order`. */
export function sortQuery(sorting: ReadonlyArray<{ id: string; desc: boolean }>): {
  sort: LoanSort;
  order: 'asc' | 'desc';
} {
  const first = sorting[0];
  const known: readonly string[] = ['createdAt', 'amount', 'name', 'loanId'];
  if (!first || !known.includes(first.id)) return { sort: 'createdAt', order: 'desc' };
  return { sort: first.id as LoanSort, order: first.desc ? 'desc' : 'asc' };
}

/** `Showing 21–40 of 63`; nothing to show gives `Showing 0 of 0`. */
export function rangeText(page: number, limit: number, total: number): string {
  if (total <= 0) return 'Showing 0 of 0';
  const from = (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return `Showing ${from}–${to} of ${total}`;
}

/** A photo group of the row expander: one per gold item, then all items together, then the bank receipt. */
export interface PhotoGroup {
  key: string;
  title: string;
  photos: PhotoView[];
}

export function photoGroups(
  photos: readonly PhotoView[],
  goldItems: ReadonlyArray<{ description: string }>,
): PhotoGroup[] {
  const of = (index: number) => photos.filter((p) => p.goldItemIndex === index);
  const groups: PhotoGroup[] = goldItems.map((item, index) => ({
    key: `item-${index}`,
    title: `Item ${index + 1}: ${item.description}`,
    photos: of(index),
  }));
  // Photos of an item since removed by an edit still belong to the loan: keep them visible.
  const orphans = photos.filter((p) => p.goldItemIndex >= goldItems.length);
  if (orphans.length > 0) groups.push({ key: 'other', title: 'Other photos', photos: orphans });
  const all = of(ALL_ITEMS_PHOTO_INDEX);
  if (all.length > 0) groups.push({ key: 'all-items', title: 'All items together', photos: all });
  const receipt = of(BANK_RECEIPT_PHOTO_INDEX);
  if (receipt.length > 0) groups.push({ key: 'bank-receipt', title: 'Bank receipt', photos: receipt });
  return groups;
}

/** '{n} photo(s) uploaded'. */
export const photoCountText = (n: number): string => `${n} photo(s) uploaded`;

/** Whole days from `today` to `date` (both `YYYY-MM-DD`); negative when past. */
export function daysUntil(date: string, today: string): number {
  const ms = Date.parse(`${date.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/**
 * What the loan asks next: its first installment not yet paid (money paid fills the
 * installments in order), with what is left of it; null for a closed loan or one paid ahead.
 */
export function nextDue(
  loan: Pick<Loan, 'status' | 'installments'>,
): { installment: Loan['installments'][number]; amount: number } | null {
  if (loan.status !== 'active') return null;
  const installment = loan.installments.find((i) => i.status !== 'paid');
  if (!installment) return null;
  // Rupees with paise: subtract in paise so no float residue shows.
  const left = Math.round(installment.amount * 100) - Math.round(installment.amountPaid * 100);
  return { installment, amount: Math.max(0, left) / 100 };
}
