import {
  MessageResponse,
  StaffListResponse,
  StaffSavedResponse,
  type StaffMember as StaffMemberSchema,
  type CreateStaffRequest,
  type UpdateStaffRequest,
} from '@goldledger/contracts';
import type { z } from 'zod';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** A row of the list, as the API answers it (the contract exports only the schema). */
export type StaffMember = z.infer<typeof StaffMemberSchema>;

const EMPLOYEES = '/api/admin/employees';
const memberPath = (id: string) => `${EMPLOYEES}/${encodeURIComponent(id)}`;

/** `GET /api/admin/employees`: every admin and employee, by name. */
export function getEmployees(options?: RequestOptions) {
  return api.get(EMPLOYEES, StaffListResponse, options);
}

export function useEmployees() {
  const { token } = useAuth();
  return useSWR(token ? [EMPLOYEES, token] : null, ([, t]: [string, string]) => getEmployees({ token: t }));
}

/** `POST /api/admin/employees`: registers an employee or an admin and emails them a welcome. */
export function createStaff(body: z.output<typeof CreateStaffRequest>) {
  return api.post(EMPLOYEES, body, StaffSavedResponse);
}

/** `PUT /api/admin/employees/{id}`: name, mobile numbers and role. */
export function updateStaff(id: string, body: z.output<typeof UpdateStaffRequest>) {
  return api.put(memberPath(id), body, StaffSavedResponse);
}

/** `DELETE /api/admin/employees/{id}`: employees only; the server refuses admins. */
export function deleteStaff(id: string) {
  return api.delete(memberPath(id), MessageResponse);
}
