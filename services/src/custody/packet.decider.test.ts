import { describe, it } from 'vitest';
import type { PacketEvent } from '@goldledger/contracts';
import { deciderSpec } from '../testing/decider-spec.js';
import { packetDecider, type LoanFacts, type PacketCommand } from './packet.decider.js';

const spec = deciderSpec(packetDecider);

const BRANCH = '00000000-0000-4000-8000-0000000b7a01';
const OTHER_BRANCH = '11111111-1111-4111-8111-111111111111';
const PACKET = '22222222-2222-4222-8222-222222222222';
const INCIDENT = '33333333-3333-4333-8333-333333333333';
const ravi = { id: '44444444-4444-4444-8444-444444444444', name: 'Ravi' };
const asha = { id: '55555555-5555-4555-8555-555555555555', name: 'Asha' };
const meena = { id: '66666666-6666-4666-8666-666666666666', name: 'Meena' };
const at = '2026-11-21T05:00:00.000Z';
const pair = { by: ravi, confirmedBy: { ...asha, method: 'password' as const }, at };
const safes = ['Safe 1', 'Safe 2'];
const slot = { safe: 'Safe 1', slot: 'A3' };

const openLoan: LoanFacts = {
  loanId: 'GL261100001',
  status: 'active',
  goldReturned: false,
  auctionStatus: 'not_ready',
};
const closedLoan: LoanFacts = { ...openLoan, status: 'closed' };
const auctionLoan: LoanFacts = { ...openLoan, auctionStatus: 'auction_scheduled' };

const seal: PacketCommand = {
  type: 'SealPacket',
  ...pair,
  packetId: PACKET,
  packetNumber: 'PK00000001',
  loanStreamId: 'loan-x',
  branchId: BRANCH,
  sealedGrossWeightMg: 30_000,
  itemCount: 1,
  loan: openLoan,
};

const move = { by: ravi, confirmedBy: { ...asha, method: 'password' as const }, at };
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
  data: { ...move, reason: null, branchId: BRANCH, location: slot },
};
const takenOut = (purpose: 'inspection' | 'release' | 'auction' | 'transfer'): PacketEvent => ({
  type: 'PacketTakenOut',
  data: { ...move, reason: 'because', branchId: BRANCH, purpose },
});
const transferredOut: PacketEvent = {
  type: 'PacketTransferredOut',
  data: { ...move, reason: 'moving', fromBranchId: BRANCH, toBranchId: OTHER_BRANCH },
};

const store = (extra: Partial<PacketCommand> = {}): PacketCommand =>
  ({ type: 'StorePacket', ...pair, location: slot, safes, reason: null, ...extra }) as PacketCommand;
const takeOut = (
  purpose: 'inspection' | 'release' | 'auction' | 'transfer',
  loan = openLoan,
): PacketCommand => ({
  type: 'TakeOutPacket',
  ...pair,
  purpose,
  reason: 'because',
  loan,
});
const release = (weighedGrossWeightMg: number, loan = closedLoan): PacketCommand => ({
  type: 'ReleasePacket',
  ...pair,
  weighedGrossWeightMg,
  incidentId: INCIDENT,
  reason: null,
  loan,
});

describe('sealing a loan’s gold', () => {
  it('seals it with the pair, the weight and the packet number', () => {
    spec.given([]).when(seal).then([sealed]);
  });
  it('refuses the same person as both of the pair with "must be a different member of staff"', () => {
    spec
      .given([])
      .when({ ...seal, confirmedBy: { ...ravi, method: 'otp' } })
      .thenThrows(/must be a different member of staff/);
  });
  it('refuses a second packet with "already sealed in packet PK00000001"', () => {
    spec
      .given([sealed])
      .when(seal)
      .thenThrows('The gold of this loan is already sealed in packet PK00000001');
  });
  it('refuses a deleted loan, and a closed loan whose gold was already returned', () => {
    spec
      .given([])
      .when({ ...seal, loan: { ...openLoan, status: 'deleted' } })
      .thenThrows(/not an open loan/);
    spec
      .given([])
      .when({ ...seal, loan: { ...closedLoan, goldReturned: true } })
      .thenThrows(/not an open loan/);
  });
  it('seals a closed loan whose gold is still held (a loan from before custody)', () => {
    const [event] = packetDecider.decide({ ...seal, loan: closedLoan }, packetDecider.initialState());
    if (event?.type !== 'PacketSealed') throw new Error('expected PacketSealed');
  });
});

