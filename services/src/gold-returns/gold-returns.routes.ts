import {
  BranchFilterQuery,
  CompensationPayoutResponse,
  CustomerToldGoldReadyRequest,
  ErrorResponse,
  GoldReturnActionResponse,
  GoldReturnDetailResponse,
  GoldReturnListQuery,
  GoldReturnListResponse,
  GoldReturnLoanParams,
  GoldReturnStatsResponse,
  MarkGoldReturnedRequest,
  PayReleaseCompensationRequest,
  ProcessGoldReturnRemindersResponse,
  ScheduleGoldReturnRequest,
  SendGoldReturnReminderRequest,
  SendGoldReturnReminderResponse,
  businessDate,
  formatBusinessDate,
  formatInr,
  paiseToRupees,
} from '@goldledger/contracts';
import { cashBooked } from '../cash-book/cash-gate.js';
import { personOf } from '../lending/loan.routes.js';
import { requestScopedUuid } from '../platform/request-idempotency.js';
import { z } from 'zod';
import { branchScopeOf, scopeOf } from '../branches/branch-scope.js';
import { ADMIN_READERS, sessionOf } from '../identity/access.plugin.js';
import { metadataOf } from '../platform/http/metadata.js';
import { packetOfLoan } from '../custody/custody-commands.js';
import { executeLoanCommand, loadLoan } from '../lending/loan-commands.js';
import type { LoanState } from '../lending/loan.state.js';
import { resolveLoanRef } from '../operations/loan-ref.js';
import { loadPolicyBook } from '../policy/policy-versions.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import {
  processGoldReturnReminders,
  sendGoldReturnReminder,
  type GoldReturnReminderDeps,
} from './gold-return-reminders.js';
import {
  findGoldReturn,
  goldReturnItem,
  goldReturnStats,
  listGoldReturns,
  nextReminder,
} from './gold-returns.queries.js';

export type GoldReturnRouteDeps = GoldReturnReminderDeps;

const ADMIN = ['admin'] as const;
/** A POST or PUT that takes no body: none, `null` or `{}`. */
const AnyBody = z.object({}).passthrough().nullish();

/**
 * The hand-over time a form sent: an ISO date-time; without an offset it is the branch's
 * (Asia/Kolkata) wall-clock time. A date alone is refused: a return is booked for a time.
 */
