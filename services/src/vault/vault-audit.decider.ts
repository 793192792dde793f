import { createHash } from 'node:crypto';
import {
  VAULT_AUDIT_WEIGHT_TOLERANCE_MG,
  mgToGrams,
  type VaultAuditEvent,
  type VaultAuditor,
} from '@goldledger/contracts';
import { DomainError, type Decider } from '../platform/decider.js';
import { auditDiff } from './audit-diff.js';

type Started = Extract<VaultAuditEvent, { type: 'VaultAuditStarted' }>['data'];
type Scanned = Extract<VaultAuditEvent, { type: 'VaultAuditPacketScanned' }>['data'];
type Completed = Extract<VaultAuditEvent, { type: 'VaultAuditCompleted' }>['data'];

export type VaultAuditState =
  | { status: 'none' }
  | { status: 'in_progress'; started: Started; scans: Scanned[] }
  | { status: 'completed'; started: Started; scans: Scanned[]; completed: Completed };

export type VaultAuditCommand =
  | { type: 'StartVaultAudit'; started: Started }
  | { type: 'ScanPacket'; scan: Scanned }
  | { type: 'CompleteVaultAudit'; remarks: string; by: VaultAuditor; at: string };

export function evolveVaultAudit(state: VaultAuditState, event: VaultAuditEvent): VaultAuditState {
  switch (event.type) {
    case 'VaultAuditStarted':
      return { status: 'in_progress', started: event.data, scans: [] };
    case 'VaultAuditPacketScanned':
      return state.status === 'none' ? state : { ...state, scans: [...state.scans, event.data] };
    case 'VaultAuditCompleted':
      return state.status === 'none' ? state : { ...state, status: 'completed', completed: event.data };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

const auditNotFound = () => new DomainError('Audit not found', 'audit_not_found', 404);

/**
 * What the signed report says, in a fixed shape and order: its SHA-256 is the report's
 * digest, recorded at completion and printed on the PDF. Anyone holding the audit's events
 * can rebuild this and check the digest (docs/decisions.md, issue 16).
 */
export function reportContent(
  started: Started,
  scans: readonly Scanned[],
  completed: Omit<Completed, 'reportSha256'>,
) {
  return {
    report: 'GoldLedger vault audit report',
    version: 1,
    auditId: started.auditId,
    branch: { id: started.branchId, code: started.branchCode, name: started.branchName },
    startedBy: { id: started.startedBy.id, name: started.startedBy.name, role: started.startedBy.role },
    startedAt: started.at,
    completedBy: {
      id: completed.completedBy.id,
      name: completed.completedBy.name,
      role: completed.completedBy.role,
    },
    completedAt: completed.at,
    remarks: completed.remarks,
    toleranceMg: completed.toleranceMg,
    expected: started.expected.map((p) => ({
      packetNumber: p.packetNumber,
      loanId: p.loanId,
      sealedGrossWeightMg: p.sealedGrossWeightMg,
    })),
    scans: scans.map((s) => ({
      packetNumber: s.packetNumber,
      weighedGrossWeightMg: s.weighedGrossWeightMg,
      by: s.by.id,
      at: s.at,
    })),
    result: completed.result,
  };
}

/**
 * JSON with every object's keys in code-point order, so the same content gives the same text
 * whichever order its keys were built or stored in (PostgreSQL's jsonb reorders them). The
 * content holds strings, integers, booleans, null, arrays and objects only.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const reportDigest = (content: ReturnType<typeof reportContent>): string =>
  createHash('sha256').update(canonicalJson(content)).digest('hex');

/**
 * A surprise audit: started with the expected packets, then scans, then completion with
 * the result and the report's digest. Pure: times and people arrive in the commands.
 */
export const vaultAuditDecider: Decider<VaultAuditCommand, VaultAuditEvent, VaultAuditState> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveVaultAudit,
  decide(command, state) {
    switch (command.type) {
      case 'StartVaultAudit':
        if (state.status !== 'none')
          throw new DomainError('This audit has already started', 'audit_exists', 409);
        return [{ type: 'VaultAuditStarted', data: command.started }];
      case 'ScanPacket': {
        if (state.status === 'none') throw auditNotFound();
        if (state.status === 'completed') {
          throw new DomainError(
            'This audit is completed; start a new audit to scan again',
            'audit_completed',
            409,
          );
        }
        const { scan } = command;
        const earlier = state.scans.filter((s) => s.packetNumber === scan.packetNumber);
        const lastWeight = earlier.map((s) => s.weighedGrossWeightMg).findLast((w) => w !== null) ?? null;
        if (
          earlier.length > 0 &&
          (scan.weighedGrossWeightMg === null || scan.weighedGrossWeightMg === lastWeight)
        ) {
          throw new DomainError(
            `${scan.packetNumber} is already scanned in this audit${lastWeight === null ? '' : ` (weighed ${mgToGrams(lastWeight).toFixed(3)} g)`}; nothing was recorded`,
            'already_scanned',
            409,
          );
        }
        return [{ type: 'VaultAuditPacketScanned', data: scan }];
      }
      case 'CompleteVaultAudit': {
        if (state.status === 'none') throw auditNotFound();
        if (state.status === 'completed') {
          throw new DomainError('This audit is already completed', 'audit_completed', 409);
        }
        const toleranceMg = VAULT_AUDIT_WEIGHT_TOLERANCE_MG;
        const result = auditDiff(state.started.expected, state.scans, toleranceMg);
        const completed = {
          remarks: command.remarks,
          completedBy: command.by,
          at: command.at,
          toleranceMg,
          result,
        };
        const reportSha256 = reportDigest(reportContent(state.started, state.scans, completed));
        return [{ type: 'VaultAuditCompleted', data: { ...completed, reportSha256 } }];
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
};
