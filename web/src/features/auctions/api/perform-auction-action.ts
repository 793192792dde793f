import { AuctionActionResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import type { AuctionAction } from '../derive';

const ACTION_PATHS: Record<AuctionAction, string> = {
  mark_ready: 'mark-ready-for-auction',
  schedule: 'schedule-auction',
  mark_auctioned: 'mark-auctioned',
  cancel: 'cancel-auction',
};

/** `POST /api/admin/loans/{loanId}/{action}`: reads success, message and the loan's new auction figures. */
export function performAuctionAction(
  action: AuctionAction,
  loanId: string,
  body: Record<string, unknown>,
  /** The loan version the admin saw on the auction list: a stale one is refused (409). */
  expectedVersion: number,
) {
  return api.post(
    `/api/admin/loans/${encodeURIComponent(loanId)}/${ACTION_PATHS[action]}`,
    { ...body, expectedVersion },
    AuctionActionResponse,
  );
}
