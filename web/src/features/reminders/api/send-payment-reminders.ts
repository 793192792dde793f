import { SendPaymentRemindersResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import type { DayWindow } from './reminder-keys';

export type ReminderType = 'all' | 'upcoming' | 'overdue';

/** "Send Email Reminders": one email per listed installment of the chosen type, at most once a day each. */
export function sendPaymentReminders(type: ReminderType, days: DayWindow) {
  return api.post('/api/notifications/send-payment-reminders', { type, days }, SendPaymentRemindersResponse);
}
