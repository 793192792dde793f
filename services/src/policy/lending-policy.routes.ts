import {
  ErrorResponse,
  LendingPolicyOverview,
  LendingPolicyVersionResponse,
  PolicyRefusalResponse,
  PolicyVersionParams,
  ProposeLendingPolicyRequest,
  SentForApprovalResponse,
} from '@goldledger/contracts';
import { ADMIN_READERS } from '../identity/access.plugin.js';
import type { App } from '../platform/http/app.js';
import type { SliceDeps } from '../slice-deps.js';
import { defineLendingPolicyExecutor, proposeLendingPolicy } from './lending-policy-commands.js';
import { lendingPolicyOverview, lendingPolicyVersion } from './lending-policy.queries.js';

const ADMIN = ['admin'] as const;

/**
 * The lending policy page: admins and auditors read every version and each rule's source;
 * an admin proposes a new version, which a second admin approves before it is adopted.
 * (Employees see the rules through the forms and refusals that apply them.)
 */
export function registerLendingPolicyRoutes(app: App, deps: SliceDeps): void {
  defineLendingPolicyExecutor();

  app.get(
    '/api/admin/lending-policy',
    { config: { access: ADMIN_READERS }, schema: { response: { 200: LendingPolicyOverview } } },
    async () => lendingPolicyOverview(deps),
  );

  app.get(
    '/api/admin/lending-policy/versions/:version',
    {
      config: { access: ADMIN_READERS },
      schema: {
        params: PolicyVersionParams,
        response: { 200: LendingPolicyVersionResponse, 404: ErrorResponse },
      },
    },
    async (request) => lendingPolicyVersion(deps, request.params.version),
  );

  app.post(
    '/api/admin/lending-policy',
    {
      config: { access: ADMIN },
      schema: {
        body: ProposeLendingPolicyRequest,
        response: { 202: SentForApprovalResponse, 400: PolicyRefusalResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => reply.status(202).send(await proposeLendingPolicy(deps, request, request.body)),
  );
}
