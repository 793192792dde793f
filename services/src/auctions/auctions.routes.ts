import {
  AuctionActionResponse,
  AuctionListQuery,
  AuctionListResponse,
  AuctionLoanParams,
  CancelAuctionRequest,
  ErrorResponse,
  LoanEvents,
  MarkAuctionedRequest,
  MarkReadyForAuctionRequest,
  ScheduleAuctionRequest,
  SentForApprovalResponse,
  formatBusinessDate,
  formatInr,
  loanStreamId,
  paiseToRupees,
  rupeesToPaise,
  type EventMetadata,
  businessDate,
} from '@goldledger/contracts';
import { businessDayOf, type AuctionRouteDeps } from './auction-route-kit.js';
import { registerAuctionStepRoutes } from './auction-steps.routes.js';
import { registerAuctionDocumentRoutes } from './auction-documents.routes.js';
import { dayPricesFor } from '../lending/ltv.js';
import { pricesByPolicy } from '../lending/ltv-prices.js';
import { pricesOn } from '../gold-prices/gold-price.queries.js';
import { branchOf, loadLoanWithEvents } from './auction-file.queries.js';
import { todaysPrices } from './auctions.queries.js';
import type { FastifyRequest } from 'fastify';
import { branchScopeOf, scopeOf } from '../branches/branch-scope.js';
import { ADMIN_READERS, sessionOf } from '../identity/access.plugin.js';
import { metadataOf } from '../platform/http/metadata.js';
import { executeLoanCommand } from '../lending/loan-commands.js';
import type { LoanCommand } from '../lending/loan.decider.js';
import { resolveLoanRef } from '../operations/loan-ref.js';
import type { App } from '../platform/http/app.js';
import { holdLoanCommand } from '../approvals/loan-approvals.js';
import { sendAuctionNotices } from './auction-notices.js';
import { loadPolicyBook } from '../policy/policy-versions.js';
import { listAuctionLoans } from './auctions.queries.js';

const ADMIN = ['admin'] as const;

