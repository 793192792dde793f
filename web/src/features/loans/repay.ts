import type {
  EarlyRepaymentResponse,
  PaymentMethod,
  PaymentType,
  UpgradeTimelineEntry as UpgradeTimelineEntrySchema,
} from '@goldledger/contracts';
import type { z } from 'zod';
import { formatMoney, formatNumber } from '@/lib/format';
import { FINAL_RATE_PERCENT } from '@/lib/lending-options';

/**
 * The repay dialog's rules, kept apart from the screen so they can be
 * tested: which amount each payment type suggests, what the quick buttons do, and what
 * the form refuses before anything reaches the server (which checks the same again).
 */

export type RepaymentQuote = z.infer<typeof EarlyRepaymentResponse>;

export const PAYMENT_TYPES: readonly { value: PaymentType; label: string }[] = [
  { value: 'total', label: 'Total (interest + principal)' },
  { value: 'interest', label: 'Interest' },
  { value: 'principal', label: 'Principal' },
];

/**
 * A rupee amount as the counter takes it: whole rupees (issue 19). The quote's total and
 * minimum are whole rupees already (the server rounds the total down, the minimum up).
 */
export const wholeRupees = (rupees: number): number => Math.round(rupees);

/** Keeps an amount inside what the server accepts for this quote: minimumTotalDue to totalDue. */
export function clampAmount(amount: number, quote: RepaymentQuote): number {
  return Math.min(
    Math.floor(quote.totalDue),
    Math.max(Math.ceil(quote.minimumTotalDue), wholeRupees(amount)),
  );
}

/**
 * The amount a payment type suggests. The quote's `totalDue` is already what is
 * still owed (payments made are netted out by the server), so "total due minus already
 * paid" is `totalDue` itself; "loan amount minus paid" is the principal outstanding. Each is
 * whole rupees (the quote's parts are) and never below 0.
 */
export function defaultAmount(quote: RepaymentQuote, type: PaymentType): number {
  const raw =
    type === 'total' ? quote.totalDue : type === 'interest' ? quote.interest : quote.principalOutstanding;
  return Math.max(0, wholeRupees(raw));
}

/** What the amount field holds: its text, and whether it still follows the quote. */
export interface AmountState {
  paymentType: PaymentType;
  amount: string;
  /** On until someone types an amount or sets the monthly one. */
  auto: boolean;
}

export type AmountAction =
  | { type: 'quote'; quote: RepaymentQuote }
  | { type: 'paymentType'; paymentType: PaymentType; quote: RepaymentQuote | null }
  | { type: 'typed'; amount: string }
  | { type: 'setMonthly'; quote: RepaymentQuote }
  | { type: 'setFullBalance'; quote: RepaymentQuote }
  | { type: 'setInterestOnly'; quote: RepaymentQuote }
  | { type: 'setPrincipalOnly'; quote: RepaymentQuote }
  | { type: 'resetToAuto'; quote: RepaymentQuote | null };

export const initialAmountState: AmountState = { paymentType: 'total', amount: '', auto: true };

const amountText = (n: number): string => String(wholeRupees(n));

const following = (paymentType: PaymentType, quote: RepaymentQuote | null, current: string): AmountState => ({
  paymentType,
  amount: quote ? amountText(defaultAmount(quote, paymentType)) : current,
  auto: true,
});

/**
 * The amount field's transitions. A new quote (another repayment date) or another payment
 * type re-suggests the amount only while auto-calculation is on; Set Full Balance, Set
 * Interest Only and Set Principal Only pick that type and follow the quote again; Set
 * Monthly is a chosen figure (auto off); Reset to Auto goes back to the type's suggestion.
 */
export function amountReducer(state: AmountState, action: AmountAction): AmountState {
  switch (action.type) {
    case 'quote':
      return state.auto ? following(state.paymentType, action.quote, state.amount) : state;
    case 'paymentType':
      return state.auto
        ? following(action.paymentType, action.quote, state.amount)
        : { ...state, paymentType: action.paymentType };
    case 'typed':
      return { ...state, amount: action.amount, auto: false };
    case 'setMonthly':
      return {
        ...state,
        amount: amountText(clampAmount(action.quote.monthlyPayment, action.quote)),
        auto: false,
      };
    case 'setFullBalance':
      return following('total', action.quote, state.amount);
    case 'setInterestOnly':
      return following('interest', action.quote, state.amount);
    case 'setPrincipalOnly':
      return following('principal', action.quote, state.amount);
    case 'resetToAuto':
      return following(state.paymentType, action.quote, state.amount);
    default: {
      const exhaustive: never = action;
      return exhaustive;
    }
  }
}

/** `₹1,234`: the counter's limits are whole rupees, so the message says them as they are. */
export const rupeesExact = (n: number): string => formatMoney(n);

export interface RepayForm {
  amount: string;
  paymentMethod: PaymentMethod;
  transactionId: string;
  bankName: string;
  repaymentDate: string;
}

export type RepayErrors = Partial<Record<keyof RepayForm, string>>;

/** A typed amount in whole rupees (`47,947` as typed or pasted), or null when it is not one. */
export function parseAmount(text: string): number | null {
  const t = text.trim().replace(/^₹\s*/, '').replaceAll(',', '');
  if (!/^\d+$/.test(t)) return null;
  return Number(t);
}

/**
 * The seeds' checks: the amount at least the quote's minimum (and at most its
 * total, the input's max), Transaction ID and Bank Name for online payments, a repayment
 * date between the loan date and today.
 */
