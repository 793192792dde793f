import {
  addMonths,
  formatInr,
  type DisbursementMode,
  type GoldItemInput,
  type ItemType,
} from '@goldledger/contracts';
import {
  CASH_DISBURSEMENT_MAX_RUPEES,
  DEFAULT_PURITY_FINENESS,
  MINIMUM_LOAN_RUPEES,
} from '@/lib/lending-options';

/** Weights are typed in grams to the hundredth (the API takes 0.01 g steps). */
export const WEIGHT_STEP = 0.01;

export const LOAN_MESSAGES = {
  items: 'Please add at least one gold item with complete details',
  netAboveGross: 'Net weight cannot be more than gross weight',
  amount: `Loan amount must be at least ${MINIMUM_LOAN_RUPEES}`,
  term: 'Loan duration must be at least 1 month',
  rate: 'Interest rate cannot be negative',
  monthly: 'Invalid monthly payment amount',
  total: 'Invalid total payment amount',
  unverified: 'Customer must be verified before adding a loan.',
  futureDate: 'Loan date cannot be in the future',
  aboveEligible: 'Loan amount is above what this gold can secure',
  deductionIncomplete: 'Each deduction needs a weight and a reason',
  deductionsTooHeavy: 'Deductions cannot take the whole gross weight',
  cashLimit: `A loan above ${formatInr(CASH_DISBURSEMENT_MAX_RUPEES * 100)} cannot be paid out in cash (Income Tax Act s.269SS); choose bank transfer or UPI`,
  reference: 'Please enter the transfer reference (the UTR or UPI transaction id)',
} as const;

/** Weight taken off the gross weight (stones, other) with why, as typed. */
export interface DeductionDraft {
  key: string;
  kind: 'stones' | 'other';
  weight: string;
  reason: string;
}

/** A gold item as typed: weights in grams, as text until sent; purity as fineness (916 = 22K). */
export interface GoldItemDraft {
  /** Stable identity for React and for the item's photos. */
  key: string;
  description: string;
  itemType: ItemType;
  purity: string;
  grossWeight: string;
  /** Typed when there are no deductions; otherwise the gross less the deductions. */
  netWeight: string;
  deductions: DeductionDraft[];
}

export function newGoldItem(key: string): GoldItemDraft {
  return {
    key,
    description: '',
    itemType: 'ornament',
    purity: String(DEFAULT_PURITY_FINENESS),
    grossWeight: '',
    netWeight: '',
    deductions: [],
  };
}

/** A weight from its field: a positive number of grams, or null. */
export function parseWeight(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 1000) / 1000 : null;
}

/** Milligrams, from grams typed to the hundredth. */
const mg = (grams: number) => Math.round(grams * 1000);

/** Σ the deductions typed so far, grams. */
export function deductedWeight(item: GoldItemDraft): number {
  return item.deductions.reduce((sum, d) => sum + mg(parseWeight(d.weight) ?? 0), 0) / 1000;
}

/** The net weight: typed, or with deductions the gross less them (only the metal counts); null until known. */
export function netWeightOf(item: GoldItemDraft): number | null {
  if (item.deductions.length === 0) return parseWeight(item.netWeight);
  const gross = parseWeight(item.grossWeight);
  if (gross === null) return null;
  const net = (mg(gross) - mg(deductedWeight(item))) / 1000;
  return net > 0 ? net : null;
}

/** The one thing wrong with an item's weights that staff can see while typing. */
export function weightError(item: GoldItemDraft): string | null {
  const gross = parseWeight(item.grossWeight);
  if (item.deductions.length > 0) {
    return gross !== null && deductedWeight(item) >= gross ? LOAN_MESSAGES.deductionsTooHeavy : null;
  }
  const net = parseWeight(item.netWeight);
  return gross !== null && net !== null && net > gross ? LOAN_MESSAGES.netAboveGross : null;
}

const completeDeduction = (d: DeductionDraft) => parseWeight(d.weight) !== null && d.reason.trim() !== '';

