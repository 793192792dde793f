import {
  CalculateInterestRequest,
  CalculateInterestResponse,
  ErrorResponse,
  type RepaymentType,
  ValuationRequest,
  ValuationResponse,
  businessDate,
  formatBusinessDate,
  formatInr,
  paiseToRupees,
  percentToBps,
  rupeesToPaise,
  type LendingPolicy,
} from '@goldledger/contracts';
import { branchScopeOf } from '../branches/branch-scope.js';
import { sessionOf, STAFF } from '../identity/access.plugin.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { policyOn } from '../policy/policy-versions.js';
import type { SliceDeps } from '../slice-deps.js';
import { calculateInterest } from './interest.js';
import { valueLoan } from './loan-valuation.js';
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
 * the gold can secure (loan-valuation.ts). Nothing here appends an event.
 */
export function registerLoanCalculatorRoutes(
  app: App,
  deps: Pick<SliceDeps, 'store' | 'db' | 'clock'>,
): void {
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

  // What the gold can secure for this borrower at the loan date's valuation price: the loan form shows it.
  app.post(
    '/api/loans/valuation',
    {
      config: { access: [...STAFF] },
      schema: { body: ValuationRequest, response: { 200: ValuationResponse, 400: ErrorResponse } },
    },
    async (request) => valueLoan(deps, request.body, branchScopeOf(sessionOf(request))),
  );
}
