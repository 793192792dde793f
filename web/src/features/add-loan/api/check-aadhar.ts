import { CheckAadharResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import type { StaffArea } from '@/lib/staff-area';

/** `GET /{area}/check-aadhar/{aadhar}`: whether the customer exists, with their details. */
export function checkAadhar(area: StaffArea, aadhar: string, signal?: AbortSignal) {
  return api.get(`/api/${area}/check-aadhar/${encodeURIComponent(aadhar)}`, CheckAadharResponse, { signal });
}
