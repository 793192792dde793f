import { IncidentListResponse, MessageResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const listPath = (status: 'open' | 'resolved' | 'all') => `/api/admin/custody/incidents?status=${status}`;

/** `GET /api/admin/custody/incidents` (admins): weight differences found at release. */
export function useIncidents(status: 'open' | 'resolved' | 'all') {
  const { token } = useAuth();
  return useSWR(token ? [listPath(status), token] : null, ([path, t]: [string, string]) =>
    api.get(path, IncidentListResponse, { token: t }),
  );
}

/** `POST /api/admin/custody/incidents/{id}/resolve` */
export function resolveIncident(incidentId: string, resolution: string) {
  return api.post(
    `/api/admin/custody/incidents/${encodeURIComponent(incidentId)}/resolve`,
    { resolution },
    MessageResponse,
  );
}
