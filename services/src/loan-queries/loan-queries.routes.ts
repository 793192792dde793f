import type { Kysely } from 'kysely';
import {
  BranchFilterQuery,
  CustomerLoansResponse,
  ErrorResponse,
  LoanDetailResponse,
  LoanListQuery,
  LoanListResponse,
  LoanPaymentsResponse,
  LoanRefParams,
  PendingRepaymentsQuery,
  PendingRepaymentsResponse,
  RefundsDueResponse,
  PendingOnlinePaymentsResponse,
  TodaysDueResponse,
  UpgradedLoansQuery,
  UpgradedLoansResponse,
  businessDate,
} from '@goldledger/contracts';
import type { LoanRow } from '@goldledger/projections';
import type { FastifyRequest } from 'fastify';
import { branchScopeOf, scopeOf } from '../branches/branch-scope.js';
import { ADMIN_READERS, sessionOf, STAFF_READERS as READERS } from '../identity/access.plugin.js';
import { type Clock } from '../platform/clock.js';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { App } from '../platform/http/app.js';
import { pricesOn } from '../gold-prices/gold-price.queries.js';
import { isMissingPrices } from '../lending/ltv-prices.js';
import { loadPolicyBook, policyOn } from '../policy/policy-versions.js';
import {
  customerIdOfUser,
  customerLoans,
  refundsDue,
  pendingOnlinePayments,
  findLoan,
  listLoans,
  paymentsOf,
  upgradedLoans,
  withPricing,
} from './loan-book.queries.js';
import { loanItem, type RowPrices } from './loan-list-row.js';
import { pendingRepayments, todaysDue } from './repayments.queries.js';
import type { Database } from '../platform/platform.js';

export interface LoanQueryDeps {
  db: Kysely<Database>;
  store: EventStore;
  clock: Clock;
}

const loanNotFound = () => new DomainError('Loan not found', 'loan_not_found', 404);

/**
 * The loan book's read side: staff lists, a customer's
 * own loans, payments, pending repayments, today's dues and upgraded loans. All of it
 * reads the `rm_loans` read model; answers are shaped by who asks (see loan-list-row.ts).
 */
export function registerLoanQueryRoutes(app: App, deps: LoanQueryDeps): void {
  const today = () => businessDate(deps.clock.now());
  /** The day's valuation prices, read once per answer: null figures when none were entered for the previous working day. */
  const goldPrices = async (): Promise<RowPrices> => {
    const day = today();
    const [{ policy }, policies] = await Promise.all([policyOn(deps.store, day), loadPolicyBook(deps, day)]);
    const referencePurity = policy.goldPrices.referencePurity;
    // Balances are today's payoff, each loan priced by its own policy version (issue 19).
    const accrual = { today: day, policyOf: policies.ofVersion };
    try {
      return { priceOf: await pricesOn(deps.store, day, policy), referencePurity, ...accrual };
    } catch (e) {
      if (isMissingPrices(e)) return { priceOf: null, referencePurity, ...accrual };
      throw e;
    }
  };

  /**
   * The loan if the caller may see it: staff their branches' loans, a customer their own.
   * Asking about any other loan hears the same as for a loan that does not exist.
   */
  async function visibleLoan(request: FastifyRequest, ref: string): Promise<LoanRow> {
    const session = sessionOf(request);
    const customer = session.role === 'customer';
    const [loan, ownCustomerId] = await Promise.all([
      findLoan(deps.db, ref, customer ? { kind: 'all' } : branchScopeOf(session)),
      session.role === 'customer' ? customerIdOfUser(deps.db, session.userId) : undefined,
    ]);
    if (!loan) throw loanNotFound();
    if (session.role === 'customer' && loan.customer_id !== ownCustomerId) throw loanNotFound();
    return loan;
  }

  for (const prefix of ['admin', 'employee'] as const) {
    app.get(
      `/api/${prefix}/loans`,
      {
        config: { access: prefix === 'admin' ? ADMIN_READERS : READERS },
        schema: { querystring: LoanListQuery, response: { 200: LoanListResponse } },
      },
      async (request) =>
        listLoans(deps.db, request.query, sessionOf(request).role, await goldPrices(), scopeOf(request)),
    );

    app.get(
      `/api/${prefix}/loans-with-upgrades`,
      {
        config: { access: prefix === 'admin' ? ADMIN_READERS : READERS },
        schema: { querystring: UpgradedLoansQuery, response: { 200: UpgradedLoansResponse } },
      },
      async (request) =>
        upgradedLoans(deps.db, request.query, sessionOf(request).role, await goldPrices(), scopeOf(request)),
    );
  }

  // Issue 19: the online payments waiting for an admin's approval, across the caller's branches.
  app.get(
    '/api/admin/pending-online-payments',
    { config: { access: ADMIN_READERS }, schema: { response: { 200: PendingOnlinePaymentsResponse } } },
    async (request) => pendingOnlinePayments(deps.db, scopeOf(request)),
  );

  app.get(
    '/api/admin/refunds',
    {
      config: { access: ADMIN_READERS },
      schema: { querystring: BranchFilterQuery, response: { 200: RefundsDueResponse } },
    },
    async (request) => refundsDue(deps.db, scopeOf(request)),
  );

  app.get(
    '/api/loans/customer',
    { config: { access: ['customer'] }, schema: { response: { 200: CustomerLoansResponse } } },
    async (request) => {
      const [customerId, prices] = await Promise.all([
        customerIdOfUser(deps.db, sessionOf(request).userId),
        goldPrices(),
      ]);
      return customerLoans(deps.db, customerId, prices);
    },
  );

  app.get(
    '/api/loans/pending-repayments',
    {
      config: { access: READERS },
      schema: { querystring: PendingRepaymentsQuery, response: { 200: PendingRepaymentsResponse } },
    },
    async (request) =>
      pendingRepayments(deps.db, request.query, today(), sessionOf(request).role, scopeOf(request)),
  );

  app.get(
    '/api/notifications/todays-due',
    {
      config: { access: READERS },
      schema: { querystring: BranchFilterQuery, response: { 200: TodaysDueResponse } },
    },
    async (request) => todaysDue(deps.db, today(), scopeOf(request)),
  );

  app.get(
    '/api/loans/:id',
    {
      config: { access: [...READERS, 'customer'] },
      schema: { params: LoanRefParams, response: { 200: LoanDetailResponse, 404: ErrorResponse } },
    },
    async (request) => {
      const [loan, prices] = await Promise.all([visibleLoan(request, request.params.id), goldPrices()]);
      const payments = await paymentsOf(deps.db, [loan]);
      const [item] = await withPricing(deps.db, [loan], prices, (r, pricing) =>
        loanItem(r, sessionOf(request).role, pricing),
      );
      return { data: { ...item!, payments: payments.get(loan.loan_uuid) ?? [] } };
    },
  );

  app.get(
    '/api/loans/:id/payments',
    {
      config: { access: [...READERS, 'customer'] },
      schema: { params: LoanRefParams, response: { 200: LoanPaymentsResponse, 404: ErrorResponse } },
    },
    async (request) => {
      const loan = await visibleLoan(request, request.params.id);
      const payments = await paymentsOf(deps.db, [loan]);
      return { data: payments.get(loan.loan_uuid) ?? [] };
    },
  );
}
