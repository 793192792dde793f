import { AuctionLoanParams, businessDate } from '@goldledger/contracts';
import type { FastifyReply } from 'fastify';
import { branchScopeOf } from '../branches/branch-scope.js';
import { auctionReportDocument } from '../documents/auction-report.document.js';
import { auctionStatementDocument } from '../documents/auction-statement.document.js';
import { renderPdf } from '../documents/pdf.js';
import { ADMIN_READERS, sessionOf } from '../identity/access.plugin.js';
import { resolveLoanRef } from '../operations/loan-ref.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import type { AuctionRouteDeps } from './auction-route-kit.js';
import { readAuctionFile } from './auction-file.queries.js';

const sendPdf = (reply: FastifyReply, pdf: Buffer, filename: string) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);

const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * The auction's two PDFs, built on request from the loan's stream: the borrower's
 * statement (once the gold is sold) and the auction report (at any stage).
 */
export function registerAuctionDocumentRoutes(app: App, deps: AuctionRouteDeps): void {
  async function load(request: Parameters<typeof sessionOf>[0], loanRef: string) {
    const loanUuid = await resolveLoanRef(deps, loanRef, branchScopeOf(sessionOf(request)));
    const { file, state } = await readAuctionFile(deps, loanUuid, sessionOf(request).role);
    const loan = {
      principalPaise: state.principalPaise,
      disbursementDate: state.disbursementDate,
      goldItems: state.goldItems,
    };
    return { file, loan };
  }

  app.get(
    '/api/admin/loans/:loanId/auction/statement',
    { config: { access: ADMIN_READERS }, schema: { params: AuctionLoanParams } },
    async (request, reply) => {
      const { file, loan } = await load(request, request.params.loanId);
      if (!file.sale) {
        throw new DomainError('The statement is made once the gold is sold', 'auction_not_sold', 409);
      }
      const pdf = await renderPdf(
        auctionStatementDocument(file, loan, businessDate(deps.clock.now())),
        deps.clock.now(),
      );
      return sendPdf(reply, pdf, `AuctionStatement_${fileSafe(file.loanId)}.pdf`);
    },
  );

  app.get(
    '/api/admin/loans/:loanId/auction/report',
    { config: { access: ADMIN_READERS }, schema: { params: AuctionLoanParams } },
    async (request, reply) => {
      const { file, loan } = await load(request, request.params.loanId);
      if (file.auctionStatus === 'not_ready' && file.failedAuctions.length === 0) {
        throw new DomainError('This loan is not on the auction list', 'auction_not_listed', 409);
      }
      const pdf = await renderPdf(
        auctionReportDocument(file, loan, businessDate(deps.clock.now())),
        deps.clock.now(),
      );
      return sendPdf(reply, pdf, `AuctionReport_${fileSafe(file.loanId)}.pdf`);
    },
  );
}
