import type { EventMetadata } from '@goldledger/contracts';
import { executePacketCommand, loanFacts, requireBranch, sealPacket } from '../custody/custody-commands.js';
import { loadLoan } from '../lending/loan-commands.js';
import { FixedClock } from '../platform/clock.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Staff } from './loan-life.js';

/** Minutes after the loan was opened that its packet is sealed, and then put in the vault. */
const SEALED_AFTER_MS = 5 * 60_000;
const STORED_AFTER_MS = 15 * 60_000;

/**
 * The demo book's open loans get their gold sealed in packets and put in the vault, by
 * the demo employee with the demo admin confirming, on the day each loan was made (so an
 * as-of vault register has history). Run after the story, in loan-date order, so packet
 * numbers follow the loans. Loans closed by then are left as they were made before custody:
 * their gold shows as not sealed. So are the newest `leaveUnsealed` open loans, as if just
 * made and waiting for their pair at the counter: the custody page and the vault register
 * show what an unsealed loan looks like (the newest four of each branch).
 */
export async function sealOpenLoans(
  deps: { store: EventStore; nowMs: number },
  loanUuids: readonly string[],
  pairAt: (branchId: string) => { by: Staff; confirmer: Staff },
  leaveUnsealed = 4,
): Promise<number> {
  const open = [];
  for (const uuid of loanUuids) {
    const { state } = await loadLoan(deps.store, uuid);
    if (state.status === 'active') open.push({ uuid, state });
  }
  open.sort((a, b) => a.state.disbursementDate.localeCompare(b.state.disbursementDate));
  // The newest `leaveUnsealed` of each branch wait at its counter.
  const left = new Set<string>();
  for (const branchId of new Set(open.map((l) => l.state.branchId))) {
    for (const l of open.filter((o) => o.state.branchId === branchId).slice(-leaveUnsealed)) left.add(l.uuid);
  }
  open.splice(0, open.length, ...open.filter((l) => !left.has(l.uuid)));
  let n = 0;
  for (const { uuid, state } of open) {
    const pair = pairAt(state.branchId);
    const by = pair.by.person;
    const confirmedBy = { ...pair.confirmer.person, method: 'password' as const };
    const opened = (await deps.store.readStream(`loan-${uuid}`)).events[0]!.occurredAt;
    const at = (after: number) => new Date(Math.min(new Date(opened).getTime() + after, deps.nowMs));
    const metadata: EventMetadata = { actor: pair.by.actor, correlationId: `demo-custody:${uuid}` };
    const sealedAt = at(SEALED_AFTER_MS);
    await sealPacket(
      { store: deps.store, clock: new FixedClock(sealedAt) },
      uuid,
      (packetNumber) => ({
        type: 'SealPacket',
        by,
        confirmedBy,
        at: sealedAt.toISOString(),
        packetId: uuid,
        packetNumber,
        loanStreamId: `loan-${uuid}`,
        branchId: state.branchId,
        sealedGrossWeightMg: state.goldItems.reduce((sum, i) => sum + i.grossWeightMg, 0),
        itemCount: state.goldItems.length,
        loan: loanFacts(state),
      }),
      metadata,
    );
    const storedAt = at(STORED_AFTER_MS);
    const { safes } = (await requireBranch(deps.store, state.branchId)).vault;
    await executePacketCommand(
      { store: deps.store, clock: new FixedClock(storedAt) },
      uuid,
      {
        type: 'StorePacket',
        by,
        confirmedBy,
        at: storedAt.toISOString(),
        location: { safe: safes[n % safes.length]!, slot: `T${Math.floor(n / 20) + 1}-${(n % 20) + 1}` },
        safes,
        reason: null,
      },
      metadata,
    );
    n += 1;
  }
  return n;
}
