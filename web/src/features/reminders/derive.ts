/**
 * How urgent a reminder is: overdue 30 days or more red, 14 or more orange,
 * otherwise yellow; due today red, due tomorrow orange, otherwise blue. The colour
 * always comes with words, never alone.
 */

export type ReminderTone = 'red' | 'orange' | 'yellow' | 'blue';

export interface DueFacts {
  type: 'upcoming' | 'overdue';
  daysUntilDue: number;
  daysOverdue: number;
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export function reminderTone(item: DueFacts): ReminderTone {
  if (item.type === 'overdue') {
    if (item.daysOverdue >= 30) return 'red';
    if (item.daysOverdue >= 14) return 'orange';
    return 'yellow';
  }
  if (item.daysUntilDue <= 0) return 'red';
  if (item.daysUntilDue === 1) return 'orange';
  return 'blue';
}

/** The due label: `Overdue by 3 days`, `Due today`, `Due tomorrow`, `Due in 5 days`. */
export function dueLabel(item: DueFacts): string {
  if (item.type === 'overdue') return `Overdue by ${days(item.daysOverdue)}`;
  if (item.daysUntilDue <= 0) return 'Due today';
  if (item.daysUntilDue === 1) return 'Due tomorrow';
  return `Due in ${days(item.daysUntilDue)}`;
}

/** The empty list's words, per tab. */
export function emptyText(tab: 'upcoming' | 'overdue', window: number): string {
  return tab === 'overdue' ? 'No overdue payments' : `No payments due in the next ${window} days`;
}

/**
 * What the SMS Config modal may show of a template id: the DLT template ids are not
 * secret, but long values are shortened so the modal stays readable.
 */
export function shortId(id: string | null): string {
  if (!id) return 'Not configured';
  return id.length > 24 ? `${id.slice(0, 10)}…${id.slice(-6)}` : id;
}
