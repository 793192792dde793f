import {
  PACKET_STREAM_TYPE,
  formatPacketNumber,
  packetStreamId,
  type EventMetadata,
  type PacketEvent,
} from '@goldledger/contracts';
import { loadLoan } from '../lending/loan-commands.js';
import type { LoanState } from '../lending/loan.state.js';
import { handle, type CommandDeps } from '../platform/command-handler.js';
import { fold } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { writeWithNextNumber } from '../platform/sequence.js';
import { decidePacket, type LoanFacts, type PacketCommand } from './packet.decider.js';
import { evolvePacket, initialPacketState, type PacketState } from './packet.state.js';

/** Packet numbers come from one counter for the whole lender: `sequence-packet`. */
export const PACKET_SEQUENCE = 'packet';

const evolve = (s: PacketState, e: { type: string; data: unknown }) => evolvePacket(s, e as PacketEvent);

export interface LoadedPacket {
  packetId: string;
  state: PacketState;
  version: number;
  events: PacketEvent[];
  /** When the packet came from the loan this one renewed. */
  inheritedFrom: string | null;
}

export async function loadPacket(store: EventStore, packetId: string) {
  const { version, events } = await store.readStream(packetStreamId(packetId));
  const typed = events.map((e) => ({ type: e.type, data: e.data }) as PacketEvent);
  return { state: fold(evolve, initialPacketState(), typed), version, events: typed, recorded: events };
}

/**
 * A loan's packet has the loan's own uuid (`packet-<loan uuid>`): one packet per loan,
 * found without an index, and two sealings racing for it are serialised by the stream.
 * A renewal re-pledges the same gold, so a loan with no packet of its own holds the one
 * of the loan it renewed (and so on back); a top-up's gold is its parent's, in its packet.
 */
export async function packetOfLoan(
  store: EventStore,
  loanUuid: string,
  loan: LoanState,
): Promise<LoadedPacket | null> {
  let uuid = loanUuid;
  let current: LoanState = loan;
  for (let hops = 0; hops < 50; hops++) {
    const loaded = await loadPacket(store, uuid);
    if (loaded.version > 0) {
      return {
        packetId: uuid,
        state: loaded.state,
        version: loaded.version,
        events: loaded.events,
        inheritedFrom: uuid === loanUuid ? null : current.loanId,
      };
    }
    const previous = (current.renewalOf ?? current.topUpOf)?.loanStreamId.replace(/^loan-/, '');
    if (!previous) return null;
    uuid = previous;
    current = (await loadLoan(store, uuid)).state;
  }
  return null;
}

export const loanFacts = (loan: LoanState): LoanFacts => ({
  loanId: loan.loanId,
  status: loan.status,
  goldReturned: loan.goldReturn.status === 'returned',
  auctionStatus: loan.auction.status,
});

/** Load → decide → append on the packet's stream, retrying on a concurrent movement. */
export function executePacketCommand(
  { store, clock }: CommandDeps,
  packetId: string,
  command: PacketCommand,
  metadata: EventMetadata = {},
) {
  return handle<PacketState>(
    store,
    packetStreamId(packetId),
    ({ state }) => decidePacket(command, state).map((e) => ({ ...e, occurredAt: clock.now() })),
    { streamType: PACKET_STREAM_TYPE, initialState: initialPacketState, evolve, metadata },
  );
}

/**
 * Seals a loan's gold: the packet number is spent in the same transaction as the
 * packet's first event, so a refused seal spends none (the numbers have no gaps).
 */
export function sealPacket(
  deps: CommandDeps,
  packetId: string,
  command: (packetNumber: string) => PacketCommand,
  metadata: EventMetadata,
) {
  // Decided once before anything is written, so a refusal costs no counter round trip.
  decidePacket(command(formatPacketNumber(1)), initialPacketState());
  return writeWithNextNumber(deps, PACKET_SEQUENCE, metadata, async (n, store) => {
    const result = await executePacketCommand(
      { ...deps, store },
      packetId,
      command(formatPacketNumber(n)),
      metadata,
    );
    return { ...result, packetNumber: formatPacketNumber(n) };
  });
}

/** A branch by id (404 when there is none): the branches slice's, here for the custody routes. */
export { requireBranch } from '../branches/branch.state.js';
