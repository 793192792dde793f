import { StaffListResponse, type StaffMember as StaffMemberSchema } from '@goldledger/contracts';
import type { z } from 'zod';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { EMPLOYEES } from './employee-paths';

/** A row of the list, as the API answers it (the contract exports only the schema). */
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** `GET /api/admin/employees`: every admin and employee, by name. */
export function getEmployees(options?: RequestOptions) {
  return api.get(EMPLOYEES, StaffListResponse, options);
}

export function useEmployees() {
  const { token } = useAuth();
  return useSWR(token ? [EMPLOYEES, token] : null, ([, t]: [string, string]) => getEmployees({ token: t }));
}
