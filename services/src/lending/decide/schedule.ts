import { addDays, fillInstallments, graceEndOf, type LoanEvent } from '@goldledger/contracts';
import { DomainError } from '../../platform/decider.js';
import { runLedger } from '../interest.js';
import type { LoanHandler } from '../loan.decider.js';
import { requireActive, termsOf } from '../loan.rules.js';
import { reminderKey, successfulPayments } from '../loan.state.js';

/**
 * The scheduler's daily look at the schedule: each unpaid installment whose date has come
 * falls due once, and is overdue once the day after its grace ends (the due date itself, or
 * the next working day when it falls on a Sunday or holiday).
 */
export const recordDueDates: LoanHandler<'RecordDueDates'> = (c, s) => {
  if (s.status !== 'active') return [];
  const paid = runLedger(termsOf(s), successfulPayments(s), c.today).totalPaidPaise;
  const events: LoanEvent[] = [];
  for (const i of fillInstallments(s.installments, paid)) {
    if (i.status === 'paid' || i.dueDate > c.today) continue;
    const amountDuePaise = i.amountPaise - i.amountPaidPaise;
    if (!s.fellDue.includes(i.number)) {
      events.push({
        type: 'InstallmentFellDue',
        data: { installmentNumber: i.number, dueDate: i.dueDate, amountDuePaise },
      });
    }
    const graceEnd = graceEndOf(i.dueDate, s.policy);
    if (c.today > graceEnd && !s.overdue.includes(i.number)) {
      events.push({
        type: 'InstallmentOverdue',
        data: {
          installmentNumber: i.number,
          dueDate: i.dueDate,
          overdueOn: addDays(graceEnd, 1),
          amountDuePaise,
        },
      });
    }
  }
  return events;
};

/** A reminder about one installment: once per installment, kind, channel and day; none once it is paid. */
export const recordPaymentReminder: LoanHandler<'RecordPaymentReminder'> = (c, s) => {
  requireActive(s);
  if (s.remindersSent.includes(reminderKey(c.installmentNumber, c.kind, c.channel, c.today))) return [];
  const paid = runLedger(termsOf(s), successfulPayments(s), c.today).totalPaidPaise;
  const installment = fillInstallments(s.installments, paid).find((i) => i.number === c.installmentNumber);
  if (!installment) throw new DomainError('Installment not found', 'installment_not_found', 404);
  if (installment.status === 'paid') return [];
  return [
    {
      type: 'PaymentReminderSent',
      data: {
        installmentNumber: c.installmentNumber,
        dueDate: installment.dueDate,
        kind: c.kind,
        channel: c.channel,
        sentTo: c.sentTo,
        sentOn: c.today,
        amountDuePaise: installment.amountPaise - installment.amountPaidPaise,
      },
    },
  ];
};
