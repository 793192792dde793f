import { AuctionFileResponse, AuctionStepResponse, MessageResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const fileUrl = (loanRef: string) => `/api/admin/loans/${encodeURIComponent(loanRef)}/auction`;

/** `GET /api/admin/loans/{loanId}/auction` (admins, auditors): the loan's auction file. */
export function useAuctionFile(loanRef: string) {
  const { token } = useAuth();
  return useSWR(token ? [fileUrl(loanRef), token] : null, ([p, t]: [string, string]) =>
    api.get(p, AuctionFileResponse, { token: t }),
  );
}

export type AuctionStep =
  'auction-notice' | 'auction-public-notice' | 'auction-bidders' | 'auction-costs' | 'auction-failed';

/** `POST /api/admin/loans/{loanId}/{step}`: one step of the auction; answers its message and the file after it. */
export function postAuctionStep(
  loanRef: string,
  step: AuctionStep,
  body: Record<string, unknown>,
  expectedVersion: number,
) {
  return api.post(
    `/api/admin/loans/${encodeURIComponent(loanRef)}/${step}`,
    { ...body, expectedVersion },
    AuctionStepResponse,
  );
}

/** `POST /api/admin/loans/{id}/refunds`: the surplus paid out (the refund the refunds page records too). */
export function recordSurplusPayout(
  loanUuid: string,
  payout: { method: string; reference: string | null; paidOn: string; expectedVersion: number },
) {
  return api.post(`/api/admin/loans/${encodeURIComponent(loanUuid)}/refunds`, payout, MessageResponse);
}

/** The borrower's statement or the auction report, as a PDF. */
export function getAuctionPdf(loanRef: string, doc: 'statement' | 'report') {
  return api.blob(`${fileUrl(loanRef)}/${doc}`);
}
