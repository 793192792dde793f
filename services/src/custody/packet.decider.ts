import {
  CUSTODY_POLICY,
  type AuctionStatus,
  type CustodyConfirmer,
  type CustodyPerson,
  type PacketEvent,
  type TakeOutPurpose,
  type VaultLocation,
} from '@goldledger/contracts';
import { DomainError, type Decider } from '../platform/decider.js';
import { evolvePacket, initialPacketState, type PacketState } from './packet.state.js';

/** What a movement needs to know of the loan whose gold it moves. */
export interface LoanFacts {
  loanId: string;
  status: 'none' | 'active' | 'closed' | 'renewed' | 'deleted';
  /** The loan's gold was marked returned (through the gold-returns screen, before custody). */
  goldReturned: boolean;
  auctionStatus: AuctionStatus;
}

/** Who moves the packet, who confirms it with their own credential, and when. */
interface DualControl {
  by: CustodyPerson;
  confirmedBy: CustodyConfirmer;
  /** ISO instant from the injected clock. */
  at: string;
}

export type PacketCommand =
  | (DualControl & {
      type: 'SealPacket';
      packetId: string;
      packetNumber: string;
      loanStreamId: string;
      branchId: string;
      sealedGrossWeightMg: number;
      itemCount: number;
      loan: LoanFacts;
    })
  | (DualControl & {
      type: 'StorePacket';
      location: VaultLocation;
      /** The safes of the holding branch's vault. */
      safes: readonly string[];
      reason: string | null;
    })
  | (DualControl & { type: 'TakeOutPacket'; purpose: TakeOutPurpose; reason: string; loan: LoanFacts })
  | (DualControl & {
      type: 'ReleasePacket';
      weighedGrossWeightMg: number;
      /** Used when the weight differs: the incident it opens. */
      incidentId: string;
      reason: string | null;
      loan: LoanFacts;
    })
  | (DualControl & { type: 'SendPacketToAuction'; reason: string | null; loan: LoanFacts })
  | (DualControl & {
      type: 'AddItemsToPacket';
      addedItemCount: number;
      /** The resealed packet on the branch scale. */
      resealedGrossWeightMg: number;
      reason: string | null;
      loan: LoanFacts;
    })
  | (DualControl & {
      type: 'TransferPacketOut';
      toBranchId: string;
      /** The receiving branch exists. */
      toBranchKnown: boolean;
      reason: string;
    })
  | (DualControl & {
      type: 'TransferPacketIn';
      /** The branch receiving it (the pair's). */
      branchId: string;
      location: VaultLocation;
      safes: readonly string[];
      reason: string | null;
    })
  | {
      type: 'ResolveIncident';
      incidentId: string;
      resolution: string;
      resolvedBy: CustodyPerson;
      at: string;
    };

type Refusal = [message: string, code: string, status?: 400 | 403 | 404 | 409];
const refuse = ([message, code, status = 409]: Refusal): never => {
  throw new DomainError(message, code, status);
};

const STATUS_WORDS: Record<PacketState['status'], string> = {
  none: 'not sealed',
  sealed: 'sealed and not yet in the vault',
  in_vault: 'in the vault',
  out: 'out of the vault',
  in_transit: 'in transit to another branch',
  released: 'released to the customer',
  sent_to_auction: 'sent to auction',
};

const PURPOSE_WORDS: Record<TakeOutPurpose, string> = {
  inspection: 'for inspection',
  release: 'for release',
  auction: 'for auction',
  transfer: 'for a transfer',
};

function requireStatus(s: PacketState, allowed: readonly PacketState['status'][], doing: string): void {
  if (s.status === 'none') refuse(['The gold of this loan is not sealed yet', 'packet_not_sealed', 404]);
  if (!allowed.includes(s.status)) {
    refuse([`Cannot ${doing}: packet ${s.packetNumber} is ${STATUS_WORDS[s.status]}`, 'packet_move_refused']);
  }
}

