import { describe, expect, it } from 'vitest';
import {
  LENDING_POLICY,
  ltvBandEdgesBps,
  type PortfolioFigures,
  type PortfolioReport,
} from '@goldledger/contracts';
import { branchTable, classBars, classTable, ltvTable, ratioText } from './portfolio';

const figures = (scale: number): PortfolioFigures => ({
  loans: 3 * scale,
  principalPaise: 3_00_000_00 * scale,
  interestPaise: 3_000_49 * scale,
  classes: [
    {
      class: 'standard',
      loans: 2 * scale,
      principalPaise: 2_00_000_00 * scale,
      interestPaise: 2_000_00 * scale,
    },
    { class: 'sma_0', loans: 0, principalPaise: 0, interestPaise: 0 },
    { class: 'sma_1', loans: 0, principalPaise: 0, interestPaise: 0 },
    { class: 'sma_2', loans: 0, principalPaise: 0, interestPaise: 0 },
    { class: 'npa', loans: scale, principalPaise: 1_00_000_00 * scale, interestPaise: 1_000_49 * scale },
  ],
  npaRatioBps: 3333,
  goldValuePaise: 5_00_000_00 * scale,
  ltvBands: [6000, 7500, 8000, 8500, null].map((toBps, i, all) => ({
    fromBps: i === 0 ? null : (all[i - 1] as number),
    toBps,
    loans: i === 1 ? 3 * scale : 0,
    principalPaise: i === 1 ? 3_00_000_00 * scale : 0,
    interestPaise: i === 1 ? 3_000_49 * scale : 0,
  })),
});

const report: PortfolioReport = {
  asOf: '2026-03-31',
  recordedBefore: '2026-03-31T18:30:00.000Z',
  valuation: { referencePurity: 916, pricePerGramPaise: 6_418_42, missing: null },
  total: figures(2),
  branches: [
    { branchId: 'n', branchName: 'North Branch', ...figures(1) },
    { branchId: 's', branchName: 'South Branch', ...figures(1) },
  ],
};

describe('the portfolio tables', () => {
  it('show classes in order with whole rupees and the total in the footer', () => {
    const t = classTable(report.total);
    expect(t.rows.map((r) => r.name)).toEqual(['Standard', 'SMA-0', 'SMA-1', 'SMA-2', 'NPA']);
    expect(t.rows[4]).toEqual({
      name: 'NPA',
      loans: 2,
      principal: 2_00_000,
      interest: 2_001,
      outstanding: 2_02_001,
    });
    expect(t.totals).toEqual({
      name: 'Total',
      loans: 6,
      principal: 6_00_000,
      interest: 6_001,
      outstanding: 6_06_001,
    });
  });

  it('name the LTV bands by the policy caps', () => {
    expect(ltvBandEdgesBps(LENDING_POLICY)).toEqual([6000, 7500, 8000, 8500]);
    expect(ltvTable(report.total).rows.map((r) => r.name)).toEqual([
      '≤ 60 %',
      '60–75 %',
      '75–80 %',
      '80–85 %',
      '> 85 %',
    ]);
  });

  it('give each branch its NPA ratio, and the chart its outstanding by class', () => {
    expect(branchTable(report).rows.map((r) => [r.name, r.npa])).toEqual([
      ['North Branch', '33.33 %'],
      ['South Branch', '33.33 %'],
    ]);
    expect(ratioText(null)).toBe('–');
    expect(classBars(report)[0]).toEqual({
      branch: 'North Branch',
      standard: 2_02_000,
      sma_0: 0,
      sma_1: 0,
      sma_2: 0,
      npa: 1_01_000,
    });
  });
});
