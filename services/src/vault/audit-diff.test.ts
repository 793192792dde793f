import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPacketNumber } from '@goldledger/contracts';
import { auditDiff, type AuditScan } from './audit-diff.js';

const TOLERANCE = 10;

/** Up to 40 expected packets with distinct numbers, and scans drawn from them and from strangers. */
const audits = fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { maxLength: 40 }).chain((numbers) => {
  const expected = numbers.map((n, i) => ({
    packetNumber: formatPacketNumber(n),
    sealedGrossWeightMg: 10_000 + ((n * 7919 + i) % 90_000),
  }));
  const scan: fc.Arbitrary<AuditScan> = fc.record({
    packetNumber: fc.integer({ min: 1, max: 260 }).map(formatPacketNumber),
    weighedGrossWeightMg: fc.option(fc.integer({ min: 1, max: 120_000 }), { nil: null }),
    identified: fc.constant(null),
  });
  return fc.record({ expected: fc.constant(expected), scans: fc.array(scan, { maxLength: 80 }) });
});

describe('the audit diff', () => {
  it('splits the expected list into found and missing, and the counts add up', () => {
    fc.assert(
      fc.property(audits, ({ expected, scans }) => {
        const r = auditDiff(expected, scans, TOLERANCE);
        const expectedNumbers = expected.map((p) => p.packetNumber);
        // found ∪ missing = expected, and they never share a packet.
        expect([...r.found, ...r.missing].sort()).toEqual([...expectedNumbers].sort());
        expect(r.found.filter((n) => r.missing.includes(n))).toEqual([]);
        expect(r.found.length + r.missing.length).toBe(expected.length);
        // Every distinct scanned number is found or extra, once.
        const scanned = new Set(scans.map((s) => s.packetNumber));
        expect(r.found.length + r.extra.length).toBe(scanned.size);
        for (const e of r.extra) expect(expectedNumbers).not.toContain(e.packetNumber);
        for (const n of r.found) expect(scanned.has(n)).toBe(true);
        // Weight differences are found packets only, each beyond the tolerance.
        for (const w of r.weightDifferences) {
          expect(r.found).toContain(w.packetNumber);
          expect(Math.abs(w.differenceMg)).toBeGreaterThan(TOLERANCE);
          expect(w.differenceMg).toBe(w.weighedGrossWeightMg - w.sealedGrossWeightMg);
        }
      }),
    );
  });

  it('counts a packet scanned twice once, with its last weighing', () => {
    const expected = [{ packetNumber: 'PK00000001', sealedGrossWeightMg: 30_000 }];
    const r = auditDiff(
      expected,
      [
        { packetNumber: 'PK00000001', weighedGrossWeightMg: 29_000, identified: null },
        { packetNumber: 'PK00000001', weighedGrossWeightMg: 30_005, identified: null },
        { packetNumber: 'PK00000001', weighedGrossWeightMg: null, identified: null },
      ],
      TOLERANCE,
    );
    expect(r).toEqual({ found: ['PK00000001'], missing: [], extra: [], weightDifferences: [] });
  });

  it('reports a weighing beyond the tolerance, a missing packet and an extra one', () => {
    const expected = [
      { packetNumber: 'PK00000001', sealedGrossWeightMg: 30_000 },
      { packetNumber: 'PK00000002', sealedGrossWeightMg: 12_000 },
    ];
    const r = auditDiff(
      expected,
      [
        { packetNumber: 'PK00000001', weighedGrossWeightMg: 29_500, identified: null },
        { packetNumber: 'PK00000009', weighedGrossWeightMg: null, identified: null },
      ],
      TOLERANCE,
    );
    expect(r.found).toEqual(['PK00000001']);
    expect(r.missing).toEqual(['PK00000002']);
    expect(r.extra).toEqual([{ packetNumber: 'PK00000009', weighedGrossWeightMg: null, identified: null }]);
    expect(r.weightDifferences).toEqual([
      {
        packetNumber: 'PK00000001',
        sealedGrossWeightMg: 30_000,
        weighedGrossWeightMg: 29_500,
        differenceMg: -500,
      },
    ]);
  });
});
