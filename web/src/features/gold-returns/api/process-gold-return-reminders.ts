import { ProcessGoldReturnRemindersResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import { BASE } from './gold-return-paths';

/** `POST /api/gold-returns/process-reminders`: sends every reminder that is due, as the daily job does. */
export function processGoldReturnReminders() {
  return api.post(`${BASE}/process-reminders`, {}, ProcessGoldReturnRemindersResponse);
}
