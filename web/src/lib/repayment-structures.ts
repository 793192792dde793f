import type { RepaymentType } from '@goldledger/contracts';

/**
 * How the screens name a loan's repayment structure and what its installments are. The
 * server builds the schedules (services/src/lending/repayment-structures.ts); this only
 * says what each figure means: `monthlyPayment` is an EMI, a month's interest, or (bullet)
 * the one payment at maturity.
 */

/** Short names for tables and badges. */
export const REPAYMENT_TYPE_LABEL: Readonly<Record<RepaymentType, string>> = {
  emi: 'EMI',
  bullet: 'Bullet',
  monthly_interest: 'Monthly interest',
};

/** What the structure asks of the borrower, in a phrase. */
export const REPAYMENT_TYPE_DESCRIPTION: Readonly<Record<RepaymentType, string>> = {
  emi: 'Equal monthly installments of principal and interest',
  bullet: 'Principal and all interest in one payment at maturity',
  monthly_interest: 'Interest every month, principal at maturity',
};

/** The name of the loan's `monthlyPayment` figure. */
export const INSTALLMENT_AMOUNT_LABEL: Readonly<Record<RepaymentType, string>> = {
  emi: 'Monthly payment',
  bullet: 'Due at maturity',
  monthly_interest: 'Monthly interest',
};

/** What one installment of the loan is: its interest, or principal and interest. */
export function installmentWhat(
  repaymentType: RepaymentType,
  installment: { number: number },
  installments: ReadonlyArray<{ number: number }>,
): string {
  const last = installment.number === installments.at(-1)?.number;
  switch (repaymentType) {
    case 'emi':
      return 'Principal and interest';
    case 'bullet':
      return 'Principal and all interest';
    case 'monthly_interest':
      return last ? 'Principal and last interest' : "The month's interest";
    default: {
      const _exhaustive: never = repaymentType;
      return _exhaustive;
    }
  }
}
