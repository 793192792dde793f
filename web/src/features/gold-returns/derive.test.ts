import { describe, expect, it } from 'vitest';
import {
  branchDateTimeLocal,
  delayText,
  emptyMessage,
  isOpen,
  lastReminder,
  plural,
  reminderTone,
  scheduleError,
  statTiles,
  statusTabs,
  type GoldReturnStats,
} from './derive';

const stats: GoldReturnStats = {
  totalClosedLoans: 10,
  overdueLoans: 3,
  compensationOwed: { loans: 2, amount: 35_000 },
  stats: [
    { _id: 'pending', count: 4 },
    { _id: 'scheduled', count: 1 },
    { _id: 'overdue', count: 3 },
    { _id: 'unclaimed', count: 1 },
    { _id: 'returned', count: 1 },
  ],
};

describe('the status filter and the tiles', () => {
  it('counts each tab from the stats, all closed loans under All', () => {
    expect(statusTabs(stats)).toEqual([
      { value: 'all', label: 'All', count: 10 },
      { value: 'overdue', label: 'Overdue', count: 3 },
      { value: 'pending', label: 'Pending', count: 4 },
      { value: 'scheduled', label: 'Scheduled', count: 1 },
      { value: 'unclaimed', label: 'Unclaimed', count: 1 },
      { value: 'compensation', label: 'Compensation Owed', count: 2 },
      { value: 'returned', label: 'Returned', count: 1 },
    ]);
  });

  it('shows the tabs without counts until the stats have come', () => {
    expect(statusTabs(undefined).every((t) => !('count' in t))).toBe(true);
  });

  it('puts overdue first, marked as the figure to act on', () => {
    const tiles = statTiles(stats);
    expect(tiles.map((t) => [t.label, t.value])).toEqual([
      ['Overdue', 3],
      ['Pending', 4],
      ['Scheduled', 1],
      ['Unclaimed', 1],
      ['Returned', 1],
      ['Total Closed Loans', 10],
    ]);
    expect(tiles.filter((t) => t.lead).map((t) => t.key)).toEqual(['overdue']);
  });
});

describe('whose the delay is', () => {
  const item = { compensationPerDay: 5_000, customerTold: [] };
  it('says the lender’s delay accrues, the customer’s does not, and unclaimed gold accrues nothing', () => {
    expect(delayText({ ...item, delay: 'on_time' })).toBeNull();
    expect(delayText({ ...item, delay: 'lender' })).toEqual({
      text: "Lender's delay: ₹5,000 accrues each working day",
      tone: 'danger',
    });
    expect(
      delayText({
        ...item,
        delay: 'customer',
        customerTold: [{ toldOn: '2026-12-17', channel: 'call', toldBy: 'Asha' }],
      })?.text,
    ).toBe("Customer told 17/12/2026 (phone call): delay is the customer's");
    expect(delayText({ ...item, delay: 'unclaimed' })?.tone).toBe('neutral');
  });
});

describe('the empty state', () => {
  it('says a search found nothing, or that nothing is pending', () => {
    expect(emptyMessage('  ravi ')).toBe('No returns match your search criteria');
    expect(emptyMessage('   ')).toBe('No pending gold returns found');
  });
});

describe('reminders', () => {
  it('colours urgent and final apart from the others', () => {
    expect(reminderTone('urgent')).toBe('warning');
    expect(reminderTone('final')).toBe('danger');
    expect(reminderTone('initial')).toBe('info');
    expect(reminderTone('followup')).toBe('info');
  });

  it('finds the latest one sent', () => {
    expect(lastReminder({ reminders: [] })).toBeNull();
    expect(
      lastReminder({
        reminders: [
          { type: 'initial', sentTo: ['sms'], sentDate: '2026-11-03' },
          { type: 'urgent', sentTo: ['sms'], sentDate: '2026-11-15' },
          { type: 'followup', sentTo: ['sms'], sentDate: '2026-11-07' },
        ],
      })?.type,
    ).toBe('urgent');
  });
});

describe('scheduling a return', () => {
  it('needs a date and a time, not in the past', () => {
    expect(scheduleError('', '2026-11-21')).toBe('Please choose a date and time for the return');
    expect(scheduleError('2026-11-22', '2026-11-21')).toBe('Please choose a date and time for the return');
    expect(scheduleError('2026-11-20T10:00', '2026-11-21')).toBe(
      'The return cannot be scheduled in the past',
    );
    expect(scheduleError('2026-11-21T16:30', '2026-11-21')).toBeNull();
    expect(scheduleError('2026-11-23T10:00', '2026-11-21')).toBeNull();
  });

  it("reads the branch's wall clock for the field, whatever the browser's zone", () => {
    // 19:00 UTC is 00:30 the next day in Asia/Kolkata.
    expect(branchDateTimeLocal(new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22T00:30');
    expect(branchDateTimeLocal(new Date('2026-11-21T04:30:00Z'))).toBe('2026-11-21T10:00');
  });
});

describe('small words', () => {
  it('pluralises and knows which returns are still open', () => {
    expect(plural(1, 'day')).toBe('1 day');
    expect(plural(0, 'working day')).toBe('0 working days');
    expect(isOpen({ goldReturnStatus: 'overdue' })).toBe(true);
    expect(isOpen({ goldReturnStatus: 'returned' })).toBe(false);
  });
});
