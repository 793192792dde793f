// Over 400 lines for now: the payment routes (record, approve, reverse, refund) are ready
// to move to a loan-payment.routes.ts of their own, but moving them changes the order in
// which the seeded route fuzz (tests/fuzz/routes.int.test.ts) visits routes, and with that
// order a clean-clone CI run ran a test worker out of memory (4 GB heap). Split once that
// is understood: it is either a fuzz-harness leak or a request that costs memory it
// should not.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  addDays,
  ApprovePaymentRequest,
  CreateLoanRequest,
  DeleteLoanRequest,
  EarlyRepaymentRequest,
  EarlyRepaymentResponse,
  EditLoanRequest,
  LoanIdParams,
  PaymentIdParams,
  RecordPaymentRequest,
  RecordRefundRequest,
  RenewLoanRequest,
  ReversePaymentRequest,
  UpgradeRateRequest,
  formatInr,
  formatInrExact,
  gramsToMg,
  paiseToRupees,
  percentToBps,
  rupeesToPaise,
  type GoldItemInput,
  type GoldItemRecord,
  businessDate,
  LENDING_POLICY,
  loanStreamId,
} from '@goldledger/contracts';
import { cashBooked } from '../cash-book/cash-gate.js';
import { sessionOf, type Session, STAFF } from '../identity/access.plugin.js';
import { metadataOf } from '../platform/http/metadata.js';
import { requestScopedUuid } from '../platform/request-idempotency.js';
import { loadUser } from '../identity/user-commands.js';
import { resolveCustomer } from '../customers/customer-commands.js';
import { withLoanConfirmation } from '../customers/loan-confirmation.js';
import type { MessageSender } from '../messaging/message-port.js';
import { customerContact, sendCustomerNotice } from '../operations/customer-notice.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { createLoan, executeLoanCommand, loadLoan, renewLoan, type LendingDeps } from './loan-commands.js';
import type { Database } from '../platform/platform.js';
import { quoteLoan } from './loan.rules.js';
import { loanView } from './loan-command-answer.js';
import { decideLoan, type LoanCommand } from './loan.decider.js';
import { refundOwedPaise } from './loan.state.js';
import { onlineTransactionIdOf, releasePaymentReference, withPaymentReference } from './payment-reference.js';

export interface LoanRouteDeps extends LendingDeps {
  db: Kysely<Database>;
  messages: MessageSender;
  smsTemplates: Readonly<Record<string, string>>;
}

const r = paiseToRupees;

export const toGoldItems = (items: GoldItemInput[]): GoldItemRecord[] =>
  items.map((i) => ({
    description: i.description,
    grossWeightMg: gramsToMg(i.grossWeight),
    netWeightMg: gramsToMg(i.netWeight),
    purityKarat: i.purityKarat ?? LENDING_POLICY.defaultPurityKarat,
  }));

const personOf = (s: Session) => ({ id: s.userId, name: s.name });

async function existingLoan(deps: LendingDeps, loanUuid: string) {
  const loaded = await loadLoan(deps.store, loanUuid);
  if (loaded.state.status === 'none' || loaded.state.status === 'deleted') {
    throw new DomainError('Loan not found', 'loan_not_found', 404);
  }
  return loaded;
}

