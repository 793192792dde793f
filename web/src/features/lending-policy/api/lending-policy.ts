import {
  LendingPolicyOverview,
  LendingPolicyVersionResponse,
  SentForApprovalResponse,
  type ProposeLendingPolicyRequest,
} from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export type { LendingPolicyOverview, LendingPolicyVersionResponse };

const PATH = '/api/admin/lending-policy';

/** `GET /api/admin/lending-policy` (admins, auditors): the versions and each rule's source. */
export function useLendingPolicy() {
  const { token } = useAuth();
  return useSWR(token ? [PATH, token] : null, ([, t]: [string, string]) =>
    api.get(PATH, LendingPolicyOverview, { token: t }),
  );
}

/** `GET /api/admin/lending-policy/versions/{n}`: one version in full, as adopted. */
export function useLendingPolicyVersion(version: number | null) {
  const { token } = useAuth();
  return useSWR(
    token && version !== null ? [`${PATH}/versions/${version}`, token] : null,
    ([path, t]: [string, string]) => api.get(path, LendingPolicyVersionResponse, { token: t }),
  );
}

/**
 * `POST /api/admin/lending-policy`: a new version, always held for a second admin. The
 * server answers 202; the client reports it as `SentForApproval`.
 */
export function proposeLendingPolicy(
  proposal: Omit<ProposeLendingPolicyRequest, 'policy'> & { policy: Record<string, unknown> },
  options?: RequestOptions,
) {
  return api.post(PATH, proposal, SentForApprovalResponse, options);
}
