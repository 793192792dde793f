import {
  addDays,
  PORTFOLIO_REPORT_STREAM_TYPE,
  portfolioReportStreamId,
  type PortfolioReport,
} from '@goldledger/contracts';
import { ConcurrencyError } from '../platform/event-store/event-store.js';
import type { JobDefinition } from '../platform/scheduler/scheduler.js';
import { portfolioAsOf } from '../reports/portfolio/portfolio.queries.js';
import { metadataFor } from './job-support.js';

/** The business day a run records: the one that ended before the run's day began. */
export const portfolioDayOf = (runDay: string) => addDays(runDay, -1);

/**
 * The day's portfolio, recorded once the day is over (issue 18, point 4). The report of a
 * day counts every event recorded by the day's close (midnight in Kolkata), so only a run
 * after midnight sees all of it: the run of the 1st records the 31st, with every job and
 * entry of the 31st in it, and asking for the 31st later gives the same figures. The
 * record is a `PortfolioReported` event on the day's own stream (`portfolio-report-<day>`),
 * written once: a re-run of the day (or a second scheduler) finds it there and adds nothing.
 */
export const portfolioReportJob: JobDefinition = {
  name: 'portfolio_report',
  displayName: 'Portfolio of the day',
  description:
    "Records the previous business day's portfolio (outstanding, interest receivable, delinquency classes, NPA ratio, LTV bands, by branch) as it stood at that day's close (PortfolioReported).",
  schedule: '5 0 * * *',
  async run(ctx) {
    const day = portfolioDayOf(ctx.businessDate);
    const report: PortfolioReport = await portfolioAsOf({ db: ctx.db, store: ctx.store }, day, {
      kind: 'all',
    });
    try {
      const result = await ctx.store.append(
        portfolioReportStreamId(day),
        [{ type: 'PortfolioReported', data: report, occurredAt: ctx.asOf }],
        {
          streamType: PORTFOLIO_REPORT_STREAM_TYPE,
          expectedVersion: 'no_stream',
          metadata: metadataFor(ctx, `portfolio:${day}`),
        },
      );
      return { ok: result.duplicate ? 0 : 1, failed: 0, processed: 1 };
    } catch (error) {
      // Recorded by an earlier run: the day's record stands as first written.
      if (error instanceof ConcurrencyError) return { ok: 0, failed: 0, processed: 1 };
      throw error;
    }
  },
};
