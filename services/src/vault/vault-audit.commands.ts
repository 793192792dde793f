import { sql } from 'kysely';
import {
  VAULT_AUDIT_BRANCH_STREAM_TYPE,
  VAULT_AUDIT_STREAM_TYPE,
  gramsToMg,
  vaultAuditBranchStreamId,
  vaultAuditStreamId,
  type EventMetadata,
  type ExpectedPacket,
  type IdentifiedPacket,
  type PacketEvent,
  type ScanPacketRequest,
  type VaultAuditEvent,
  type VaultAuditor,
} from '@goldledger/contracts';
import { branchScopeOf, inBranchScope } from '../branches/branch-scope.js';
import type { Session } from '../identity/access.plugin.js';
import { handle } from '../platform/command-handler.js';
import { DomainError, fold } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { nextCommandKey, requestScopedUuid } from '../platform/request-idempotency.js';
import { evolvePacketFacts, inCustody, type PacketFacts } from './custody-facts.js';
import { vaultAuditDecider, type VaultAuditCommand, type VaultAuditState } from './vault-audit.decider.js';
import { branchForCaller } from './vault-branches.js';
import { custodyFactsAsOf } from './vault-history.js';
import type { VaultDeps } from './vault-register.routes.js';

const auditorOf = (session: Session): VaultAuditor => ({
  id: session.userId,
  name: session.name,
  role: session.role,
});

const evolve = (s: VaultAuditState, e: { type: string; data: unknown }) =>
  vaultAuditDecider.evolve(s, e as VaultAuditEvent);

/** An audit as its stream says, or 404 when there is none or its branch is outside the caller's scope. */
export async function loadVaultAudit(
  store: EventStore,
  session: Session,
  auditId: string,
): Promise<{ state: Exclude<VaultAuditState, { status: 'none' }>; version: number }> {
  const { events, version } = await store.readStream(vaultAuditStreamId(auditId));
  const state = fold(evolve, vaultAuditDecider.initialState(), events);
  if (state.status === 'none' || !inBranchScope(branchScopeOf(session), state.started.branchId)) {
    throw new DomainError('Audit not found', 'audit_not_found', 404);
  }
  return { state, version };
}

/**
 * Starts a surprise audit of a branch vault: the packets in the branch's custody now are
 * the expected list, frozen in the audit's first event. The branch's claim stream holds
 * one audit in progress at a time; both appends commit together.
 */
export async function startVaultAudit(
  deps: VaultDeps,
  session: Session,
  branchId: string,
  metadata: EventMetadata,
): Promise<string> {
  const branch = await branchForCaller(deps.store, branchScopeOf(session), branchId);
  const facts = await custodyFactsAsOf(deps.db, null, 'occurred');
  const expected: ExpectedPacket[] = [...facts.packets.values()]
    .filter((p) => p.branchId === branch.id && inCustody(p.status))
    .sort((a, b) => a.packetNumber.localeCompare(b.packetNumber))
    .map((p) => ({
      packetId: p.packetId,
      packetNumber: p.packetNumber,
      loanStreamId: p.loanStreamId,
      loanId: p.loanId,
      sealedGrossWeightMg: p.sealedGrossWeightMg,
      status: p.status as ExpectedPacket['status'],
      location: p.location,
    }));
  const auditId = requestScopedUuid('vault-audit');
  const at = deps.clock.now();
  const claimId = vaultAuditBranchStreamId(branch.id);
  const auditStreamId = vaultAuditStreamId(auditId);
  await deps.store.transaction(async (tx) => {
    const claim = await tx.readStream(claimId);
    const last = claim.events.at(-1);
    const open = last?.type === 'VaultAuditOpened' ? (last.data as { auditId: string }).auditId : null;
    // The same request run again (its answer was lost) finds its own audit open.
    if (open === auditId) return;
    if (open) {
      throw new DomainError(
        'An audit of this vault is already in progress. Complete it before starting another.',
        'audit_in_progress',
        409,
        { auditId: open },
      );
    }
    const occurredAt = at;
    await tx.append(claimId, [{ type: 'VaultAuditOpened', data: { auditId }, occurredAt }], {
      streamType: VAULT_AUDIT_BRANCH_STREAM_TYPE,
      expectedVersion: claim.version === 0 ? 'no_stream' : claim.version,
      metadata: withKey(metadata, claimId),
    });
    const [started] = vaultAuditDecider.decide(
      {
        type: 'StartVaultAudit',
        started: {
          auditId,
          branchId: branch.id,
          branchCode: branch.code,
          branchName: branch.name,
          startedBy: auditorOf(session),
          at: at.toISOString(),
          expected,
        },
      },
      vaultAuditDecider.initialState(),
    );
    await tx.append(auditStreamId, [{ ...started!, occurredAt }], {
      streamType: VAULT_AUDIT_STREAM_TYPE,
      expectedVersion: 'no_stream',
      metadata: withKey(metadata, auditStreamId),
    });
  });
  return auditId;
}

