import { REPORT_MAX_MONTHS, monthsBetween, type ReportsData } from '@goldledger/contracts';
import { formatMoney, formatNumber, formatStatus } from '@/lib/format';

/**
 * The reports' figures as tables: one definition per section feeds the page's table,
 * its chart's hidden data table and its CSV, so the three can never disagree.
 */

export type CellKind = 'money' | 'count' | 'text';

export interface Column {
  key: string;
  label: string;
  kind: CellKind;
}

export type Row = Record<string, string | number>;

export interface ReportTable {
  /** `collections`: names the CSV file. */
  id: SectionId;
  columns: Column[];
  rows: Row[];
  /** Per-column totals where adding up means something (monthly figures, buckets). */
  totals?: Row;
}

export type SectionId =
  | 'overdue'
  | 'portfolio'
  | 'disbursements'
  | 'collections'
  | 'upgrades'
  | 'upgrade-levels'
  | 'gold-returns'
  // The gold loan review (review.ts).
  | 'quick-closures'
  | 'part-payment-renewals'
  | 'unappraised-top-ups'
  // The portfolio as of a day (portfolio.ts).
  | 'portfolio-classes'
  | 'portfolio-ltv'
  | 'portfolio-branches';

const monthName = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `Nov 2026` from `2026-11`. */
export function monthLabel(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

/** The names of the upgrade levels: Original, First, Second, Third. */
export const LEVEL_NAMES = ['Original', 'First', 'Second', 'Third'];
export const levelLabel = (level: number) =>
  `${formatNumber(level)} · ${LEVEL_NAMES[level] ?? `Level ${formatNumber(level)}`}`;

/** A cell as the page shows it: money in ₹ en-IN, counts grouped. */
export function displayCell(value: string | number, kind: CellKind): string {
  if (typeof value === 'string') return value;
  return kind === 'money' ? formatMoney(value) : formatNumber(value);
}

const sum = (rows: Row[], key: string) =>
  Math.round(rows.reduce((s, r) => s + Number(r[key] ?? 0), 0) * 100) / 100;

function withTotals(table: Omit<ReportTable, 'totals'>, label: string): ReportTable {
  const [first, ...rest] = table.columns;
  const totals: Row = { [first!.key]: label };
  for (const c of rest) if (c.kind !== 'text') totals[c.key] = sum(table.rows, c.key);
  return { ...table, totals };
}

export function disbursementsTable(d: ReportsData): ReportTable {
  return withTotals(
    {
      id: 'disbursements',
      columns: [
        { key: 'month', label: 'Month', kind: 'text' },
        { key: 'loans', label: 'Loans disbursed', kind: 'count' },
        { key: 'amount', label: 'Amount disbursed', kind: 'money' },
      ],
      rows: d.disbursements.map((m) => ({ month: m.month, loans: m.loans, amount: m.amount })),
    },
    'Total',
  );
}

export function collectionsTable(d: ReportsData): ReportTable {
  return withTotals(
    {
      id: 'collections',
      columns: [
        { key: 'month', label: 'Month', kind: 'text' },
        { key: 'payments', label: 'Payments', kind: 'count' },
        { key: 'interest', label: 'Interest', kind: 'money' },
        { key: 'principal', label: 'Principal', kind: 'money' },
        { key: 'amount', label: 'Total collected', kind: 'money' },
      ],
      rows: d.collections.map((m) => ({
        month: m.month,
        payments: m.payments,
        interest: m.interest,
        principal: m.principal,
        amount: m.amount,
      })),
    },
    'Total',
  );
}

export function portfolioTable(d: ReportsData): ReportTable {
  return withTotals(
    {
      id: 'portfolio',
      columns: [
        { key: 'status', label: 'Status', kind: 'text' },
        { key: 'loans', label: 'Loans', kind: 'count' },
        { key: 'amount', label: 'Amount lent', kind: 'money' },
        { key: 'principalOutstanding', label: 'Principal outstanding', kind: 'money' },
      ],
      rows: d.portfolio.map((p) => ({
        status: formatStatus(p.status),
        loans: p.loans,
        amount: p.amount,
        principalOutstanding: p.principalOutstanding,
      })),
    },
    'All loans',
  );
}

const bucketLabel = (b: ReportsData['overdue'][number]) =>
  b.maxDays === null ? `Over ${b.minDays - 1} days` : `${b.minDays}–${b.maxDays} days`;

export function overdueTable(d: ReportsData): ReportTable {
  return withTotals(
    {
      id: 'overdue',
      columns: [
        { key: 'bucket', label: 'Days overdue', kind: 'text' },
        { key: 'installments', label: 'Installments', kind: 'count' },
        { key: 'loans', label: 'Loans', kind: 'count' },
        { key: 'amount', label: 'Amount overdue', kind: 'money' },
      ],
      rows: d.overdue.map((b) => ({
        bucket: bucketLabel(b),
        installments: b.installments,
        loans: b.loans,
        amount: b.amount,
      })),
    },
    'Total',
  );
}

export function upgradesTable(d: ReportsData): ReportTable {
  return withTotals(
    {
      id: 'upgrades',
      columns: [
        { key: 'month', label: 'Month', kind: 'text' },
        { key: 'toLevel1', label: 'To level 1', kind: 'count' },
        { key: 'toLevel2', label: 'To level 2', kind: 'count' },
        { key: 'toLevel3', label: 'To level 3', kind: 'count' },
        { key: 'total', label: 'Upgrades', kind: 'count' },
      ],
      rows: d.upgradesPerMonth.map((m) => ({
        month: m.month,
        toLevel1: m.toLevel1,
        toLevel2: m.toLevel2,
        toLevel3: m.toLevel3,
        total: m.total,
      })),
    },
    'Total',
  );
}

export function upgradeLevelsTable(d: ReportsData): ReportTable {
  return withTotals(
    {
      id: 'upgrade-levels',
      columns: [
        { key: 'level', label: 'Upgrade level', kind: 'text' },
        { key: 'activeLoans', label: 'Active loans', kind: 'count' },
        { key: 'amount', label: 'Amount lent', kind: 'money' },
      ],
      rows: d.upgradeLevels.map((l) => ({
        level: levelLabel(l.level),
        activeLoans: l.activeLoans,
        amount: l.amount,
      })),
    },
    'All active loans',
  );
}

export function goldReturnsTable(d: ReportsData): ReportTable | null {
  if (!d.goldReturns) return null;
  return withTotals(
    {
      id: 'gold-returns',
      columns: [
        { key: 'status', label: 'Return status', kind: 'text' },
        { key: 'count', label: 'Loans', kind: 'count' },
      ],
      rows: d.goldReturns.byStatus.map((s) => ({ status: formatStatus(s.status), count: s.count })),
    },
    'Total',
  );
}

/** A month cell reads `Nov 2026` on the page; the CSV keeps `2026-11`. */
export const pageCell = (column: Column, value: string | number) =>
  column.key === 'month' && typeof value === 'string' ? monthLabel(value) : displayCell(value, column.kind);

// ---- CSV -------------------------------------------------------------------

/** RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: string | number): string {
  const text =
    typeof value === 'number' ? (Number.isInteger(value) ? String(value) : value.toFixed(2)) : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The table as CSV: a header row, then one row per month or bucket (no totals row).
 * Numbers are plain (`1234567.50`, no grouping, no ₹), so any spreadsheet reads them
 * whatever its locale; lines end CRLF.
 */
export function toCsv(table: ReportTable): string {
  const lines = [
    table.columns.map((c) => csvField(c.label)),
    ...table.rows.map((r) => table.columns.map((c) => csvField(r[c.key] ?? ''))),
  ];
  return `${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
}

/**
 * `goldledger-collections-2026-11.csv` for a one-month range,
 * `goldledger-collections-2025-12-to-2026-11.csv` for a longer one; the figures of the
 * book as it stands carry the day they were taken (`goldledger-overdue-2026-11-21.csv`).
 */
export function csvFileName(id: SectionId, d: Pick<ReportsData, 'from' | 'to' | 'asOf'>): string {
  const monthly = id === 'disbursements' || id === 'collections' || id === 'upgrades';
  const when = monthly ? (d.from === d.to ? d.to : `${d.from}-to-${d.to}`) : d.asOf;
  return `goldledger-${id}-${when}.csv`;
}

// ---- The month range -----------------------------------------------------------

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Why the chosen range cannot be asked for; null when it can. */
export function rangeError(from: string, to: string): string | null {
  if (!MONTH.test(from) || !MONTH.test(to)) return 'Choose both months';
  if (from > to) return 'From month must not be after the to month';
  if (monthsBetween(from, to).length > REPORT_MAX_MONTHS)
    return `A report covers at most ${REPORT_MAX_MONTHS} months`;
  return null;
}

/** Anything to show at all: a book with no loans and no activity is the empty state. */
export function hasAnyFigures(d: ReportsData): boolean {
  return (
    d.portfolio.some((p) => p.loans > 0) ||
    d.disbursements.some((m) => m.loans > 0) ||
    d.collections.some((m) => m.payments > 0)
  );
}

/** The dashboard's money-in, money-out picture: lent and collected per month. */
export function flowTable(d: ReportsData): ReportTable {
  return withTotals(
    {
      id: 'disbursements',
      columns: [
        { key: 'month', label: 'Month', kind: 'text' },
        { key: 'disbursed', label: 'Disbursed', kind: 'money' },
        { key: 'collected', label: 'Collected', kind: 'money' },
      ],
      rows: d.disbursements.map((m, i) => ({
        month: m.month,
        disbursed: m.amount,
        collected: d.collections[i]?.amount ?? 0,
      })),
    },
    'Total',
  );
}