/** The item as the API takes it, when it is complete and sensible. */
export function toGoldItem(item: GoldItemDraft): GoldItemInput | null {
  const gross = parseWeight(item.grossWeight);
  const net = netWeightOf(item);
  const purity = Number(item.purity);
  if (!item.description.trim() || gross === null || net === null || net > gross) return null;
  if (!Number.isInteger(purity) || purity < 1 || purity > 999) return null;
  if (!item.deductions.every(completeDeduction)) return null;
  return {
    description: item.description.trim(),
    itemType: item.itemType,
    purity,
    grossWeight: gross,
    netWeight: net,
    ...(item.deductions.length > 0
      ? {
          deductions: item.deductions.map((d) => ({
            kind: d.kind,
            weight: parseWeight(d.weight)!,
            reason: d.reason.trim(),
          })),
        }
      : {}),
  };
}

/** Every item, when all are complete (the valuation and the loan both need all of them). */
export function completeItems(items: readonly GoldItemDraft[]): GoldItemInput[] | null {
  if (items.length === 0) return null;
  const out: GoldItemInput[] = [];
  for (const item of items) {
    const parsed = toGoldItem(item);
    if (!parsed) return null;
    out.push(parsed);
  }
  return out;
}

/** Σ net weight, grams, of the items typed so far. */
export function totalNetWeight(items: readonly GoldItemDraft[]): number {
  return items.reduce((sum, i) => sum + mg(netWeightOf(i) ?? 0), 0) / 1000;
}

/** A whole rupee amount from its field, or null. */
export function parseAmount(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** What `POST /loans/calculate-interest` is asked: from the loan date to the end of the term. */
export function interestRequest(
  principal: number,
  annualRate: number,
  termMonths: number,
  loanDate: string,
): {
  principal: number;
  annualRate: number;
  disbursementDate: string;
  closureDate: string;
  termMonths: number;
} {
  return {
    principal,
    annualRate,
    disbursementDate: loanDate,
    closureDate: addMonths(loanDate, termMonths),
    termMonths,
  };
}

/**
 * When the calculation call fails, simple interest: total = principal +
 * principal × rate × years; payment = total / months, rounded.
 */
export function simpleInterest(
  principal: number,
  annualRate: number,
  termMonths: number,
): { monthlyPayment: number; totalAmount: number } {
  const total = principal + principal * (annualRate / 100) * (termMonths / 12);
  const totalAmount = Math.round(total);
  return { totalAmount, monthlyPayment: Math.round(total / termMonths) };
}

export interface LoanDraft {
  verified: boolean;
  items: readonly GoldItemDraft[];
  amount: string;
  term: number;
  interestRate: number;
  /** Empty means today. */
  loanDate: string;
  monthlyPayment: number | null;
  totalPayment: number | null;
  disbursementMode: DisbursementMode;
  disbursementReference: string;
}

/** Every problem with the loan form, in the messages staff see, the most basic first. */
export function loanErrors(draft: LoanDraft, today: string): string[] {
  const errors: string[] = [];
  if (!draft.verified) errors.push(LOAN_MESSAGES.unverified);
  const weightProblem = draft.items.map(weightError).find((e) => e !== null);
  if (weightProblem) errors.push(weightProblem);
  else if (draft.items.some((i) => !i.deductions.every(completeDeduction)))
    errors.push(LOAN_MESSAGES.deductionIncomplete);
  else if (!completeItems(draft.items)) errors.push(LOAN_MESSAGES.items);
  const amount = parseAmount(draft.amount);
  if (amount === null || amount < MINIMUM_LOAN_RUPEES) errors.push(LOAN_MESSAGES.amount);
  if (!Number.isInteger(draft.term) || draft.term < 1) errors.push(LOAN_MESSAGES.term);
  if (!(draft.interestRate >= 0)) errors.push(LOAN_MESSAGES.rate);
  if (draft.loanDate && draft.loanDate > today) errors.push(LOAN_MESSAGES.futureDate);
  if (amount !== null && amount >= MINIMUM_LOAN_RUPEES) {
    if (!(draft.monthlyPayment !== null && draft.monthlyPayment > 0)) errors.push(LOAN_MESSAGES.monthly);
    if (!(draft.totalPayment !== null && draft.totalPayment > 0)) errors.push(LOAN_MESSAGES.total);
    if (draft.disbursementMode === 'cash' && amount > CASH_DISBURSEMENT_MAX_RUPEES) {
      errors.push(LOAN_MESSAGES.cashLimit);
    }
  }
  if (draft.disbursementMode !== 'cash' && draft.disbursementReference.trim() === '') {
    errors.push(LOAN_MESSAGES.reference);
  }
  return errors;
}
