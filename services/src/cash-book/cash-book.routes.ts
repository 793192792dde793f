import {
  CashBookBranchParams,
  CashBookBranchesResponse,
  CashBookDayParams,
  CashBookDayResponse,
  CashPositionResponse,
  CloseCashDayRequest,
  CountCashRequest,
  RecordCashEntryRequest,
  StartCashBookRequest,
  formatInr,
  rupeesToPaise,
  formatBusinessDate,
} from '@goldledger/contracts';
import type { FastifyRequest } from 'fastify';
import { branchScopeOf, inBranchScope } from '../branches/branch-scope.js';
import { sessionOf, ADMIN_READERS, STAFF, STAFF_READERS } from '../identity/access.plugin.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import { requestScopedUuid } from '../platform/request-idempotency.js';
import type { SliceDeps } from '../slice-deps.js';
import { renderPdf } from '../documents/pdf.js';
import { branchNamed, closeCashDay, onCashDay, startCashBook } from './cash-book.commands.js';
import { branchesInScope, cashDayView, cashPosition } from './cash-book.queries.js';
import { dayReportDocument } from './day-report.document.js';

export type CashBookRouteDeps = Pick<SliceDeps, 'store' | 'clock' | 'db'>;

const personOf = (request: FastifyRequest) => {
  const s = sessionOf(request);
  return { id: s.userId, name: s.name };
};

/**
 * The branch cash book (issue 16, point 8): each branch's drawer per business day. Staff act
 * on their own branches only: another branch's book is 404, as if it did not exist.
 */
export function registerCashBookRoutes(app: App, deps: CashBookRouteDeps): void {
  const branchFor = async (request: FastifyRequest, branchId: string) => {
    if (!inBranchScope(branchScopeOf(sessionOf(request)), branchId)) {
      throw new DomainError('Branch not found', 'branch_not_found', 404);
    }
    const b = await branchNamed(deps, branchId);
    return { branchId, code: b.code, name: b.name };
  };
  const answer = async (request: FastifyRequest, branchId: string, date: string) => {
    const { state: _state, ...view } = await cashDayView(deps, await branchFor(request, branchId), date);
    return view;
  };

  app.get(
    '/api/cash-book/branches',
    { config: { access: [...STAFF_READERS] }, schema: { response: { 200: CashBookBranchesResponse } } },
    async (request) => ({ data: await branchesInScope(deps, branchScopeOf(sessionOf(request))) }),
  );

  app.get(
    '/api/admin/cash-position',
    { config: { access: [...ADMIN_READERS] }, schema: { response: { 200: CashPositionResponse } } },
    async () => cashPosition(deps),
  );

  app.get(
    '/api/cash-book/:branchId/:date',
    {
      config: { access: [...STAFF_READERS] },
      schema: { params: CashBookDayParams, response: { 200: CashBookDayResponse } },
    },
    async (request) => answer(request, request.params.branchId, request.params.date),
  );

  app.get(
    '/api/cash-book/:branchId/:date/report.pdf',
    { config: { access: [...STAFF_READERS] }, schema: { params: CashBookDayParams } },
    async (request, reply) => {
      const { branchId, date } = request.params;
      const day = await answer(request, branchId, date);
      const pdf = await renderPdf(dayReportDocument(day, deps.clock.now()), deps.clock.now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="CashBook_${day.branch.code}_${date}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/cash-book/:branchId/start',
    { config: { access: ['admin'] }, schema: { params: CashBookBranchParams, body: StartCashBookRequest } },
    async (request, reply) => {
      const { branchId } = request.params;
      await branchFor(request, branchId);
      const b = request.body;
      const openingPaise = rupeesToPaise(b.openingBalance);
      await startCashBook(
        deps,
        branchId,
        { startDate: b.startDate, openingPaise, by: personOf(request) },
        metadataOf(request),
      );
      return reply.status(201).send({
        message: `Cash book started on ${formatBusinessDate(b.startDate)} with ${formatInr(openingPaise)} in the drawer.`,
        data: await answer(request, branchId, b.startDate),
      });
    },
  );

  app.post(
    '/api/cash-book/:branchId/:date/entries',
    { config: { access: [...STAFF] }, schema: { params: CashBookDayParams, body: RecordCashEntryRequest } },
    async (request, reply) => {
      const { branchId, date } = request.params;
      await branchFor(request, branchId);
      const b = request.body;
      await onCashDay(
        deps,
        branchId,
        date,
        {
          type: 'RecordCashEntry',
          entryId: requestScopedUuid('cash-entry'),
          direction: b.direction,
          amountPaise: rupeesToPaise(b.amount),
          reason: b.reason,
          by: personOf(request),
        },
        metadataOf(request),
      );
      return reply.status(201).send({
        message: `Cash ${b.direction === 'in' ? 'in' : 'out'} of ${formatInr(rupeesToPaise(b.amount))} recorded.`,
        data: await answer(request, branchId, date),
      });
    },
  );

  app.post(
    '/api/cash-book/:branchId/:date/count',
    { config: { access: [...STAFF] }, schema: { params: CashBookDayParams, body: CountCashRequest } },
    async (request, reply) => {
      const { branchId, date } = request.params;
      await branchFor(request, branchId);
      await onCashDay(
        deps,
        branchId,
        date,
        { type: 'CountCash', count: request.body, by: personOf(request) },
        metadataOf(request),
      );
      const data = await answer(request, branchId, date);
      return reply
        .status(201)
        .send({ message: `Count recorded: ${formatInr(rupeesToPaise(data.count!.total))}.`, data });
    },
  );

  app.post(
    '/api/cash-book/:branchId/:date/close',
    { config: { access: [...STAFF] }, schema: { params: CashBookDayParams, body: CloseCashDayRequest } },
    async (request) => {
      const { branchId, date } = request.params;
      const branch = await branchFor(request, branchId);
      const b = request.body ?? {};
      await closeCashDay(
        deps,
        branchId,
        date,
        { reason: b.reason || null, expectedVersion: b.expectedVersion, by: personOf(request) },
        metadataOf(request),
      );
      return {
        message: `The cash book of ${branch.name} for ${date} is closed; nothing more can be entered into that day.`,
        data: await answer(request, branchId, date),
      };
    },
  );
}
