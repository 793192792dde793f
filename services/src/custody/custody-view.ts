import {
  formatPacketWeight,
  type CustodyMove,
  type PacketEvent,
  type PacketIncidentView,
  type PacketMovementView,
  type PacketView,
  type TakeOutPurpose,
} from '@goldledger/contracts';
import type { LoanState } from '../lending/loan.state.js';
import type { LoadedPacket } from './custody-commands.js';

const PURPOSE: Record<TakeOutPurpose, string> = {
  inspection: 'for inspection',
  release: 'for release to the customer',
  auction: 'for auction',
  transfer: 'for a transfer to another branch',
};

/** Branch names by id, for the words of the record. */
export type BranchNames = (branchId: string) => string;

const where = (l: { safe: string; slot: string }) => `${l.safe}, tray/slot ${l.slot}`;

function summary(e: PacketEvent, names: BranchNames, sealedMg: number): string {
  switch (e.type) {
    case 'PacketSealed':
      return `Sealed at ${names(e.data.branchId)}: ${formatPacketWeight(e.data.sealedGrossWeightMg)} gross, ${e.data.itemCount} item${e.data.itemCount === 1 ? '' : 's'}`;
    case 'PacketStored':
      return `Put in the vault: ${where(e.data.location)}`;
    case 'PacketTakenOut':
      return `Taken out of the vault ${PURPOSE[e.data.purpose]}`;
    case 'PacketReleased': {
      const weighed = `weighed ${formatPacketWeight(e.data.weighedGrossWeightMg)}`;
      return e.data.incidentId
        ? `Released to the customer, ${weighed} (sealed at ${formatPacketWeight(sealedMg)}: incident opened)`
        : `Released to the customer, ${weighed}`;
    }
    case 'PacketSentToAuction':
      return 'Sent to auction';
    case 'PacketItemsAdded':
      return `Opened, ${e.data.addedItemCount} item${e.data.addedItemCount === 1 ? '' : 's'} added and resealed: ${formatPacketWeight(e.data.sealedGrossWeightMg)} gross (was ${formatPacketWeight(e.data.previousGrossWeightMg)}), ${e.data.itemCount} items`;
    case 'PacketTransferredOut':
      return `Sent from ${names(e.data.fromBranchId)} to ${names(e.data.toBranchId)}`;
    case 'PacketTransferredIn':
      return `Received at ${names(e.data.toBranchId)} from ${names(e.data.fromBranchId)}: ${where(e.data.location)}`;
    case 'PacketIncidentOpened':
    case 'PacketIncidentResolved':
      return '';
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}

/** The packet with its movements (who, who confirmed, when) and incidents, in words. */
export function packetView(packet: LoadedPacket, names: BranchNames): PacketView {
  const { state } = packet;
  const movements: PacketMovementView[] = [];
  const incidents = new Map<string, PacketIncidentView>();
  for (const e of packet.events) {
    if (e.type === 'PacketIncidentOpened') {
      incidents.set(e.data.incidentId, {
        incidentId: e.data.incidentId,
        kind: e.data.kind,
        expectedGrossWeightMg: e.data.expectedGrossWeightMg,
        foundGrossWeightMg: e.data.foundGrossWeightMg,
        openedBy: e.data.openedBy,
        openedAt: e.data.at,
        resolution: null,
        resolvedBy: null,
        resolvedAt: null,
      });
      continue;
    }
    if (e.type === 'PacketIncidentResolved') {
      const open = incidents.get(e.data.incidentId);
      if (open) {
        incidents.set(e.data.incidentId, {
          ...open,
          resolution: e.data.resolution,
          resolvedBy: e.data.resolvedBy,
          resolvedAt: e.data.at,
        });
      }
      continue;
    }
    const d = e.data;
    movements.push({
      type: e.type,
      summary: summary(e, names, state.sealedGrossWeightMg),
      at: d.at,
      by: d.by,
      confirmedBy: d.confirmedBy,
      reason: d.reason,
      // Where it happened: the sending branch for a transfer out, the receiving one for a transfer in.
      branchId:
        'branchId' in d ? d.branchId : e.type === 'PacketTransferredOut' ? d.fromBranchId : d.toBranchId,
    });
  }
  return {
    packetId: packet.packetId,
    packetNumber: state.packetNumber,
    status: state.status === 'none' ? 'sealed' : state.status,
    branchId: state.branchId,
    branchName: names(state.branchId),
    location: state.status === 'in_vault' ? state.location : null,
    outPurpose: state.status === 'out' ? state.outPurpose : null,
    toBranchId: state.toBranchId,
    toBranchName: state.toBranchId ? names(state.toBranchId) : null,
    sealedGrossWeightMg: state.sealedGrossWeightMg,
    itemCount: state.itemCount,
    sealedForLoanId: state.loanId,
    movements,
    incidents: [...incidents.values()],
    version: packet.version,
  };
}

/**
 * The movements the caller may ask for next: what the packet's state allows, at a branch
 * the caller works at (`canActAt`). The server decides each one again when it is asked.
 */
export function allowedMoves(
  loan: LoanState,
  packet: LoadedPacket | null,
  canActAt: (branchId: string) => boolean,
): CustodyMove[] {
  if (!packet) {
    const sealable =
      loan.status === 'active' || (loan.status === 'closed' && loan.goldReturn.status !== 'returned');
    return sealable && canActAt(loan.branchId) ? ['seal'] : [];
  }
  const s = packet.state;
  if (s.status === 'in_transit') return s.toBranchId && canActAt(s.toBranchId) ? ['transfer_in'] : [];
  if (!canActAt(s.branchId)) return [];
  switch (s.status) {
    case 'sealed':
      return ['store'];
    case 'in_vault':
      return ['take_out'];
    case 'out': {
      const next: CustodyMove[] = ['store'];
      if (s.outPurpose === 'release' && loan.status === 'closed') next.push('release');
      if (s.outPurpose === 'auction' && loan.auction.status !== 'not_ready') next.push('send_to_auction');
      if (s.outPurpose === 'transfer') next.push('transfer_out');
      return next;
    }
    default:
      return [];
  }
}
