import type { FastifyRequest } from 'fastify';
import {
  CodeSentResponse,
  ConfirmationCodeRequest,
  CustodyActionResponse,
  ErrorResponse,
  LoanIdParams,
  ReleaseCodeRequest,
  ReleasePacketRequest,
  SealPacketRequest,
  SendToAuctionRequest,
  StorePacketRequest,
  TakeOutPacketRequest,
  TooManyRequestsResponse,
  TransferInRequest,
  TransferOutRequest,
  businessDate,
  gramsToMg,
  type ConfirmerCredential,
  type CustodyConfirmer,
  type CustodyPerson,
} from '@goldledger/contracts';
import { loadCustomer } from '../customers/customer-commands.js';
import { sessionOf, STAFF, type Session } from '../identity/access.plugin.js';
import { OTP_POLICY } from '../identity/otp.js';
import { executeLoanCommand } from '../lending/loan-commands.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import { requestScopedUuid } from '../platform/request-idempotency.js';
import type { SliceDeps } from '../slice-deps.js';
import { executePacketCommand, loanFacts, requireBranch, sealPacket } from './custody-commands.js';
import { custodyOf, requirePacket, type CustodyContext } from './custody-context.js';
import { DualControl } from './dual-control.js';
import { decidePacket, type PacketCommand } from './packet.decider.js';
import { initialPacketState, type PacketState } from './packet.state.js';

export type CustodyRouteDeps = Pick<
  SliceDeps,
  'store' | 'db' | 'clock' | 'otp' | 'messages' | 'smsTemplates'
>;

/** Who asks, and the credential of the second person of the pair. */
interface Pair {
  by: CustodyPerson;
  confirmedBy: CustodyConfirmer;
  at: string;
}

/** Stands in for the second person while a move is checked before any credential is used. */
const NOBODY: CustodyConfirmer = {
  id: '00000000-0000-4000-8000-000000000000',
  name: '-',
  method: 'password',
};

const STATUS_WORDS: Record<PacketState['status'], string> = {
  none: 'not sealed',
  sealed: 'sealed',
  in_vault: 'in the vault',
  out: 'out of the vault',
  in_transit: 'in transit',
  released: 'released to the customer',
  sent_to_auction: 'sent to auction',
};

const customerCodeIdentifier = (loanUuid: string) => `custody-release:${loanUuid}`;

