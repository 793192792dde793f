import { ReadAllNotificationsResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';

/** `PUT /api/notifications/read-all`: every unread notification becomes read. */
export function markAllNotificationsRead() {
  return api.put('/api/notifications/read-all', {}, ReadAllNotificationsResponse);
}