/** Auction management: list, schedule, sell and cancel; admins only (auditors read). */
export function registerAuctionRoutes(app: App, deps: AuctionRouteDeps): void {
  const today = () => businessDate(deps.clock.now());
  registerAuctionStepRoutes(app, deps);
  registerAuctionDocumentRoutes(app, deps);

  /** The loan's gold priced at a day's valuation prices, under its own policy (409 when the day has none). */
  async function loanPrices(loanUuid: string, day: string) {
    const { state } = await loadLoanWithEvents(deps.store, loanUuid);
    const priceOf = await pricesOn(deps.store, day, state.policy);
    return { state, prices: dayPricesFor(priceOf, state.goldItems, day, state.policy) };
  }

  /** Runs an auction command on the loan the path names, tells the customer, and answers. */
  async function act(
    request: FastifyRequest,
    loanRef: string,
    command: LoanCommand,
    message: (sale: { surplusPaise: number; shortfallPaise: number; salePaise: number } | null) => string,
  ) {
    const loanUuid = await resolveLoanRef(deps, loanRef, branchScopeOf(sessionOf(request)));
    const metadata: EventMetadata = metadataOf(request);
    const body = request.body as { expectedVersion?: number } | null | undefined;
    const result = await executeLoanCommand(deps, loanUuid, command, metadata, {
      expectedVersion: body?.expectedVersion,
    });
    const { state } = result;
    let sale: { surplusPaise: number; shortfallPaise: number; salePaise: number } | null = null;
    if (command.type === 'MarkAuctioned' && result.eventIds.length > 0) {
      const { events } = await deps.store.readStream(loanStreamId(loanUuid));
      const auctioned = events.find((e) => e.type === 'Auctioned' && result.eventIds.includes(e.eventId));
      if (auctioned) sale = LoanEvents.Auctioned.parse(auctioned.data);
    }
    try {
      await sendAuctionNotices(deps, loanUuid, result.eventIds, request.id);
    } catch (error) {
      // The auction step is recorded; a notice that could not be queued must not undo it.
      request.log.error({ err: error, loanUuid }, 'auction notice not queued');
    }
    return {
      success: true as const,
      message: message(sale),
      data: {
        _id: loanUuid,
        loanId: state.loanId,
        version: result.nextExpectedVersion,
        auctionStatus: state.auction.status,
        auctionReadyDate: state.auction.readyOn,
        auctionDate: state.auction.auctionDate,
        reservePrice:
          state.auction.reservePricePaise === null ? null : paiseToRupees(state.auction.reservePricePaise),
        saleAmount: sale ? paiseToRupees(sale.salePaise) : null,
        surplusAmount: sale ? paiseToRupees(sale.surplusPaise) : null,
        shortfallAmount: sale ? paiseToRupees(sale.shortfallPaise) : null,
        loanStatus: state.status,
      },
    };
  }

  const actionSchema = <B>(body: B) => ({
    params: AuctionLoanParams,
    body,
    response: { 200: AuctionActionResponse, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
  });

  app.get(
    '/api/admin/auction-loans',
    {
      config: { access: ADMIN_READERS },
      schema: { querystring: AuctionListQuery, response: { 200: AuctionListResponse } },
    },
    async (request) => {
      const policies = await loadPolicyBook(deps, today());
      const prices = todaysPrices(pricesByPolicy(deps.store, today()));
      return listAuctionLoans(deps.db, request.query, today(), prices, scopeOf(request), policies);
    },
  );

  app.post(
    '/api/admin/loans/:loanId/mark-ready-for-auction',
    { config: { access: ADMIN }, schema: actionSchema(MarkReadyForAuctionRequest) },
    async (request) =>
      act(
        request,
        request.params.loanId,
        { type: 'MarkReadyForAuction', today: today(), by: 'admin', notes: request.body?.notes || null },
        () => 'Loan marked ready for auction; the customer has been notified.',
      ),
  );

  app.post(
    '/api/admin/loans/:loanId/schedule-auction',
    { config: { access: ADMIN }, schema: actionSchema(ScheduleAuctionRequest) },
    async (request) => {
      const b = request.body;
      const auctionDate = businessDayOf(b.auctionDate, 'Auction date');
      const loanUuid = await resolveLoanRef(deps, request.params.loanId, branchScopeOf(sessionOf(request)));
      const { state, prices } = await loanPrices(loanUuid, today());
      return act(
        request,
        request.params.loanId,
        {
          type: 'ScheduleAuction',
          today: today(),
          auctionDate,
          reservePricePaise: b.reservePrice == null ? null : rupeesToPaise(b.reservePrice),
          prices,
          venue: b.venue
            ? { address: b.venue.address, town: b.venue.town, taluka: b.venue.taluka ?? null }
            : null,
          branch: await branchOf(deps.store, state),
          notes: b.notes || null,
        },
        () => `Auction scheduled for ${formatBusinessDate(auctionDate!)}; the customer has been notified.`,
      );
    },
  );

  app.post(
    '/api/admin/loans/:loanId/mark-auctioned',
    {
      config: { access: ADMIN },
      schema: {
        ...actionSchema(MarkAuctionedRequest),
        response: {
          200: AuctionActionResponse,
          // Maker-checker: the sale waits for another admin (services/src/approvals).
          202: SentForApprovalResponse,
          400: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const loanUuid = await resolveLoanRef(deps, request.params.loanId, branchScopeOf(sessionOf(request)));
      const { state: loan } = await loadLoanWithEvents(deps.store, loanUuid);
      const auctionDate = businessDayOf(b.auctionDate, 'Auction date');
      // The floor is the auction day's: that day's valuation prices (a future day is refused by the decider).
      const priceDay = auctionDate ?? loan.auction.auctionDate ?? today();
      const { prices } = await loanPrices(loanUuid, priceDay <= today() ? priceDay : today());
      const command: LoanCommand = {
        type: 'MarkAuctioned',
        today: today(),
        auctionDate,
        salePaise: rupeesToPaise(b.saleAmount!),
        winningBidderId: b.winningBidderId || null,
        otherBids: (b.otherBids ?? []).map((o) => ({
          bidderId: o.bidderId,
          amountPaise: rupeesToPaise(o.amount!),
        })),
        prices,
        notes: b.notes || null,
      };
      const held = await holdLoanCommand(deps, request, loanUuid, command, b);
      if (held) return reply.status(202).send(held);
      return act(
        request,
        request.params.loanId,
        command,
        (sale) =>
          `Loan marked as auctioned and closed.${
            sale && sale.surplusPaise > 0
              ? ` A surplus of ${formatInr(sale.surplusPaise)} is owed to the customer.`
              : sale && sale.shortfallPaise > 0
                ? ` The sale fell ${formatInr(sale.shortfallPaise)} short of the amount owed.`
                : ''
          }`,
      );
    },
  );

  app.post(
    '/api/admin/loans/:loanId/cancel-auction',
    { config: { access: ADMIN }, schema: actionSchema(CancelAuctionRequest) },
    async (request) =>
      act(
        request,
        request.params.loanId,
        { type: 'CancelAuction', notes: request.body?.notes || null },
        () => 'Auction cancelled.',
      ),
  );
}