export function validateRepayment(
  form: RepayForm,
  quote: RepaymentQuote | null,
  limits: { loanDate: string; today: string },
): RepayErrors {
  const errors: RepayErrors = {};
  const amount = parseAmount(form.amount);
  if (quote) {
    if (amount === null && /\d/.test(form.amount)) {
      errors.amount = 'Enter the amount in whole rupees';
    } else if (amount === null || amount <= 0 || amount < quote.minimumTotalDue) {
      errors.amount = `Amount must be at least ${rupeesExact(Math.max(quote.minimumTotalDue, 0))}`;
    } else if (amount > quote.totalDue) {
      errors.amount = `Amount cannot be more than the total due of ${rupeesExact(quote.totalDue)}`;
    }
  } else if (amount === null && /\d/.test(form.amount)) {
    errors.amount = 'Enter the amount in whole rupees';
  } else if (amount === null || amount <= 0) {
    errors.amount = 'Amount must be more than 0';
  }
  if (form.paymentMethod === 'online') {
    if (!form.transactionId.trim()) errors.transactionId = 'Transaction ID is required for online payments';
    if (!form.bankName.trim()) errors.bankName = 'Bank Name is required for online payments';
  }
  if (!form.repaymentDate) errors.repaymentDate = 'Repayment date is required';
  else if (form.repaymentDate < limits.loanDate)
    errors.repaymentDate = 'Repayment date cannot be before the loan date';
  else if (form.repaymentDate > limits.today) errors.repaymentDate = 'Repayment date cannot be in the future';
  return errors;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The repayment date a new dialog starts on: today, or the loan date for a loan dated ahead. */
export const initialRepaymentDate = (today: string, loanDate: string): string =>
  today < loanDate ? loanDate : today;

/** A repayment date a quote can be asked for: a full date from the loan date to today. */
export const repaymentDateUsable = (date: string, limits: { loanDate: string; today: string }): boolean =>
  DATE.test(date) && date >= limits.loanDate && date <= limits.today;

/**
 * The errors on screen: all of them once the form was submitted; before that only a date
 * out of range (no quote can be fetched for it), so nobody is told off while still typing.
 */
export function visibleErrors(
  checked: RepayErrors,
  form: Pick<RepayForm, 'repaymentDate'>,
  state: { submitted: boolean; dateUsable: boolean },
): RepayErrors {
  if (state.submitted) return checked;
  return form.repaymentDate && !state.dateUsable ? { repaymentDate: checked.repaymentDate } : {};
}

/** The notes under a quote: which minimums, grace period and rebate shaped it. */
export function quoteNotes(quote: RepaymentQuote): string[] {
  const notes: string[] = [];
  if (quote.minDaysApplied)
    notes.push(`Minimum ${formatNumber(quote.minimumDays)} days of interest charged.`);
  if (quote.minInterestApplied)
    notes.push(`Minimum interest of ${formatMoney(quote.minimumInterest)} applied.`);
  if (quote.gracePeriodDays > 0) {
    notes.push(
      `Grace period of ${formatNumber(quote.gracePeriodDays)} day${quote.gracePeriodDays === 1 ? '' : 's'}${
        quote.gracePeriodReason ? `: ${quote.gracePeriodReason}` : ''
      }.`,
    );
  }
  if (quote.rebate > 0) notes.push(`Early-closure rebate of ${formatMoney(quote.rebate)} deducted.`);
  if ((quote.rounding ?? 0) > 0) notes.push('Paise under the rupee left off the total due.');
  return notes;
}

/** The body of `POST /api/loans/{id}/payment` (contracts: RecordPaymentRequest). */
export function paymentBody(form: RepayForm, paymentType: PaymentType) {
  const online = form.paymentMethod === 'online';
  return {
    amount: parseAmount(form.amount) ?? 0,
    paymentMethod: form.paymentMethod,
    transactionId: online ? form.transactionId.trim() : null,
    bankName: online ? form.bankName.trim() : null,
    paymentType,
    repaymentDate: form.repaymentDate,
  };
}

/* The upgrade-history dialog. */

export type UpgradeTimelineEntry = z.infer<typeof UpgradeTimelineEntrySchema>;

const LEVEL_NAMES = ['Original', 'First', 'Second', 'Third', 'Fourth'];

/** 0 Original, 1 First, 2 Second, 3 Third; 36 % is the final rate. */
export function upgradeLevelLabel(level: number, rate?: number): string {
  const name = LEVEL_NAMES[level] ?? `Level ${level}`;
  return rate !== undefined && rate >= FINAL_RATE_PERCENT ? `${name} (final, ${FINAL_RATE_PERCENT}%)` : name;
}

export type StepState = 'past' | 'current' | 'next' | 'future';

export interface TimelineStep {
  entry: UpgradeTimelineEntry;
  state: StepState;
  /** The rate before this step, for an upgrade (old → new). */
  fromRate: number | null;
}

/**
 * Marks each step of the timeline: what has happened (the last of it is the rate in force
 * now), the next upgrade, and what lies further ahead if the loan stays open.
 */
export function timelineSteps(timeline: readonly UpgradeTimelineEntry[]): TimelineStep[] {
  const lastPast = timeline.findLastIndex((e) => !e.isFuture);
  const next = timeline.findIndex((e) => e.isFuture && e.isUpgrade);
  return timeline.map((entry, i) => ({
    entry,
    state: i === lastPast ? 'current' : !entry.isFuture ? 'past' : i === next ? 'next' : 'future',
    fromRate: entry.isUpgrade && i > 0 ? timeline[i - 1]!.interestRate : null,
  }));
}
