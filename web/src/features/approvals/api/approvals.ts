import {
  ApprovalDecisionResponse,
  ApprovalListResponse,
  ApprovalPolicyResponse,
  type ApprovalItem,
  type ApprovalRule,
  type ApprovalStatus,
} from '@goldledger/contracts';
import type { z } from 'zod';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export type { ApprovalItem };
export type ApprovalList = z.infer<typeof ApprovalListResponse>;
export type ApprovalPolicy = z.infer<typeof ApprovalPolicyResponse>;

const QUEUE_PATH = '/api/admin/approvals';
const MINE_PATH = '/api/approvals/mine';
const POLICY_PATH = '/api/admin/approvals/policy';

const listPath = (base: string, status: ApprovalStatus | undefined) =>
  status ? `${base}?status=${status}&limit=100` : `${base}?limit=100`;

/** `GET /api/admin/approvals` (admins): everyone's requests, one status at a time. */
export function getApprovals(status: ApprovalStatus | undefined, options?: RequestOptions) {
  return api.get(listPath(QUEUE_PATH, status), ApprovalListResponse, options);
}

/** `GET /api/approvals/mine` (staff): the requests this member of staff made. */
export function getMyApprovals(status: ApprovalStatus | undefined, options?: RequestOptions) {
  return api.get(listPath(MINE_PATH, status), ApprovalListResponse, options);
}

/** Keyed by the token: another person signing in on this browser never sees a cached answer. */
export function useApprovals(scope: 'queue' | 'mine', status: ApprovalStatus | undefined) {
  const { token } = useAuth();
  return useSWR(token ? [scope, status ?? 'all', token] : null, ([, , t]: [string, string, string]) =>
    scope === 'queue' ? getApprovals(status, { token: t }) : getMyApprovals(status, { token: t }),
  );
}

/** `POST /api/admin/approvals/{id}/approve`: approve and carry out (an admin who is not the maker). */
export function approveRequest(id: string, options?: RequestOptions) {
  return api.post(`${QUEUE_PATH}/${encodeURIComponent(id)}/approve`, {}, ApprovalDecisionResponse, options);
}

/** `POST /api/admin/approvals/{id}/reject` with the reason. */
export function rejectRequest(id: string, reason: string, options?: RequestOptions) {
  return api.post(
    `${QUEUE_PATH}/${encodeURIComponent(id)}/reject`,
    { reason },
    ApprovalDecisionResponse,
    options,
  );
}

/** `GET /api/admin/approvals/policy`: which actions need a second person, and its history. */
export function useApprovalPolicy() {
  const { token } = useAuth();
  return useSWR(token ? [POLICY_PATH, token] : null, ([, t]: [string, string]) =>
    api.get(POLICY_PATH, ApprovalPolicyResponse, { token: t }),
  );
}

export interface PolicyUpdate {
  rules: Partial<Record<ApprovalRule, boolean>>;
  /** Whole rupees. */
  largeLoanThreshold: number;
  reason?: string;
}

/** `PUT /api/admin/approvals/policy` (admins): every change is kept with who made it and why. */
export function updateApprovalPolicy(update: PolicyUpdate, options?: RequestOptions) {
  return api.put(POLICY_PATH, update, ApprovalPolicyResponse, options);
}
