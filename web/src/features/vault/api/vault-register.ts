import { VaultBranchesResponse, VaultRegisterResponse, type RegisterBasis } from '@goldledger/contracts';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { saveFile } from '@/lib/save-file';

const BRANCHES = '/api/vault/branches';

/** `GET /api/vault/branches`: the branches whose vault the signed-in person may read. */
export function useVaultBranches() {
  const { token } = useAuth();
  return useSWR(token ? [BRANCHES, token] : null, ([p, t]: [string, string]) =>
    api.get(p, VaultBranchesResponse, { token: t }),
  );
}

export interface RegisterChoice {
  branchId: string | null;
  /** An ISO date-time, or null for now. */
  asOf: string | null;
  basis: RegisterBasis;
}

/** The register's query string, shared by the JSON and the CSV. */
export function registerQuery(choice: RegisterChoice): string {
  const params = new URLSearchParams();
  if (choice.branchId) params.set('branchId', choice.branchId);
  if (choice.asOf) {
    params.set('asOf', choice.asOf);
    params.set('basis', choice.basis);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** `GET /api/vault/register`: the branch's vault now or as of a past moment, with its reconciliation. */
export function useVaultRegister(choice: RegisterChoice) {
  const { token } = useAuth();
  const path = `/api/vault/register${registerQuery(choice)}`;
  return useSWR(
    token ? [path, token] : null,
    ([p, t]: [string, string]) => api.get(p, VaultRegisterResponse, { token: t }),
    { keepPreviousData: true },
  );
}

/** `GET /api/vault/register.csv`: the same register, saved as a CSV file. */
export async function downloadRegisterCsv(choice: RegisterChoice, fileName: string): Promise<void> {
  const blob = await api.blob(`/api/vault/register.csv${registerQuery(choice)}`);
  saveFile(blob, fileName);
}
