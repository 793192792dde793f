import type { ReportsData } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import {
  collectionsTable,
  csvField,
  csvFileName,
  goldReturnsTable,
  monthLabel,
  overdueTable,
  pageCell,
  rangeError,
  toCsv,
  upgradeLevelsTable,
} from './derive';

const data: ReportsData = {
  asOf: '2026-11-21',
  from: '2026-10',
  to: '2026-11',
  disbursements: [
    { month: '2026-10', loans: 2, amount: 150000 },
    { month: '2026-11', loans: 0, amount: 0 },
  ],
  collections: [
    { month: '2026-10', payments: 3, amount: 1234567.5, interest: 34567.5, principal: 1200000 },
    { month: '2026-11', payments: 1, amount: 1000, interest: 1000, principal: 0 },
  ],
  upgradesPerMonth: [
    { month: '2026-10', toLevel1: 1, toLevel2: 0, toLevel3: 0, total: 1 },
    { month: '2026-11', toLevel1: 0, toLevel2: 0, toLevel3: 0, total: 0 },
  ],
  portfolio: [
    { status: 'active', loans: 2, amount: 150000, principalOutstanding: 120000 },
    { status: 'closed', loans: 1, amount: 50000, principalOutstanding: 0 },
    { status: 'renewed', loans: 0, amount: 0, principalOutstanding: 0 },
  ],
  upgradeLevels: [
    { level: 0, activeLoans: 1, amount: 100000 },
    { level: 1, activeLoans: 1, amount: 50000 },
    { level: 2, activeLoans: 0, amount: 0 },
    { level: 3, activeLoans: 0, amount: 0 },
  ],
  overdue: [
    { bucket: '1-30', minDays: 1, maxDays: 30, installments: 2, loans: 1, amount: 2000 },
    { bucket: '31-60', minDays: 31, maxDays: 60, installments: 0, loans: 0, amount: 0 },
    { bucket: '61-90', minDays: 61, maxDays: 90, installments: 0, loans: 0, amount: 0 },
    { bucket: '90+', minDays: 91, maxDays: null, installments: 1, loans: 1, amount: 500.25 },
  ],
  goldReturns: {
    total: 1,
    byStatus: [
      { status: 'pending', count: 1 },
      { status: 'scheduled', count: 0 },
      { status: 'overdue', count: 0 },
      { status: 'returned', count: 0 },
    ],
  },
};

describe('the report tables', () => {
  it('name months as the branch reads them and money in rupees on the page', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    const t = collectionsTable(data);
    expect(pageCell(t.columns[0]!, t.rows[0]!.month!)).toBe('Oct 2026');
    expect(pageCell(t.columns[4]!, t.rows[0]!.amount!)).toBe('₹12,34,568');
    expect(t.totals).toEqual({
      month: 'Total',
      payments: 4,
      interest: 35567.5,
      principal: 1200000,
      amount: 1235567.5,
    });
  });

  it('label the overdue buckets by days, the last one open-ended', () => {
    expect(overdueTable(data).rows.map((r) => r.bucket)).toEqual([
      '1–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
    ]);
    expect(upgradeLevelsTable(data).rows.map((r) => r.level)).toEqual([
      '0 · Original',
      '1 · First',
      '2 · Second',
      '3 · Third',
    ]);
  });

  it('have no gold returns section for employees', () => {
    expect(goldReturnsTable({ ...data, goldReturns: undefined })).toBeNull();
    expect(goldReturnsTable(data)?.rows).toEqual([
      { status: 'Pending', count: 1 },
      { status: 'Scheduled', count: 0 },
      { status: 'Overdue', count: 0 },
      { status: 'Returned', count: 0 },
    ]);
  });
});

describe('CSV', () => {
  it('has a header row and one plain row per month, numbers without grouping or ₹', () => {
    expect(toCsv(collectionsTable(data))).toBe(
      'Month,Payments,Interest,Principal,Total collected\r\n' +
        '2026-10,3,34567.50,1200000,1234567.50\r\n' +
        '2026-11,1,1000,0,1000\r\n',
    );
  });

  it('quotes fields with commas, quotes or line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(0.1 + 0.2)).toBe('0.30');
  });

  it('is named after the section and the months, or the day for the book as it stands', () => {
    expect(csvFileName('collections', data)).toBe('goldledger-collections-2026-10-to-2026-11.csv');
    expect(csvFileName('collections', { ...data, from: '2026-11' })).toBe(
      'goldledger-collections-2026-11.csv',
    );
    expect(csvFileName('overdue', data)).toBe('goldledger-overdue-2026-11-21.csv');
  });
});

describe('the month range', () => {
  it('must run forwards and cover at most 60 months', () => {
    expect(rangeError('2026-01', '2026-11')).toBeNull();
    expect(rangeError('2026-11', '2026-11')).toBeNull();
    expect(rangeError('2026-12', '2026-11')).toBe('From month must not be after the to month');
    expect(rangeError('2020-01', '2026-11')).toBe('A report covers at most 60 months');
    expect(rangeError('', '2026-11')).toBe('Choose both months');
  });
});
