import {
  businessDate,
  ErrorResponse,
  LoanLtvResponse,
  LoanRefParams,
  MarginCallsQuery,
  MarginCallsResponse,
} from '@goldledger/contracts';
import type { FastifyRequest } from 'fastify';
import { branchScopeOf, inBranchScope, scopeOf } from '../branches/branch-scope.js';
import { pricesOn } from '../gold-prices/gold-price.queries.js';
import { ADMIN_READERS, sessionOf, STAFF_READERS } from '../identity/access.plugin.js';
import { loadLoan } from '../lending/loan-commands.js';
import { dayPricesFor, measureLtv } from '../lending/ltv.js';
import { customerIdOfUser, findLoan } from '../loan-queries/loan-book.queries.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { readPolicyVersions } from '../policy/policy-versions.js';
import type { SliceDeps } from '../slice-deps.js';
import { ltvView } from './ltv-view.js';
import { listMarginCalls } from './margin-calls.queries.js';

export type MarginCallRouteDeps = Pick<SliceDeps, 'store' | 'db' | 'clock'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const loanNotFound = () => new DomainError('Loan not found', 'loan_not_found', 404);

/**
 * LTV kept through the loan's life: a loan's current LTV and its parts, the staff list of
 * margin calls (admins: every branch; employees: their own branches'). Gold added to a
 * loan: gold-items.routes.ts.
 */
export function registerMarginCallRoutes(app: App, deps: MarginCallRouteDeps): void {
  const today = () => businessDate(deps.clock.now());

  /**
   * An open loan, from its own stream, if the caller may see it: staff their branches'
   * loans, a customer their own. Any other is answered as a loan that does not exist.
   */
  async function visibleLoan(request: FastifyRequest, ref: string) {
    const session = sessionOf(request);
    // By its id straight from its stream; a `GL…` number is looked up in the loan book first.
    const loanUuid = UUID.test(ref) ? ref : (await findLoan(deps.db, ref, { kind: 'all' }))?.loan_uuid;
    if (!loanUuid) throw loanNotFound();
    const { state } = await loadLoan(deps.store, loanUuid);
    if (state.status === 'none' || state.status === 'deleted' || !state.customer) throw loanNotFound();
    if (session.role === 'customer') {
      if (state.customer.customerId !== (await customerIdOfUser(deps.db, session.userId)))
        throw loanNotFound();
    } else if (!inBranchScope(branchScopeOf(session), state.branchId)) {
      throw loanNotFound();
    }
    return { loanUuid, state };
  }

  app.get(
    '/api/loans/:id/ltv',
    {
      config: { access: [...STAFF_READERS, 'customer'] },
      schema: {
        params: LoanRefParams,
        response: { 200: LoanLtvResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const { loanUuid, state } = await visibleLoan(request, request.params.id);
      if (state.status !== 'active') {
        throw new DomainError(
          `Loan ${state.loanId} is not open: the LTV is kept for open loans`,
          'loan_not_open',
          409,
        );
      }
      const day = today();
      // 409 "Gold prices for … have not been entered" when the previous working day has none.
      const priceOf = await pricesOn(deps.store, day, state.policy);
      const f = measureLtv(state, dayPricesFor(priceOf, state.goldItems, day, state.policy));
      return { data: ltvView(loanUuid, state, f) };
    },
  );

  for (const prefix of ['admin', 'employee'] as const) {
    app.get(
      `/api/${prefix}/margin-calls`,
      {
        config: { access: prefix === 'admin' ? ADMIN_READERS : STAFF_READERS },
        schema: { querystring: MarginCallsQuery, response: { 200: MarginCallsResponse } },
      },
      async (request) =>
        listMarginCalls(
          deps.db,
          request.query,
          scopeOf(request),
          today(),
          await readPolicyVersions(deps.store),
        ),
    );
  }
}
