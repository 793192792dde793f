import { z } from 'zod';
import { IndianMobile, normaliseMobile } from './mobile.js';

/**
 * Who an account is. An `auditor` reads what staff and admins read and writes nothing but
 * vault audits (issue 16); the server refuses every other write to them.
 */
export const Role = z.enum(['admin', 'employee', 'customer', 'auditor']);
export type Role = z.infer<typeof Role>;
export const StaffRole = z.enum(['admin', 'employee', 'auditor']);
export type StaffRole = z.infer<typeof StaffRole>;

export const Email = z.email('Please enter a valid email address').transform((e) => e.trim().toLowerCase());
/**
 * A mobile number as people type it, in the form we store and look up: its 10 digits when
 * it is an Indian mobile written any way (`normaliseMobile`), else the text without spaces
 * and dashes (for look-ups that then find nobody).
 */
export function mobileDigits(typed: string): string {
  return normaliseMobile(typed) ?? typed.replace(/[\s-]/g, '');
}

/** Indian mobile: any way of writing one (+91, 91, 0, spaces, dashes) is its 10 digits. */
export const Mobile = IndianMobile();
export const Aadhar = z
  .string()
  .trim()
  .regex(/^\d{12}$/, 'Aadhar number must be 12 digits');

/** Events of a user account stream (`user-<uuid>`, stream type `user`). Schema version 1. */
export const UserEvents = {
  StaffRegistered: z.object({
    userId: z.uuid(),
    role: StaffRole,
    name: z.string().min(1),
    email: z.string(),
    primaryMobile: z.string(),
    secondaryMobile: z.string().nullable(),
    aadharNumber: z.string().nullable(),
    mustResetPassword: z.boolean(),
  }),
  CustomerAccountOpened: z.object({
    userId: z.uuid(),
    customerId: z.string(),
    name: z.string().min(1),
    email: z.string().nullable(),
    primaryMobile: z.string(),
  }),
  StaffUpdated: z.object({
    name: z.string().min(1),
    primaryMobile: z.string(),
    secondaryMobile: z.string().nullable(),
  }),
  RoleChanged: z.object({ from: StaffRole, to: StaffRole }),
  PasswordSet: z.object({ reason: z.enum(['first_login', 'reset', 'bootstrap']) }),
  SignedIn: z.object({ method: z.enum(['otp', 'password']) }),
  SignedOut: z.object({}),
  StaffRemoved: z.object({}),
  /**
   * The branches a member of staff works at (the whole list). Staff with no such event work
   * at the default branch (DEFAULT_BRANCH_ID). Revokes earlier tokens: a session carries its branches.
   */
  StaffBranchesAssigned: z.object({ branchIds: z.array(z.uuid()).min(1) }),
} as const;

export type UserEventType = keyof typeof UserEvents;
export type UserEvent = {
  [K in UserEventType]: { type: K; data: z.infer<(typeof UserEvents)[K]> };
}[UserEventType];

/** Events after which tokens issued earlier are no longer accepted. */
export const TOKEN_REVOKING_EVENTS: readonly UserEventType[] = [
  'RoleChanged',
  'PasswordSet',
  'SignedOut',
  'StaffRemoved',
  'StaffBranchesAssigned',
];

/** A unique email or mobile is claimed by a stream of its own (`user-identifier:<kind>:<value>`). */
export const IdentifierEvents = {
  IdentifierClaimed: z.object({ userId: z.uuid() }),
  IdentifierReleased: z.object({ userId: z.uuid() }),
} as const;
