import { describe, expect, it } from 'vitest';
import { dueLabel, emptyText, reminderTone, shortId } from './derive';

const overdue = (daysOverdue: number) => ({ type: 'overdue' as const, daysUntilDue: 0, daysOverdue });
const upcoming = (daysUntilDue: number) => ({ type: 'upcoming' as const, daysUntilDue, daysOverdue: 0 });

describe('reminderTone', () => {
  it('colours overdue items red from 30 days, orange from 14, else yellow', () => {
    expect(reminderTone(overdue(45))).toBe('red');
    expect(reminderTone(overdue(30))).toBe('red');
    expect(reminderTone(overdue(29))).toBe('orange');
    expect(reminderTone(overdue(14))).toBe('orange');
    expect(reminderTone(overdue(13))).toBe('yellow');
    expect(reminderTone(overdue(1))).toBe('yellow');
  });

  it('colours upcoming items red today, orange tomorrow, else blue', () => {
    expect(reminderTone(upcoming(0))).toBe('red');
    expect(reminderTone(upcoming(1))).toBe('orange');
    expect(reminderTone(upcoming(2))).toBe('blue');
    expect(reminderTone(upcoming(30))).toBe('blue');
  });
});

describe('dueLabel', () => {
  it('says when the installment is or was due, in words', () => {
    expect(dueLabel(overdue(1))).toBe('Overdue by 1 day');
    expect(dueLabel(overdue(31))).toBe('Overdue by 31 days');
    expect(dueLabel(upcoming(0))).toBe('Due today');
    expect(dueLabel(upcoming(1))).toBe('Due tomorrow');
    expect(dueLabel(upcoming(6))).toBe('Due in 6 days');
  });
});

describe('labels', () => {
  it('names the empty lists', () => {
    expect(emptyText('overdue', 7)).toBe('No overdue payments');
    expect(emptyText('upcoming', 14)).toBe('No payments due in the next 14 days');
  });

  it('shortens long template ids and says when none is set', () => {
    expect(shortId(null)).toBe('Not configured');
    expect(shortId('1207161234567890')).toBe('1207161234567890');
    expect(shortId('1207161234567890123456789012')).toBe('1207161234…789012');
  });
});
