import { CUSTOMER_MESSAGES } from '@goldledger/contracts';
import type { IssuedOtp, OtpService } from '../identity/otp.js';
import type { MessageSender } from '../messaging/message-port.js';
import { DomainError } from '../platform/decider.js';
import type { Customer } from './customer.state.js';

export interface CustomerOtpDeps {
  otp: OtpService;
  messages: MessageSender;
  /** DLT template ids by message purpose, for SMS providers that require them. */
  smsTemplates: Readonly<Record<string, string>>;
}

/**
 * `customer_verification`: sent when staff register a customer, proved at
 * verify-customer-otp, which names only the phone number. `loan`: the gate before a
 * loan form, which names the customer.
 */
export type CustomerOtpPurpose = 'customer_verification' | 'loan';

/**
 * Whose challenge a code is: the mobile for verification (the only thing the verify
 * call names), the customer for the loan gate. Cooldowns and attempt limits count
 * per challenge identifier, as for sign-in.
 */
export const otpIdentifier = (purpose: CustomerOtpPurpose, customerUuid: string, c: Customer) =>
  purpose === 'customer_verification' ? c.profile.primaryMobile : `customer:${customerUuid}`;

const TEXT: Record<CustomerOtpPurpose, { subject: string; text: (code: string) => string }> = {
  customer_verification: {
    subject: 'Your GoldLedger verification code',
    text: (code) =>
      `${code} is your GoldLedger code to verify your mobile number. It is valid for 3 minutes. Give it to our staff only if you are registering with us at our branch.`,
  },
  loan: {
    subject: 'Your GoldLedger loan confirmation code',
    text: (code) =>
      `${code} is your GoldLedger code to confirm a new gold loan. It is valid for 3 minutes. Give it to our staff only if you are at our branch applying for this loan.`,
  },
};

/** Issues a code and sends it by SMS to the primary mobile and, when on file, by email. */
export async function sendCustomerOtp(
  deps: CustomerOtpDeps,
  purpose: CustomerOtpPurpose,
  customerUuid: string,
  c: Customer,
  request: { id: string; ip: string },
  requestedBy?: string,
): Promise<IssuedOtp> {
  const issued = await deps.otp.issue({
    identifier: otpIdentifier(purpose, customerUuid, c),
    purpose,
    userId: customerUuid,
    clientIp: request.ip,
    ...(requestedBy ? { requestedBy } : {}),
  });
  const { subject, text } = TEXT[purpose];
  const messagePurpose = `${purpose}_otp`;
  const template = deps.smsTemplates[messagePurpose];
  await deps.messages.send({
    channel: 'sms',
    to: c.profile.primaryMobile,
    text: text(issued.code),
    purpose: messagePurpose,
    secrets: [issued.code],
    correlationId: request.id,
    ...(template ? { template: { id: template, variables: [issued.code] } } : {}),
  });
  if (c.profile.email) {
    await deps.messages.send({
      channel: 'email',
      to: c.profile.email,
      subject,
      text: text(issued.code),
      purpose: messagePurpose,
      secrets: [issued.code],
      correlationId: request.id,
    });
  }
  return issued;
}

/** The customer the code was sent for; a wrong code answers as the wizard expects, with the attempts left. */
export async function verifyCustomerOtp(
  deps: Pick<CustomerOtpDeps, 'otp'>,
  purpose: CustomerOtpPurpose,
  identifier: string,
  code: string,
  requestedBy?: string,
): Promise<string> {
  try {
    return await deps.otp.verify({ identifier, purpose, code, ...(requestedBy ? { requestedBy } : {}) });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'otp_invalid' && 'attemptsLeft' in error.details) {
      throw new DomainError(CUSTOMER_MESSAGES.wrongOtp, 'otp_wrong', 400, error.details);
    }
    throw error;
  }
}
