import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@goldledger/contracts';
import { known, LOAN } from '../testing/loan-events.js';
import { evolvePacketRow, type PacketRow } from './custody.projector.js';

const BRANCH = '00000000-0000-4000-8000-0000000b7a01';
const WEST = '0b0b0b0b-0000-4000-8000-00000000000b';
const ravi = { id: '44444444-4444-4444-8444-444444444444', name: 'Ravi' };
const asha = { id: '55555555-5555-4555-8555-555555555555', name: 'Asha' };
const pair = { by: ravi, confirmedBy: { ...asha, method: 'password' as const }, reason: null };

let position = 0;
const packetEvent = (type: string, data: object, at: string) => {
  position += 1;
  return known(
    {
      eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
      streamId: `packet-${LOAN}`,
      streamType: 'packet',
      streamPosition: position,
      position: { transactionId: String(100 + position), globalPosition: String(position) },
      type,
      schemaVersion: 1,
      data: { ...pair, at, ...data },
      metadata: {},
      occurredAt: at,
      recordedAt: at,
    } as RecordedEvent,
    'packet',
  )!;
};

describe('the custody read model', () => {
  it('follows a packet from sealing through the vault, a transfer and release', () => {
    const events = [
      packetEvent(
        'PacketSealed',
        {
          packetId: LOAN,
          packetNumber: 'PK00000001',
          loanStreamId: `loan-${LOAN}`,
          loanId: 'GL261100001',
          branchId: BRANCH,
          sealedGrossWeightMg: 30_000,
          itemCount: 1,
        },
        '2026-11-21T04:30:00.000Z',
      ),
      packetEvent(
        'PacketStored',
        { branchId: BRANCH, location: { safe: 'Safe 1', slot: 'A3' } },
        '2026-11-21T04:40:00.000Z',
      ),
      packetEvent(
        'PacketTakenOut',
        { branchId: BRANCH, purpose: 'transfer', reason: 'to West' },
        '2026-11-22T04:30:00.000Z',
      ),
      packetEvent(
        'PacketTransferredOut',
        { fromBranchId: BRANCH, toBranchId: WEST },
        '2026-11-22T04:35:00.000Z',
      ),
    ];
    let row: PacketRow | undefined;
    for (const e of events) row = evolvePacketRow(row, e);
    expect(row).toMatchObject({
      status: 'in_transit',
      branch_id: BRANCH,
      to_branch_id: WEST,
      location_safe: null,
      version: 4,
      last_movement_at: '2026-11-22T04:35:00.000Z',
    });
    row = evolvePacketRow(
      row,
      packetEvent(
        'PacketTransferredIn',
        { fromBranchId: BRANCH, toBranchId: WEST, location: { safe: 'Vault A', slot: '7' } },
        '2026-11-23T04:30:00.000Z',
      ),
    );
    expect(row).toMatchObject({
      status: 'in_vault',
      branch_id: WEST,
      to_branch_id: null,
      location_safe: 'Vault A',
    });
    // A redelivered event changes nothing.
    expect(evolvePacketRow(row, events[1]!)).toBe(row);
  });
});
