import {
  addMonths,
  DEFAULT_BRANCH_ID,
  LENDING_POLICY,
  roundHalfAwayFromZero,
  type GoldItemRecord,
  type InstallmentRecord,
  type ItemValuation,
  type LendingPolicy,
  type LoanCustomerSnapshot,
  type LoanEventData,
  type RepaymentType,
} from '@goldledger/contracts';
import { buildInstallments, runLedger, totalForTerm, type LoanTerms } from '../lending/interest.js';

/**
 * Loans as issue 17 sanctions them (purpose, repayment type, payout, item-wise appraisal,
 * LTV check), for the disclosure tests: the Key Facts Statement and the appraisal
 * certificate read `LoanCreated`, whoever wrote it. The bullet and monthly-interest
 * schedules here follow the interest model (docs/interest.md); the disclosures read
 * whatever installments a loan holds.
 */

type LoanCreated = LoanEventData<'LoanCreated'>;

/** Every installment a schedule of this structure holds (due on the loan's day of the month). */
export function installmentsFor(
  structure: RepaymentType,
  terms: LoanTerms,
  termMonths: number,
  policy: LendingPolicy = LENDING_POLICY,
): InstallmentRecord[] {
  const from = terms.disbursementDate;
  const anchor = +from.slice(8, 10);
  if (structure === 'emi') {
    return buildInstallments(totalForTerm(terms, termMonths, policy), termMonths, from, anchor);
  }
  if (structure === 'bullet') {
    return [
      {
        number: 1,
        dueDate: addMonths(from, termMonths, anchor),
        amountPaise: totalForTerm(terms, termMonths, policy),
      },
    ];
  }
  // Interest each month as the books accrue it, the principal with the last month's interest.
  const paid: Array<{ date: string; amountPaise: number }> = [];
  const out: InstallmentRecord[] = [];
  for (let k = 1; k <= termMonths; k++) {
    const dueDate = addMonths(from, k, anchor);
    const interest = runLedger(terms, paid, dueDate, policy).interestOutstandingPaise;
    const amountPaise = k === termMonths ? interest + terms.principalPaise : interest;
    out.push({ number: k, dueDate, amountPaise });
    paid.push({ date: dueDate, amountPaise });
  }
  return out;
}

export interface AppraisedItem {
  item: GoldItemRecord;
  /** Per gram at the item's purity, both limbs (paise). */
  average30Paise: number;
  previousClosePaise: number;
  pricedFrom: number;
}

/** Three items of the kinds a counter sees: a necklace with stones, a coin, and a 20K chain priced from 22K. */
export const APPRAISED_ITEMS: AppraisedItem[] = [
  {
    item: {
      description: 'Necklace with kundan pendant',
      grossWeightMg: 25_400,
      netWeightMg: 23_150,
      purityKarat: 22,
      itemType: 'ornament',
      purity: 916,
      deductions: [
        { kind: 'stones', weightMg: 1_850, reason: 'Kundan stones set in the pendant' },
        { kind: 'other', weightMg: 400, reason: 'Lac filling in the beads' },
      ],
    },
    average30Paise: 8_905_00,
    previousClosePaise: 8_872_50,
    pricedFrom: 916,
  },
  {
    item: {
      description: 'Lakshmi coin',
      grossWeightMg: 10_000,
      netWeightMg: 10_000,
      purityKarat: 24,
      itemType: 'coin',
      purity: 999,
      deductions: [],
    },
    average30Paise: 9_712_40,
    previousClosePaise: 9_760_00,
    pricedFrom: 999,
  },
  {
    item: {
      description: 'Chain',
      grossWeightMg: 12_005,
      netWeightMg: 11_800,
      purityKarat: 20,
      itemType: 'ornament',
      purity: 833,
      deductions: [{ kind: 'other', weightMg: 205, reason: 'Hook and clasp of base metal' }],
    },
    average30Paise: 8_097_79,
    previousClosePaise: 8_068_24,
    pricedFrom: 916,
  },
];