function requireOutFor(s: PacketState, purpose: TakeOutPurpose, doing: string): void {
  requireStatus(s, ['out'], doing);
  if (s.outPurpose !== purpose) {
    refuse([
      `Cannot ${doing}: packet ${s.packetNumber} was taken out ${PURPOSE_WORDS[s.outPurpose!]}, not ${PURPOSE_WORDS[purpose]}. Put it back in the vault first.`,
      'packet_move_refused',
    ]);
  }
}

/** Dual control: two different people, whatever the credential check before said. */
function requireTwoPeople(c: DualControl): void {
  if (c.by.id === c.confirmedBy.id) {
    throw new DomainError(
      'The second person must be a different member of staff, confirming with their own password or code',
      'same_person',
      403,
    );
  }
}

function requireClosedLoan(loan: LoanFacts, doing: string): void {
  if (loan.status !== 'closed') {
    refuse([`Cannot ${doing}: loan ${loan.loanId} is not closed`, 'loan_not_closed']);
  }
}

function requireAuctionTrack(loan: LoanFacts, doing: string): void {
  if (loan.auctionStatus === 'not_ready') {
    refuse([`Cannot ${doing}: loan ${loan.loanId} is not on the auction track`, 'loan_not_for_auction']);
  }
}

function requireSafe(location: VaultLocation, safes: readonly string[]): void {
  if (!safes.includes(location.safe)) {
    refuse([
      `There is no safe "${location.safe}" in this branch's vault (safes: ${safes.join(', ')})`,
      'unknown_safe',
      400,
    ]);
  }
}

const movement = (c: DualControl, reason: string | null) => ({
  by: c.by,
  confirmedBy: c.confirmedBy,
  at: c.at,
  reason,
});

