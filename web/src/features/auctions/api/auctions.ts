import { AuctionActionResponse, AuctionListResponse } from '@goldledger/contracts';
import useSWR, { useSWRConfig } from 'swr';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { AuctionAction, AuctionFilter } from '../derive';

const LIST = '/api/admin/auction-loans';

export function auctionLoansPath(status: AuctionFilter, page: number, limit: number): string {
  return `${LIST}?${new URLSearchParams({ status, page: String(page), limit: String(limit) }).toString()}`;
}

/** `GET /api/admin/auction-loans` (001 §7 "Auctions"): loans in default and on the auction track. */
export function useAuctionLoans(status: AuctionFilter, page: number, limit: number) {
  const { token } = useAuth();
  return useSWR(token ? [auctionLoansPath(status, page, limit), token] : null, ([p, t]: [string, string]) =>
    api.get(p, AuctionListResponse, { token: t }),
  );
}

const ACTION_PATHS: Record<AuctionAction, string> = {
  mark_ready: 'mark-ready-for-auction',
  schedule: 'schedule-auction',
  mark_auctioned: 'mark-auctioned',
  cancel: 'cancel-auction',
};

/** `POST /api/admin/loans/{loanId}/{action}`: reads success, message and the loan's new auction figures. */
export function performAuctionAction(action: AuctionAction, loanId: string, body: Record<string, unknown>) {
  return api.post(
    `/api/admin/loans/${encodeURIComponent(loanId)}/${ACTION_PATHS[action]}`,
    body,
    AuctionActionResponse,
  );
}

export type AuctionActionResult = z.infer<typeof AuctionActionResponse>;

/** Pauses between looks at the read model after a change: about 8 s in all. */
const SETTLE_DELAYS_MS = [100, 200, 400, 700, 1000, 1500, 2000, 2500];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SETTLE_LIMIT = 500;

/**
 * The list is a read model that follows the command a moment later: after an action,
 * waits until the loan shows there as the server answered (or about 8 s pass), then every
 * page of the list asks again, so the table never settles on the state before.
 */
export function useRevalidateAuctionLoans() {
  const { mutate } = useSWRConfig();
  const revalidate = () =>
    mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(LIST));
  return async (result?: AuctionActionResult) => {
    if (result) {
      const { loanId, auctionStatus, auctionDate } = result.data;
      for (const delay of SETTLE_DELAYS_MS) {
        const page = await api
          .get(auctionLoansPath(auctionStatus, 1, SETTLE_LIMIT), AuctionListResponse)
          .catch(() => null);
        const row = page?.data.find((r) => r.loanId === loanId);
        if (row && row.auctionStatus === auctionStatus && row.auctionDate === auctionDate) break;
        await sleep(delay);
      }
    }
    await revalidate();
  };
}
