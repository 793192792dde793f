import {
  GoldLoanReviewQuery,
  GoldLoanReviewResponse,
  ReportsQuery,
  ReportsResponse,
  businessDate,
} from '@goldledger/contracts';
import { scopeOf } from '../branches/branch-scope.js';
import { ADMIN_READERS, STAFF_READERS } from '../identity/access.plugin.js';
import type { App } from '../platform/http/app.js';
import { policyOn } from '../policy/policy-versions.js';
import { buildGoldLoanReview } from './gold-loan-review.queries.js';
import { buildReports } from './reports.queries.js';
import { registerPortfolioRoutes } from './portfolio/portfolio.routes.js';
import type { SliceDeps } from '../slice-deps.js';

export type ReportDeps = Pick<SliceDeps, 'db' | 'clock' | 'store'>;

/**
 * The staff reports and the dashboards' charts: month-by-month lending,
 * collections and upgrades, the book by status and level, overdue ageing; gold returns
 * for admins only. One answer per page, aggregated in SQL over the read models.
 */
export function registerReportRoutes(app: App, deps: ReportDeps): void {
  for (const prefix of ['admin', 'employee'] as const) {
    app.get(
      `/api/${prefix}/reports`,
      {
        config: { access: prefix === 'admin' ? ADMIN_READERS : STAFF_READERS },
        schema: { querystring: ReportsQuery, response: { 200: ReportsResponse } },
      },
      async (request) => {
        const today = businessDate(deps.clock.now());
        return {
          success: true as const,
          // The employee area's answer is the employee's, whoever asks: no admin-only parts.
          data: await buildReports(
            deps.db,
            request.query,
            today,
            prefix,
            scopeOf(request),
            (await policyOn(deps.store, today)).policy,
          ),
        };
      },
    );
  }

  // What RBI's 2024 review named (issue 17, point 8): for admins and auditors.
  app.get(
    '/api/admin/reports/gold-loan-review',
    {
      config: { access: ADMIN_READERS },
      schema: { querystring: GoldLoanReviewQuery, response: { 200: GoldLoanReviewResponse } },
    },
    async (request) => ({
      success: true as const,
      data: await buildGoldLoanReview(deps, request.query, businessDate(deps.clock.now()), scopeOf(request)),
    }),
  );

  registerPortfolioRoutes(app, deps);
}
