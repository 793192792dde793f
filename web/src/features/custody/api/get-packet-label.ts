import { api } from '@/lib/api-client';
import { custodyPath } from './get-custody';

/** `GET /api/loans/{id}/custody/label.pdf`: the packet's label with its QR code. */
export function getPacketLabel(loanUuid: string): Promise<Blob> {
  return api.blob(`${custodyPath(loanUuid)}/label.pdf`);
}
