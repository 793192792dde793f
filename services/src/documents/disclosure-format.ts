import type { DisbursementMode, ItemType, LoanPurpose, RepaymentType } from '@goldledger/contracts';

/** Words the two disclosures (Key Facts Statement, appraisal certificate) print for the sanction's codes. */

export const MODE_LABELS: Record<DisbursementMode, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  upi: 'UPI',
};

export const PURPOSE_LABELS: Record<LoanPurpose, string> = {
  consumption: 'Consumption',
  income_generating: 'Income generating',
};

export const REPAYMENT_LABELS: Record<RepaymentType, string> = {
  emi: 'Equal monthly installments (EMI)',
  bullet: 'Bullet: principal and all interest at maturity',
  monthly_interest: 'Interest every month, principal at maturity',
};

export const ITEM_TYPE_LABELS: Record<ItemType, string> = { ornament: 'Ornament', coin: 'Coin' };

const percentFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
/** `18%`, `19.57%`, `90%` from basis points (2 decimals at most). */
export const percentOfBps = (bps: number): string => `${percentFormat.format(bps / 100)}%`;

/** `19.57%`: an APR, always with both decimals. */
export const aprPercent = (aprBps: number): string => `${(aprBps / 100).toFixed(2)}%`;

/** `1 month`, `6 months`. */
export const months = (n: number): string => `${n} ${n === 1 ? 'month' : 'months'}`;
/** `7 days`, `1 day`. */
export const days = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`;

/** `916 (22K)`: fineness in parts per thousand and the karat it is sold as. */
export const purityText = (fineness: number, karat: number): string => `${fineness} (${karat}K)`;
