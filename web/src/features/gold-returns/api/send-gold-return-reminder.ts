import { SendGoldReturnReminderResponse, type GoldReturnReminderType } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import { one } from './gold-return-paths';

/** `POST /api/gold-returns/{loanId}/send-reminder`: one reminder of the chosen kind, sent now. */
export function sendGoldReturnReminder(loanId: string, reminderType: GoldReturnReminderType) {
  return api.post(`${one(loanId)}/send-reminder`, { reminderType }, SendGoldReturnReminderResponse);
}
