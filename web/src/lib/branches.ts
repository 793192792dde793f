import { BranchListResponse, PublicBranchListResponse } from '@goldledger/contracts';
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

/**
 * The branches a new customer may be registered at by the signed-in person, when they have
 * a choice: an admin among every branch (none chosen: the main branch), an employee of
 * several branches among theirs (they must choose). Empty when there is nothing to choose.
 * Names come from the public branch list; a branch it does not name shows its id's start.
 */
export function useRegistrationBranches(): { options: BranchOption[]; required: boolean } {
  const { token, user } = useAuth();
  const adminOptions = useBranchOptions();
  const own = user?.role === 'employee' ? (user.branchIds ?? []) : [];
  const { data } = useSWR(
    token && own.length > 1 ? ['public-branches', token] : null,
    () => api.get('/api/branches', PublicBranchListResponse),
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
  if (user?.role === 'admin')
    return { options: adminOptions.length > 1 ? adminOptions : [], required: false };
  if (own.length < 2) return { options: [], required: false };
  const names = new Map((data?.data ?? []).map((b) => [b._id, `${b.name} (${b.code})`]));
  return {
    options: own.map((id) => ({ id, label: names.get(id) ?? `Branch ${id.slice(0, 8)}` })),
    required: true,
  };
}