export function scheduledInstant(input: string | null | undefined): string | null {
  const text = input?.trim();
  if (!text) return null;
  const invalid = () =>
    new DomainError('Please choose a date and time for the return', 'return_date_invalid');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) throw invalid();
  const zoned = /(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}+05:30`;
  const at = new Date(zoned);
  if (Number.isNaN(at.getTime())) throw invalid();
  return at.toISOString();
}

const actionData = (loanUuid: string, s: LoanState) => ({
  _id: loanUuid,
  loanId: s.loanId,
  goldReturnStatus:
    s.goldReturn.status !== 'returned' && s.release.unclaimedOn
      ? ('unclaimed' as const)
      : (s.goldReturn.status ?? 'pending'),
  scheduledReturnDate: s.goldReturn.scheduledAt,
  actualReturnDate: s.goldReturn.returnedOn,
});

/** Gold returns: the list, booking, hand-back and reminders; admins only. */
export function registerGoldReturnRoutes(app: App, deps: GoldReturnRouteDeps): void {
  const today = () => businessDate(deps.clock.now());
  const policies = () => loadPolicyBook(deps, today());

  app.get(
    '/api/gold-returns/pending',
    {
      config: { access: ADMIN_READERS },
      schema: { querystring: GoldReturnListQuery, response: { 200: GoldReturnListResponse } },
    },
    async (request) => listGoldReturns(deps.db, request.query, today(), scopeOf(request), await policies()),
  );

  app.get(
    '/api/gold-returns/stats',
    {
      config: { access: ADMIN_READERS },
      schema: { querystring: BranchFilterQuery, response: { 200: GoldReturnStatsResponse } },
    },
    async (request) => goldReturnStats(deps.db, today(), scopeOf(request), (await policies()).inEffect),
  );

  app.post(
    '/api/gold-returns/process-reminders',
    {
      config: { access: ADMIN },
      schema: { body: AnyBody, response: { 200: ProcessGoldReturnRemindersResponse } },
    },
    async (request) => {
      const counts = await processGoldReturnReminders(
        { ...deps, log: request.log },
        today(),
        metadataOf(request),
      );
      return {
        success: true as const,
        message: `Sent ${counts.sent} reminder${counts.sent === 1 ? '' : 's'}${counts.failed > 0 ? `; ${counts.failed} could not be sent` : ''}.`,
        data: counts,
      };
    },
  );

  app.get(
    '/api/gold-returns/:loanId',
    {
      config: { access: ADMIN_READERS },
      schema: {
        params: GoldReturnLoanParams,
        response: { 200: GoldReturnDetailResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const loanUuid = await resolveLoanRef(deps, request.params.loanId, branchScopeOf(sessionOf(request)));
      const row = await findGoldReturn(deps.db, loanUuid);
      if (!row) throw new DomainError('No gold return for this loan', 'gold_return_not_found', 404);
      const book = await policies();
      return {
        success: true as const,
        data: {
          ...goldReturnItem(row, today(), book),
          customerId: row.customer_id,
          version: row.version,
          nextReminder: nextReminder(row, today(), book.inEffect),
        },
      };
    },
  );

  app.post(
    '/api/gold-returns/:loanId/schedule',
    {
      config: { access: ADMIN },
      schema: {
        params: GoldReturnLoanParams,
        body: ScheduleGoldReturnRequest,
        response: { 200: GoldReturnActionResponse },
      },
    },
    async (request) => {
      const loanUuid = await resolveLoanRef(deps, request.params.loanId, branchScopeOf(sessionOf(request)));
      const { state } = await executeLoanCommand(
        deps,
        loanUuid,
        {
          type: 'ScheduleGoldReturn',
          scheduledAt: scheduledInstant(request.body.scheduledDate),
          notes: request.body.notes || null,
          today: today(),
        },
        metadataOf(request),
        { expectedVersion: request.body.expectedVersion },
      );
      return {
        success: true as const,
        message: 'Gold return scheduled successfully!',
        data: actionData(loanUuid, state),
      };
    },
  );

  app.post(
    '/api/gold-returns/:loanId/mark-returned',
    {
      config: { access: ADMIN },
      schema: {
        params: GoldReturnLoanParams,
        body: MarkGoldReturnedRequest,
        response: { 200: GoldReturnActionResponse },
      },
    },
    async (request) => {
      const loanUuid = await resolveLoanRef(deps, request.params.loanId, branchScopeOf(sessionOf(request)));
      // Gold sealed in a packet goes back through custody: two staff and the customer's code.
      const packet = await packetOfLoan(deps.store, loanUuid, (await loadLoan(deps.store, loanUuid)).state);
      if (packet && !['released', 'sent_to_auction'].includes(packet.state.status)) {
        throw new DomainError(
          `The gold of this loan is sealed in packet ${packet.state.packetNumber}: release it from the loan's custody page, with two staff and the customer's code`,
          'gold_in_custody',
          409,
        );
      }
      const { state } = await executeLoanCommand(
        deps,
        loanUuid,
        { type: 'MarkGoldReturned', notes: request.body?.notes || null, today: today() },
        metadataOf(request),
        { expectedVersion: request.body?.expectedVersion },
      );
      return {
        success: true as const,
        message: 'Gold marked as returned successfully!',
        data: actionData(loanUuid, state),
      };
    },
  );

  app.post(
    '/api/gold-returns/:loanId/customer-notified',
    {
      config: { access: ADMIN },
      schema: {
        params: GoldReturnLoanParams,
        body: CustomerToldGoldReadyRequest,
        response: { 200: GoldReturnActionResponse },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const loanUuid = await resolveLoanRef(deps, request.params.loanId, branchScopeOf(session));
      const toldOn = request.body.toldOn ?? today();
      const { state } = await executeLoanCommand(
        deps,
        loanUuid,
        {
          type: 'RecordCustomerToldGoldReady',
          toldOn,
          channel: request.body.channel,
          toldBy: personOf(session),
          notes: request.body.notes || null,
          today: today(),
        },
        metadataOf(request),
        { expectedVersion: request.body.expectedVersion },
      );
      return {
        success: true as const,
        message: `Recorded: the customer was told on ${formatBusinessDate(toldOn)} that the gold is ready. No compensation accrues while they have not come.`,
        data: actionData(loanUuid, state),
      };
    },
  );

  app.post(
    '/api/gold-returns/:loanId/compensation/payout',
    {
      config: { access: ADMIN },
      schema: {
        params: GoldReturnLoanParams,
        body: PayReleaseCompensationRequest,
        response: { 201: CompensationPayoutResponse },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const loanUuid = await resolveLoanRef(deps, request.params.loanId, branchScopeOf(session));
      // The same id when the same request (Idempotency-Key) runs again after a crash.
      const payoutId = requestScopedUuid('release-compensation');
      // A cash payout leaves the branch's drawer: booked in its cash book with the event.
      const { state } = await executeLoanCommand(
        cashBooked(deps),
        loanUuid,
        {
          type: 'PayReleaseCompensation',
          payoutId,
          method: request.body.method,
          reference: request.body.reference ?? null,
          paidBy: personOf(session),
          today: today(),
        },
        metadataOf(request),
        { expectedVersion: request.body.expectedVersion },
      );
      const payout = state.release.payouts.find((p) => p.payoutId === payoutId)!;
      return reply.status(201).send({
        success: true as const,
        message: `Compensation of ${formatInr(payout.amountPaise)} paid to ${state.customer?.name ?? 'the customer'}; nothing more is owed on loan ${state.loanId}.`,
        data: {
          _id: loanUuid,
          loanId: state.loanId,
          payoutId,
          amount: paiseToRupees(payout.amountPaise),
          days: payout.days,
          method: payout.method,
          reference: payout.reference,
          paidOn: payout.paidOn,
        },
      });
    },
  );

  app.post(
    '/api/gold-returns/:loanId/send-reminder',
    {
      config: { access: ADMIN },
      schema: {
        params: GoldReturnLoanParams,
        body: SendGoldReturnReminderRequest,
        response: { 200: SendGoldReturnReminderResponse },
      },
    },
    async (request) => {
      const reminderType = request.body?.reminderType ?? 'urgent';
      const loanUuid = await resolveLoanRef(deps, request.params.loanId, branchScopeOf(sessionOf(request)));
      const sentTo = await sendGoldReturnReminder(deps, loanUuid, reminderType, today(), metadataOf(request));
      return {
        success: true as const,
        message: `Reminder sent to ${sentTo.join(' and ')}`,
        data: { reminderType, sentTo },
      };
    },
  );
}