describe('into the vault and out', () => {
  it('stores a sealed packet in a safe of the branch', () => {
    spec.given([sealed]).when(store()).then([stored]);
  });
  it('refuses a safe the vault does not have', () => {
    spec
      .given([sealed])
      .when(store({ location: { safe: 'Safe 9', slot: 'A1' } } as Partial<PacketCommand>))
      .thenThrows('There is no safe "Safe 9" in this branch\'s vault (safes: Safe 1, Safe 2)');
  });
  it('refuses to store a packet already in the vault', () => {
    spec
      .given([sealed, stored])
      .when(store())
      .thenThrows('Cannot put the packet in the vault: packet PK00000001 is in the vault');
  });
  it('refuses any movement of a packet that was never sealed', () => {
    spec.given([]).when(store()).thenThrows('The gold of this loan is not sealed yet');
  });
  it('takes a stored packet out for inspection and puts it back', () => {
    spec
      .given([sealed, stored])
      .when(takeOut('inspection'))
      .then([takenOut('inspection')]);
    spec
      .given([sealed, stored, takenOut('inspection')])
      .when(store({ reason: 'inspected' } as Partial<PacketCommand>))
      .then([
        { type: 'PacketStored', data: { ...move, reason: 'inspected', branchId: BRANCH, location: slot } },
      ]);
  });
  it('refuses to take out a packet that is not in the vault', () => {
    spec
      .given([sealed])
      .when(takeOut('inspection'))
      .thenThrows(
        'Cannot take the packet out for inspection: packet PK00000001 is sealed and not yet in the vault',
      );
  });
  it('refuses to take out for release while the loan is open', () => {
    spec
      .given([sealed, stored])
      .when(takeOut('release'))
      .thenThrows('Cannot take the packet out for release: loan GL261100001 is not closed');
  });
  it('refuses to take out for auction a loan not on the auction track', () => {
    spec
      .given([sealed, stored])
      .when(takeOut('auction'))
      .thenThrows('Cannot take the packet out for auction: loan GL261100001 is not on the auction track');
  });
});

describe('release to the customer', () => {
  const out = [sealed, stored, takenOut('release')];
  const released = (incidentId: string | null, weighed = 30_000): PacketEvent => ({
    type: 'PacketReleased',
    data: {
      ...move,
      reason: null,
      branchId: BRANCH,
      weighedGrossWeightMg: weighed,
      customerConfirmed: true,
      incidentId,
    },
  });
  it('releases a packet weighing what it was sealed at, with no incident', () => {
    spec
      .given(out)
      .when(release(30_000))
      .then([released(null)]);
  });
  it('opens an incident when the weight differs', () => {
    spec
      .given(out)
      .when(release(29_950))
      .then([
        released(INCIDENT, 29_950),
        {
          type: 'PacketIncidentOpened',
          data: {
            incidentId: INCIDENT,
            kind: 'weight_difference',
            expectedGrossWeightMg: 30_000,
            foundGrossWeightMg: 29_950,
            openedBy: ravi,
            at,
          },
        },
      ]);
  });
  it('refuses a release from the vault ("Put it back" for another purpose)', () => {
    spec
      .given([sealed, stored])
      .when(release(30_000))
      .thenThrows('Cannot release the packet: packet PK00000001 is in the vault');
    spec
      .given([sealed, stored, takenOut('inspection')])
      .when(release(30_000))
      .thenThrows(/was taken out for inspection, not for release. Put it back in the vault first./);
  });
  it('refuses a release of an open loan', () => {
    spec
      .given(out)
      .when(release(30_000, openLoan))
      .thenThrows('Cannot release the packet: loan GL261100001 is not closed');
  });
  it('refuses a second release', () => {
    spec
      .given([...out, released(null)])
      .when(release(30_000))
      .thenThrows('Cannot release the packet: packet PK00000001 is released to the customer');
  });
});

