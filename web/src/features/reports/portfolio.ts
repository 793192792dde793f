import {
  DELINQUENCY_CLASS_LABELS,
  DelinquencyClass,
  ltvBandLabel,
  type PortfolioFigures,
  type PortfolioReport,
} from '@goldledger/contracts';
import type { ReportTable, Row } from './derive';

/**
 * The portfolio as of a day (issue 18) as tables: by class, by LTV band, by branch. Money
 * arrives in paise and is shown in whole rupees; the CSV (made by the server) keeps paise.
 */

export const rupeesOf = (paise: number) => Math.round(paise / 100);

/** "4.25 %" from basis points; "–" for an empty book. */
export const ratioText = (bps: number | null) => (bps === null ? '–' : `${(bps / 100).toFixed(2)} %`);

const amounts = (principalPaise: number, interestPaise: number) => ({
  principal: rupeesOf(principalPaise),
  interest: rupeesOf(interestPaise),
  outstanding: rupeesOf(principalPaise + interestPaise),
});

const MONEY_COLUMNS = [
  { key: 'loans', label: 'Loans', kind: 'count' },
  { key: 'principal', label: 'Principal', kind: 'money' },
  { key: 'interest', label: 'Interest receivable', kind: 'money' },
  { key: 'outstanding', label: 'Outstanding', kind: 'money' },
] as const;

const totalsOf = (label: string, f: PortfolioFigures): Row => ({
  name: label,
  loans: f.loans,
  ...amounts(f.principalPaise, f.interestPaise),
});

export function classTable(f: PortfolioFigures): ReportTable {
  return {
    id: 'portfolio-classes',
    columns: [{ key: 'name', label: 'Class', kind: 'text' }, ...MONEY_COLUMNS],
    rows: f.classes.map((c) => ({
      name: DELINQUENCY_CLASS_LABELS[c.class],
      loans: c.loans,
      ...amounts(c.principalPaise, c.interestPaise),
    })),
    totals: totalsOf('Total', f),
  };
}

export function ltvTable(f: PortfolioFigures): ReportTable {
  return {
    id: 'portfolio-ltv',
    columns: [{ key: 'name', label: 'LTV', kind: 'text' }, ...MONEY_COLUMNS],
    rows: f.ltvBands.map((b) => ({
      name: ltvBandLabel(b),
      loans: b.loans,
      ...amounts(b.principalPaise, b.interestPaise),
    })),
    totals: totalsOf('Total', f),
  };
}

export function branchTable(r: PortfolioReport): ReportTable {
  return {
    id: 'portfolio-branches',
    columns: [
      { key: 'name', label: 'Branch', kind: 'text' },
      ...MONEY_COLUMNS,
      { key: 'npa', label: 'NPA ratio', kind: 'text' },
    ],
    rows: r.branches.map((b) => ({
      ...totalsOf(b.branchName, b),
      npa: ratioText(b.npaRatioBps),
    })),
    totals: { ...totalsOf('All branches', r.total), npa: ratioText(r.total.npaRatioBps) },
  };
}

/** One row per branch with its outstanding (rupees) by class: the stacked bars' data. */
export function classBars(r: PortfolioReport): Row[] {
  return r.branches.map((b) => ({
    branch: b.branchName,
    ...Object.fromEntries(
      DelinquencyClass.options.map((c) => {
        const line = b.classes.find((l) => l.class === c)!;
        return [c, rupeesOf(line.principalPaise + line.interestPaise)];
      }),
    ),
  }));
}
