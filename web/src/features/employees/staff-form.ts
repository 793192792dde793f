import {
  AssignBranchesRequest,
  CreateStaffRequest,
  DEFAULT_BRANCH_ID,
  UpdateStaffRequest,
  type StaffRole,
} from '@goldledger/contracts';
import type { z } from 'zod';
import type { StaffMember } from './api/get-employees';

/** The staff screens' messages, word for word. */
export const STAFF_TEXTS = {
  fetchFailed: 'Failed to fetch employees',
  registered: {
    employee: 'Employee registered and email sent!',
    admin: 'Admin registered and email sent!',
    auditor: 'Auditor registered and email sent!',
  },
  registerFailed: {
    employee: 'Failed to register employee',
    admin: 'Failed to register admin',
    auditor: 'Failed to register auditor',
  },
  updated: 'Employee updated successfully!',
  updateFailed: 'Failed to update employee',
  deleted: 'Employee deleted successfully!',
  deleteFailed: 'Failed to delete employee',
  adminNotDeletable: 'Admin cannot be deleted',
} as const;

/** The delete confirmation, word for word. */
export const deleteConfirmation = (name: string) =>
  `Are you sure you want to delete employee '${name}'? This action cannot be undone.`;

/** Aadhar at most 12 characters, mobiles at most 10. */
export const STAFF_MAX_LENGTH = { aadhar: 12, mobile: 10, name: 100, email: 254 } as const;

export interface AddStaffForm {
  name: string;
  email: string;
  aadharNumber: string;
  mobile: string;
  alternateMobile: string;
  /** The branches they will work at (the default branch unless changed). */
  branchIds: string[];
}
export type AddStaffField = keyof AddStaffForm;
export const ADD_STAFF_FIELDS: readonly AddStaffField[] = [
  'name',
  'email',
  'aadharNumber',
  'mobile',
  'alternateMobile',
  'branchIds',
];
export const EMPTY_ADD_STAFF: AddStaffForm = {
  name: '',
  email: '',
  aadharNumber: '',
  mobile: '',
  alternateMobile: '',
  branchIds: [DEFAULT_BRANCH_ID],
};

export interface EditStaffForm {
  name: string;
  primaryMobile: string;
  secondaryMobile: string;
  role: StaffRole;
}
export type EditStaffField = keyof EditStaffForm;
export const EDIT_STAFF_FIELDS: readonly EditStaffField[] = [
  'name',
  'primaryMobile',
  'secondaryMobile',
  'role',
];

export const editFormOf = (m: StaffMember): EditStaffForm => ({
  name: m.name,
  primaryMobile: m.primaryMobile ?? '',
  secondaryMobile: m.secondaryMobile ?? '',
  role: m.role,
});

export type FormCheck<F extends string, V> =
  { ok: true; values: V } | { ok: false; errors: Partial<Record<F, string>> };

function check<F extends string, S extends z.ZodType>(schema: S, input: unknown): FormCheck<F, z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: Partial<Record<F, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as F;
    if (!errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/**
 * Add Employee / Add Admin: name, email, Aadhar and mobile required, the
 * alternate mobile optional; the server's own rules and words (contracts' CreateStaffRequest).
 */
export function checkAddStaff(form: AddStaffForm, role: StaffRole) {
  return check<AddStaffField, typeof CreateStaffRequest>(CreateStaffRequest, { ...form, role });
}

/** Edit: name, mobile and role required. */
export function checkEditStaff(form: EditStaffForm) {
  return check<EditStaffField, typeof UpdateStaffRequest>(UpdateStaffRequest, form);
}

/** The edit dialog's branches: at least one (the server's words), or null when fine. */
export function branchesError(branchIds: readonly string[]): string | null {
  const parsed = AssignBranchesRequest.safeParse({ branchIds });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Choose at least one branch');
}

/** Whether two lists name the same branches, whatever their order. */
export const sameBranches = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));
