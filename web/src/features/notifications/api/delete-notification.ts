import { NotificationActionResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';

/** `DELETE /api/notifications/{id}`: gone from the panel (the business event behind it stays). */
export function deleteNotification(id: string) {
  return api.delete(`/api/notifications/${encodeURIComponent(id)}`, NotificationActionResponse);
}
