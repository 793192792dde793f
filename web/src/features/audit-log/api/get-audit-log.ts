import { AuditLogResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { auditLogPath, type AuditFilterValues } from '../filters';

/** `GET /api/admin/audit-log`: a page of events, newest first, with the count of all matches. */
export function getAuditLog(path: string, options?: RequestOptions) {
  return api.get(path, AuditLogResponse, options);
}

/** Keyed by filter, page and token; the last page stays on screen while the next loads. */
export function useAuditLog(values: AuditFilterValues, cursor: string | null) {
  const { token } = useAuth();
  const path = auditLogPath(values, cursor);
  return useSWR(token ? [path, token] : null, ([p, t]: [string, string]) => getAuditLog(p, { token: t }), {
    keepPreviousData: true,
  });
}
