import {
  CodeSentResponse,
  ConfirmationCodeRequest,
  ErrorResponse,
  SealPacketRequest,
  SendToAuctionRequest,
  StorePacketRequest,
  TakeOutPacketRequest,
  TooManyRequestsResponse,
  TransferInRequest,
  TransferOutRequest,
  gramsToMg,
} from '@goldledger/contracts';
import { sessionOf } from '../identity/access.plugin.js';
import { OTP_POLICY } from '../identity/otp.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import { loanFacts, requireBranch, sealPacket } from './custody-commands.js';
import { requirePacket } from './custody-context.js';
import { custodyMover, packetBranch, type CustodyRouteDeps } from './custody-move.js';
import type { PacketCommand } from './packet.decider.js';
import type { PacketState } from './packet.state.js';

export type { CustodyRouteDeps } from './custody-move.js';

const STATUS_WORDS: Record<PacketState['status'], string> = {
  none: 'not sealed',
  sealed: 'sealed',
  in_vault: 'in the vault',
  out: 'out of the vault',
  in_transit: 'in transit',
  released: 'released to the customer',
  sent_to_auction: 'sent to auction',
};

/** Vault movements under dual control, and the codes they are confirmed with. */
export function registerCustodyRoutes(app: App, deps: CustodyRouteDeps): void {
  const { dual, staff, actionSchema, move, answer } = custodyMover(deps);

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
      const state = await move(request, request.params.id, confirmer, packetBranch, async (ctx, pair) => ({
        type: 'StorePacket',
        ...pair,
        location,
        safes: (await requireBranch(deps.store, requirePacket(ctx).state.branchId)).vault.safes,
        reason: reason || null,
      }));
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
      const state = await move(request, request.params.id, confirmer, packetBranch, (ctx, pair) => ({
        type: 'TakeOutPacket',
        ...pair,
        purpose,
        reason,
        loan: loanFacts(ctx.loan),
      }));
      return answer(state, `Packet ${state.packetNumber} is out of the vault for ${purpose}.`);
    },
  );

  app.post(
    '/api/loans/:id/custody/send-to-auction',
    { config: staff(30), schema: actionSchema(SendToAuctionRequest) },
    async (request) => {
      const { reason, confirmer } = request.body;
      const state = await move(request, request.params.id, confirmer, packetBranch, (ctx, pair) => ({
        type: 'SendPacketToAuction',
        ...pair,
        reason: reason || null,
        loan: loanFacts(ctx.loan),
      }));
      return answer(state, `Packet ${state.packetNumber} sent to auction.`);
    },
  );

  app.post(
    '/api/loans/:id/custody/transfer-out',
    { config: staff(30), schema: actionSchema(TransferOutRequest) },
    async (request) => {
      const { toBranchId, reason, confirmer } = request.body;
      const to = await requireBranch(deps.store, toBranchId);
      const state = await move(request, request.params.id, confirmer, packetBranch, (_ctx, pair) => ({
        type: 'TransferPacketOut',
        ...pair,
        toBranchId,
        toBranchKnown: true,
        reason,
      }));
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