export function registerLoanRoutes(app: App, deps: LoanRouteDeps): void {
  const today = () => businessDate(deps.clock.now());

  for (const prefix of ['admin', 'employee'] as const) {
    const access = prefix === 'admin' ? (['admin'] as const) : STAFF;
    app.post(
      `/api/${prefix}/loans`,
      { config: { access: [...access] }, schema: { body: CreateLoanRequest } },
      async (request, reply) => {
        const b = request.body;
        const session = sessionOf(request);
        const { state: user } = await loadUser(deps.store, session.userId);
        const open = () =>
          createLoan(
            cashBooked(deps),
            {
              customerRef: b.customerId,
              goldItems: toGoldItems(b.goldItems),
              principalPaise: rupeesToPaise(b.amount),
              annualRateBps: percentToBps(b.interestRate),
              termMonths: b.term,
              loanDate: b.customLoanDate || null,
              loanDateReason: b.loanDateReason || null,
              disbursementMethod: b.disbursementMethod,
              createdBy: { id: session.userId, name: session.name, role: session.role, email: user.email },
            },
            metadataOf(request),
          );
        // A verified customer confirms each loan with the wizard's code, entered for this
        // member of staff minutes ago (an unknown or unverified customer is refused as before).
        const customer = await resolveCustomer(deps.store, b.customerId);
        const { loanUuid, state, version } = customer?.state.verified
          ? await withLoanConfirmation(deps, customer.customerUuid, session.userId, open)
          : await open();
        return reply.status(201).send({
          message: 'Loan created successfully.',
          data: loanView(loanUuid, state, today(), version),
        });
      },
    );

    app.put(
      `/api/${prefix}/loans/:id`,
      { config: { access: [...access] }, schema: { params: LoanIdParams, body: EditLoanRequest } },
      async (request) => {
        const b = request.body;
        const session = sessionOf(request);
        const { state, nextExpectedVersion } = await executeLoanCommand(
          deps,
          request.params.id,
          {
            type: 'EditLoan',
            goldItems: b.goldItems ? toGoldItems(b.goldItems) : undefined,
            depositedBank: b.depositedBank === undefined ? undefined : b.depositedBank || null,
            renewalDate: b.renewalDate === undefined ? undefined : b.renewalDate || null,
            bankMobileNumber: b.bankMobileNumber === undefined ? undefined : b.bankMobileNumber || null,
            bankLoanAmountPaise:
              b.bankLoanAmount === undefined || b.bankLoanAmount === null
                ? b.bankLoanAmount
                : rupeesToPaise(b.bankLoanAmount),
            byAdmin: session.role === 'admin',
          },
          metadataOf(request),
          { expectedVersion: b.expectedVersion },
        );
        if (state.status === 'none') throw new DomainError('Loan not found', 'loan_not_found', 404);
        return {
          message: 'Loan updated successfully!',
          data: loanView(request.params.id, state, today(), nextExpectedVersion),
        };
      },
    );
  }

  app.post(
    '/api/loans/:id/calculate-early-repayment',
    {
      config: { access: [...STAFF] },
      schema: { params: LoanIdParams, body: EarlyRepaymentRequest.optional() },
    },
    async (request) => {
      const { state } = await existingLoan(deps, request.params.id);
      const date = request.body?.repaymentDate ?? today();
      if (date < state.disbursementDate) {
        throw new DomainError('Repayment date cannot be before the loan date', 'payment_before_loan');
      }
      const latest = addDays(today(), LENDING_POLICY.quoteMaxDaysAhead);
      if (date > latest) {
        throw new DomainError(
          `Repayment date can be at most ${LENDING_POLICY.quoteMaxDaysAhead} days ahead (${latest})`,
          'repayment_date_too_far',
        );
      }
      const q = quoteLoan(state, date);
      const closed = state.status !== 'active';
      const body: z.infer<typeof EarlyRepaymentResponse> = {
        loanId: state.loanId,
        repaymentDate: date,
        principalOutstanding: closed ? 0 : r(q.principalOutstandingPaise),
        totalPaid: r(q.totalPaidPaise),
        totalDue: closed ? 0 : r(q.totalDuePaise),
        interest: closed ? 0 : r(q.interestPaise),
        minimumDays: q.minimumDays,
        minimumInterest: r(q.minimumInterestPaise),
        minDaysApplied: q.minDaysApplied,
        minInterestApplied: q.minInterestApplied,
        rebate: closed ? 0 : r(q.rebatePaise),
        gracePeriodDays: q.gracePeriodDays,
        gracePeriodReason: q.gracePeriodReason,
        minimumTotalDue: closed ? 0 : r(q.minimumTotalDuePaise),
        monthlyPayment: r(state.monthlyPaymentPaise),
        daysElapsed: q.days,
        breakdown: q.breakdown.map((b) => ({
          block: b.index,
          from: b.from,
          to: b.to,
          days: b.days,
          openingBalance: r(b.openingBalancePaise),
          interest: r(b.interestPaise),
        })),
      };
      return EarlyRepaymentResponse.parse(body);
    },
  );

  app.post(
    '/api/loans/:id/payment',
    { config: { access: [...STAFF] }, schema: { params: LoanIdParams, body: RecordPaymentRequest } },
    async (request, reply) => {
      const b = request.body;
      const session = sessionOf(request);
      const { state: loan } = await existingLoan(deps, request.params.id);
      // The same id when the same request (Idempotency-Key) runs again after a crash.
      const paymentId = requestScopedUuid('payment');
      const metadata = metadataOf(request);
      const command: LoanCommand = {
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
      };
      const online = b.paymentMethod === 'online';
      // Refused payments claim no transaction id: decided once before the claim.
      if (online) decideLoan(command, loan);
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
      await existingLoan(deps, id);
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
        },
        metadataOf(request),
        { expectedVersion: request.body?.expectedVersion },
      );
      const { state } = result;
      const payment = state.payments.find((p) => p.paymentId === paymentId)!;
      if (result.eventIds.length > 0 && !result.duplicate && state.customer) {
        const amount = formatInr(payment.amountPaise);
        const receipt = `${state.loanId}_${payment.installmentNumber}`;
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
    async (request) => {
      const { id, paymentId } = request.params;
      await existingLoan(deps, id);
      const metadata = metadataOf(request);
      const { state, nextExpectedVersion } = await executeLoanCommand(
        cashBooked(deps),
        id,
        {
          type: 'ReversePayment',
          paymentId,
          reason: request.body.reason,
          reversedBy: personOf(sessionOf(request)),
          today: today(),
        },
        metadata,
      );
      // A reversed online payment frees its bank transaction id for the payment it really was.
      const transactionId = await onlineTransactionIdOf(deps, id, paymentId);
      if (transactionId) await releasePaymentReference(deps, transactionId, paymentId, metadata);
      return { message: 'Payment reversed', data: loanView(id, state, today(), nextExpectedVersion) };
    },
  );

  app.post(
    '/api/admin/loans/:id/refunds',
    { config: { access: ['admin'] }, schema: { params: LoanIdParams, body: RecordRefundRequest } },
    async (request, reply) => {
      const b = request.body;
      const { state: before } = await existingLoan(deps, request.params.id);
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

  app.post(
    '/api/admin/loans/:id/renew',
    { config: { access: ['admin'] }, schema: { params: LoanIdParams, body: RenewLoanRequest } },
    async (request, reply) => {
      const b = request.body;
      const session = sessionOf(request);
      const { state: user } = await loadUser(deps.store, session.userId);
      const { loanUuid, state, version } = await renewLoan(
        cashBooked(deps),
        request.params.id,
        {
          principalPaise: rupeesToPaise(b.amount),
          annualRateBps: percentToBps(b.interestRate),
          termMonths: b.term,
          createdBy: { id: session.userId, name: session.name, role: session.role, email: user.email },
          disbursementMethod: b.disbursementMethod,
          expectedVersion: b.expectedVersion,
        },
        metadataOf(request),
      );
      return reply
        .status(201)
        .send({ message: 'Loan renewed successfully!', data: loanView(loanUuid, state, today(), version) });
    },
  );

  app.delete(
    '/api/loans/:id',
    { config: { access: ['admin'] }, schema: { params: LoanIdParams, body: DeleteLoanRequest } },
    async (request) => {
      const { state: before } = await existingLoan(deps, request.params.id);
      await executeLoanCommand(
        deps,
        request.params.id,
        { type: 'DeleteLoan', reason: request.body?.reason ?? null },
        metadataOf(request),
        { expectedVersion: request.body?.expectedVersion },
      );
      const paymentCount = before.payments.filter((p) => p.status !== 'reversed').length;
      return {
        hadPayments: paymentCount > 0,
        paymentCount,
        message: `Loan ${before.loanId} deleted successfully${paymentCount > 0 ? ` (had ${paymentCount} payment(s))` : ''}`,
      };
    },
  );

  app.post(
    '/api/admin/loans/:id/upgrade-rate',
    { config: { access: ['admin'] }, schema: { params: LoanIdParams, body: UpgradeRateRequest } },
    async (request) => {
      const session = sessionOf(request);
      const b = request.body;
      await existingLoan(deps, request.params.id);
      const { state, nextExpectedVersion } = await executeLoanCommand(
        deps,
        request.params.id,
        {
          type: 'UpgradeRate',
          today: today(),
          upgradedBy: { type: 'admin', id: session.userId, name: session.name },
          earlyReason: b?.confirmEarly ? b.reason || null : null,
        },
        metadataOf(request),
        { expectedVersion: b?.expectedVersion },
      );
      return {
        message: `Interest rate upgraded to ${state.annualRateBps / 100}%`,
        data: loanView(request.params.id, state, today(), nextExpectedVersion),
      };
    },
  );
}
