import {
  CodeSentResponse,
  ErrorResponse,
  LoanIdParams,
  ReleaseCodeRequest,
  ReleasePacketRequest,
  TooManyRequestsResponse,
  businessDate,
  gramsToMg,
} from '@goldledger/contracts';
import { loadCustomer } from '../customers/customer-commands.js';
import { sessionOf } from '../identity/access.plugin.js';
import { OTP_POLICY } from '../identity/otp.js';
import { executeLoanCommand } from '../lending/loan-commands.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import { requestScopedUuid } from '../platform/request-idempotency.js';
import { executePacketCommand, loanFacts } from './custody-commands.js';
import { custodyOf, requirePacket } from './custody-context.js';
import { custodyMover, type CustodyRouteDeps } from './custody-move.js';

const customerCodeIdentifier = (loanUuid: string) => `custody-release:${loanUuid}`;

/**
 * Release to the customer: a code to the customer's primary mobile proves they are at the
 * counter; two staff of the branch hand the packet over and weigh it; the loan's gold is
 * marked returned in the same transaction.
 */
export function registerCustodyReleaseRoutes(app: App, deps: CustodyRouteDeps): void {
  const { staff, actionSchema, move, answer } = custodyMover(deps);

  app.post(
    '/api/loans/:id/custody/release-code',
    {
      config: staff(20),
      schema: {
        params: LoanIdParams,
        body: ReleaseCodeRequest,
        response: {
          200: CodeSentResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          429: TooManyRequestsResponse,
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const ctx = await custodyOf(deps.store, session, request.params.id);
      const packet = requirePacket(ctx);
      if (ctx.loan.status !== 'closed') {
        throw new DomainError(
          `Loan ${ctx.loan.loanId} is not closed: its gold cannot be released`,
          'loan_not_closed',
          409,
        );
      }
      if (packet.state.status === 'released') {
        throw new DomainError(
          `Packet ${packet.state.packetNumber} was already released`,
          'packet_released',
          409,
        );
      }
      const customerUuid = ctx.loan.customer!.customerStreamId.replace(/^customer-/, '');
      const { state: customer } = await loadCustomer(deps.store, customerUuid);
      const mobile = customer?.profile.primaryMobile ?? ctx.loan.customer!.primaryMobile;
      const issued = await deps.otp.issue({
        identifier: customerCodeIdentifier(ctx.loanUuid),
        purpose: 'custody_release',
        userId: customerUuid,
        clientIp: request.ip,
        requestedBy: session.userId,
      });
      const text = `${issued.code} is your GoldLedger code to collect the gold of loan ${ctx.loan.loanId}. It is valid for ${OTP_POLICY.validSeconds / 60} minutes. Give it to our staff only when you are at the branch to collect it.`;
      const template = deps.smsTemplates.custody_release_otp;
      await deps.messages.send({
        channel: 'sms',
        to: mobile,
        text,
        purpose: 'custody_release_otp',
        secrets: [issued.code],
        correlationId: request.id,
        ...(template ? { template: { id: template, variables: [issued.code] } } : {}),
      });
      return {
        message: `Code sent to the customer's mobile ending ${mobile.slice(-4)}`,
        expiresInSeconds: OTP_POLICY.validSeconds,
        resendInSeconds: OTP_POLICY.resendAfterSeconds,
      };
    },
  );

  app.post(
    '/api/loans/:id/custody/release',
    { config: staff(30), schema: actionSchema(ReleasePacketRequest) },
    async (request) => {
      const { customerCode, weighedGrossWeight, reason, confirmer } = request.body;
      const metadata = metadataOf(request);
      const incidentId = requestScopedUuid('custody-incident');
      let opened: string | null = null;
      const state = await move(
        request,
        request.params.id,
        confirmer,
        (ctx) => requirePacket(ctx).state.branchId,
        (ctx, pair) => ({
          type: 'ReleasePacket',
          ...pair,
          weighedGrossWeightMg: gramsToMg(weighedGrossWeight),
          incidentId,
          reason: reason || null,
          loan: loanFacts(ctx.loan),
        }),
        // The packet goes back and the loan's gold is marked returned in one transaction.
        (ctx, command) =>
          deps.store.transaction(async (store) => {
            const tx = { ...deps, store };
            const released = await executePacketCommand(tx, requirePacket(ctx).packetId, command, metadata);
            opened = released.state.incidents.find((i) => i.incidentId === incidentId)?.incidentId ?? null;
            if (ctx.loan.goldReturn.status !== 'returned') {
              await executeLoanCommand(
                tx,
                ctx.loanUuid,
                {
                  type: 'MarkGoldReturned',
                  notes: `Released from packet ${released.state.packetNumber} with the customer's code`,
                  today: businessDate(deps.clock.now()),
                },
                metadata,
              );
            }
            return released;
          }),
        // The customer proves presence before the second person's credential is used.
        async (ctx, session) => {
          const customerUuid = ctx.loan.customer!.customerStreamId.replace(/^customer-/, '');
          try {
            const who = await deps.otp.verify({
              identifier: customerCodeIdentifier(ctx.loanUuid),
              purpose: 'custody_release',
              code: customerCode,
              requestedBy: session.userId,
            });
            if (who !== customerUuid) throw new DomainError('Invalid OTP.', 'otp_invalid');
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            throw new DomainError(
              `The customer's code is not correct: ${error.message.replace(/^Invalid OTP\.\s*/, '') || 'ask for a new code.'}`,
              'customer_code_wrong',
              403,
              error.details,
            );
          }
        },
      );
      return answer(
        state,
        opened
          ? `Packet ${state.packetNumber} released. Its weight differs from the sealed weight: an incident was opened for an admin to resolve.`
          : `Packet ${state.packetNumber} released to the customer; the loan's gold is marked returned.`,
        opened,
      );
    },
  );
}
