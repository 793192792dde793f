import { sql, type Kysely } from 'kysely';
import {
  VAULT_AUDIT_STREAM_TYPE,
  VAULT_AUDIT_WEIGHT_TOLERANCE_MG,
  mgToGrams,
  type BranchScope,
  type VaultAuditResult,
  type VaultAuditSummary,
  type VaultAuditView,
} from '@goldledger/contracts';
import { inBranchScope } from '../branches/branch-scope.js';
import type { Session } from '../identity/access.plugin.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { auditDiff } from './audit-diff.js';
import { loadVaultAudit } from './vault-audit.commands.js';
import type { VaultAuditState } from './vault-audit.decider.js';

type AuditState = Exclude<VaultAuditState, { status: 'none' }>;

const grams = (mg: number | null) => (mg === null ? null : mgToGrams(mg));

/** The result so far (in progress) or as recorded at completion. */
export function auditResult(state: AuditState): VaultAuditResult {
  return state.status === 'completed'
    ? state.completed.result
    : auditDiff(state.started.expected, state.scans, VAULT_AUDIT_WEIGHT_TOLERANCE_MG);
}

const countsOf = (expected: number, r: VaultAuditResult) => ({
  expected,
  found: r.found.length,
  missing: r.missing.length,
  extra: r.extra.length,
  weightDifferences: r.weightDifferences.length,
});

/** An audit for the screen and the report: expected packets with what was found, scans, result. Pure. */
export function auditView(state: AuditState): VaultAuditView {
  const { started, scans } = state;
  const result = auditResult(state);
  const found = new Set(result.found);
  const lastWeighing = new Map<string, number>();
  for (const s of scans)
    if (s.weighedGrossWeightMg !== null) lastWeighing.set(s.packetNumber, s.weighedGrossWeightMg);
  const expectedNumbers = new Set(started.expected.map((p) => p.packetNumber));
  const completed = state.status === 'completed' ? state.completed : null;
  return {
    auditId: started.auditId,
    branch: { id: started.branchId, code: started.branchCode, name: started.branchName },
    status: state.status,
    startedBy: started.startedBy,
    startedAt: started.at,
    completedBy: completed?.completedBy ?? null,
    completedAt: completed?.at ?? null,
    remarks: completed?.remarks ?? null,
    toleranceGrams: mgToGrams(completed?.toleranceMg ?? VAULT_AUDIT_WEIGHT_TOLERANCE_MG),
    expected: started.expected.map((p) => ({
      packetNumber: p.packetNumber,
      loanId: p.loanId,
      sealedGrossWeight: mgToGrams(p.sealedGrossWeightMg),
      status: p.status,
      location: p.location,
      found: found.has(p.packetNumber),
      weighedGrossWeight: grams(lastWeighing.get(p.packetNumber) ?? null),
    })),
    scans: scans.map((s) => ({
      packetNumber: s.packetNumber,
      weighedGrossWeight: grams(s.weighedGrossWeightMg),
      method: s.method,
      expected: expectedNumbers.has(s.packetNumber),
      by: s.by,
      at: s.at,
    })),
    result: {
      found: result.found,
      missing: result.missing,
      extra: result.extra.map((e) => ({
        packetNumber: e.packetNumber,
        weighedGrossWeight: grams(e.weighedGrossWeightMg),
        identified: e.identified,
      })),
      weightDifferences: result.weightDifferences.map((w) => ({
        packetNumber: w.packetNumber,
        sealedGrossWeight: mgToGrams(w.sealedGrossWeightMg),
        weighedGrossWeight: mgToGrams(w.weighedGrossWeightMg),
        difference: mgToGrams(w.differenceMg),
      })),
    },
    counts: countsOf(started.expected.length, result),
    reportSha256: completed?.reportSha256 ?? null,
  };
}

interface AuditRow {
  stream_id: string;
  type: 'VaultAuditStarted' | 'VaultAuditCompleted';
  data: Record<string, any>;
}

/**
 * Every audit in the caller's scope, newest first. Audit streams are found by their type in
 * `streams` (one row per stream, not per event); only their first and last events are read,
 * with the lists reduced to their lengths. An audit in progress is loaded whole for its live counts.
 */
export async function listVaultAudits(
  db: Kysely<any>,
  store: EventStore,
  session: Session,
  scope: BranchScope,
  branchId: string | undefined,
): Promise<VaultAuditSummary[]> {
  const { rows } = await sql<AuditRow>`
    select e.stream_id, e.type,
      case when e.type = 'VaultAuditStarted' then (e.data - 'expected')
          || jsonb_build_object('expectedCount', jsonb_array_length(e.data->'expected'))
        else jsonb_build_object(
          'completedBy', e.data->'completedBy', 'at', e.data->'at',
          'found', jsonb_array_length(e.data->'result'->'found'),
          'missing', jsonb_array_length(e.data->'result'->'missing'),
          'extra', jsonb_array_length(e.data->'result'->'extra'),
          'weightDifferences', jsonb_array_length(e.data->'result'->'weightDifferences'))
        end as data
    from streams s join events e on e.stream_id = s.stream_id
    where s.stream_type = ${VAULT_AUDIT_STREAM_TYPE}
      and e.type in ('VaultAuditStarted', 'VaultAuditCompleted')`.execute(db);
  const started = new Map<string, Record<string, any>>();
  const completed = new Map<string, Record<string, any>>();
  for (const r of rows) (r.type === 'VaultAuditStarted' ? started : completed).set(r.stream_id, r.data);

  const out: VaultAuditSummary[] = [];
  for (const [streamId, s] of started) {
    if (!inBranchScope(scope, s.branchId) || (branchId && s.branchId !== branchId)) continue;
    const branch = { id: s.branchId as string, code: s.branchCode as string, name: s.branchName as string };
    const c = completed.get(streamId);
    if (c) {
      out.push({
        auditId: s.auditId,
        branch,
        status: 'completed',
        startedBy: s.startedBy,
        startedAt: s.at,
        completedBy: c.completedBy,
        completedAt: c.at,
        counts: {
          expected: s.expectedCount,
          found: c.found,
          missing: c.missing,
          extra: c.extra,
          weightDifferences: c.weightDifferences,
        },
      });
    } else {
      const { state } = await loadVaultAudit(store, session, s.auditId);
      const view = auditView(state);
      out.push({
        auditId: view.auditId,
        branch,
        status: view.status,
        startedBy: view.startedBy,
        startedAt: view.startedAt,
        completedBy: null,
        completedAt: null,
        counts: view.counts,
      });
    }
  }
  return out.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}
