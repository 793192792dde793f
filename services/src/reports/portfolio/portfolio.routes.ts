import {
  businessDate,
  futurePortfolioMessage,
  PortfolioQuery,
  PortfolioResponse,
} from '@goldledger/contracts';
import { scopeOf } from '../../branches/branch-scope.js';
import { ADMIN_READERS } from '../../identity/access.plugin.js';
import { DomainError } from '../../platform/decider.js';
import type { App } from '../../platform/http/app.js';
import type { SliceDeps } from '../../slice-deps.js';
import { portfolioCsv } from './portfolio-csv.js';
import { portfolioAsOf } from './portfolio.queries.js';

export type PortfolioDeps = Pick<SliceDeps, 'db' | 'clock' | 'store'>;

/**
 * The portfolio as of any day (issue 18, point 4), for admins and auditors: JSON for the
 * reports page, CSV for a spreadsheet. `?asOf=` (default today) and `?branchId=`.
 */
export function registerPortfolioRoutes(app: App, deps: PortfolioDeps): void {
  const report = async (query: PortfolioQuery, scope: ReturnType<typeof scopeOf>) => {
    const today = businessDate(deps.clock.now());
    const day = query.asOf ?? today;
    if (day > today) throw new DomainError(futurePortfolioMessage(today), 'portfolio_future_date', 400);
    return portfolioAsOf(deps, day, scope);
  };

  app.get(
    '/api/admin/reports/portfolio',
    {
      config: { access: ADMIN_READERS },
      schema: { querystring: PortfolioQuery, response: { 200: PortfolioResponse } },
    },
    async (request) => ({ success: true as const, data: await report(request.query, scopeOf(request)) }),
  );

  app.get(
    '/api/admin/reports/portfolio.csv',
    {
      config: { access: ADMIN_READERS },
      // No response schema: the answer is CSV text.
      schema: { querystring: PortfolioQuery },
    },
    async (request, reply) => {
      const data = await report(request.query, scopeOf(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="portfolio-${data.asOf}.csv"`)
        .send(portfolioCsv(data));
    },
  );
}
