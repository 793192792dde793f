import { StaffSavedResponse, type UpdateStaffRequest } from '@goldledger/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { memberPath } from './employee-paths';

/** `PUT /api/admin/employees/{id}`: name, mobile numbers and role. */
export function updateStaff(id: string, body: z.output<typeof UpdateStaffRequest>) {
  return api.put(memberPath(id), body, StaffSavedResponse);
}
