import {
  ApprovePaymentRequest,
  LoanIdParams,
  PaymentIdParams,
  RecordPaymentRequest,
  RecordRefundRequest,
  RejectPaymentRequest,
  ReversePaymentRequest,
  businessDate,
  formatInr,
  formatInrExact,
  loanStreamId,
  rupeesToPaise,
} from '@goldledger/contracts';
import { holdLoanCommand } from '../approvals/loan-approvals.js';
import { cashBooked } from '../cash-book/cash-gate.js';
import { sessionOf, STAFF } from '../identity/access.plugin.js';
import { customerContact, sendCustomerNotice } from '../operations/customer-notice.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import { requestScopedUuid } from '../platform/request-idempotency.js';
import { DomainError } from '../platform/decider.js';
import { withCashReceived } from './borrower-loans.js';
import { loanView } from './loan-command-answer.js';
import { executeLoanCommand, staleVersion } from './loan-commands.js';
import { decideLoan, type LoanCommand } from './loan.decider.js';
import { existingLoan, personOf, type LoanRouteDeps } from './loan.routes.js';
import { refundOwedPaise } from './loan.state.js';
import { ltvPricesForPayment } from './ltv-prices.js';
import { onlineTransactionIdOf, releasePaymentReference, withPaymentReference } from './payment-reference.js';

/**
 * The money that moves on a loan: staff record payments, admins approve or reverse
 * them, and admins record the payout of what a customer paid beyond closing.
 */
