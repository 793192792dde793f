import {
  AuctionFileResponse,
  AuctionLoanParams,
  AuctionNoticeRequest,
  AuctionPublicNoticeRequest,
  AuctionStepResponse,
  businessDate,
  ErrorResponse,
  formatBusinessDate,
  formatInr,
  RecordAuctionCostRequest,
  RecordFailedAuctionRequest,
  RegisterBidderRequest,
  rupeesToPaise,
  type EventMetadata,
} from '@goldledger/contracts';
import type { FastifyRequest } from 'fastify';
import { branchScopeOf } from '../branches/branch-scope.js';
import { ADMIN_READERS, sessionOf } from '../identity/access.plugin.js';
import { personOf } from '../lending/loan.routes.js';
import { executeLoanCommand } from '../lending/loan-commands.js';
import type { LoanCommand } from '../lending/loan.decider.js';
import type { LoanState } from '../lending/loan.state.js';
import { resolveLoanRef } from '../operations/loan-ref.js';
import { customerContact } from '../operations/customer-notice.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import { requestScopedUuid } from '../platform/request-idempotency.js';
import { sendAuctionNotices } from './auction-notices.js';
import { borrowerNow, loadLoanWithEvents, readAuctionFile, staffMembers } from './auction-file.queries.js';
import { businessDayOf, type AuctionRouteDeps } from './auction-route-kit.js';

const ADMIN = ['admin'] as const;

/**
 * The auction file and its steps (issue 18): the notice to the borrower, the public notice,
 * the bidder register, the costs and a failed auction. Admins act; auditors read the file.
 */
export function registerAuctionStepRoutes(app: App, deps: AuctionRouteDeps): void {
  const today = () => businessDate(deps.clock.now());

  async function loanOf(request: FastifyRequest, loanRef: string) {
    const loanUuid = await resolveLoanRef(deps, loanRef, branchScopeOf(sessionOf(request)));
    return { loanUuid, ...(await loadLoanWithEvents(deps.store, loanUuid)) };
  }

  /** Runs one step on the loan the path names and answers with its message and the file after it. */
  async function step(
    request: FastifyRequest,
    command: (loan: LoanState) => Promise<LoanCommand> | LoanCommand,
    message: (loan: LoanState) => string,
  ) {
    const { loanId } = request.params as { loanId: string };
    const body = request.body as { expectedVersion?: number } | null | undefined;
    const { loanUuid, state } = await loanOf(request, loanId);
    const metadata: EventMetadata = metadataOf(request);
    const result = await executeLoanCommand(deps, loanUuid, await command(state), metadata, {
      expectedVersion: body?.expectedVersion,
    });
    try {
      await sendAuctionNotices(deps, loanUuid, result.eventIds, request.id);
    } catch (error) {
      // The step is recorded; a notice that could not be queued must not undo it.
      request.log.error({ err: error, loanUuid }, 'auction notice not queued');
    }
    const { file } = await readAuctionFile(deps, loanUuid, sessionOf(request).role);
    return { success: true as const, message: message(result.state), data: file };
  }

  const stepSchema = <B>(body: B) => ({
    params: AuctionLoanParams,
    body,
    response: { 200: AuctionStepResponse, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
  });

  app.get(
    '/api/admin/loans/:loanId/auction',
    {
      config: { access: ADMIN_READERS },
      schema: { params: AuctionLoanParams, response: { 200: AuctionFileResponse, 404: ErrorResponse } },
    },
    async (request) => {
      const loanUuid = await resolveLoanRef(deps, request.params.loanId, branchScopeOf(sessionOf(request)));
      const { file } = await readAuctionFile(deps, loanUuid, sessionOf(request).role);
      return { success: true as const, data: file };
    },
  );

  app.post(
    '/api/admin/loans/:loanId/auction-notice',
    { config: { access: ADMIN }, schema: stepSchema(AuctionNoticeRequest) },
    async (request) =>
      step(
        request,
        async (loan) => {
          const contact = await customerContact(deps.store, loan);
          return {
            type: 'SendAuctionNotice',
            today: today(),
            postedOn: request.body.postedOn,
            postReference: request.body.postReference,
            language: request.body.language ?? null,
            electronic: contact.email ? ['sms', 'email'] : ['sms'],
            sentBy: personOf(sessionOf(request)),
          };
        },
        (loan) =>
          `Auction notice sent to the borrower by SMS${loan.auction.notice?.channels.includes('email') ? ', email' : ''} and registered post; the auction may be held from ${formatBusinessDate(loan.auction.notice!.auctionNotBefore)}.`,
      ),
  );

  app.post(
    '/api/admin/loans/:loanId/auction-public-notice',
    { config: { access: ADMIN }, schema: stepSchema(AuctionPublicNoticeRequest) },
    async (request) =>
      step(
        request,
        () => ({
          type: 'RecordAuctionPublicNotice',
          today: today(),
          newspapers: request.body.newspapers,
          recordedBy: personOf(sessionOf(request)),
        }),
        () => 'Public notice recorded.',
      ),
  );

  app.post(
    '/api/admin/loans/:loanId/auction-bidders',
    { config: { access: ADMIN }, schema: stepSchema(RegisterBidderRequest) },
    async (request) => {
      const b = request.body;
      return step(
        request,
        async (loan) => ({
          type: 'RegisterAuctionBidder',
          today: today(),
          bidderId: requestScopedUuid('auction-bidder'),
          name: b.name,
          idType: b.idType,
          idNumber: b.idNumber,
          address: b.address,
          mobile: b.mobile,
          declaredRelationship: b.relationship ?? null,
          staff: await staffMembers(deps.db),
          borrowerNow: await borrowerNow(deps.store, loan),
          registeredBy: personOf(sessionOf(request)),
        }),
        () => `Bidder ${b.name} registered.`,
      );
    },
  );

  app.post(
    '/api/admin/loans/:loanId/auction-costs',
    { config: { access: ADMIN }, schema: stepSchema(RecordAuctionCostRequest) },
    async (request) => {
      const b = request.body;
      return step(
        request,
        () => ({
          type: 'RecordAuctionCost',
          today: today(),
          costId: requestScopedUuid('auction-cost'),
          kind: b.kind,
          description: b.description,
          amountPaise: rupeesToPaise(b.amount),
          incurredOn: b.incurredOn,
          recordedBy: personOf(sessionOf(request)),
        }),
        () => `Cost of ${formatInr(rupeesToPaise(b.amount))} recorded.`,
      );
    },
  );

  app.post(
    '/api/admin/loans/:loanId/auction-failed',
    { config: { access: ADMIN }, schema: stepSchema(RecordFailedAuctionRequest) },
    async (request) => {
      const b = request.body;
      return step(
        request,
        () => ({
          type: 'RecordFailedAuction',
          today: today(),
          auctionDate: businessDayOf(b.auctionDate, 'Auction date'),
          reason: b.reason,
          highestBidPaise: b.highestBid == null ? null : rupeesToPaise(b.highestBid),
          notes: b.notes || null,
        }),
        (loan) =>
          `Auction recorded as failed (${loan.auction.failed.length} so far); the loan is back on the auction list for a new date.`,
      );
    },
  );
}
