import { UpgradeHistoryResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { StaffArea } from '@/lib/staff-area';

const pathOf = (area: StaffArea, loanUuid: string) =>
  `/api/${area}/loans/${encodeURIComponent(loanUuid)}/upgrade-history`;

/** `GET /api/{admin|employee}/loans/{id}/upgrade-history`: past upgrades and the ones still ahead. */
export function getUpgradeHistory(area: StaffArea, loanUuid: string, options?: RequestOptions) {
  return api.get(pathOf(area, loanUuid), UpgradeHistoryResponse, options);
}

/** Asked only while `loanUuid` is set (the upgrade-history dialog is open). */
export function useUpgradeHistory(area: StaffArea, loanUuid: string | null) {
  const { token } = useAuth();
  return useSWR(
    loanUuid && token ? [pathOf(area, loanUuid), area, loanUuid, token] : null,
    ([, a, id, t]: [string, StaffArea, string, string]) => getUpgradeHistory(a, id, { token: t }),
  );
}