export function registerLoanPaymentRoutes(app: App, deps: LoanRouteDeps): void {
  const today = () => businessDate(deps.clock.now());

  app.post(
    '/api/loans/:id/payment',
    { config: { access: [...STAFF] }, schema: { params: LoanIdParams, body: RecordPaymentRequest } },
    async (request, reply) => {
      const b = request.body;
      const session = sessionOf(request);
      const { state: loan, version } = await existingLoan(deps, request.params.id, session);
      // The same id when the same request (Idempotency-Key) runs again after a crash.
      const paymentId = requestScopedUuid('payment');
      const metadata = metadataOf(request);
      // Cash from one person in a day stays below the s.269ST limit, across all their loans.
      const checked = await withCashReceived(deps, loan, {
        type: 'RecordPayment',
        paymentId,
        amountPaise: rupeesToPaise(b.amount),
        method: b.paymentMethod,
        paymentType: b.paymentType,
        paymentDate: b.repaymentDate || today(),
        transactionId: b.transactionId ?? null,
        bankName: b.bankName ?? null,
        enteredBy: personOf(session),
        today: today(),
        byAdmin: session.role === 'admin',
        backdateReason: b.backdateReason ?? null,
      } satisfies LoanCommand);
      const held = await holdLoanCommand(deps, request, request.params.id, checked, b);
      if (held) return reply.status(202).send(held);
      const command = { ...checked, ltvPrices: await ltvPricesForPayment(deps.store, loan, today()) };
      const online = b.paymentMethod === 'online';
      // Refused payments claim no transaction id: the version the person saw is checked and
      // the payment decided once before the claim (executeLoanCommand checks both again).
      if (online) {
        if (b.expectedVersion !== undefined && b.expectedVersion !== version) {
          throw staleVersion(loan.loanId, b.expectedVersion, version);
        }
        decideLoan(command, loan);
      }
      const { state, nextExpectedVersion } = await withPaymentReference(
        deps,
        {
          transactionId: online ? b.transactionId : null,
          paymentId,
          loanStreamId: loanStreamId(request.params.id),
          loanId: loan.loanId,
        },
        metadata,
        () =>
          executeLoanCommand(cashBooked(deps), request.params.id, command, metadata, {
            expectedVersion: b.expectedVersion,
          }),
      );
      const view = loanView(request.params.id, state, today(), nextExpectedVersion);
      const payment = view.payments.find((p) => p._id === paymentId)!;
      const owed = refundOwedPaise(state);
      const refund =
        owed > 0 ? ` ${formatInrExact(owed)} paid beyond closing is a refund due to the customer.` : '';
      return reply.status(201).send({
        message:
          payment.status === 'pending'
            ? 'Online payment recorded; it counts once an admin approves it.'
            : state.status === 'closed'
              ? `Payment recorded. Loan ${state.loanId} is fully repaid and closed.${refund}`
              : 'Payment recorded successfully',
        data: { payment, loan: view },
      });
    },
  );

  app.patch(
    '/api/loans/:id/payments/:paymentId/approve',
    { config: { access: ['admin'] }, schema: { params: PaymentIdParams, body: ApprovePaymentRequest } },
    async (request) => {
      const { id, paymentId } = request.params;
      const { state: loan } = await existingLoan(deps, id, sessionOf(request));
      const confirmExcess = request.body?.confirmExcess;
      const result = await executeLoanCommand(
        deps,
        id,
        {
          type: 'ApprovePayment',
          paymentId,
          approvedBy: personOf(sessionOf(request)),
          today: today(),
          confirmExcessPaise: confirmExcess == null ? null : rupeesToPaise(confirmExcess),
          ltvPrices: await ltvPricesForPayment(deps.store, loan, today()),
        },
        metadataOf(request),
        { expectedVersion: request.body?.expectedVersion },
      );
      const { state } = result;
      const payment = state.payments.find((p) => p.paymentId === paymentId)!;
      if (result.eventIds.length > 0 && !result.duplicate && state.customer) {
        const amount = formatInr(payment.amountPaise);
        const receipt = payment.receiptNumber;
        const fully = state.status === 'closed' ? ' Your loan is now fully repaid.' : '';
        await sendCustomerNotice(
          deps.messages,
          await customerContact(deps.store, state),
          {
            purpose: 'payment_approved',
            subject: `Payment approved: ${state.loanId}`,
            sms: `Dear ${state.customer.name}, your online payment of ${amount} for gold loan ${state.loanId} has been approved. Receipt ${receipt}.${fully}`,
            email: `Dear ${state.customer.name},\n\nYour online payment of ${amount} for gold loan ${state.loanId} has been approved. Your receipt number is ${receipt}.${fully}\n\nThank you.`,
            smsVariables: [state.customer.name, amount, state.loanId, receipt],
            idempotencyKey: `payment_approved:${paymentId}`,
            correlationId: request.id,
          },
          deps.smsTemplates,
        );
      }
      const owed = refundOwedPaise(state);
      return {
        message:
          owed > 0
            ? `Payment approved and customer notified. ${formatInrExact(owed)} paid beyond closing is a refund due to the customer.`
            : 'Payment approved and customer notified.',
        data: loanView(id, state, today(), result.nextExpectedVersion),
      };
    },
  );

  app.post(
    '/api/loans/:id/payments/:paymentId/reverse',
    { config: { access: ['admin'] }, schema: { params: PaymentIdParams, body: ReversePaymentRequest } },
    async (request, reply) => {
      const { id, paymentId } = request.params;
      await existingLoan(deps, id, sessionOf(request));
      const metadata = metadataOf(request);
      const command: LoanCommand = {
        type: 'ReversePayment',
        paymentId,
        reason: request.body.reason,
        reversedBy: personOf(sessionOf(request)),
        today: today(),
      };
      const held = await holdLoanCommand(deps, request, id, command);
      if (held) return reply.status(202).send(held);
      const { state, nextExpectedVersion } = await executeLoanCommand(
        cashBooked(deps),
        id,
        command,
        metadata,
      );
      // A reversed online payment frees its bank transaction id for the payment it really was.
      const transactionId = await onlineTransactionIdOf(deps, id, paymentId);
      if (transactionId) await releasePaymentReference(deps, transactionId, paymentId, metadata);
      return { message: 'Payment reversed', data: loanView(id, state, today(), nextExpectedVersion) };
    },
  );

  // Issue 19: an online payment that never arrived is turned down from the admins' queue. It
  // was never counted, so no money moves: it is reversed with the reason (PaymentReversed),
  // its bank transaction id is freed, and no second admin is asked (nothing to check).
  app.post(
    '/api/loans/:id/payments/:paymentId/reject',
    { config: { access: ['admin'] }, schema: { params: PaymentIdParams, body: RejectPaymentRequest } },
    async (request) => {
      const { id, paymentId } = request.params;
      const { state: loan } = await existingLoan(deps, id, sessionOf(request));
      const payment = loan.payments.find((p) => p.paymentId === paymentId);
      if (!payment) throw new DomainError('Payment not found', 'payment_not_found', 404);
      if (payment.status !== 'pending') {
        throw new DomainError(
          payment.status === 'reversed'
            ? 'This payment was already rejected or reversed'
            : 'This payment is already approved: reverse it instead',
          'payment_not_pending',
          409,
        );
      }
      const metadata = metadataOf(request);
      const { state, nextExpectedVersion } = await executeLoanCommand(
        deps,
        id,
        {
          type: 'ReversePayment',
          paymentId,
          reason: `Rejected: ${request.body.reason}`,
          reversedBy: personOf(sessionOf(request)),
          today: today(),
        },
        metadata,
        { expectedVersion: request.body.expectedVersion },
      );
      const transactionId = await onlineTransactionIdOf(deps, id, paymentId);
      if (transactionId) await releasePaymentReference(deps, transactionId, paymentId, metadata);
      return {
        message: `Payment ${payment.receiptNumber} rejected`,
        data: loanView(id, state, today(), nextExpectedVersion),
      };
    },
  );

  app.post(
    '/api/admin/loans/:id/refunds',
    { config: { access: ['admin'] }, schema: { params: LoanIdParams, body: RecordRefundRequest } },
    async (request, reply) => {
      const b = request.body;
      const { state: before } = await existingLoan(deps, request.params.id, sessionOf(request));
      const { state, nextExpectedVersion } = await executeLoanCommand(
        cashBooked(deps),
        request.params.id,
        {
          type: 'RecordRefundPaid',
          refundId: requestScopedUuid('refund'),
          amountPaise: b.amount === undefined ? refundOwedPaise(before) : rupeesToPaise(b.amount),
          method: b.method,
          reference: b.reference ?? null,
          paidOn: b.paidOn ?? today(),
          paidBy: personOf(sessionOf(request)),
          today: today(),
        },
        metadataOf(request),
        { expectedVersion: request.body.expectedVersion },
      );
      const owed = refundOwedPaise(state);
      return reply.status(201).send({
        message:
          owed > 0
            ? `Refund recorded; ${formatInrExact(owed)} is still due to the customer.`
            : `Refund recorded; nothing more is due to the customer on loan ${state.loanId}.`,
        data: loanView(request.params.id, state, today(), nextExpectedVersion),
      });
    },
  );
}
