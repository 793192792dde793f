import {
  DELINQUENCY_CLASS_LABELS,
  ltvBandLabel,
  type PortfolioFigures,
  type PortfolioReport,
} from '@goldledger/contracts';
import { csvField } from '../../audit/audit-log.routes.js';

/**
 * The portfolio as CSV: one line per figure, for the whole book and each branch. Amounts in
 * rupees to the paisa (`123456.78`), exact, so the columns add up in a spreadsheet; the
 * screen shows whole rupees.
 */

const rupees = (paise: number) => {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
const percent = (bps: number | null) => (bps === null ? null : (bps / 100).toFixed(2));

export const PORTFOLIO_CSV_COLUMNS = [
  'As of',
  'Branch',
  'Branch ID',
  'Section',
  'Line',
  'Loans',
  'Principal (₹)',
  'Interest receivable (₹)',
  'Outstanding (₹)',
  'Share of principal (%)',
  'Gold value (₹)',
] as const;

type Cell = string | number | null;

function linesOf(asOf: string, name: string, id: string, f: PortfolioFigures): Cell[][] {
  const share = (p: number) =>
    f.principalPaise > 0 ? percent(Math.round((p * 10_000) / f.principalPaise)) : null;
  const line = (
    section: string,
    label: string,
    loans: number,
    p: number,
    i: number,
    gold: Cell = null,
  ): Cell[] => [asOf, name, id, section, label, loans, rupees(p), rupees(i), rupees(p + i), share(p), gold];
  return [
    line(
      'Book',
      'Open loans',
      f.loans,
      f.principalPaise,
      f.interestPaise,
      f.goldValuePaise === null ? null : rupees(f.goldValuePaise),
    ),
    ...f.classes.map((c) =>
      line('Class', DELINQUENCY_CLASS_LABELS[c.class], c.loans, c.principalPaise, c.interestPaise),
    ),
    [
      asOf,
      name,
      id,
      'NPA ratio',
      'Gross NPA ÷ principal',
      null,
      null,
      null,
      null,
      percent(f.npaRatioBps),
      null,
    ],
    ...f.ltvBands.map((b) => line('LTV', ltvBandLabel(b), b.loans, b.principalPaise, b.interestPaise)),
  ];
}

export function portfolioCsv(report: PortfolioReport): string {
  const rows: Cell[][] = [
    [...PORTFOLIO_CSV_COLUMNS],
    ...linesOf(report.asOf, 'All branches', '', report.total),
    ...report.branches.flatMap((b) => linesOf(report.asOf, b.branchName, b.branchId, b)),
  ];
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
