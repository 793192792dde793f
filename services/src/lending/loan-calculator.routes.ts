import {
  CalculateInterestRequest,
  CalculateInterestResponse,
  ErrorResponse,
  type RepaymentType,
  ValuationRequest,
  ValuationResponse,
  businessDate,
  eligibleAgainst,
  fineGoldMgByFineness,
  finenessOfKarat,
  formatBusinessDate,
  formatInr,
  gramsToMg,
  itemFineness,
  itemValuePaise,
  loanToValuePercent,
  ltvCapBpsFor,
  paiseToRupees,
  percentToBps,
  rupeesToPaise,
  type LendingPolicy,
} from '@goldledger/contracts';
import { STAFF } from '../identity/access.plugin.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { pricesOn } from '../gold-prices/gold-price.queries.js';
import { policyOn } from '../policy/policy-versions.js';
import type { SliceDeps } from '../slice-deps.js';
import { calculateInterest } from './interest.js';
import { checkTenure, scheduleFor } from './repayment-structures.js';

const r = paiseToRupees;

function interestMessage(
  c: ReturnType<typeof calculateInterest>,
  ratePercent: number,
  policy: LendingPolicy,
): string {
  const parts = [
    `Interest at ${ratePercent}% a year for ${c.effectiveDays} day${c.effectiveDays === 1 ? '' : 's'}, accrued daily and compounded every 30 days.`,
  ];
  if (c.minDaysApplied) {
    parts.push(`A minimum of ${c.effectiveDays} days' interest is charged (the loan ran ${c.days}).`);
  }
  if (c.minInterestApplied) {
    parts.push(`The minimum interest of ${formatInr(policy.minimumInterestPaise)} applies.`);
  }
  return parts.join(' ');
}

/** What a schedule of this structure asks, in a sentence for the form. */
function structureMessage(type: RepaymentType, s: ReturnType<typeof scheduleFor>): string {
  const last = s.installments.at(-1)!;
  const on = formatBusinessDate(last.dueDate);
  switch (type) {
    case 'emi':
      return `${s.installments.length} monthly installments of about ${formatInr(s.monthlyPaymentPaise)}, ${formatInr(s.totalPaymentPaise)} in all.`;
    case 'bullet':
      return `One payment of ${formatInr(last.amountPaise)} (principal and interest) on ${on}: unpaid interest is compounded every 30 days.`;
    case 'monthly_interest':
      return `Interest each month (${formatInr(s.monthlyPaymentPaise)} the first month), then ${formatInr(last.amountPaise)} (principal and the last interest) on ${on}.`;
    default: {
      const _exhaustive: never = type;
      return _exhaustive;
    }
  }
}

/**
 * The figures people see before a loan exists: the public calculator's interest, and what
 * the gold can secure at today's valuation price. Nothing here appends an event.
 */