const withKey = (metadata: EventMetadata, streamId: string): EventMetadata => {
  const key = nextCommandKey(streamId);
  return key ? { ...metadata, idempotencyKey: key } : metadata;
};

/**
 * What the books say of a packet number, for a scan that was not expected: whose it is,
 * which branch holds it and where it is. Null when no packet has that number.
 */
export async function identifyPacket(
  deps: VaultDeps,
  packetNumber: string,
): Promise<IdentifiedPacket | null> {
  const { rows } = await sql<{ stream_id: string }>`
    select stream_id from events
    where type = 'PacketSealed' and data->>'packetNumber' = ${packetNumber}
    limit 1`.execute(deps.db);
  if (!rows[0]) return null;
  const { events } = await deps.store.readStream(rows[0].stream_id);
  const packet = events.reduce<PacketFacts | undefined>(
    (p, e) => evolvePacketFacts(p, e as unknown as PacketEvent),
    undefined,
  );
  return packet
    ? { packetId: packet.packetId, loanId: packet.loanId, branchId: packet.branchId, status: packet.status }
    : null;
}

async function runAuditCommand(
  store: EventStore,
  auditId: string,
  command: VaultAuditCommand,
  metadata: EventMetadata,
  occurredAt: Date,
) {
  return handle<VaultAuditState>(
    store,
    vaultAuditStreamId(auditId),
    ({ state }) => vaultAuditDecider.decide(command, state).map((e) => ({ ...e, occurredAt })),
    { streamType: VAULT_AUDIT_STREAM_TYPE, initialState: vaultAuditDecider.initialState, evolve, metadata },
  );
}

/** Records a packet the auditor scanned or typed, with its weighing when they weighed it. */
export async function scanPacket(
  deps: VaultDeps,
  session: Session,
  auditId: string,
  body: ScanPacketRequest,
  metadata: EventMetadata,
): Promise<void> {
  const { state } = await loadVaultAudit(deps.store, session, auditId);
  const expected = state.started.expected.some((p) => p.packetNumber === body.packetNumber);
  const identified =
    expected || state.status !== 'in_progress' ? null : await identifyPacket(deps, body.packetNumber);
  const at = deps.clock.now();
  await runAuditCommand(
    deps.store,
    auditId,
    {
      type: 'ScanPacket',
      scan: {
        packetNumber: body.packetNumber,
        weighedGrossWeightMg: body.weighedGrossWeight == null ? null : gramsToMg(body.weighedGrossWeight),
        method: body.method,
        identified,
        by: auditorOf(session),
        at: at.toISOString(),
      },
    },
    metadata,
    at,
  );
}

/** Completes the audit: the result and the report's digest are recorded, and the branch's claim is released. */
export async function completeVaultAudit(
  deps: VaultDeps,
  session: Session,
  auditId: string,
  remarks: string,
  metadata: EventMetadata,
): Promise<void> {
  const { state } = await loadVaultAudit(deps.store, session, auditId);
  const claimId = vaultAuditBranchStreamId(state.started.branchId);
  const at = deps.clock.now();
  await deps.store.transaction(async (tx) => {
    const done = await runAuditCommand(
      tx,
      auditId,
      { type: 'CompleteVaultAudit', remarks, by: auditorOf(session), at: at.toISOString() },
      metadata,
      at,
    );
    if (done.duplicate) return;
    const claim = await tx.readStream(claimId);
    await tx.append(claimId, [{ type: 'VaultAuditClosed', data: { auditId }, occurredAt: at }], {
      streamType: VAULT_AUDIT_BRANCH_STREAM_TYPE,
      expectedVersion: claim.version,
      metadata: withKey(metadata, claimId),
    });
  });
}
