import { BranchListResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api } from './api-client';
import { useAuth } from './auth';

export interface BranchOption {
  id: string;
  label: string;
}

/**
 * The branches an admin or auditor may narrow a list to (`GET /api/admin/branches`), as
 * select options. Employees get none: the server lists only their own branches to them
 * anyway. A server without the branch list (or one branch only) gives no options.
 */
export function useBranchOptions(): BranchOption[] {
  const { token, user } = useAuth();
  const asks = token && (user?.role === 'admin' || user?.role === 'auditor');
  const { data } = useSWR(
    asks ? ['branches', token] : null,
    ([, t]: [string, string]) => api.get('/api/admin/branches', BranchListResponse, { token: t }),
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
  return (data?.data ?? []).map((b) => ({ id: b._id, label: `${b.name} (${b.code})` }));
}
