import { LENDING_POLICY } from '@goldledger/contracts';
import { withCashReceived, type BorrowerDeps } from '../lending/borrower-loans.js';
import type { LoanCommand } from '../lending/loan.decider.js';
import type { LoanState } from '../lending/loan.state.js';
import { BANKS } from './demo-people.js';
import type { Rng } from './rng.js';

/**
 * The demo book keeps the Income Tax Act's cash limits as the counter does: a loan above
 * the cash limit is paid out by bank transfer (s.269SS), and a repayment that would take a
 * borrower's cash for the day to the receipts limit is taken by transfer instead (s.269ST).
 */

const utr = (rng: Rng) => `UTR${rng.int(100_000, 999_999)}${rng.int(100_000, 999_999)}`;

/** Cash up to the policy's cash limit, a bank transfer (with its UTR) above it. */
export function demoPayout(rng: Rng, principalPaise: number) {
  return principalPaise <= LENDING_POLICY.cashLimits.disbursementMaxPaise
    ? { disbursementMode: 'cash' as const }
    : { disbursementMode: 'bank_transfer' as const, disbursementReference: utr(rng) };
}

type Repayment = Extract<LoanCommand, { type: 'RecordPayment' }>;

/**
 * The repayment as the counter takes it: cash counted against the borrower's day, or an
 * online transfer (asked for, or in place of cash that would reach the limit: `transferred`,
 * which the demo approves at once).
 */
export async function lawfulRepayment(
  deps: BorrowerDeps,
  loan: Pick<LoanState, 'customer'>,
  asked: Repayment,
  rng: Rng,
): Promise<{ command: Repayment; transferred: boolean }> {
  const counted = await withCashReceived(deps, loan, asked);
  const transferred =
    counted.method === 'handcash' &&
    (counted.cashReceivedSameDayPaise ?? 0) + asked.amountPaise >=
      LENDING_POLICY.cashLimits.receiptsPerPersonDayBelowPaise;
  if (asked.method !== 'online' && !transferred) return { command: counted, transferred };
  return {
    command: { ...asked, method: 'online', transactionId: utr(rng), bankName: rng.pick(BANKS) },
    transferred,
  };
}
