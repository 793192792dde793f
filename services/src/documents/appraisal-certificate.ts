import {
  finenessOfKarat,
  roundHalfAwayFromZero,
  type BranchDetails,
  type ItemType,
  type ItemValuation,
  type LoanEventData,
  type WeightDeduction,
} from '@goldledger/contracts';

type LoanCreated = LoanEventData<'LoanCreated'>;

/** How an item's price per gram was found. */
export type PriceBasis =
  /** The RBI 2025 valuation price: the lower of the average close and the previous working day's close. */
  | ({ kind: 'lower_of' } & Pick<
      ItemValuation,
      'pricedFrom' | 'average30Paise' | 'previousClosePaise' | 'bound' | 'pricePerGramPaise'
    >)
  /** A loan made before item-wise appraisal: the day's single 24K rate, pro rata to the karat. */
  | { kind: 'single_rate'; ratePaisePerGram24k: number; pricePerGramPaise: number };

export interface CertificateItem {
  number: number;
  itemType: ItemType;
  description: string;
  fineness: number;
  karat: number;
  grossWeightMg: number;
  /** Itemised at appraisal; for older loans one line, gross less net, with no reason recorded. */
  deductions: WeightDeduction[];
  deductionsMg: number;
  netWeightMg: number;
  /** The item's photo as recorded at sanction (null: none). */
  photoId: string | null;
  price: PriceBasis;
  valuePaise: number;
}

/** What the appraisal certificate says: from the loan's `LoanCreated` alone, the same every time. */
export interface AppraisalCertificate {
  loanId: string;
  sanctionDate: string;
  valuedOn: string;
  policyVersion: number;
  branch: BranchDetails;
  borrower: { name: string; customerId: string; mobile: string; address: string; aadharNumber: string };
  /** The price window of a `lower_of` valuation. */
  window: { previousDay: string; averageFrom: string; averageTo: string } | null;
  items: CertificateItem[];
  totals: { grossWeightMg: number; deductionsMg: number; netWeightMg: number; valuePaise: number };
  /** Built from the items and the single rate recorded before item-wise appraisal existed. */
  fromRecordedValuation: boolean;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function appraisedItems(c: LoanCreated, appraisal: NonNullable<LoanCreated['appraisal']>): CertificateItem[] {
  return [...appraisal.items]
    .sort((a, b) => a.index - b.index)
    .map((v) => {
      const item = c.goldItems[v.index];
      return {
        number: v.index + 1,
        itemType: v.itemType,
        description: item?.description ?? `Item ${v.index + 1}`,
        fineness: v.purity,
        karat: item?.purityKarat ?? Math.round((v.purity * 24) / 1000),
        grossWeightMg: v.grossWeightMg,
        deductions: item?.deductions ?? [],
        deductionsMg: v.deductionsMg,
        netWeightMg: v.netWeightMg,
        photoId: item?.photoId ?? null,
        price: {
          kind: 'lower_of',
          pricedFrom: v.pricedFrom,
          average30Paise: v.average30Paise,
          previousClosePaise: v.previousClosePaise,
          bound: v.bound,
          pricePerGramPaise: v.pricePerGramPaise,
        },
        valuePaise: v.valuePaise,
      };
    });
}

/**
 * A loan made before issue 17: its items as entered and the day's single 24K rate. Each item
 * is valued net × karat/24 × rate (rounded for the line); the total is the value recorded
 * with the loan, which rounds once over the whole set (docs/interest.md).
 */
function recordedItems(c: LoanCreated): CertificateItem[] {
  const rate = c.valuation.goldRatePaisePerGram;
  return c.goldItems.map((item, index) => {
    const deductionsMg = item.grossWeightMg - item.netWeightMg;
    const recorded = item.deductions ?? [];
    return {
      number: index + 1,
      itemType: item.itemType ?? 'ornament',
      description: item.description,
      fineness: item.purity ?? finenessOfKarat(item.purityKarat),
      karat: item.purityKarat,
      grossWeightMg: item.grossWeightMg,
      deductions:
        recorded.length > 0 || deductionsMg === 0
          ? recorded
          : [{ kind: 'other', weightMg: deductionsMg, reason: 'Gross less net weight (no reason recorded)' }],
      deductionsMg,
      netWeightMg: item.netWeightMg,
      photoId: item.photoId ?? null,
      price: {
        kind: 'single_rate',
        ratePaisePerGram24k: rate,
        pricePerGramPaise: roundHalfAwayFromZero((rate * item.purityKarat) / 24),
      },
      valuePaise: roundHalfAwayFromZero((item.netWeightMg * item.purityKarat * rate) / 24 / 1000),
    };
  });
}

export function appraisalCertificate(c: LoanCreated, branch: BranchDetails): AppraisalCertificate {
  const items = c.appraisal ? appraisedItems(c, c.appraisal) : recordedItems(c);
  return {
    loanId: c.loanId,
    sanctionDate: c.disbursementDate,
    valuedOn: c.appraisal?.valuedOn ?? c.disbursementDate,
    policyVersion: c.policyVersion ?? 1,
    branch,
    borrower: {
      name: c.customer.name,
      customerId: c.customer.customerId,
      mobile: c.customer.primaryMobile,
      address: c.customer.presentAddress,
      aadharNumber: c.customer.aadharNumber,
    },
    window: c.appraisal
      ? {
          previousDay: c.appraisal.previousDay,
          averageFrom: c.appraisal.averageFrom,
          averageTo: c.appraisal.averageTo,
        }
      : null,
    items,
    totals: {
      grossWeightMg: sum(items.map((i) => i.grossWeightMg)),
      deductionsMg: sum(items.map((i) => i.deductionsMg)),
      netWeightMg: sum(items.map((i) => i.netWeightMg)),
      valuePaise: c.appraisal?.goldValuePaise ?? c.valuation.goldValuePaise,
    },
    fromRecordedValuation: !c.appraisal,
  };
}
