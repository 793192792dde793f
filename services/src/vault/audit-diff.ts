import type { ExpectedPacket, IdentifiedPacket, VaultAuditResult } from '@goldledger/contracts';

/** One scan as the diff reads it. */
export interface AuditScan {
  packetNumber: string;
  weighedGrossWeightMg: number | null;
  identified: IdentifiedPacket | null;
}

/**
 * Expected against found. Pure. A packet scanned more than once counts once, with its last
 * weighing; found and missing split the expected list (in its order), extra is what was
 * scanned and not expected (in the order first scanned), and a found packet whose last
 * weighing is more than `toleranceMg` away from its sealed weight is a weight difference.
 */
export function auditDiff(
  expected: readonly Pick<ExpectedPacket, 'packetNumber' | 'sealedGrossWeightMg'>[],
  scans: readonly AuditScan[],
  toleranceMg: number,
): VaultAuditResult {
  const scanned = new Map<
    string,
    { weighedGrossWeightMg: number | null; identified: IdentifiedPacket | null }
  >();
  for (const s of scans) {
    const seen = scanned.get(s.packetNumber);
    scanned.set(s.packetNumber, {
      weighedGrossWeightMg: s.weighedGrossWeightMg ?? seen?.weighedGrossWeightMg ?? null,
      identified: seen?.identified ?? s.identified,
    });
  }
  const expectedNumbers = new Set(expected.map((p) => p.packetNumber));
  const result: VaultAuditResult = { found: [], missing: [], extra: [], weightDifferences: [] };
  for (const p of expected) {
    const scan = scanned.get(p.packetNumber);
    if (!scan) {
      result.missing.push(p.packetNumber);
      continue;
    }
    result.found.push(p.packetNumber);
    const weighed = scan.weighedGrossWeightMg;
    if (weighed !== null && Math.abs(weighed - p.sealedGrossWeightMg) > toleranceMg) {
      result.weightDifferences.push({
        packetNumber: p.packetNumber,
        sealedGrossWeightMg: p.sealedGrossWeightMg,
        weighedGrossWeightMg: weighed,
        differenceMg: weighed - p.sealedGrossWeightMg,
      });
    }
  }
  for (const [packetNumber, scan] of scanned) {
    if (!expectedNumbers.has(packetNumber)) result.extra.push({ packetNumber, ...scan });
  }
  return result;
}
