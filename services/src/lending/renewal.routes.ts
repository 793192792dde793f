// Renewals and top-ups (issue 17, point 8): the renewal the seeds had, now with the rules
// around it, a top-up as a loan of its own, and the quote both dialogs show first.
import {
  businessDate,
  gramsToMg,
  LoanIdParams,
  percentToBps,
  RenewalQuoteRequest,
  RenewalQuoteResponse,
  RenewLoanRequest,
  rupeesToPaise,
  TopUpLoanRequest,
  type GoldItemInput,
  type GoldItemRecord,
} from '@goldledger/contracts';
import { holdRenewal, holdTopUp, sentForApproval } from '../approvals/loan-approvals.js';
import { branchScopeOf } from '../branches/branch-scope.js';
import { cashBooked } from '../cash-book/cash-gate.js';
import { withLoanConfirmation, type LoanConfirmation } from '../customers/loan-confirmation.js';
import { sessionOf, STAFF, type Session } from '../identity/access.plugin.js';
import { loadUser } from '../identity/user-commands.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import { requestScopedUuid } from '../platform/request-idempotency.js';
import { loanView } from './loan-command-answer.js';
import { renewLoan, type Renewal } from './loan-commands.js';
import { existingLoan, toGoldItems, type LoanRouteDeps } from './loan.routes.js';
import type { LoanState } from './loan.state.js';
import {
  checkedRenewal,
  checkedTopUp,
  renewalQuote,
  topUpLoan,
  type BorrowerRequest,
  type TopUp,
} from './renewal-commands.js';

/** Items pledged with a top-up, with what the appraisal reads (type, fineness, deductions, photo). */
export function toPledgedItems(items: readonly GoldItemInput[]): GoldItemRecord[] {
  return toGoldItems([...items]).map((record, i) => {
    const input = items[i]!;
    return {
      ...record,
      // A fineness sent without a karat also gives the karat the seeds' valuation reads.
      ...(input.purity ? { purity: input.purity } : {}),
      ...(input.purity && input.purityKarat === undefined
        ? { purityKarat: Math.max(1, Math.min(24, Math.round((input.purity * 24) / 1000))) }
        : {}),
      ...(input.itemType ? { itemType: input.itemType } : {}),
      ...(input.deductions?.length
        ? {
            deductions: input.deductions.map((d) => ({
              kind: d.kind,
              weightMg: gramsToMg(d.weight),
              reason: d.reason,
            })),
          }
        : {}),
      ...(input.photoId ? { photoId: input.photoId } : {}),
    };
  });
}

/** The code was entered for this member of staff: the borrower's request, recorded on the new loan. */
const requestOf = ({ verifiedAt }: LoanConfirmation): BorrowerRequest => ({
  verifiedAt: verifiedAt.toISOString(),
  // The code goes to the primary mobile (and the email on file); the mobile is what proves it.
  channel: 'sms',
});

const customerUuidOf = (s: LoanState) => s.customer!.customerStreamId.replace(/^customer-/, '');

async function createdBy(deps: LoanRouteDeps, session: Session) {
  const { state: user } = await loadUser(deps.store, session.userId);
  return { id: session.userId, name: session.name, role: session.role, email: user.email };
}

export function registerRenewalRoutes(app: App, deps: LoanRouteDeps): void {
  const today = () => businessDate(deps.clock.now());

  app.post(
    '/api/admin/loans/:id/renew',
    { config: { access: ['admin'] }, schema: { params: LoanIdParams, body: RenewLoanRequest } },
    async (request, reply) => {
      const b = request.body;
      const session = sessionOf(request);
      const { state: old } = await existingLoan(deps, request.params.id, session);
      const asked: Renewal = {
        principalPaise: rupeesToPaise(b.amount),
        annualRateBps: percentToBps(b.interestRate),
        termMonths: b.term,
        createdBy: await createdBy(deps, session),
        disbursementMethod: b.disbursementMethod,
        disbursementMode: b.disbursementMode,
        disbursementReference: b.disbursementReference ?? null,
        expectedVersion: b.expectedVersion,
      };
      // The rules first (a refusal needs no code from the borrower), then their request.
      const checked = await checkedRenewal(deps, request.params.id, asked);
      const done = await withLoanConfirmation(
        deps,
        customerUuidOf(old),
        session.userId,
        async (confirmation) => {
          const renewal: Renewal = {
            ...checked,
            loanUuid: requestScopedUuid('renewal-loan'),
            sanction: { ...checked.sanction, borrowerRequest: requestOf(confirmation) },
          };
          return (
            (await holdRenewal(deps, request, request.params.id, renewal)) ??
            renewLoan(cashBooked(deps), request.params.id, renewal, metadataOf(request))
          );
        },
      );
      if ('approvalId' in done) return reply.status(202).send(sentForApproval(done));
      const { loanUuid, state, version } = done;
      return reply
        .status(201)
        .send({ message: 'Loan renewed successfully!', data: loanView(loanUuid, state, today(), version) });
    },
  );

  app.post(
    '/api/loans/:id/top-up',
    { config: { access: [...STAFF] }, schema: { params: LoanIdParams, body: TopUpLoanRequest } },
    async (request, reply) => {
      const b = request.body;
      const session = sessionOf(request);
      const { state: parent } = await existingLoan(deps, request.params.id, session);
      const asked: TopUp = {
        principalPaise: rupeesToPaise(b.amount),
        annualRateBps: percentToBps(b.interestRate),
        termMonths: b.term,
        createdBy: await createdBy(deps, session),
        disbursementMethod: b.disbursementMethod,
        disbursementMode: b.disbursementMode,
        disbursementReference: b.disbursementReference ?? null,
        addedItems: toPledgedItems(b.addedItems),
        borrowerRequest: null,
        expectedVersion: b.expectedVersion,
        branchScope: branchScopeOf(session),
      };
      await checkedTopUp(deps, request.params.id, asked);
      const done = await withLoanConfirmation(
        deps,
        customerUuidOf(parent),
        session.userId,
        async (confirmation) => {
          const topUp: TopUp = {
            ...asked,
            loanUuid: requestScopedUuid('top-up-loan'),
            borrowerRequest: requestOf(confirmation),
          };
          return (
            (await holdTopUp(deps, request, request.params.id, topUp)) ??
            topUpLoan(cashBooked(deps), request.params.id, topUp, metadataOf(request))
          );
        },
      );
      if ('approvalId' in done) return reply.status(202).send(sentForApproval(done));
      const { loanUuid, loanId, state, version } = done;
      return reply.status(201).send({
        message: `Top-up loan ${loanId} created on the gold of loan ${parent.loanId}.`,
        data: loanView(loanUuid, state, today(), version),
      });
    },
  );

  app.post(
    '/api/loans/:id/renewal-quote',
    {
      config: { access: [...STAFF] },
      schema: { params: LoanIdParams, body: RenewalQuoteRequest, response: { 200: RenewalQuoteResponse } },
    },
    async (request) => {
      await existingLoan(deps, request.params.id, sessionOf(request));
      const { kind, addedItems } = request.body;
      return {
        success: true as const,
        data: await renewalQuote(deps, request.params.id, kind, toPledgedItems(addedItems)),
      };
    },
  );
}
