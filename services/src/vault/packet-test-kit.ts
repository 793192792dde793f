import { randomUUID } from 'node:crypto';
import {
  DEFAULT_BRANCH_ID,
  PACKET_STREAM_TYPE,
  formatPacketNumber,
  packetStreamId,
  type PacketEvent,
  type TakeOutPurpose,
  type VaultLocation,
} from '@goldledger/contracts';
import type { TestApi } from '../testing/test-api.js';

/**
 * Packets for the vault's tests, written the way the custody slice records them: events
 * appended to the packet's stream (the commands that seal and move packets are the custody
 * slice's, issue 16 point 3). Times come from the test API's clock.
 */
export function packetKit(api: () => TestApi, firstNumber = 1) {
  let next = firstNumber;
  const movement = () => ({
    by: { id: api().users.employee, name: 'Ravi Employee' },
    confirmedBy: { id: api().users.admin, name: 'Asha Admin', method: 'password' as const },
    at: api().clock.now().toISOString(),
    reason: null,
  });

  async function append(packetId: string, event: PacketEvent): Promise<void> {
    const streamId = packetStreamId(packetId);
    const version = await api().store.streamVersion(streamId);
    await api().store.append(streamId, [{ ...event, occurredAt: api().clock.now() }], {
      streamType: PACKET_STREAM_TYPE,
      expectedVersion: version === 0 ? 'no_stream' : version,
      metadata: { actor: { id: api().users.employee, role: 'employee', name: 'Ravi Employee' } },
    });
  }

  /** Seals a loan's gold in a new packet and, unless told otherwise, puts it in the vault. */
  async function seal(
    loan: { _id: string; loanId: string },
    options: { weightMg?: number; branchId?: string; location?: VaultLocation | null } = {},
  ) {
    const packetId = randomUUID();
    const packetNumber = formatPacketNumber(next++);
    const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
    await append(packetId, {
      type: 'PacketSealed',
      data: {
        ...movement(),
        packetId,
        packetNumber,
        loanStreamId: `loan-${loan._id}`,
        loanId: loan.loanId,
        branchId,
        sealedGrossWeightMg: options.weightMg ?? 30_000,
        itemCount: 1,
      },
    });
    const location = options.location === undefined ? { safe: 'Safe 1', slot: `T${next}` } : options.location;
    if (location)
      await append(packetId, { type: 'PacketStored', data: { ...movement(), branchId, location } });
    return { packetId, packetNumber, branchId };
  }

  const takeOut = (p: { packetId: string; branchId: string }, purpose: TakeOutPurpose) =>
    append(p.packetId, { type: 'PacketTakenOut', data: { ...movement(), branchId: p.branchId, purpose } });

  /** Out for release, then handed to the customer at the sealed weight. */
  async function release(p: { packetId: string; branchId: string }, weighedGrossWeightMg = 30_000) {
    await takeOut(p, 'release');
    await append(p.packetId, {
      type: 'PacketReleased',
      data: {
        ...movement(),
        branchId: p.branchId,
        weighedGrossWeightMg,
        customerConfirmed: true,
        incidentId: null,
      },
    });
  }

  return { seal, takeOut, release, append };
}