export function decidePacket(c: PacketCommand, s: PacketState): PacketEvent[] {
  if (c.type !== 'ResolveIncident') requireTwoPeople(c);
  switch (c.type) {
    case 'SealPacket': {
      if (s.status !== 'none') {
        refuse([`The gold of this loan is already sealed in packet ${s.packetNumber}`, 'packet_exists']);
      }
      const { loan } = c;
      if (loan.status !== 'active' && !(loan.status === 'closed' && !loan.goldReturned)) {
        refuse([`Cannot seal the gold of loan ${loan.loanId}: it is not an open loan`, 'loan_not_open']);
      }
      return [
        {
          type: 'PacketSealed',
          data: {
            ...movement(c, null),
            packetId: c.packetId,
            packetNumber: c.packetNumber,
            loanStreamId: c.loanStreamId,
            loanId: loan.loanId,
            branchId: c.branchId,
            sealedGrossWeightMg: c.sealedGrossWeightMg,
            itemCount: c.itemCount,
          },
        },
      ];
    }
    case 'StorePacket':
      requireStatus(s, ['sealed', 'out'], 'put the packet in the vault');
      requireSafe(c.location, c.safes);
      return [
        {
          type: 'PacketStored',
          data: { ...movement(c, c.reason), branchId: s.branchId, location: c.location },
        },
      ];
    case 'TakeOutPacket':
      requireStatus(s, ['in_vault'], `take the packet out ${PURPOSE_WORDS[c.purpose]}`);
      if (c.purpose === 'release') requireClosedLoan(c.loan, 'take the packet out for release');
      if (c.purpose === 'auction') requireAuctionTrack(c.loan, 'take the packet out for auction');
      return [
        {
          type: 'PacketTakenOut',
          data: { ...movement(c, c.reason), branchId: s.branchId, purpose: c.purpose },
        },
      ];
    case 'ReleasePacket': {
      requireOutFor(s, 'release', 'release the packet');
      requireClosedLoan(c.loan, 'release the packet');
      const difference = Math.abs(c.weighedGrossWeightMg - s.sealedGrossWeightMg);
      const incident = difference > CUSTODY_POLICY.releaseWeightToleranceMg;
      const released: PacketEvent = {
        type: 'PacketReleased',
        data: {
          ...movement(c, c.reason),
          branchId: s.branchId,
          weighedGrossWeightMg: c.weighedGrossWeightMg,
          customerConfirmed: true,
          incidentId: incident ? c.incidentId : null,
        },
      };
      if (!incident) return [released];
      return [
        released,
        {
          type: 'PacketIncidentOpened',
          data: {
            incidentId: c.incidentId,
            kind: 'weight_difference',
            expectedGrossWeightMg: s.sealedGrossWeightMg,
            foundGrossWeightMg: c.weighedGrossWeightMg,
            openedBy: c.by,
            at: c.at,
          },
        },
      ];
    }
    case 'SendPacketToAuction':
      requireOutFor(s, 'auction', 'send the packet to auction');
      requireAuctionTrack(c.loan, 'send the packet to auction');
      return [{ type: 'PacketSentToAuction', data: { ...movement(c, c.reason), branchId: s.branchId } }];
    case 'AddItemsToPacket': {
      requireStatus(s, ['sealed', 'in_vault', 'out'], 'add gold to the packet');
      if (c.loan.status !== 'active') {
        refuse([`Cannot add gold to the packet: loan ${c.loan.loanId} is not open`, 'loan_not_open']);
      }
      if (c.resealedGrossWeightMg <= s.sealedGrossWeightMg) {
        refuse([
          `The resealed packet must weigh more than before (${s.sealedGrossWeightMg / 1000} g): weigh it again with the added gold in it`,
          'packet_weight_not_more',
          400,
        ]);
      }
      return [
        {
          type: 'PacketItemsAdded',
          data: {
            ...movement(c, c.reason),
            branchId: s.branchId,
            addedItemCount: c.addedItemCount,
            itemCount: s.itemCount + c.addedItemCount,
            previousGrossWeightMg: s.sealedGrossWeightMg,
            sealedGrossWeightMg: c.resealedGrossWeightMg,
          },
        },
      ];
    }
    case 'TransferPacketOut':
      requireOutFor(s, 'transfer', 'transfer the packet');
      if (!c.toBranchKnown) refuse(['Branch not found', 'branch_not_found', 404]);
      if (c.toBranchId === s.branchId) {
        refuse(['The packet is already at that branch: choose another one', 'same_branch', 400]);
      }
      return [
        {
          type: 'PacketTransferredOut',
          data: { ...movement(c, c.reason), fromBranchId: s.branchId, toBranchId: c.toBranchId },
        },
      ];
    case 'TransferPacketIn':
      requireStatus(s, ['in_transit'], 'receive the packet');
      if (c.branchId !== s.toBranchId) {
        refuse([
          `Packet ${s.packetNumber} is on its way to another branch: only that branch can receive it`,
          'wrong_branch',
          403,
        ]);
      }
      requireSafe(c.location, c.safes);
      return [
        {
          type: 'PacketTransferredIn',
          data: {
            ...movement(c, c.reason),
            fromBranchId: s.branchId,
            toBranchId: c.branchId,
            location: c.location,
          },
        },
      ];
    case 'ResolveIncident': {
      const incident = s.incidents.find((i) => i.incidentId === c.incidentId);
      if (!incident) refuse(['Incident not found', 'incident_not_found', 404]);
      if (incident!.resolved) refuse(['This incident is already resolved', 'incident_resolved']);
      return [
        {
          type: 'PacketIncidentResolved',
          data: { incidentId: c.incidentId, resolution: c.resolution, resolvedBy: c.resolvedBy, at: c.at },
        },
      ];
    }
    default: {
      const _exhaustive: never = c;
      return _exhaustive;
    }
  }
}

export const packetDecider: Decider<PacketCommand, PacketEvent, PacketState> = {
  initialState: initialPacketState,
  evolve: evolvePacket,
  decide: decidePacket,
};
