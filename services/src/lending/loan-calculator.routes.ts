import {
  CalculateInterestRequest,
  CalculateInterestResponse,
  ErrorResponse,
  ValuationRequest,
  ValuationResponse,
  LENDING_POLICY,
  formatInr,
  paiseToRupees,
  percentToBps,
  rupeesToPaise,
} from '@goldledger/contracts';
import { branchScopeOf } from '../branches/branch-scope.js';
import { sessionOf, STAFF } from '../identity/access.plugin.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import type { SliceDeps } from '../slice-deps.js';
import { calculateInterest } from './interest.js';
import { valueLoan } from './loan-valuation.js';

const r = paiseToRupees;

function interestMessage(c: ReturnType<typeof calculateInterest>, ratePercent: number): string {
  const parts = [
    `Interest at ${ratePercent}% a year for ${c.effectiveDays} day${c.effectiveDays === 1 ? '' : 's'}, accrued daily and compounded every 30 days.`,
  ];
  if (c.minDaysApplied) {
    parts.push(`A minimum of ${c.effectiveDays} days' interest is charged (the loan ran ${c.days}).`);
  }
  if (c.minInterestApplied) {
    parts.push(`The minimum interest of ${formatInr(LENDING_POLICY.minimumInterestPaise)} applies.`);
  }
  return parts.join(' ');
}

/**
 * The figures people see before a loan exists: the public calculator's interest, and what
 * the gold can secure (loan-valuation.ts). Nothing here appends an event.
 */
export function registerLoanCalculatorRoutes(
  app: App,
  deps: Pick<SliceDeps, 'store' | 'db' | 'clock'>,
): void {
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
      const from = new Date(
        b.disbursementDate.length === 10 ? `${b.disbursementDate}T00:00:00+05:30` : b.disbursementDate,
      );
      const to = new Date(b.closureDate.length === 10 ? `${b.closureDate}T00:00:00+05:30` : b.closureDate);
      if (to < from)
        throw new DomainError('Closure date cannot be before the disbursement date', 'dates_reversed');
      // Any part of a day counts as a day.
      const days = Math.ceil((to.getTime() - from.getTime()) / 86_400_000);
      if (days > LENDING_POLICY.calculatorMaxDays) {
        throw new DomainError(
          `The calculator covers at most ${LENDING_POLICY.calculatorMaxDays.toLocaleString('en-IN')} days between the two dates`,
          'calculator_span_too_long',
        );
      }
      const principalPaise = rupeesToPaise(b.principal);
      const rateBps = percentToBps(b.annualRate);
      const c = calculateInterest(principalPaise, rateBps, days);
      const termMonths = b.termMonths ?? c.months;
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
        message: interestMessage(c, b.annualRate),
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
