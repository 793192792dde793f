import { AuditLogFacetsResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const PATH = '/api/admin/audit-log/facets';

/** `GET /api/admin/audit-log/facets`: the event types and staff the filters offer. */
export function useAuditFacets() {
  const { token } = useAuth();
  return useSWR(token ? [PATH, token] : null, ([p, t]: [string, string]) =>
    api.get(p, AuditLogFacetsResponse, { token: t }),
  );
}
