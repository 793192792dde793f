import {
  CustodyResponse,
  ErrorResponse,
  IncidentIdParams,
  IncidentListQuery,
  IncidentListResponse,
  LoanIdParams,
  MessageResponse,
  PacketListQuery,
  PacketListResponse,
  ResolveIncidentRequest,
} from '@goldledger/contracts';
import { branchScopeOf } from '../branches/branch-scope.js';
import { renderPdf } from '../documents/pdf.js';
import { ADMIN_READERS, sessionOf, STAFF_READERS } from '../identity/access.plugin.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import type { SliceDeps } from '../slice-deps.js';
import { branchesInScope } from '../branches/branch.state.js';
import { executePacketCommand, requireBranch } from './custody-commands.js';
import { custodyOf, requirePacket } from './custody-context.js';
import { allowedMoves, packetView } from './custody-view.js';
import { findIncident, listIncidents, listPackets } from './custody.queries.js';
import { packetLabelDocument } from './packet-label.document.js';

export type CustodyReadRouteDeps = Pick<SliceDeps, 'store' | 'db' | 'clock'>;

const ADMIN = ['admin'] as const;

/** The custody record of a loan, its label, the packets list and the admins' incidents. */
export function registerCustodyReadRoutes(app: App, deps: CustodyReadRouteDeps): void {
  const { store, db } = deps;

  async function branchNames() {
    const branches = (await branchesInScope(db, store)).sort((a, b) => a.name.localeCompare(b.name));
    const byId = new Map(branches.map((b) => [b.branchId, b]));
    return { branches, name: (id: string) => byId.get(id)?.name ?? 'Unknown branch' };
  }

  app.get(
    '/api/loans/:id/custody',
    {
      config: { access: [...STAFF_READERS] },
      schema: { params: LoanIdParams, response: { 200: CustodyResponse, 404: ErrorResponse } },
    },
    async (request) => {
      const session = sessionOf(request);
      const ctx = await custodyOf(store, session, request.params.id);
      const { branches, name } = await branchNames();
      const moves = allowedMoves(ctx.loan, ctx.packet, ctx.canActAt);
      const holding = ctx.packet?.state.toBranchId ?? ctx.packet?.state.branchId ?? ctx.loan.branchId;
      const vault = branches.find((b) => b.branchId === holding);
      return {
        data: {
          loan: {
            _id: ctx.loanUuid,
            loanId: ctx.loan.loanId,
            status: ctx.loan.status,
            branchId: ctx.loan.branchId,
            branchName: name(ctx.loan.branchId),
            customerName: ctx.loan.customer!.name,
            goldReturnStatus: ctx.loan.goldReturn.status,
            auctionStatus: ctx.loan.auction.status,
          },
          packet: ctx.packet ? packetView(ctx.packet, name) : null,
          allowedMoves: moves,
          safes: vault?.vault.safes ?? [],
          transferTargets: branches
            .filter((b) => b.branchId !== (ctx.packet?.state.branchId ?? ctx.loan.branchId))
            .map((b) => ({ _id: b.branchId, name: b.name })),
        },
      };
    },
  );

  app.get(
    '/api/loans/:id/custody/label.pdf',
    { config: { access: [...STAFF_READERS] }, schema: { params: LoanIdParams } },
    async (request, reply) => {
      const ctx = await custodyOf(store, sessionOf(request), request.params.id);
      const packet = requirePacket(ctx);
      const sealed = packet.events.find((e) => e.type === 'PacketSealed');
      if (sealed?.type !== 'PacketSealed') throw new DomainError('Packet not found', 'packet_not_found', 404);
      const branch = await requireBranch(store, sealed.data.branchId);
      const doc = await packetLabelDocument({
        packetNumber: packet.state.packetNumber,
        loanId: ctx.loan.loanId,
        branchName: branch.name,
        branchCode: branch.code,
        sealedGrossWeightMg: sealed.data.sealedGrossWeightMg,
        itemCount: sealed.data.itemCount,
        sealedAt: sealed.data.at,
        sealedBy: sealed.data.by.name,
        confirmedBy: sealed.data.confirmedBy.name,
      });
      const pdf = await renderPdf(doc, new Date(sealed.data.at));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="PacketLabel_${packet.state.packetNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/custody/packets',
    {
      config: { access: [...STAFF_READERS] },
      schema: { querystring: PacketListQuery, response: { 200: PacketListResponse } },
    },
    async (request) => ({ data: await listPackets(db, branchScopeOf(sessionOf(request)), request.query) }),
  );

  app.get(
    '/api/admin/custody/incidents',
    {
      config: { access: [...ADMIN_READERS] },
      schema: { querystring: IncidentListQuery, response: { 200: IncidentListResponse } },
    },
    async (request) => ({ data: await listIncidents(db, request.query.status) }),
  );

  app.post(
    '/api/admin/custody/incidents/:id/resolve',
    {
      config: { access: [...ADMIN] },
      schema: {
        params: IncidentIdParams,
        body: ResolveIncidentRequest,
        response: { 200: MessageResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const incident = await findIncident(db, request.params.id);
      if (!incident) throw new DomainError('Incident not found', 'incident_not_found', 404);
      await executePacketCommand(
        deps,
        incident.packet_id,
        {
          type: 'ResolveIncident',
          incidentId: incident.incident_id,
          resolution: request.body.resolution,
          resolvedBy: { id: session.userId, name: session.name },
          at: deps.clock.now().toISOString(),
        },
        metadataOf(request),
      );
      return { message: `Incident on packet ${incident.packet_number} resolved.` };
    },
  );
}
