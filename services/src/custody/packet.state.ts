import type { PacketEvent, PacketStatus, TakeOutPurpose, VaultLocation } from '@goldledger/contracts';

export interface PacketIncidentState {
  incidentId: string;
  expectedGrossWeightMg: number;
  foundGrossWeightMg: number;
  resolved: boolean;
}

/** A packet as its stream says: where it is now and what it was sealed as. */
export interface PacketState {
  status: PacketStatus | 'none';
  packetId: string;
  packetNumber: string;
  /** The loan it was sealed for. */
  loanStreamId: string;
  loanId: string;
  /** The branch holding it (the sending branch while in transit). */
  branchId: string;
  location: VaultLocation | null;
  outPurpose: TakeOutPurpose | null;
  toBranchId: string | null;
  sealedGrossWeightMg: number;
  itemCount: number;
  incidents: PacketIncidentState[];
}

export const initialPacketState = (): PacketState => ({
  status: 'none',
  packetId: '',
  packetNumber: '',
  loanStreamId: '',
  loanId: '',
  branchId: '',
  location: null,
  outPurpose: null,
  toBranchId: null,
  sealedGrossWeightMg: 0,
  itemCount: 0,
  incidents: [],
});

export function evolvePacket(state: PacketState, event: PacketEvent): PacketState {
  switch (event.type) {
    case 'PacketSealed': {
      const d = event.data;
      return {
        ...initialPacketState(),
        status: 'sealed',
        packetId: d.packetId,
        packetNumber: d.packetNumber,
        loanStreamId: d.loanStreamId,
        loanId: d.loanId,
        branchId: d.branchId,
        sealedGrossWeightMg: d.sealedGrossWeightMg,
        itemCount: d.itemCount,
      };
    }
    case 'PacketStored':
      return { ...state, status: 'in_vault', location: event.data.location, outPurpose: null };
    case 'PacketTakenOut':
      return { ...state, status: 'out', location: null, outPurpose: event.data.purpose };
    case 'PacketReleased':
      return { ...state, status: 'released', outPurpose: null };
    case 'PacketSentToAuction':
      return { ...state, status: 'sent_to_auction', outPurpose: null };
    case 'PacketItemsAdded':
      return {
        ...state,
        sealedGrossWeightMg: event.data.sealedGrossWeightMg,
        itemCount: event.data.itemCount,
      };
    case 'PacketTransferredOut':
      return { ...state, status: 'in_transit', outPurpose: null, toBranchId: event.data.toBranchId };
    case 'PacketTransferredIn':
      return {
        ...state,
        status: 'in_vault',
        branchId: event.data.toBranchId,
        toBranchId: null,
        location: event.data.location,
      };
    case 'PacketIncidentOpened':
      return {
        ...state,
        incidents: [
          ...state.incidents,
          {
            incidentId: event.data.incidentId,
            expectedGrossWeightMg: event.data.expectedGrossWeightMg,
            foundGrossWeightMg: event.data.foundGrossWeightMg,
            resolved: false,
          },
        ],
      };
    case 'PacketIncidentResolved':
      return {
        ...state,
        incidents: state.incidents.map((i) =>
          i.incidentId === event.data.incidentId ? { ...i, resolved: true } : i,
        ),
      };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
