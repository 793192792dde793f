import { CustodyActionResponse, type ConfirmerCredential, type TakeOutPurpose } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import { custodyPath } from './get-custody';

/**
 * The dual-controlled movements, one endpoint each under `/api/loans/{id}/custody/…`; every
 * body carries the second person's own credential (`confirmer`). Kept in one file: they
 * share their answer and differ only in path and body.
 */
export interface MoveBodies {
  seal: { sealedGrossWeight: number };
  store: { location: { safe: string; slot: string }; reason: string | null };
  'take-out': { purpose: TakeOutPurpose; reason: string };
  release: { customerCode: string; weighedGrossWeight: number; reason: string | null };
  'send-to-auction': { reason: string | null };
  'transfer-out': { toBranchId: string; reason: string };
  'transfer-in': { location: { safe: string; slot: string }; reason: string | null };
}
export type MoveEndpoint = keyof MoveBodies;

export function movePacket<E extends MoveEndpoint>(
  loanUuid: string,
  endpoint: E,
  body: MoveBodies[E] & { confirmer: ConfirmerCredential },
) {
  return api.post(`${custodyPath(loanUuid)}/${endpoint}`, body, CustodyActionResponse);
}
