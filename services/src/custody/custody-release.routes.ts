import {
  CodeSentResponse,
  ErrorResponse,
  LoanIdParams,
  ReleaseCodeRequest,
  ReleasePacketRequest,
  TooManyRequestsResponse,
  businessDate,
  gramsToMg,
  type EventMetadata,
  SentForApprovalResponse,
} from '@goldledger/contracts';
import { loadCustomer } from '../customers/customer-commands.js';
import { sessionOf } from '../identity/access.plugin.js';
import { OTP_POLICY } from '../identity/otp.js';
import { defineApprovalExecutor } from '../approvals/approval-executors.js';
import { requireApproval } from '../approvals/approval-gate.js';
import { executeLoanCommand, loadLoan } from '../lending/loan-commands.js';
import { requireNoOpenTopUp } from '../lending/top-up-links.js';
import type { LoanState } from '../lending/loan.state.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import { requestScopedUuid } from '../platform/request-idempotency.js';
import { executePacketCommand, loanFacts, packetOfLoan, type LoadedPacket } from './custody-commands.js';
import type { PacketCommand } from './packet.decider.js';
import { custodyOf, requirePacket } from './custody-context.js';
import { custodyMover, packetBranch, type CustodyRouteDeps } from './custody-move.js';

const customerCodeIdentifier = (loanUuid: string) => `custody-release:${loanUuid}`;

/** The packet handed back and the loan's gold marked returned, in one transaction. */
async function writeRelease(
  deps: Pick<CustodyRouteDeps, 'store' | 'clock'>,
  ctx: { loanUuid: string; loan: LoanState; packet: LoadedPacket | null },
  command: PacketCommand,
  metadata: EventMetadata,
) {
  const packet = requirePacket(ctx);
  return deps.store.transaction(async (store) => {
    const tx = { ...deps, store };
    const released = await executePacketCommand(tx, packet.packetId, command, metadata);
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
  });
}

/**
 * A release a checker approved: the stored packet command (the pair and the weighing as
 * they were when it was asked, the customer's code already checked) is written now.
 */
defineApprovalExecutor('release', async (deps, stored, run) => {
  const loanUuid = String(stored.loanUuid);
  const { state: loan } = await loadLoan(deps.store, loanUuid);
  const packet = await packetOfLoan(deps.store, loanUuid, loan);
  const released = await writeRelease(
    deps,
    { loanUuid, loan, packet },
    stored.packet as PacketCommand,
    run.metadata,
  );
  return {
    message: `Packet ${released.state.packetNumber} released to the customer; the loan's gold is marked returned.`,
    loanUuid,
    loanId: loan.loanId,
  };
});

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
      // A top-up's gold is its parent's: it goes back with the parent, from the parent's packet.
      if (ctx.loan.topUpOf) {
        throw new DomainError(
          `The gold of top-up loan ${ctx.loan.loanId} is in the packet of loan ${ctx.loan.topUpOf.loanId}: it is released from there once both are closed`,
          'top_up_gold',
          409,
        );
      }
      // The packet also holds the gold of the loan's open top-ups: no code until they are closed.
      await requireNoOpenTopUp(deps.store, ctx.loanUuid);
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
    {
      config: staff(30),
      schema: {
        ...actionSchema(ReleasePacketRequest),
        response: { ...actionSchema(ReleasePacketRequest).response, 202: SentForApprovalResponse },
      },
    },
    async (request, reply) => {
      const { customerCode, weighedGrossWeight, reason, confirmer } = request.body;
      const metadata = metadataOf(request);
      const incidentId = requestScopedUuid('custody-incident');
      let opened: string | null = null;
      let held: SentForApprovalResponse | null = null;
      const state = await move(
        request,
        request.params.id,
        confirmer,
        packetBranch,
        (ctx, pair) => ({
          type: 'ReleasePacket',
          ...pair,
          weighedGrossWeightMg: gramsToMg(weighedGrossWeight),
          incidentId,
          reason: reason || null,
          loan: loanFacts(ctx.loan),
        }),
        // Maker-checker (policy rule `release`): the customer's code and the second person are
        // checked now; the hand-over is written when a checker approves. Otherwise at once:
        // the packet goes back and the loan's gold is marked returned in one transaction.
        async (ctx, command) => {
          held = await requireApproval(deps, request, {
            action: 'release',
            summary: `Release the gold of loan ${ctx.loan.loanId} (packet ${requirePacket(ctx).state.packetNumber}) to ${ctx.loan.customer!.name}`,
            amountPaise: null,
            subject: {
              loanUuid: ctx.loanUuid,
              loanId: ctx.loan.loanId,
              customerName: ctx.loan.customer!.name,
            },
            command: { loanUuid: ctx.loanUuid, packet: command },
            reason: reason || null,
          });
          if (held) return { state: requirePacket(ctx).state };
          const released = await writeRelease(deps, ctx, command, metadata);
          opened = released.state.incidents.find((i) => i.incidentId === incidentId)?.incidentId ?? null;
          return released;
        },
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
      if (held) return reply.status(202).send(held);
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
