import {
  CalculateInterestRequest,
  CalculateInterestResponse,
  ErrorResponse,
  type RepaymentType,
  ValuationRequest,
  ValuationResponse,
  LENDING_POLICY,
  businessDate,
  formatBusinessDate,
  fineGoldMg,
  formatInr,
  loanToValuePercent,
  paiseToRupees,
  percentToBps,
  rupeesToPaise,
  valueGold,
} from '@goldledger/contracts';
import { STAFF } from '../identity/access.plugin.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { readCurrentGoldRate } from '../settings/gold-rate.queries.js';
import type { SliceDeps } from '../slice-deps.js';
import { calculateInterest } from './interest.js';
import { checkTenure, scheduleFor } from './repayment-structures.js';
import { toGoldItems } from './loan.routes.js';

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
 * the gold can secure at today's rate. Nothing here appends an event.
 */
export function registerLoanCalculatorRoutes(app: App, deps: Pick<SliceDeps, 'store'>): void {
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
      if (b.repaymentType) {
        if (!b.termMonths) {
          throw new DomainError('Please give the term (termMonths) of the loan', 'term_required');
        }
        checkTenure(b.repaymentType, b.termMonths, LENDING_POLICY);
        const s = scheduleFor({
          repaymentType: b.repaymentType,
          principalPaise,
          annualRateBps: rateBps,
          disbursementDate: businessDate(from),
          termMonths: b.termMonths,
          policy: LENDING_POLICY,
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
        message: interestMessage(c, b.annualRate),
      };
    },
  );

  // What the gold can secure at today's rate: the loan form shows it before submitting.
  app.post(
    '/api/loans/valuation',
    {
      config: { access: [...STAFF] },
      schema: { body: ValuationRequest, response: { 200: ValuationResponse, 400: ErrorResponse } },
    },
    async (request) => {
      const items = toGoldItems(request.body.goldItems);
      const { ratePaisePerGram } = await readCurrentGoldRate(deps.store);
      const requested = request.body.amount ? rupeesToPaise(request.body.amount) : 0;
      const v = valueGold(items, ratePaisePerGram, requested);
      return {
        goldRate: r(ratePaisePerGram),
        fineGoldGrams: fineGoldMg(items) / 1000,
        goldValue: r(v.goldValuePaise),
        eligibleAmount: r(v.eligiblePaise),
        ltvCapPercent: v.ltvCapBps / 100,
        ltvPercent: requested ? loanToValuePercent(requested, v.goldValuePaise) : null,
        slabs: LENDING_POLICY.ltvSlabs.map((s) => ({
          upTo: s.upToPaise === null ? null : r(s.upToPaise),
          capPercent: s.capBps / 100,
        })),
      };
    },
  );
}
