import { z } from 'zod';
import { BranchFilterQuery } from '../branches/branch-http.js';
import { addDays, BusinessDate } from '../lending/dates.js';
import { DelinquencyClass } from '../lending/delinquency.js';
import type { LendingPolicy } from '../lending/policy.js';

/**
 * The portfolio as of any day (issue 18, point 4): the open book as the events recorded by
 * the end of a business day (Asia/Kolkata) left it. `GET /api/admin/reports/portfolio`
 * (and `.csv`); admins and auditors. Money in paise. The daily job `portfolio_report`
 * records the same answer for each day that has ended (`PortfolioReported`). Choices in
 * docs/decisions.md ("Portfolio as of any day (issue 18)").
 */

export const PortfolioQuery = z.object({
  /** The business date; default today. A later date is refused. */
  asOf: BusinessDate.optional(),
  ...BranchFilterQuery.shape,
});
export type PortfolioQuery = z.infer<typeof PortfolioQuery>;

/** "The portfolio can only be shown up to today (…)": a report of a day not yet begun. */
export const futurePortfolioMessage = (today: string) =>
  `The portfolio can only be shown up to today (${today}); choose an earlier date`;

/**
 * The instant a business day's books close: midnight in Kolkata after it. Events recorded
 * before it count in that day's portfolio; a back-dated entry recorded later does not.
 */
export const endOfBusinessDay = (date: string): Date => new Date(`${addDays(date, 1)}T00:00:00+05:30`);

/** The reporting edge under the policy's LTV caps: at or under 60 % a loan is well covered. */
export const PORTFOLIO_LTV_COMFORT_BPS = 6000;

/**
 * The upper edges of the LTV bands (basis points of the gold's value): the comfort edge,
 * then every cap the policy knows (its slabs and the income-generating cap), lowest first.
 * The last band (above the highest cap) is open: every loan in it is over any cap.
 */
export function ltvBandEdgesBps(policy: LendingPolicy): number[] {
  const caps = [...policy.ltvSlabs.map((s) => s.capBps), policy.incomeGeneratingLtvCapBps];
  return [...new Set([PORTFOLIO_LTV_COMFORT_BPS, ...caps])].filter((e) => e > 0).sort((a, b) => a - b);
}

/** "≤ 60 %", "60–75 %", "> 85 %": a band's edges as people read them (page and CSV). */
export function ltvBandLabel(band: { fromBps: number | null; toBps: number | null }): string {
  const pct = (bps: number) => `${bps / 100}`;
  if (band.fromBps === null) return band.toBps === null ? 'Any' : `≤ ${pct(band.toBps)} %`;
  if (band.toBps === null) return `> ${pct(band.fromBps)} %`;
  return `${pct(band.fromBps)}–${pct(band.toBps)} %`;
}

const Paise = z.number().int();
const Count = z.number().int().nonnegative();

export const PortfolioClassLine = z.object({
  class: DelinquencyClass,
  loans: Count,
  principalPaise: Paise,
  interestPaise: Paise,
});
export type PortfolioClassLine = z.infer<typeof PortfolioClassLine>;

/** Loans whose LTV (outstanding ÷ gold value) is above `fromBps` and at most `toBps` (null: no upper edge). */
export const PortfolioLtvBand = z.object({
  fromBps: z.number().int().nonnegative().nullable(),
  toBps: z.number().int().positive().nullable(),
  loans: Count,
  principalPaise: Paise,
  interestPaise: Paise,
});
export type PortfolioLtvBand = z.infer<typeof PortfolioLtvBand>;

export const PortfolioFigures = z.object({
  loans: Count,
  /** Outstanding principal (gross advances). */
  principalPaise: Paise,
  /** Interest accrued and unpaid as of the day (the interest model run to the day). */
  interestPaise: Paise,
  /** Every class, in order standard, SMA-0, SMA-1, SMA-2, NPA (zeros included). */
  classes: z.array(PortfolioClassLine),
  /** Gross NPA ratio: NPA principal ÷ all principal, basis points; null for an empty book. */
  npaRatioBps: z.number().int().nonnegative().nullable(),
  /** The pledged gold at the day's valuation price; null when the day has no valuation price. */
  goldValuePaise: Paise.nullable(),
  /** LTV bands, lowest first; empty when the day has no valuation price. */
  ltvBands: z.array(PortfolioLtvBand),
});
export type PortfolioFigures = z.infer<typeof PortfolioFigures>;

export const PortfolioBranch = PortfolioFigures.extend({ branchId: z.string(), branchName: z.string() });
export type PortfolioBranch = z.infer<typeof PortfolioBranch>;

export const PortfolioReport = z.object({
  asOf: BusinessDate,
  /** Events recorded before this instant count (the end of the business day). */
  recordedBefore: z.iso.datetime({ offset: true }),
  /** The valuation price of the reference purity that day (paise a gram), or null with the reason. */
  valuation: z.object({
    referencePurity: z.number().int().positive(),
    pricePerGramPaise: z.number().int().positive().nullable(),
    missing: z.string().nullable(),
  }),
  total: PortfolioFigures,
  /** Each branch with a loan open that day (within the asker's scope), by name. */
  branches: z.array(PortfolioBranch),
});
export type PortfolioReport = z.infer<typeof PortfolioReport>;

export const PortfolioResponse = z.object({ success: z.literal(true), data: PortfolioReport });

/** The daily record of the portfolio: one stream per business day, `portfolio-report-YYYY-MM-DD`. */
export const PORTFOLIO_REPORT_STREAM_TYPE = 'portfolio-report';
export const portfolioReportStreamId = (date: string) => `${PORTFOLIO_REPORT_STREAM_TYPE}-${date}`;

/** Events of a portfolio-report stream. Schema version 1. */
export const PortfolioReportEvents = {
  /** The daily job recorded the whole book (every branch) as of a day that had ended. */
  PortfolioReported: PortfolioReport,
} as const;
