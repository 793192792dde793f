import { LoanPaymentsResponse } from '@goldledger/contracts';
import useSWR from 'swr';
import { api, type RequestOptions } from './api-client';
import { saveFile } from './save-file';
import { useAuth } from './auth';

/**
 * A loan's payments and each payment's receipt, read by the staff and the customer
 * payment-history dialogs alike (`loanUuid` is the loan's `_id`).
 */

const paymentsPath = (loanUuid: string) => `/api/loans/${encodeURIComponent(loanUuid)}/payments`;

/** `GET /api/loans/{id}/payments`: every payment on the loan, its latest state. */
export function getLoanPayments(loanUuid: string, options?: RequestOptions) {
  return api.get(paymentsPath(loanUuid), LoanPaymentsResponse, options);
}

/** Asked only while `loanUuid` is set (the payment history dialog is open). */
export function useLoanPayments(loanUuid: string | null) {
  const { token } = useAuth();
  return useSWR(
    loanUuid && token ? [paymentsPath(loanUuid), loanUuid, token] : null,
    ([, id, t]: [string, string, string]) => getLoanPayments(id, { token: t }),
  );
}

/** `GET /api/loans/{id}/payments/{paymentId}/receipt`: one payment's receipt PDF. */
export function getPaymentReceipt(
  loanUuid: string,
  paymentId: string,
  options?: RequestOptions,
): Promise<Blob> {
  return api.blob(`${paymentsPath(loanUuid)}/${encodeURIComponent(paymentId)}/receipt`, options);
}

/**
 * Opens a payment's receipt PDF in a new tab, to print (issue 19: the payment toast's
 * "Print receipt"). The tab is opened at the click, so no pop-up blocker stops it, and
 * shown the PDF once it has arrived; where no tab can be opened, the PDF is saved instead.
 */
export function openPaymentReceipt(loanUuid: string, paymentId: string, fileName: string): Promise<void> {
  const tab = window.open('', '_blank');
  return getPaymentReceipt(loanUuid, paymentId).then(
    (blob) => {
      if (!tab) return saveFile(blob, fileName);
      const url = URL.createObjectURL(blob);
      tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    (error: unknown) => {
      tab?.close();
      throw error;
    },
  );
}
