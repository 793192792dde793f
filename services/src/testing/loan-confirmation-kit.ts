import type { TestApi } from './test-api.js';

/** A call to the API as some member of staff: status and parsed body. */
export type StaffCall = (
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => Promise<{ status: number; body: any }>;

/**
 * The wizard's loan gate, as the staff member who will open the loan: a code to the
 * customer's primary mobile (`customer.mobile`) (`POST /api/loans/send-otp`), read from the dev outbox as the
 * customer reads their phone, and entered (`POST /api/loans/verify-otp`). The loan
 * opened next by the same staff member for this customer uses it up. `wait` is called
 * with the seconds left when a code was sent to the customer too recently.
 */
export async function confirmLoanWith(
  call: StaffCall,
  customer: { id: string; mobile: string },
  wait: (seconds: number) => Promise<void>,
): Promise<void> {
  const customerId = customer.id;
  let sent = await call('POST', '/api/loans/send-otp', { customerId });
  if (sent.status === 429 && typeof sent.body?.timeLeft === 'number') {
    await wait(sent.body.timeLeft + 1);
    sent = await call('POST', '/api/loans/send-otp', { customerId });
  }
  if (sent.status !== 200) {
    throw new Error(`POST /api/loans/send-otp ${sent.status}: ${JSON.stringify(sent.body)}`);
  }
  const outbox = await call('GET', `/api/dev/outbox?channel=sms&to=${customer.mobile}&limit=10`);
  const message = (outbox.body?.data as { purpose: string; text: string }[] | undefined)?.find(
    (m) => m.purpose === 'loan_otp',
  );
  const otp = message && /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!otp) throw new Error(`no loan code in the dev outbox: ${JSON.stringify(outbox.body)}`);
  const verified = await call('POST', '/api/loans/verify-otp', { customerId, otp });
  if (verified.status !== 200) {
    throw new Error(`POST /api/loans/verify-otp ${verified.status}: ${JSON.stringify(verified.body)}`);
  }
}

/** The loan gate on the in-process test API; a cooldown is waited out on the test clock. */
export function confirmLoan(
  api: TestApi,
  token: string,
  customer: { id: string; mobile: string },
): Promise<void> {
  const call: StaffCall = async (method, url, payload) => {
    const res = await api.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { 'x-auth-token': token },
    });
    return { status: res.statusCode, body: res.json() };
  };
  return confirmLoanWith(call, customer, async (seconds) => api.clock.advance(seconds * 1000));
}
