import { NotificationActionResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';

/** `PUT /api/notifications/{id}/read`. */
export function markNotificationRead(id: string) {
  return api.put(`/api/notifications/${encodeURIComponent(id)}/read`, {}, NotificationActionResponse);
}
