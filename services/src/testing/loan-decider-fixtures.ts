import { fold } from '../platform/decider.js';
import { decideLoan, loanDecider, type LoanCommand } from '../lending/loan.decider.js';
import { evolveLoan, initialLoanState } from '../lending/loan.state.js';
import { appraiseItems, DEFAULT_BRANCH_ID, LENDING_POLICY, type LoanEvent } from '@goldledger/contracts';
import { flatPrices } from './gold-prices-kit.js';
import { deciderSpec } from './decider-spec.js';

/**
 * One loan the decider tests share: ₹1,00,000 at 18 % for 6 months from 31 Jan 2026,
 * paid by bank transfer, against 24 g of 22K gold valued at ₹6,418.42/g (₹7,000 for 24K),
 * and helpers to pay it and to run commands after it.
 */
const goldItems = [{ description: 'Chain', grossWeightMg: 25_000, netWeightMg: 24_000, purityKarat: 22 }];
export const spec = deciderSpec(loanDecider);
export const admin = { id: 'admin-1', name: 'Asha' };
export const createCommand: Extract<LoanCommand, { type: 'CreateLoan' }> = {
  type: 'CreateLoan',
  loanId: 'GL260100001',
  branchId: DEFAULT_BRANCH_ID,
  customer: {
    customerStreamId: 'customer-1',
    customerId: 'CUS000001',
    name: 'Lakshmi Devi',
    email: null,
    aadharNumber: '500000000003',
    primaryMobile: '9000000003',
    secondaryMobile: null,
    emergencyContact: { mobile: '9000000099', relation: 'Son' },
    presentAddress: 'Chennai',
    permanentAddress: 'Chennai',
  },
  customerVerified: true,
  goldItems,
  principalPaise: 100_000_00,
  annualRateBps: 1800,
  termMonths: 6,
  repaymentType: 'emi',
  disbursementDate: '2026-01-31',
  goldRatePaisePerGram: flatPrices('2026-01-31')(916).pricePaise,
  appraisal: appraiseItems(goldItems, flatPrices('2026-01-31'), '2026-01-31'),
  borrowerOpenLoans: [],
  purpose: 'consumption',
  disbursementMode: 'bank_transfer',
  disbursementReference: 'UTR0000001',
  createdBy: { id: 'admin-1', name: 'Asha', role: 'admin', email: 'admin@demo.local' },
  renewalOf: null,
  today: '2026-01-31',
  policyVersion: 1,
  policy: LENDING_POLICY,
};
export const created = decideLoan(createCommand, initialLoanState());
/** A payment of `amountPaise` in cash on `date`, entered that day by the admin; `extra` overrides. */
export const payPaise = (
  amountPaise: number,
  date: string,
  extra: Partial<Extract<LoanCommand, { type: 'RecordPayment' }>> = {},
) =>
  ({
    type: 'RecordPayment',
    paymentId: crypto.randomUUID(),
    amountPaise,
    method: 'handcash',
    paymentType: 'total',
    paymentDate: date,
    transactionId: null,
    bankName: null,
    enteredBy: admin,
    today: date,
    ...extra,
  }) as const satisfies LoanCommand;
/** The same in whole rupees. */
export const pay = (
  amountRupees: number,
  date: string,
  extra: Partial<Extract<LoanCommand, { type: 'RecordPayment' }>> = {},
) => payPaise(amountRupees * 100, date, extra);
export const after = (events: LoanEvent[], command: LoanCommand) => {
  const state = fold(evolveLoan, initialLoanState(), events);
  return [...events, ...decideLoan(command, state)];
};

/**
 * The shared loan with ample gold (200 g of 22K, about ₹12.8 lakh at the test prices): for
 * properties over random amounts, rates and terms that are about the books, not the LTV cap.
 */
const ampleGold = [{ description: 'Bangles', grossWeightMg: 205_000, netWeightMg: 200_000, purityKarat: 22 }];
export const amplyPledged = {
  goldItems: ampleGold,
  appraisal: appraiseItems(ampleGold, flatPrices('2026-01-31'), '2026-01-31'),
};

/** The shared loan's LoanCreated as a loan made before issue 17 recorded it: none of the sanction fields. */
export const createdBeforeIssue17 = (() => {
  const data = { ...(created[0]!.data as Record<string, unknown>) };
  for (const key of [
    'policyVersion',
    'purpose',
    'repaymentType',
    'disbursementMode',
    'disbursementReference',
    'appraisal',
    'ltv',
    'topUpOf',
    'borrowerRequest',
  ]) {
    delete data[key];
  }
  // Valued then at the seeds' single 24K rate, ₹7,000 a gram: 22 g of fine gold, ₹1,54,000.
  const valuation = {
    goldRatePaisePerGram: 7_000_00,
    goldValuePaise: 1_54_000_00,
    eligiblePaise: 1_30_900_00,
    ltvCapBps: 8500,
  };
  return { ...data, valuation, disbursementMethod: 'cash' };
})();
