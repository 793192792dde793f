import { StaffSavedResponse, type CreateStaffRequest } from '@goldledger/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { EMPLOYEES } from './employee-paths';

/** `POST /api/admin/employees`: registers an employee or an admin and emails them a welcome. */
export function createStaff(body: z.output<typeof CreateStaffRequest>) {
  return api.post(EMPLOYEES, body, StaffSavedResponse);
}
