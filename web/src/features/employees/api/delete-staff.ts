import { MessageResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import { memberPath } from './employee-paths';

/** `DELETE /api/admin/employees/{id}`: employees only; the server refuses admins. */
export function deleteStaff(id: string) {
  return api.delete(memberPath(id), MessageResponse);
}
