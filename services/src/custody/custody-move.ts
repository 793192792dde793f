import type { FastifyRequest } from 'fastify';
import {
  CustodyActionResponse,
  ErrorResponse,
  LoanIdParams,
  type ConfirmerCredential,
  type CustodyConfirmer,
  type CustodyPerson,
} from '@goldledger/contracts';
import { sessionOf, STAFF, type Session } from '../identity/access.plugin.js';
import { metadataOf } from '../platform/http/metadata.js';
import type { SliceDeps } from '../slice-deps.js';
import { executePacketCommand, requireBranch } from './custody-commands.js';
import { custodyOf, requirePacket, type CustodyContext } from './custody-context.js';
import { DualControl } from './dual-control.js';
import { decidePacket, type PacketCommand } from './packet.decider.js';
import { initialPacketState, type PacketState } from './packet.state.js';

export type CustodyRouteDeps = Pick<
  SliceDeps,
  'store' | 'db' | 'clock' | 'otp' | 'messages' | 'smsTemplates' | 'config'
>;

/** Who asks, and the credential of the second person of the pair. */
export interface Pair {
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

/** The branch that holds the packet now: where a move of it happens. */
export const packetBranch = (ctx: CustodyContext) => requirePacket(ctx).state.branchId;

/** What the movement routes share: their access and limits, their schema, the mover and the answer. */
export function custodyMover(deps: CustodyRouteDeps) {
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

  return { dual, staff, actionSchema, move, answer };
}
