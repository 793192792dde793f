import type { Kysely } from 'kysely';
import {
  AuctionActionResponse,
  AuctionListQuery,
  AuctionListResponse,
  AuctionLoanParams,
  BusinessDate,
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
import type { FastifyRequest } from 'fastify';
import { branchScopeOf, scopeOf } from '../branches/branch-scope.js';
import { ADMIN_READERS, sessionOf } from '../identity/access.plugin.js';
import { metadataOf } from '../platform/http/metadata.js';
import { executeLoanCommand, type LendingDeps } from '../lending/loan-commands.js';
import type { LoanCommand } from '../lending/loan.decider.js';
import type { MessageSender } from '../messaging/message-port.js';
import { resolveLoanRef } from '../operations/loan-ref.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { readCurrentGoldRate } from '../settings/gold-rate.queries.js';
import { holdLoanCommand } from '../approvals/loan-approvals.js';
import type { Config } from '../platform/config.js';
import { sendAuctionNotices } from './auction-notices.js';
import { loadPolicyBook } from '../policy/policy-versions.js';
import { listAuctionLoans } from './auctions.queries.js';
import type { Database } from '../platform/platform.js';

export interface AuctionRouteDeps extends LendingDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'APPROVALS_OFF_UNTIL_SET'>;
  messages: MessageSender;
  smsTemplates?: Readonly<Record<string, string>>;
}

const ADMIN = ['admin'] as const;

/**
 * A day from a form: `YYYY-MM-DD`, or an ISO date-time (a date picker's midnight) whose
 * Asia/Kolkata date is meant; without an offset it is read as Asia/Kolkata time.
 */
export function businessDayOf(input: string | null | undefined, label: string): string | null {
  const text = input?.trim();
  if (!text) return null;
  if (BusinessDate.safeParse(text).success) return text;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) {
    const at = new Date(/(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}+05:30`);
    if (!Number.isNaN(at.getTime())) return businessDate(at);
  }
  throw new DomainError(`${label} must be a date (YYYY-MM-DD)`, 'date_invalid');
}

/** Auction management: list, schedule, sell and cancel; admins only. */
export function registerAuctionRoutes(app: App, deps: AuctionRouteDeps): void {
  const today = () => businessDate(deps.clock.now());

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
      const { ratePaisePerGram } = await readCurrentGoldRate(deps.store);
      const policies = await loadPolicyBook(deps, today());
      return listAuctionLoans(deps.db, request.query, today(), ratePaisePerGram, scopeOf(request), policies);
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
      const { ratePaisePerGram } = await readCurrentGoldRate(deps.store);
      return act(
        request,
        request.params.loanId,
        {
          type: 'ScheduleAuction',
          today: today(),
          auctionDate,
          reservePricePaise: b.reservePrice == null ? null : rupeesToPaise(b.reservePrice),
          goldRatePaisePerGram: ratePaisePerGram,
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
      const command: LoanCommand = {
        type: 'MarkAuctioned',
        today: today(),
        auctionDate: businessDayOf(b.auctionDate, 'Auction date'),
        salePaise: rupeesToPaise(b.saleAmount!),
        goldRatePaisePerGram: (await readCurrentGoldRate(deps.store)).ratePaisePerGram,
        notes: b.notes || null,
      };
      const loanUuid = await resolveLoanRef(deps, request.params.loanId, branchScopeOf(sessionOf(request)));
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
