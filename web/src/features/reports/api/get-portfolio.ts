import { PortfolioResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { saveFile } from '@/lib/save-file';

export interface PortfolioChoice {
  /** `YYYY-MM-DD`; unset: today (the server's business date). */
  asOf?: string;
  branchId?: string;
}

function portfolioQuery(choice: PortfolioChoice): string {
  const query = new URLSearchParams();
  if (choice.asOf) query.set('asOf', choice.asOf);
  if (choice.branchId) query.set('branchId', choice.branchId);
  const qs = query.toString();
  return qs ? `?${qs}` : '';
}

/** `/api/admin/reports/portfolio?asOf=…&branchId=…` */
export const portfolioPath = (choice: PortfolioChoice = {}) =>
  `/api/admin/reports/portfolio${portfolioQuery(choice)}`;

/** `GET /api/admin/reports/portfolio`: the book as of a day, for admins and auditors. */
export function getPortfolio(choice: PortfolioChoice, options?: RequestOptions) {
  return api.get(portfolioPath(choice), PortfolioResponse, options);
}

/** Keyed by path and token, as the other reports; the last answer stays while the next loads. */
export function usePortfolio(choice: PortfolioChoice = {}) {
  const { token } = useAuth();
  return useSWR(
    token ? [portfolioPath(choice), token] : null,
    ([, t]: [string, string]) => getPortfolio(choice, { token: t }),
    { keepPreviousData: true },
  );
}

/** `GET /api/admin/reports/portfolio.csv`: the same figures, made on the server, saved as a file. */
export async function downloadPortfolioCsv(choice: PortfolioChoice, fileName: string): Promise<void> {
  saveFile(await api.blob(`/api/admin/reports/portfolio.csv${portfolioQuery(choice)}`), fileName);
}
