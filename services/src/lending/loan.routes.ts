// A loan's own life: open, edit, the early-repayment quote, delete, rate upgrades (renewal and
// top-up: renewal.routes.ts).
// The money that moves on a loan (payments, approvals, reversals, refunds) has its own
// file, loan-payment.routes.ts. (The split once seemed to run the route fuzz out of memory;
// the cause was an unbounded reversal reason printed on the receipt: docs/decisions.md.)
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  wholeRupees,
  addDays,
  CreateLoanRequest,
  DeleteLoanRequest,
  EarlyRepaymentRequest,
  EarlyRepaymentResponse,
  EditLoanRequest,
  LoanIdParams,
  UpgradeRateRequest,
  paiseToRupees,
  percentToBps,
  rupeesToPaise,
  businessDate,
} from '@goldledger/contracts';
import { branchScopeOf, inBranchScope } from '../branches/branch-scope.js';
import { cashBooked } from '../cash-book/cash-gate.js';
import { sessionOf, type Session, STAFF } from '../identity/access.plugin.js';
import { metadataOf } from '../platform/http/metadata.js';
import { loadUser } from '../identity/user-commands.js';
import { resolveCustomer } from '../customers/customer-commands.js';
import { withLoanConfirmation } from '../customers/loan-confirmation.js';
import type { MessageSender } from '../messaging/message-port.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { createLoan, executeLoanCommand, loadLoan, type LendingDeps, type NewLoan } from './loan-commands.js';
import { holdLoanCommand, holdNewLoan, sentForApproval } from '../approvals/loan-approvals.js';
import type { LoanCommand } from './loan.decider.js';
import type { Config } from '../platform/config.js';
import type { Database } from '../platform/platform.js';
import { quoteLoan } from './loan.rules.js';
import { counterParts } from './interest.js';
import { loanView } from './loan-command-answer.js';
import { editedGoldItems, toGoldItems } from './gold-item-input.js';

export interface LoanRouteDeps extends LendingDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'APPROVALS_OFF_UNTIL_SET'>;
  messages: MessageSender;
  smsTemplates: Readonly<Record<string, string>>;
}

const r = paiseToRupees;

export { toGoldItems };

export const personOf = (s: Session) => ({ id: s.userId, name: s.name });

/** The loan, if it exists and is at one of the caller's branches: another branch's loan is not found. */
export async function existingLoan(deps: LendingDeps, loanUuid: string, session: Session) {
  const loaded = await loadLoan(deps.store, loanUuid);
  if (
    loaded.state.status === 'none' ||
    loaded.state.status === 'deleted' ||
    !inBranchScope(branchScopeOf(session), loaded.state.branchId)
  ) {
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
        const input: NewLoan = {
          customerRef: b.customerId,
          goldItems: toGoldItems(b.goldItems),
          principalPaise: rupeesToPaise(b.amount),
          annualRateBps: percentToBps(b.interestRate),
          termMonths: b.term,
          repaymentType: b.repaymentType,
          loanDate: b.customLoanDate || null,
          loanDateReason: b.loanDateReason || null,
          disbursementMethod: b.disbursementMethod,
          disbursementMode: b.disbursementMode,
          disbursementReference: b.disbursementReference ?? null,
          purpose: b.purpose,
          createdBy: { id: session.userId, name: session.name, role: session.role, email: user.email },
          branchScope: branchScopeOf(session),
        };
        // Maker-checker: a loan the policy holds is stored for a checker (the confirmation names it).
        const open = async () =>
          (await holdNewLoan(deps, request, input)) ??
          createLoan(cashBooked(deps), input, metadataOf(request));
        // A verified customer confirms each loan with the wizard's code, entered for this
        // member of staff minutes ago (an unknown or unverified customer is refused as before,
        // and so is another branch's, as not found).
        const found = await resolveCustomer(deps.store, b.customerId);
        const customer = found && inBranchScope(branchScopeOf(session), found.state.branchId) ? found : null;
        const opened = customer?.state.verified
          ? await withLoanConfirmation(deps, customer.customerUuid, session.userId, open)
          : await open();
        if ('approvalId' in opened) return reply.status(202).send(sentForApproval(opened));
        const { loanUuid, state, version } = opened;
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
        const { state: before } = await existingLoan(deps, request.params.id, session);
        const { state, nextExpectedVersion } = await executeLoanCommand(
          deps,
          request.params.id,
          {
            type: 'EditLoan',
            goldItems: b.goldItems ? editedGoldItems(before.goldItems, b.goldItems) : undefined,
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
      const { state } = await existingLoan(deps, request.params.id, sessionOf(request));
      const date = request.body?.repaymentDate ?? today();
      if (date < state.disbursementDate) {
        throw new DomainError('Repayment date cannot be before the loan date', 'payment_before_loan');
      }
      const latest = addDays(today(), state.policy.quoteMaxDaysAhead);
      if (date > latest) {
        throw new DomainError(
          `Repayment date can be at most ${state.policy.quoteMaxDaysAhead} days ahead (${latest})`,
          'repayment_date_too_far',
        );
      }
      const q = quoteLoan(state, date);
      const closed = state.status !== 'active';
      // Whole rupees where people read them (issue 19): principal and interest add up to the total.
      const parts = counterParts(q);
      const body: z.infer<typeof EarlyRepaymentResponse> = {
        loanId: state.loanId,
        repaymentDate: date,
        principalOutstanding: closed ? 0 : r(parts.principalPaise),
        totalPaid: r(q.totalPaidPaise),
        totalDue: closed ? 0 : r(q.totalDuePaise),
        interest: closed ? 0 : r(parts.interestPaise),
        rounding: closed ? 0 : r(q.roundingPaise),
        minimumDays: q.minimumDays,
        minimumInterest: r(q.minimumInterestPaise),
        minDaysApplied: q.minDaysApplied,
        minInterestApplied: q.minInterestApplied,
        rebate: closed ? 0 : r(q.rebatePaise),
        gracePeriodDays: q.gracePeriodDays,
        gracePeriodReason: q.gracePeriodReason,
        minimumTotalDue: closed ? 0 : r(q.minimumTotalDuePaise),
        monthlyPayment: r(wholeRupees(state.monthlyPaymentPaise)),
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

  app.delete(
    '/api/loans/:id',
    { config: { access: ['admin'] }, schema: { params: LoanIdParams, body: DeleteLoanRequest } },
    async (request) => {
      const { state: before } = await existingLoan(deps, request.params.id, sessionOf(request));
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
    async (request, reply) => {
      const session = sessionOf(request);
      const b = request.body;
      await existingLoan(deps, request.params.id, session);
      const command: LoanCommand = {
        type: 'UpgradeRate',
        today: today(),
        upgradedBy: { type: 'admin', id: session.userId, name: session.name },
        earlyReason: b?.confirmEarly ? b.reason || null : null,
      };
      const held = await holdLoanCommand(deps, request, request.params.id, command, {
        expectedVersion: b?.expectedVersion,
      });
      if (held) return reply.status(202).send(held);
      const { state, nextExpectedVersion } = await executeLoanCommand(
        deps,
        request.params.id,
        command,
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
