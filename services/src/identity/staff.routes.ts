import {
  CreateStaffRequest,
  ErrorResponse,
  MessageResponse,
  StaffIdParams,
  StaffListResponse,
  StaffSavedResponse,
  UpdateStaffRequest,
  maskAadhar,
  type StaffRole,
} from '@goldledger/contracts';
import { checkBranchesExist } from '../branches/branch-commands.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import type { SliceDeps } from '../slice-deps.js';
import { ADMIN_READERS, sessionOf } from './access.plugin.js';
import { metadataOf } from '../platform/http/metadata.js';
import { registerStaff } from './staff-registration.js';
import { claimIdentifier, executeUserCommand, loadUser, releaseIdentifier } from './user-commands.js';
import type { UserState } from './user.state.js';
import { readModel } from '../platform/read-models.js';

const staffMember = (userId: string, s: UserState) => ({
  _id: userId,
  name: s.name,
  email: s.email,
  aadharNumber: s.aadharNumber,
  primaryMobile: s.primaryMobile,
  secondaryMobile: s.secondaryMobile,
  role: s.role as StaffRole,
  branchIds: s.branchIds,
});

const ROLE_WORDS: Record<StaffRole, { word: string; withArticle: string }> = {
  admin: { word: 'Admin', withArticle: 'an admin' },
  employee: { word: 'Employee', withArticle: 'an employee' },
  auditor: { word: 'Auditor', withArticle: 'an auditor (read-only)' },
};
const roleWord = (role: StaffRole) => ROLE_WORDS[role].word;

/** Employees Management: admins add employees and admins, edit, delete employees. */
export function registerStaffRoutes(
  app: App,
  deps: Pick<SliceDeps, 'store' | 'clock' | 'db' | 'messages'>,
): void {
  const admin = { access: ['admin'] as const };
  const readers = { access: ADMIN_READERS };
  const users = readModel(deps.db, 'rm_users');

  app.get(
    '/api/admin/employees',
    { config: readers, schema: { response: { 200: StaffListResponse } } },
    async (request) => {
      // Auditors read the staff list with Aadhar numbers masked, as everywhere but for admins.
      const fullAadhar = sessionOf(request).role === 'admin';
      const rows = await users
        .selectFrom('users')
        .selectAll()
        .where('role', 'in', ['admin', 'employee', 'auditor'])
        .where('removed', '=', false)
        .orderBy('name')
        .execute();
      return {
        data: rows.map((r) => ({
          _id: r.user_id,
          name: r.name,
          email: r.email,
          aadharNumber: r.aadhar_number && (fullAadhar ? r.aadhar_number : maskAadhar(r.aadhar_number)),
          primaryMobile: r.primary_mobile,
          secondaryMobile: r.secondary_mobile,
          role: r.role as StaffRole,
          branchIds: r.branch_ids,
        })),
      };
    },
  );

  app.post(
    '/api/admin/employees',
    {
      config: admin,
      schema: {
        body: CreateStaffRequest,
        response: { 201: StaffSavedResponse, 400: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const b = request.body;
      await checkBranchesExist(deps.store, b.branchIds);
      const userId = await registerStaff(
        deps,
        {
          role: b.role,
          name: b.name,
          email: b.email,
          primaryMobile: b.mobile,
          secondaryMobile: b.alternateMobile,
          aadharNumber: b.aadharNumber,
          mustResetPassword: true,
          branchIds: b.branchIds,
        },
        metadataOf(request),
      );
      await deps.messages.send({
        channel: 'email',
        to: b.email,
        subject: `Welcome to GoldLedger, ${b.name}`,
        text: [
          `Dear ${b.name},`,
          '',
          `You have been added to GoldLedger as ${ROLE_WORDS[b.role].withArticle} by ${sessionOf(request).name}.`,
          `Sign in with a one-time code sent to this email (${b.email}) or to your mobile ending ${b.mobile.slice(-4)}.`,
          'At your first sign-in you will be asked to set a password.',
        ].join('\n'),
        purpose: 'staff_welcome',
        correlationId: request.id,
        idempotencyKey: `staff_welcome:${userId}`,
      });
      const { state } = await loadUser(deps.store, userId);
      return reply.status(201).send({
        message: `${roleWord(b.role)} registered and email sent!`,
        data: staffMember(userId, state),
      });
    },
  );

  app.put(
    '/api/admin/employees/:id',
    {
      config: admin,
      schema: {
        params: StaffIdParams,
        body: UpdateStaffRequest,
        response: { 200: StaffSavedResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const b = request.body;
      const metadata = metadataOf(request);
      const before = await loadUser(deps.store, id);
      if (!before.state.exists || before.state.removed || before.state.role === 'customer') {
        throw new DomainError('Employee not found', 'user_not_found', 404);
      }
      const oldMobile = before.state.primaryMobile;
      const mobileChanges = oldMobile !== b.primaryMobile;
      // A new mobile is claimed before the change and the old one released after it.
      if (mobileChanges) await claimIdentifier(deps, 'mobile', b.primaryMobile, id, metadata);
      try {
        await executeUserCommand(
          deps,
          id,
          { type: 'UpdateStaff', ...b, byUserId: sessionOf(request).userId },
          metadata,
        );
      } catch (error) {
        if (mobileChanges) await releaseIdentifier(deps, 'mobile', b.primaryMobile, id, metadata);
        throw error;
      }
      if (mobileChanges && oldMobile) await releaseIdentifier(deps, 'mobile', oldMobile, id, metadata);
      const { state } = await loadUser(deps.store, id);
      return { message: 'Employee updated successfully!', data: staffMember(id, state) };
    },
  );

  app.delete(
    '/api/admin/employees/:id',
    {
      config: admin,
      schema: {
        params: StaffIdParams,
        response: { 200: MessageResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const metadata = metadataOf(request);
      const { state } = await loadUser(deps.store, id);
      if (id === sessionOf(request).userId)
        throw new DomainError('You cannot delete yourself', 'self_delete', 409);
      await executeUserCommand(
        deps,
        id,
        { type: 'RemoveStaff', byUserId: sessionOf(request).userId },
        metadata,
      );
      // The email and mobile become free for a future account.
      if (state.email) await releaseIdentifier(deps, 'email', state.email, id, metadata);
      if (state.primaryMobile) await releaseIdentifier(deps, 'mobile', state.primaryMobile, id, metadata);
      return { message: 'Employee deleted successfully!' };
    },
  );
}
