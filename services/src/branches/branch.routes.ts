import { ADMIN_READERS } from '../identity/access.plugin.js';
import {
  AssignBranchesRequest,
  BranchIdParams,
  BranchListResponse,
  BranchSavedResponse,
  BranchesAssignedResponse,
  ErrorResponse,
  PublicBranchListResponse,
  SaveBranchRequest,
  StaffIdParams,
  UpdateBranchRequest,
} from '@goldledger/contracts';
import { executeUserCommand, loadUser } from '../identity/user-commands.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import { requestScopedUuid } from '../platform/request-idempotency.js';
import type { SliceDeps } from '../slice-deps.js';
import { checkBranchesExist, openBranch, updateBranch } from './branch-commands.js';
import { branchRowOf, listBranches, publicBranches } from './branch.queries.js';

/** Branches: admins open and edit them and say who works where; the public site lists them. */
export function registerBranchRoutes(app: App, deps: Pick<SliceDeps, 'store' | 'clock' | 'db'>): void {
  const admin = { access: ['admin'] as const };

  app.get(
    '/api/admin/branches',
    { config: { access: [...ADMIN_READERS] }, schema: { response: { 200: BranchListResponse } } },
    async () => ({ data: await listBranches(deps.db) }),
  );

  app.post(
    '/api/admin/branches',
    {
      config: admin,
      schema: { body: SaveBranchRequest, response: { 201: BranchSavedResponse, 409: ErrorResponse } },
    },
    async (request, reply) => {
      const branchId = requestScopedUuid('branch');
      const written = await openBranch(deps, branchId, request.body, metadataOf(request));
      return reply.status(201).send({
        message: `Branch ${written.state.code} opened`,
        data: await branchRowOf(deps.db, written.state, written.version),
      });
    },
  );

  app.put(
    '/api/admin/branches/:id',
    {
      config: admin,
      schema: {
        params: BranchIdParams,
        body: UpdateBranchRequest,
        response: { 200: BranchSavedResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const { expectedVersion, ...details } = request.body;
      const written = await updateBranch(
        deps,
        request.params.id,
        details,
        expectedVersion,
        metadataOf(request),
      );
      return {
        message: `Branch ${written.state.code} saved`,
        data: await branchRowOf(deps.db, written.state, written.version),
      };
    },
  );

  // Public: the /location page lists the branches a visitor can walk into.
  app.get(
    '/api/branches',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { response: { 200: PublicBranchListResponse } },
    },
    async () => ({ data: await publicBranches(deps.db) }),
  );

  app.put(
    '/api/admin/employees/:id/branches',
    {
      config: admin,
      schema: {
        params: StaffIdParams,
        body: AssignBranchesRequest,
        response: { 200: BranchesAssignedResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { state } = await loadUser(deps.store, id);
      if (!state.exists || state.removed || (state.role !== 'admin' && state.role !== 'employee')) {
        throw new DomainError('Employee not found', 'user_not_found', 404);
      }
      await checkBranchesExist(deps.store, request.body.branchIds);
      // Ends the member's sessions (StaffBranchesAssigned revokes tokens): their next one carries the new branches.
      const result = await executeUserCommand(
        deps,
        id,
        { type: 'AssignBranches', branchIds: request.body.branchIds },
        metadataOf(request),
      );
      return {
        message: `Branches of ${result.state.name} saved`,
        data: { _id: id, branchIds: result.state.branchIds },
      };
    },
  );
}
