import { CodeSentResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';
import { custodyPath } from './get-custody';

/** `POST /api/custody/confirmation-code`: a code to the second person's own mobile. */
export function sendConfirmationCode(identifier: string) {
  return api.post('/api/custody/confirmation-code', { identifier }, CodeSentResponse);
}

/** `POST /api/loans/{id}/custody/release-code`: a code to the customer's primary mobile. */
export function sendReleaseCode(loanUuid: string) {
  return api.post(`${custodyPath(loanUuid)}/release-code`, {}, CodeSentResponse);
}
