import { describe, it } from 'vitest';
import type { PacketEvent } from '@goldledger/contracts';
import { deciderSpec } from '../testing/decider-spec.js';
import { packetDecider, type LoanFacts, type PacketCommand } from './packet.decider.js';

const spec = deciderSpec(packetDecider);

const BRANCH = '00000000-0000-4000-8000-0000000b7a01';
const OTHER_BRANCH = '11111111-1111-4111-8111-111111111111';
const PACKET = '22222222-2222-4222-8222-222222222222';
const ravi = { id: '44444444-4444-4444-8444-444444444444', name: 'Ravi' };
const asha = { id: '55555555-5555-4555-8555-555555555555', name: 'Asha' };
const at = '2026-11-21T05:00:00.000Z';
const move = { by: ravi, confirmedBy: { ...asha, method: 'password' as const }, at };
const pair = move;
const openLoan: LoanFacts = {
  loanId: 'GL261100001',
  status: 'active',
  goldReturned: false,
  auctionStatus: 'not_ready',
};
const closedLoan: LoanFacts = { ...openLoan, status: 'closed' };

const sealed: PacketEvent = {
  type: 'PacketSealed',
  data: {
    ...move,
    reason: null,
    packetId: PACKET,
    packetNumber: 'PK00000001',
    loanStreamId: 'loan-x',
    loanId: 'GL261100001',
    branchId: BRANCH,
    sealedGrossWeightMg: 30_000,
    itemCount: 1,
  },
};
const stored: PacketEvent = {
  type: 'PacketStored',
  data: { ...move, reason: null, branchId: BRANCH, location: { safe: 'Safe 1', slot: 'A3' } },
};
const takenOutForTransfer: PacketEvent = {
  type: 'PacketTakenOut',
  data: { ...move, reason: 'because', branchId: BRANCH, purpose: 'transfer' },
};
const transferredOut: PacketEvent = {
  type: 'PacketTransferredOut',
  data: { ...move, reason: 'moving', fromBranchId: BRANCH, toBranchId: OTHER_BRANCH },
};

describe('gold added to a packet (a margin call cured with gold)', () => {
  const add = (extra: Partial<PacketCommand> = {}): PacketCommand =>
    ({
      type: 'AddItemsToPacket',
      ...pair,
      addedItemCount: 2,
      resealedGrossWeightMg: 34_500,
      reason: null,
      loan: openLoan,
      ...extra,
    }) as PacketCommand;

  it('reseals the packet with the items in it, where it lies, with its new weight', () => {
    spec
      .given([sealed, stored])
      .when(add())
      .then([
        {
          type: 'PacketItemsAdded',
          data: {
            ...move,
            reason: null,
            branchId: BRANCH,
            addedItemCount: 2,
            itemCount: 3,
            previousGrossWeightMg: 30_000,
            sealedGrossWeightMg: 34_500,
          },
        },
      ]);
  });

  it('refuses a resealed weight no more than before', () => {
    spec
      .given([sealed])
      .when(add({ resealedGrossWeightMg: 30_000 }))
      .thenThrows(/must weigh more than before \(30 g\)/);
  });

  it('refuses a packet in transit, and a loan no longer open', () => {
    spec
      .given([sealed, stored, takenOutForTransfer, transferredOut])
      .when(add())
      .thenThrows(/in transit/);
    spec
      .given([sealed])
      .when(add({ loan: closedLoan }))
      .thenThrows(/loan GL261100001 is not open/);
  });

  it('needs a second person', () => {
    spec
      .given([sealed])
      .when(add({ confirmedBy: { ...ravi, method: 'password' } }))
      .thenThrows(/second person must be a different member of staff/);
  });
});