describe('auction', () => {
  it('sends a packet taken out for auction', () => {
    spec
      .given([sealed, stored, takenOut('auction')])
      .when({ type: 'SendPacketToAuction', ...pair, reason: null, loan: auctionLoan })
      .then([{ type: 'PacketSentToAuction', data: { ...move, reason: null, branchId: BRANCH } }]);
  });
  it('refuses when the loan left the auction track', () => {
    spec
      .given([sealed, stored, takenOut('auction')])
      .when({ type: 'SendPacketToAuction', ...pair, reason: null, loan: openLoan })
      .thenThrows(/not on the auction track/);
  });
});

describe('transfer between branches', () => {
  const transferOut = (toBranchId = OTHER_BRANCH, toBranchKnown = true): PacketCommand => ({
    type: 'TransferPacketOut',
    ...pair,
    toBranchId,
    toBranchKnown,
    reason: 'moving',
  });
  const transferIn = (branchId = OTHER_BRANCH): PacketCommand => ({
    type: 'TransferPacketIn',
    by: meena,
    confirmedBy: { ...asha, method: 'otp' },
    at,
    branchId,
    location: { safe: 'Vault A', slot: '1' },
    safes: ['Vault A'],
    reason: null,
  });
  it('sends it out of one branch and receives it into the other', () => {
    spec
      .given([sealed, stored, takenOut('transfer')])
      .when(transferOut())
      .then([transferredOut]);
    spec
      .given([sealed, stored, takenOut('transfer'), transferredOut])
      .when(transferIn())
      .then([
        {
          type: 'PacketTransferredIn',
          data: {
            by: meena,
            confirmedBy: { ...asha, method: 'otp' },
            at,
            reason: null,
            fromBranchId: BRANCH,
            toBranchId: OTHER_BRANCH,
            location: { safe: 'Vault A', slot: '1' },
          },
        },
      ]);
  });
  it('refuses a transfer to the same branch, to an unknown one, or not taken out for it', () => {
    spec
      .given([sealed, stored, takenOut('transfer')])
      .when(transferOut(BRANCH))
      .thenThrows('The packet is already at that branch: choose another one');
    spec
      .given([sealed, stored, takenOut('transfer')])
      .when(transferOut(OTHER_BRANCH, false))
      .thenThrows('Branch not found');
    spec
      .given([sealed, stored])
      .when(transferOut())
      .thenThrows('Cannot transfer the packet: packet PK00000001 is in the vault');
  });
  it('refuses a transfer-in by a branch it is not going to, and one not in transit', () => {
    spec
      .given([sealed, stored, takenOut('transfer'), transferredOut])
      .when(transferIn(BRANCH))
      .thenThrows(/only that branch can receive it/);
    spec
      .given([sealed, stored])
      .when(transferIn())
      .thenThrows(/packet PK00000001 is in the vault/);
  });
});

describe('incidents', () => {
  const opened: PacketEvent = {
    type: 'PacketIncidentOpened',
    data: {
      incidentId: INCIDENT,
      kind: 'weight_difference',
      expectedGrossWeightMg: 30_000,
      foundGrossWeightMg: 29_950,
      openedBy: ravi,
      at,
    },
  };
  const resolve: PacketCommand = {
    type: 'ResolveIncident',
    incidentId: INCIDENT,
    resolution: 'Scale recalibrated; customer signed',
    resolvedBy: asha,
    at,
  };
  it('is resolved by an admin once', () => {
    spec
      .given([sealed, opened])
      .when(resolve)
      .then([
        {
          type: 'PacketIncidentResolved',
          data: {
            incidentId: INCIDENT,
            resolution: 'Scale recalibrated; customer signed',
            resolvedBy: asha,
            at,
          },
        },
      ]);
    spec
      .given([
        sealed,
        opened,
        {
          type: 'PacketIncidentResolved',
          data: { incidentId: INCIDENT, resolution: 'x'.repeat(5), resolvedBy: asha, at },
        },
      ])
      .when(resolve)
      .thenThrows('This incident is already resolved');
  });
  it('refuses an incident the packet does not have', () => {
    spec.given([sealed]).when(resolve).thenThrows('Incident not found');
  });
});