/** Vault movements under dual control, and the codes they are confirmed with. */
export function registerCustodyRoutes(app: App, deps: CustodyRouteDeps): void {
  const dual = new DualControl(deps);
  const staff = (max: number) => ({ access: [...STAFF], rateLimit: { max, timeWindow: '1 minute' } });
  const actionSchema = <B>(body: B) => ({
    params: LoanIdParams,
    body,
    response: { 200: CustodyActionResponse, 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
  });

  /**
   * One dual-controlled movement: the loan in the caller's branches, the caller and the
   * second person at the branch where it happens, the move checked before the second
   * person's credential is used (an impossible move spends no code), then decided again
   * against the packet's stream and appended.
   */
  async function move(
    request: FastifyRequest,
    loanUuid: string,
    credential: ConfirmerCredential,
    branchOf: (ctx: CustodyContext) => string,
    command: (ctx: CustodyContext, pair: Pair) => Promise<PacketCommand> | PacketCommand,
    write?: (ctx: CustodyContext, command: PacketCommand) => Promise<{ state: PacketState }>,
    beforeConfirm?: (ctx: CustodyContext, session: Session) => Promise<void>,
  ) {
    const session = sessionOf(request);
    const ctx = await custodyOf(deps.store, session, loanUuid);
    const branchId = branchOf(ctx);
    const branch = await requireBranch(deps.store, branchId);
    const by = await dual.requireActor(session, branchId, branch.name);
    const at = deps.clock.now().toISOString();
    const check = await command(ctx, { by, confirmedBy: NOBODY, at });
    decidePacket(check, ctx.packet?.state ?? initialPacketState());
    await beforeConfirm?.(ctx, session);
    const confirmedBy = await dual.confirmer(session, credential, { branchId, name: branch.name });
    const real = await command(ctx, { by, confirmedBy, at });
    const result = write
      ? await write(ctx, real)
      : await executePacketCommand(deps, requirePacket(ctx).packetId, real, metadataOf(request));
    return result.state;
  }

  const answer = (state: PacketState, message: string, incidentId: string | null = null) => ({
    message,
    data: {
      packetNumber: state.packetNumber,
      status: state.status === 'none' ? ('sealed' as const) : state.status,
      incidentId,
    },
  });

  app.post(
    '/api/custody/confirmation-code',
    {
      config: staff(20),
      schema: {
        body: ConfirmationCodeRequest,
        response: { 200: CodeSentResponse, 403: ErrorResponse, 429: TooManyRequestsResponse },
      },
    },
    async (request) => {
      const sent = await dual.sendCode(request, sessionOf(request), request.body.identifier);
      return {
        message: `Code sent to the second person's ${sent.sentTo === 'mobile' ? 'mobile' : 'email'}`,
        expiresInSeconds: OTP_POLICY.validSeconds,
        resendInSeconds: OTP_POLICY.resendAfterSeconds,
      };
    },
  );

  app.post(
    '/api/loans/:id/custody/seal',
    { config: staff(30), schema: actionSchema(SealPacketRequest) },
    async (request) => {
      const { id } = request.params;
      const weightMg = gramsToMg(request.body.sealedGrossWeight);
      const metadata = metadataOf(request);
      const state = await move(
        request,
        id,
        request.body.confirmer,
        (ctx) => ctx.loan.branchId,
        (ctx, pair): PacketCommand => {
          if (ctx.packet) {
            throw new DomainError(
              `The gold of this loan is already sealed in packet ${ctx.packet.state.packetNumber}`,
              'packet_exists',
              409,
            );
          }
          return {
            type: 'SealPacket',
            ...pair,
            packetId: id,
            packetNumber: 'PK00000000',
            loanStreamId: `loan-${id}`,
            branchId: ctx.loan.branchId,
            sealedGrossWeightMg: weightMg,
            itemCount: ctx.loan.goldItems.length,
            loan: loanFacts(ctx.loan),
          };
        },
        async (ctx, command) => {
          const sealed = await sealPacket(
            deps,
            id,
            (packetNumber) => ({ ...command, packetNumber }) as PacketCommand,
            metadata,
          );
          return sealed;
        },
      );
      return answer(
        state,
        `Gold sealed in packet ${state.packetNumber}. Print its label and put it in the vault.`,
      );
    },
  );

  app.post(
    '/api/loans/:id/custody/store',
    { config: staff(60), schema: actionSchema(StorePacketRequest) },
    async (request) => {
      const { location, reason, confirmer } = request.body;
      const state = await move(
        request,
        request.params.id,
        confirmer,
        (ctx) => requirePacket(ctx).state.branchId,
        async (ctx, pair) => ({
          type: 'StorePacket',
          ...pair,
          location,
          safes: (await requireBranch(deps.store, requirePacket(ctx).state.branchId)).vault.safes,
          reason: reason || null,
        }),
      );
      return answer(
        state,
        `Packet ${state.packetNumber} is in the vault: ${location.safe}, tray/slot ${location.slot}.`,
      );
    },
  );

  app.post(
    '/api/loans/:id/custody/take-out',
    { config: staff(60), schema: actionSchema(TakeOutPacketRequest) },
    async (request) => {
      const { purpose, reason, confirmer } = request.body;
      const state = await move(
        request,
        request.params.id,
        confirmer,
        (ctx) => requirePacket(ctx).state.branchId,
        (ctx, pair) => ({ type: 'TakeOutPacket', ...pair, purpose, reason, loan: loanFacts(ctx.loan) }),
      );
      return answer(state, `Packet ${state.packetNumber} is out of the vault for ${purpose}.`);
    },
  );

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

  app.post(
    '/api/loans/:id/custody/send-to-auction',
    { config: staff(30), schema: actionSchema(SendToAuctionRequest) },
    async (request) => {
      const { reason, confirmer } = request.body;
      const state = await move(
        request,
        request.params.id,
        confirmer,
        (ctx) => requirePacket(ctx).state.branchId,
        (ctx, pair) => ({
          type: 'SendPacketToAuction',
          ...pair,
          reason: reason || null,
          loan: loanFacts(ctx.loan),
        }),
      );
      return answer(state, `Packet ${state.packetNumber} sent to auction.`);
    },
  );

  app.post(
    '/api/loans/:id/custody/transfer-out',
    { config: staff(30), schema: actionSchema(TransferOutRequest) },
    async (request) => {
      const { toBranchId, reason, confirmer } = request.body;
      const to = await requireBranch(deps.store, toBranchId);
      const state = await move(
        request,
        request.params.id,
        confirmer,
        (ctx) => requirePacket(ctx).state.branchId,
        (_ctx, pair) => ({ type: 'TransferPacketOut', ...pair, toBranchId, toBranchKnown: true, reason }),
      );
      return answer(
        state,
        `Packet ${state.packetNumber} is on its way to ${to.name}. Its staff record it when it arrives.`,
      );
    },
  );

  app.post(
    '/api/loans/:id/custody/transfer-in',
    { config: staff(30), schema: actionSchema(TransferInRequest) },
    async (request) => {
      const { location, reason, confirmer } = request.body;
      const state = await move(
        request,
        request.params.id,
        confirmer,
        (ctx) => {
          const packet = requirePacket(ctx);
          if (packet.state.status !== 'in_transit' || !packet.state.toBranchId) {
            throw new DomainError(
              `Cannot receive the packet: packet ${packet.state.packetNumber} is ${STATUS_WORDS[packet.state.status]}`,
              'packet_move_refused',
              409,
            );
          }
          return packet.state.toBranchId;
        },
        async (ctx, pair) => {
          const branchId = requirePacket(ctx).state.toBranchId!;
          return {
            type: 'TransferPacketIn',
            ...pair,
            branchId,
            location,
            safes: (await requireBranch(deps.store, branchId)).vault.safes,
            reason: reason || null,
          };
        },
      );
      return answer(
        state,
        `Packet ${state.packetNumber} received: ${location.safe}, tray/slot ${location.slot}.`,
      );
    },
  );
}
