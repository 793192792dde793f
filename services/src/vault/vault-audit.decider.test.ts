import { describe, expect, it } from 'vitest';
import type { VaultAuditEvent } from '@goldledger/contracts';
import { deciderSpec } from '../testing/decider-spec.js';
import { canonicalJson, reportContent, reportDigest, vaultAuditDecider } from './vault-audit.decider.js';

const spec = deciderSpec(vaultAuditDecider);
const auditor = { id: '00000000-0000-4000-8000-00000000000a', name: 'Asha Admin', role: 'admin' };
const AT = '2026-11-21T04:30:00.000Z';

const started: VaultAuditEvent = {
  type: 'VaultAuditStarted',
  data: {
    auditId: '00000000-0000-4000-8000-0000000000a1',
    branchId: '00000000-0000-4000-8000-0000000b7a01',
    branchCode: 'MAIN',
    branchName: 'GoldLedger Main Branch',
    startedBy: auditor,
    at: AT,
    expected: [
      {
        packetId: '00000000-0000-4000-8000-0000000000b1',
        packetNumber: 'PK00000001',
        loanStreamId: 'loan-1',
        loanId: 'GL261100001',
        sealedGrossWeightMg: 30_000,
        status: 'in_vault',
        location: { safe: 'Safe 1', slot: 'T1' },
      },
    ],
  },
};
const scan = (weighedGrossWeightMg: number | null) => ({
  packetNumber: 'PK00000001',
  weighedGrossWeightMg,
  method: 'typed' as const,
  identified: null,
  by: auditor,
  at: AT,
});
const scanned = (w: number | null): VaultAuditEvent => ({ type: 'VaultAuditPacketScanned', data: scan(w) });

describe('a vault audit', () => {
  it('records a scan, and refuses the same scan again with "already scanned"', () => {
    spec
      .given([started])
      .when({ type: 'ScanPacket', scan: scan(null) })
      .then([scanned(null)]);
    spec
      .given([started, scanned(null)])
      .when({ type: 'ScanPacket', scan: scan(null) })
      .thenThrows('PK00000001 is already scanned in this audit; nothing was recorded');
    spec
      .given([started, scanned(29_000)])
      .when({ type: 'ScanPacket', scan: scan(29_000) })
      .thenThrows('PK00000001 is already scanned in this audit (weighed 29.000 g); nothing was recorded');
  });

  it('takes a new weighing of a packet already scanned', () => {
    spec
      .given([started, scanned(null)])
      .when({ type: 'ScanPacket', scan: scan(29_990) })
      .then([scanned(29_990)]);
  });

  it('completes with the result and the digest of its report', () => {
    const [event] = vaultAuditDecider.decide(
      { type: 'CompleteVaultAudit', remarks: 'All present', by: auditor, at: AT },
      [started, scanned(29_500)].reduce(vaultAuditDecider.evolve, vaultAuditDecider.initialState()),
    );
    expect(event!.type).toBe('VaultAuditCompleted');
    const data = (event as Extract<VaultAuditEvent, { type: 'VaultAuditCompleted' }>).data;
    expect(data.result).toEqual({
      found: ['PK00000001'],
      missing: [],
      extra: [],
      weightDifferences: [
        {
          packetNumber: 'PK00000001',
          sealedGrossWeightMg: 30_000,
          weighedGrossWeightMg: 29_500,
          differenceMg: -500,
        },
      ],
    });
    const { reportSha256, ...rest } = data;
    expect(reportSha256).toBe(reportDigest(reportContent(started.data as never, [scan(29_500)], rest)));
  });

  it('refuses scans and a second completion once completed, and anything before it starts', () => {
    const completed = vaultAuditDecider.decide(
      { type: 'CompleteVaultAudit', remarks: '', by: auditor, at: AT },
      vaultAuditDecider.evolve(vaultAuditDecider.initialState(), started),
    );
    spec
      .given([started, ...completed])
      .when({ type: 'ScanPacket', scan: scan(null) })
      .thenThrows('This audit is completed; start a new audit to scan again');
    spec
      .given([started, ...completed])
      .when({ type: 'CompleteVaultAudit', remarks: '', by: auditor, at: AT })
      .thenThrows('This audit is already completed');
    spec
      .given([])
      .when({ type: 'ScanPacket', scan: scan(null) })
      .thenThrows('Audit not found');
  });
});

describe('canonical JSON', () => {
  it('gives the same text whatever order the keys come in', () => {
    expect(canonicalJson({ b: 1, a: [{ y: null, x: 'é' }] })).toBe('{"a":[{"x":"é","y":null}],"b":1}');
    expect(canonicalJson({ a: [{ x: 'é', y: null }], b: 1 })).toBe(
      canonicalJson({ b: 1, a: [{ y: null, x: 'é' }] }),
    );
  });
});