export function registerLoanCalculatorRoutes(app: App, deps: Pick<SliceDeps, 'store' | 'clock'>): void {
  // A loan made today would be priced by the version in effect today.
  const policyToday = async () => (await policyOn(deps.store, businessDate(deps.clock.now()))).policy;

  // The public site's calculator and the wizard's live figures.
  app.post(
    '/api/loans/calculate-interest',
    {
      // Per IP: both callers debounce their input; a branch's counters share one address.
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        body: CalculateInterestRequest,
        response: { 200: CalculateInterestResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const b = request.body;
      const policy = await policyToday();
      const from = new Date(
        b.disbursementDate.length === 10 ? `${b.disbursementDate}T00:00:00+05:30` : b.disbursementDate,
      );
      const to = new Date(b.closureDate.length === 10 ? `${b.closureDate}T00:00:00+05:30` : b.closureDate);
      if (to < from)
        throw new DomainError('Closure date cannot be before the disbursement date', 'dates_reversed');
      // Any part of a day counts as a day.
      const days = Math.ceil((to.getTime() - from.getTime()) / 86_400_000);
      if (days > policy.calculatorMaxDays) {
        throw new DomainError(
          `The calculator covers at most ${policy.calculatorMaxDays.toLocaleString('en-IN')} days between the two dates`,
          'calculator_span_too_long',
        );
      }
      const principalPaise = rupeesToPaise(b.principal);
      const rateBps = percentToBps(b.annualRate);
      const c = calculateInterest(principalPaise, rateBps, days, policy);
      const termMonths = b.termMonths ?? c.months;
      if (b.repaymentType) {
        if (!b.termMonths) {
          throw new DomainError('Please give the term (termMonths) of the loan', 'term_required');
        }
        checkTenure(b.repaymentType, b.termMonths, policy);
        const s = scheduleFor({
          repaymentType: b.repaymentType,
          principalPaise,
          annualRateBps: rateBps,
          disbursementDate: businessDate(from),
          termMonths: b.termMonths,
          policy,
        });
        return {
          principal: b.principal,
          annualRate: b.annualRate,
          days: c.days,
          effectiveDays: c.effectiveDays,
          months: c.months,
          totalInterest: r(s.totalPaymentPaise - principalPaise),
          totalAmount: r(s.totalPaymentPaise),
          monthlyPayment: r(s.monthlyPaymentPaise),
          minInterestApplied: c.minInterestApplied,
          minDaysApplied: c.minDaysApplied,
          message: structureMessage(b.repaymentType, s),
          repayableAtMaturity: r(s.repayableAtMaturityPaise),
        };
      }
      return {
        principal: b.principal,
        annualRate: b.annualRate,
        days: c.days,
        effectiveDays: c.effectiveDays,
        months: c.months,
        totalInterest: r(c.totalInterestPaise),
        totalAmount: r(c.totalAmountPaise),
        monthlyPayment: Math.round(r(c.totalAmountPaise) / termMonths),
        minInterestApplied: c.minInterestApplied,
        minDaysApplied: c.minDaysApplied,
        message: interestMessage(c, b.annualRate, policy),
      };
    },
  );

  // What the gold can secure at today's valuation price: the loan form shows it before submitting.
  app.post(
    '/api/loans/valuation',
    {
      config: { access: [...STAFF] },
      schema: { body: ValuationRequest, response: { 200: ValuationResponse, 400: ErrorResponse } },
    },
    async (request) => {
      const policy = await policyToday();
      const today = businessDate(deps.clock.now());
      // Issue 17: each item at the valuation price of its purity (409 without yesterday's prices).
      const priceOf = await pricesOn(deps.store, today, policy);
      const items = request.body.goldItems.map((item, index) => {
        const purity = itemFineness(item, policy);
        const netWeightMg = gramsToMg(item.netWeight);
        const price = priceOf(purity);
        return {
          index,
          purity,
          netWeightMg,
          price,
          valuePaise: itemValuePaise(netWeightMg, price.pricePaise),
        };
      });
      const goldValuePaise = items.reduce((sum, i) => sum + i.valuePaise, 0);
      const requested = request.body.amount ? rupeesToPaise(request.body.amount) : 0;
      // The seeds' "gold rate" field: the valuation price of fine gold (24K) today.
      const fine = priceOf(finenessOfKarat(24));
      return {
        goldRate: r(fine.pricePaise),
        fineGoldGrams: fineGoldMgByFineness(items) / 1000,
        goldValue: r(goldValuePaise),
        eligibleAmount: r(eligibleAgainst(goldValuePaise, policy)),
        ltvCapPercent: ltvCapBpsFor(requested, policy) / 100,
        ltvPercent: requested ? loanToValuePercent(requested, goldValuePaise) : null,
        slabs: policy.ltvSlabs.map((s) => ({
          upTo: s.upToPaise === null ? null : r(s.upToPaise),
          capPercent: s.capBps / 100,
        })),
        priceBasis: {
          valuedOn: today,
          previousDay: fine.previousDay,
          averageFrom: fine.from,
          averageTo: fine.to,
          items: items.map((i) => ({
            index: i.index,
            purity: i.purity,
            pricedFrom: i.price.pricedFrom,
            netWeight: i.netWeightMg / 1000,
            pricePerGram: r(i.price.pricePaise),
            average30: r(i.price.average30Paise),
            previousClose: r(i.price.previousClosePaise),
            bound: i.price.bound,
            value: r(i.valuePaise),
          })),
        },
      };
    },
  );
}
