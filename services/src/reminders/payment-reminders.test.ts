import { describe, expect, it } from 'vitest';
import { reminderMessage, type ReminderSubject } from './payment-reminders.js';

const subject = (over: Partial<ReminderSubject> = {}): ReminderSubject => ({
  customerName: 'Lakshmi Devi',
  loanId: 'GL261100001',
  installment: { number: 3, dueDate: '2026-12-21', amountDuePaise: 1_479_45 },
  place: { n: 3, of: 6, upgradedOn: null },
  ...over,
});

describe('a payment reminder says what is due, by the loan’s repayment structure', () => {
  it.each([
    [{}, 'installment 3 of 6 of your gold loan GL261100001, ₹1,479,'],
    [{ repaymentType: 'emi' as const }, 'installment 3 of 6 of your gold loan'],
    [
      { repaymentType: 'monthly_interest' as const },
      'the monthly interest (installment 3 of 6) of your gold loan GL261100001, ₹1,479,',
    ],
    [
      { repaymentType: 'monthly_interest' as const, isLast: true },
      'the principal and last interest (installment 3 of 6) of your gold loan',
    ],
    [
      { repaymentType: 'bullet' as const, place: { n: 1, of: 1, upgradedOn: null } },
      'the repayment (principal and interest) of your gold loan GL261100001, ₹1,479,',
    ],
    [
      // Installment 14 of a 6-month loan upgraded twice: the 2nd of the new schedule's 3.
      {
        installment: { number: 14, dueDate: '2026-12-21', amountDuePaise: 1_479_45 },
        place: { n: 2, of: 3, upgradedOn: '2026-11-12' },
      },
      'installment 2 of 3 after the upgrade on 12 Nov 2026 of your gold loan GL261100001, ₹1,479,',
    ],
  ])('%o: "%s"', (over, words) => {
    const upcoming = reminderMessage('upcoming', subject(over), '2026-12-19');
    expect(upcoming.sms).toContain(`Dear Lakshmi Devi, ${words}`);
    expect(upcoming.email).toContain(words.split(',')[0]!);
    const overdue = reminderMessage('overdue', subject(over), '2026-12-25');
    expect(overdue.sms).toContain(words.split(',')[0]!);
  });
});
