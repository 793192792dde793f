import { z } from 'zod';
import { DEFAULT_BRANCH_ID } from '../branches/branch-events.js';
import { IndianMobile, OptionalIndianMobile } from './mobile.js';
import { StaffRole } from './user-events.js';

const required = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`);
const invalidMobile = (what: string) => `Please enter a valid 10-digit ${what.toLowerCase()}`;
const mobile = (what: string) => IndianMobile(invalidMobile(what), `${what} is required`);
const optionalMobile = (what: string) => OptionalIndianMobile(invalidMobile(what));

export const StaffMember = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  aadharNumber: z.string().nullable(),
  primaryMobile: z.string().nullable(),
  secondaryMobile: z.string().nullable(),
  role: StaffRole,
  /** The branches they work at (admins act at every branch whatever this says). */
  branchIds: z.array(z.string()),
});
export const StaffListResponse = z.object({ data: z.array(StaffMember) });

/** POST /admin/employees: an admin adds an employee. */
export const CreateStaffRequest = z.object({
  name: required('Name').pipe(z.string().max(100, 'Name must be at most 100 characters')),
  email: required('Email')
    .pipe(z.email('Please enter a valid email address'))
    .transform((e) => e.toLowerCase()),
  mobile: mobile('Mobile number'),
  alternateMobile: optionalMobile('Alternate mobile number'),
  role: StaffRole.default('employee'),
  aadharNumber: required('Aadhar number').pipe(
    z.string().regex(/^\d{12}$/, 'Aadhar number must be 12 digits'),
  ),
  /** The branches they will work at; the default branch when none are given. */
  branchIds: z
    .array(z.uuid('Branch not found'))
    .min(1, 'Choose at least one branch')
    .max(50)
    .default([DEFAULT_BRANCH_ID]),
});

/** PUT /admin/employees/{id}: name, mobile and role are required in the edit dialog. */
export const UpdateStaffRequest = z.object({
  name: required('Name').pipe(z.string().max(100, 'Name must be at most 100 characters')),
  primaryMobile: mobile('Mobile number'),
  secondaryMobile: optionalMobile('Alternate mobile number'),
  role: StaffRole,
});

export const StaffIdParams = z.object({ id: z.uuid('Employee not found') });
export const StaffSavedResponse = z.object({ message: z.string(), data: StaffMember });
