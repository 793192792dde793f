import { SuccessMessageResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import type { ReminderItem } from './reminder-keys';

/** "Send SMS Reminder" on one card; the server reads the figures from the loan itself. */
export function sendSmsReminder(item: ReminderItem) {
  return api.post(
    '/api/notifications/send-individual-sms-reminder',
    {
      loanId: item._id,
      customerMobile: item.customerMobile,
      customerName: item.customerName,
      amount: item.amount,
      dueDate: item.dueDate,
      daysUntilDue: item.daysUntilDue,
      daysOverdue: item.daysOverdue,
    },
    SuccessMessageResponse,
  );
}
