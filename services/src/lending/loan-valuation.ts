import {
  appraiseItems,
  businessDate,
  fineGoldMg,
  loanToValuePercent,
  paiseToRupees,
  percentToBps,
  rupeesToPaise,
  type BranchScope,
  type ValuationRequest,
  type ValuationResponse,
} from '@goldledger/contracts';
import { inBranchScope } from '../branches/branch-scope.js';
import { resolveCustomer } from '../customers/customer-commands.js';
import { pricesOn } from '../gold-prices/gold-price.queries.js';
import { DomainError } from '../platform/decider.js';
import { policyOn } from '../policy/policy-versions.js';
import { openPledges, readBorrowerLoans, type BorrowerDeps } from './borrower-loans.js';
import { ltvBasis } from './decide/open-loan.js';
import { assessLtv } from './decide/sanction-checks.js';
import { toGoldItems } from './gold-item-input.js';

const r = paiseToRupees;

/**
 * What the loan form shows before the loan exists, figured exactly as opening it would:
 * the items valued at the valuation price on the loan's date, and the LTV for this borrower,
 * purpose and structure (the refusal the loan would get, in its words). Writes nothing.
 */
export async function valueLoan(
  deps: BorrowerDeps,
  b: ValuationRequest,
  scope: BranchScope,
): Promise<ValuationResponse> {
  const today = businessDate(deps.clock.now());
  const date = b.customLoanDate || today;
  const items = toGoldItems(b.goldItems);
  const { policy } = await policyOn(deps.store, date);
  const priceOf = await pricesOn(deps.store, date, policy);
  const appraisal = appraiseItems(items, priceOf, date);
  let others: ReturnType<typeof openPledges> = [];
  if (b.customerId) {
    const found = await resolveCustomer(deps.store, b.customerId);
    if (!found || !inBranchScope(scope, found.state.branchId)) {
      throw new DomainError('Customer not found', 'customer_not_found', 404);
    }
    others = openPledges(await readBorrowerLoans(deps, found.customerUuid), today);
  }
  const requested = b.amount ? rupeesToPaise(b.amount) : 0;
  const structured = b.repaymentType !== 'emi' && b.interestRate !== undefined && b.term !== undefined;
  const basisOf = structured
    ? ltvBasis({
        repaymentType: b.repaymentType,
        annualRateBps: percentToBps(b.interestRate!),
        disbursementDate: date,
        termMonths: b.term!,
        policy,
      })
    : (p: number) => p;
  const { check, tier, otherLoansPaise, refusal } = assessLtv({
    purpose: b.purpose,
    repaymentType: structured ? b.repaymentType : 'emi',
    principalPaise: requested,
    basisOf,
    goldValuePaise: appraisal.goldValuePaise,
    others,
    policy,
  });
  return {
    goldRate: r(priceOf(policy.goldPrices.referencePurity).pricePaise),
    fineGoldGrams: fineGoldMg(items) / 1000,
    goldValue: r(appraisal.goldValuePaise),
    eligibleAmount: Math.floor(check.maxPrincipalPaise / 100),
    ltvCapPercent: check.capBps / 100,
    ltvPercent: requested ? loanToValuePercent(check.basisPaise, appraisal.goldValuePaise) : null,
    slabs: policy.ltvSlabs.map((s) => ({
      upTo: s.upToPaise === null ? null : r(s.upToPaise),
      capPercent: s.capBps / 100,
    })),
    valuedOn: appraisal.valuedOn,
    previousDay: appraisal.previousDay,
    averageFrom: appraisal.averageFrom,
    averageTo: appraisal.averageTo,
    items: appraisal.items.map((v) => ({
      index: v.index,
      itemType: v.itemType,
      purity: v.purity,
      pricedFrom: v.pricedFrom,
      grossWeight: v.grossWeightMg / 1000,
      deductions: v.deductionsMg / 1000,
      netWeight: v.netWeightMg / 1000,
      average30: r(v.average30Paise),
      previousClose: r(v.previousClosePaise),
      bound: v.bound,
      pricePerGram: r(v.pricePerGramPaise),
      value: r(v.valuePaise),
    })),
    ltv: {
      purpose: b.purpose,
      capPercent: check.capBps / 100,
      tier: tier && {
        capPercent: tier.capBps / 100,
        from: r(tier.fromPaise),
        upTo: tier.upToPaise === null ? null : r(tier.upToPaise),
      },
      borrowerTotal:
        check.borrowerConsumptionTotalPaise === null ? null : r(check.borrowerConsumptionTotalPaise),
      borrowerOtherLoans: r(otherLoansPaise),
      basis: requested ? r(check.basisPaise) : null,
      refusal: requested && refusal ? refusal.message : null,
    },
  };
}
