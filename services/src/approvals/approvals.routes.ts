import { z } from 'zod';
import {
  ApprovalDecisionResponse,
  ApprovalIdParams,
  ApprovalListQuery,
  ApprovalListResponse,
  ApprovalPolicyResponse,
  paiseToRupees,
  RejectApprovalRequest,
  rupeesToPaise,
  UpdateApprovalPolicyRequest,
} from '@goldledger/contracts';
import { ADMIN_READERS, sessionOf, STAFF_READERS, type Session } from '../identity/access.plugin.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import type { SliceDeps } from '../slice-deps.js';
import { approveRequest, rejectRequest } from './approval-commands.js';
import { changeApprovalPolicy, loadApprovalPolicy } from './approval-policy.js';
import type { ApprovalState } from './approval.state.js';
import { listApprovals } from './approvals.queries.js';
import { defineLoanApprovalExecutors } from './loan-approvals.js';

const ADMIN = ['admin'] as const;
/** A POST that takes no body: none, `null` or `{}`. */
const AnyBody = z.object({}).passthrough().nullish();

const staffOf = (s: Session) => ({ id: s.userId, name: s.name, role: s.role });

const decision = (s: ApprovalState, message: string) => ({
  success: true as const,
  message,
  data: {
    _id: s.approvalId,
    status: s.status === 'none' ? ('pending' as const) : s.status,
    outcome: s.outcome,
    outcomeMessage: s.outcomeMessage,
    loanRef: s.loanUuid,
  },
});

/**
 * Maker-checker: the pending-approvals queue, each maker's own requests, approving and
 * rejecting (an admin who is not the maker), and the policy of which actions need it.
 */
export function registerApprovalRoutes(app: App, deps: SliceDeps): void {
  defineLoanApprovalExecutors();

  app.get(
    '/api/admin/approvals',
    {
      config: { access: ADMIN_READERS },
      schema: { querystring: ApprovalListQuery, response: { 200: ApprovalListResponse } },
    },
    async (request) => listApprovals(deps.db, request.query),
  );

  app.get(
    '/api/approvals/mine',
    {
      config: { access: STAFF_READERS },
      schema: { querystring: ApprovalListQuery, response: { 200: ApprovalListResponse } },
    },
    async (request) => listApprovals(deps.db, request.query, sessionOf(request).userId),
  );

  app.post(
    '/api/admin/approvals/:id/approve',
    {
      config: { access: ADMIN },
      schema: { params: ApprovalIdParams, body: AnyBody, response: { 200: ApprovalDecisionResponse } },
    },
    async (request) => {
      const s = await approveRequest(
        deps,
        request.params.id,
        staffOf(sessionOf(request)),
        metadataOf(request),
      );
      return decision(
        s,
        s.outcome === 'executed'
          ? `Approved and carried out. ${s.outcomeMessage ?? ''}`.trim()
          : `Approved, but it could not be carried out: ${s.outcomeMessage ?? 'unknown reason'}. Nothing was changed.`,
      );
    },
  );

  app.post(
    '/api/admin/approvals/:id/reject',
    {
      config: { access: ADMIN },
      schema: {
        params: ApprovalIdParams,
        body: RejectApprovalRequest,
        response: { 200: ApprovalDecisionResponse },
      },
    },
    async (request) => {
      const s = await rejectRequest(
        deps,
        request.params.id,
        staffOf(sessionOf(request)),
        request.body.reason,
        metadataOf(request),
      );
      return decision(s, 'Request rejected. Nothing was changed.');
    },
  );

  const policyAnswer = async () => {
    const { policy, isDefault, history } = await loadApprovalPolicy(deps);
    return {
      policy: {
        rules: { ...policy.rules },
        largeLoanThreshold: paiseToRupees(policy.largeLoanThresholdPaise),
      },
      isDefault,
      history: history.reverse(),
    };
  };

  app.get(
    '/api/admin/approvals/policy',
    { config: { access: ADMIN_READERS }, schema: { response: { 200: ApprovalPolicyResponse } } },
    async () => policyAnswer(),
  );

  app.put(
    '/api/admin/approvals/policy',
    {
      config: { access: ADMIN },
      schema: { body: UpdateApprovalPolicyRequest, response: { 200: ApprovalPolicyResponse } },
    },
    async (request) => {
      const b = request.body;
      const session = sessionOf(request);
      await changeApprovalPolicy(
        deps,
        {
          rules: b.rules,
          largeLoanThresholdPaise:
            b.largeLoanThreshold === undefined ? undefined : rupeesToPaise(b.largeLoanThreshold),
          reason: b.reason || null,
          changedBy: { id: session.userId, name: session.name },
        },
        metadataOf(request),
      );
      return policyAnswer();
    },
  );
}