export interface SanctionedLoanOptions {
  loanId: string;
  structure: RepaymentType;
  customer: LoanCustomerSnapshot;
  principalPaise?: number;
  annualRateBps?: number;
  termMonths?: number;
  disbursementDate?: string;
  branchId?: string;
  /** Photo ids by item index (the item's photo, uploaded to the loan). */
  photoIds?: Record<number, string>;
  items?: AppraisedItem[];
}

/** A `LoanCreated` with every issue-17 field, priced by the interest model. */
export function sanctionedLoanCreated(o: SanctionedLoanOptions): LoanCreated {
  const principalPaise = o.principalPaise ?? 1_20_000_00;
  const annualRateBps = o.annualRateBps ?? 1800;
  const termMonths = o.termMonths ?? (o.structure === 'emi' ? 6 : 12);
  const disbursementDate = o.disbursementDate ?? '2026-11-02';
  const terms = { principalPaise, annualRateBps, disbursementDate };
  const installments = installmentsFor(o.structure, terms, termMonths);
  const totalPaymentPaise = installments.reduce((sum, i) => sum + i.amountPaise, 0);
  const appraised = o.items ?? APPRAISED_ITEMS;
  const valuations: ItemValuation[] = appraised.map((a, index) => {
    const price = Math.min(a.average30Paise, a.previousClosePaise);
    const deductionsMg = (a.item.deductions ?? []).reduce((sum, d) => sum + d.weightMg, 0);
    return {
      index,
      itemType: a.item.itemType!,
      purity: a.item.purity!,
      grossWeightMg: a.item.grossWeightMg,
      deductionsMg,
      netWeightMg: a.item.netWeightMg,
      pricedFrom: a.pricedFrom,
      average30Paise: a.average30Paise,
      previousClosePaise: a.previousClosePaise,
      bound: a.average30Paise <= a.previousClosePaise ? 'average30' : 'previousClose',
      pricePerGramPaise: price,
      valuePaise: roundHalfAwayFromZero((a.item.netWeightMg * price) / 1000),
    };
  });
  const goldValuePaise = valuations.reduce((sum, v) => sum + v.valuePaise, 0);
  const basisPaise = o.structure === 'emi' ? principalPaise : totalPaymentPaise;
  const capBps = 8500;
  return {
    loanId: o.loanId,
    customer: o.customer,
    goldItems: appraised.map((a, i) => ({
      ...a.item,
      ...(o.photoIds?.[i] ? { photoId: o.photoIds[i] } : {}),
    })),
    principalPaise,
    annualRateBps,
    termMonths,
    disbursementDate,
    totalPaymentPaise,
    monthlyPaymentPaise: installments[0]!.amountPaise,
    installments,
    valuation: {
      goldRatePaisePerGram: 9_712_40,
      goldValuePaise,
      eligiblePaise: Math.floor((goldValuePaise * capBps) / 10_000),
      ltvCapBps: capBps,
    },
    createdBy: { id: 'admin-1', name: 'Asha Admin', role: 'admin', email: 'admin@demo.local' },
    renewalOf: null,
    branchId: o.branchId ?? DEFAULT_BRANCH_ID,
    disbursementMethod: 'bank',
    policyVersion: 1,
    purpose: o.structure === 'monthly_interest' ? 'income_generating' : 'consumption',
    repaymentType: o.structure,
    disbursementMode: o.structure === 'bullet' ? 'upi' : 'bank_transfer',
    disbursementReference: o.structure === 'bullet' ? 'UPI-302611020417' : 'UTR-SBIN0026110200931',
    appraisal: {
      valuedOn: disbursementDate,
      previousDay: '2026-10-31',
      averageFrom: '2026-10-03',
      averageTo: '2026-11-01',
      items: valuations,
      goldValuePaise,
    },
    ltv: {
      purpose: o.structure === 'monthly_interest' ? 'income_generating' : 'consumption',
      basisPaise,
      borrowerConsumptionTotalPaise: o.structure === 'monthly_interest' ? null : principalPaise,
      capBps: o.structure === 'monthly_interest' ? 7500 : capBps,
      maxPrincipalPaise: Math.floor((goldValuePaise * capBps) / 10_000),
      ltvBps: Math.round((basisPaise / goldValuePaise) * 10_000),
    },
    topUpOf: null,
    borrowerRequest: null,
  };
}
