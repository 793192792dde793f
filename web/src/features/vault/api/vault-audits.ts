import { VaultAuditListResponse, VaultAuditResponse, type ScanPacketRequest } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { saveFile } from '@/lib/save-file';

const LIST = '/api/vault/audits';
const one = (id: string) => `${LIST}/${encodeURIComponent(id)}`;

/** `GET /api/vault/audits`: every audit, newest first. */
export function useVaultAudits() {
  const { token } = useAuth();
  return useSWR(token ? [LIST, token] : null, ([p, t]: [string, string]) =>
    api.get(p, VaultAuditListResponse, { token: t }),
  );
}

/** `GET /api/vault/audits/{id}`: the audit with its expected, found, missing and extra packets. */
export function useVaultAudit(id: string) {
  const { token } = useAuth();
  return useSWR(token ? [one(id), token] : null, ([p, t]: [string, string]) =>
    api.get(p, VaultAuditResponse, { token: t }),
  );
}

/** `POST /api/vault/audits`: starts an audit of the branch's vault. */
export function startVaultAudit(branchId: string, options?: RequestOptions) {
  return api.post(LIST, { branchId }, VaultAuditResponse, options);
}

/** `POST /api/vault/audits/{id}/scans`: a packet scanned or typed, with its weight in grams when weighed. */
export function scanPacket(id: string, scan: ScanPacketRequest, options?: RequestOptions) {
  return api.post(`${one(id)}/scans`, scan, VaultAuditResponse, options);
}

/** `POST /api/vault/audits/{id}/complete`: ends the audit; its result and signed report are recorded. */
export function completeVaultAudit(id: string, remarks: string, options?: RequestOptions) {
  return api.post(`${one(id)}/complete`, { remarks }, VaultAuditResponse, options);
}

/** `GET /api/vault/audits/{id}/report.pdf`: the signed report, saved as a file. */
export async function downloadAuditReport(id: string, fileName: string): Promise<void> {
  saveFile(await api.blob(`${one(id)}/report.pdf`), fileName);
}
