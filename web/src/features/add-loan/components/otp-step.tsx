import { CUSTOMER_MESSAGES, type CustomerDetails } from '@goldledger/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { OtpEntry, type OtpEntryStatus } from '@/components/otp/otp-entry';
import { Card } from '@/components/ui/card';
import linkStyles from '@/components/ui/link-button.module.css';
import { ApiError, NetworkError, errorMessage } from '@/lib/api-client';
import { formatCountdown } from '@/lib/format';
import { OTP_LENGTH } from '@/lib/otp';
import type { StaffArea } from '@/lib/staff-area';
import { useOtpTimers } from '@/lib/use-otp-timers';
import { sendLoanOtp } from '../api/send-loan-otp';
import { verifyCustomerOtp } from '../api/verify-customer-otp';
import { verifyLoanOtp } from '../api/verify-loan-otp';
import { NETWORK_ERROR } from '../errors';
import { AUTO_ADVANCE_MS } from './customer-step';
import styles from './add-loan.module.css';

/** The code verifies itself 1 s after the sixth digit (a moment to see it typed). */
export const AUTO_VERIFY_MS = 1_000;

/**
 * Which code the customer holds: the one registration sent (proved at
 * `/{area}/verify-customer-otp` by the mobile), or the loan gate's (`/loans/send-otp`,
 * proved at `/loans/verify-otp` by the customer). A resend always asks the loan gate.
 */
export type OtpMode = 'registration' | 'loan';

/** What the server said when it sent a code. */
export interface OtpSent {
  message: string;
  expiresInSeconds: number | null;
  resendInSeconds: number;
}

interface OtpStepProps {
  area: StaffArea;
  customer: CustomerDetails;
  mode: OtpMode;
  /** The registration's answer; null when this step must send the loan code itself (existing customer). */
  sent: OtpSent | null;
  onVerified(customer: CustomerDetails): void;
  onStartOver(): void;
}

/** Step 2: the customer reads out the 6-digit code sent to their mobile. */
export function OtpStep({ area, customer, mode: initialMode, sent, onVerified, onStartOver }: OtpStepProps) {
  const [mode, setMode] = useState<OtpMode>(initialMode);
  const [otp, setOtp] = useState('');
  const [status, setStatus] = useState<OtpEntryStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(sent?.message ?? null);
  const [sending, setSending] = useState(false);
  const [verified, setVerified] = useState<CustomerDetails | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const timers = useOtpTimers(status !== 'valid', sent);
  const { resendIn, expiresIn } = timers;

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      const answer = await sendLoanOtp({ customerId: customer._id, email: customer.email });
      setMode('loan');
      setOtp('');
      setStatus('idle');
      setNotice(answer.message);
      timers.sent(answer);
      input.current?.focus();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429) {
        // A code went out moments ago: it still works; another can follow after the wait.
        setMode('loan');
        timers.rateLimited(failure.timeLeft ?? 60);
        setError(failure.serverMessage ?? 'Please wait before requesting another OTP');
      } else if (failure instanceof NetworkError) {
        setError(NETWORK_ERROR);
      } else {
        setError(errorMessage(failure, 'Failed to send OTP'));
      }
    } finally {
      setSending(false);
    }
  };

  // An existing customer: the loan code is sent as the step opens (once, even in StrictMode).
  const sentOnOpen = useRef(sent !== null);
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (sentOnOpen.current) return;
    sentOnOpen.current = true;
    void sendRef.current();
  }, []);

  const verify = async (code: string) => {
    setStatus('checking');
    setError(null);
    try {
      const answer =
        mode === 'registration'
          ? await verifyCustomerOtp(area, {
              phoneNumber: customer.primaryMobile,
              email: customer.email,
              otp: code,
            })
          : await verifyLoanOtp({ customerId: customer._id, email: customer.email, otp: code });
      setVerified(answer.customer);
      setStatus('valid');
    } catch (failure) {
      setStatus('invalid');
      if (failure instanceof NetworkError) setError(NETWORK_ERROR);
      else if (failure instanceof ApiError && failure.status === 400 && failure.attemptsLeft !== undefined)
        setError(CUSTOMER_MESSAGES.wrongOtp);
      else setError(errorMessage(failure, 'OTP verification failed'));
    }
  };
  const verifyRef = useRef(verify);
  verifyRef.current = verify;

  // Verified automatically 1 s after the sixth digit.
  useEffect(() => {
    if (otp.length !== OTP_LENGTH || status !== 'idle') return;
    const timer = setTimeout(() => void verifyRef.current(otp), AUTO_VERIFY_MS);
    return () => clearTimeout(timer);
  }, [otp, status]);

  // Verified: on to the loan form after 1.5 s.
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;
  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => onVerifiedRef.current(verified), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [verified]);

  useEffect(() => {
    if (status === 'invalid') input.current?.focus();
  }, [status]);

  const change = (digits: string) => {
    setOtp(digits);
    if (status === 'invalid') setStatus('idle');
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (otp.length === OTP_LENGTH && (status === 'idle' || status === 'invalid')) void verify(otp);
  };

  const locked = status === 'checking' || status === 'valid';
  const hint =
    status === 'checking'
      ? 'Verifying OTP...'
      : status === 'valid'
        ? 'OTP Verified - Proceeding...'
        : expiresIn !== null
          ? expiresIn > 0
            ? `The OTP expires in ${formatCountdown(expiresIn)}.`
            : 'The OTP has expired. Please request a new OTP.'
          : undefined;

  return (
    <Card
      title="Verify OTP"
      description={
        <>
          {customer.name} ({customer.customerId}): ask the customer for the 6-digit OTP sent to the mobile
          number ending {customer.primaryMobile.slice(-4)}
          {customer.email ? ' and to their email' : ''}.
        </>
      }
    >
      <form className={styles.otpBox} onSubmit={submit} noValidate aria-label="Verify OTP">
        {sending && !notice && <Alert tone="info">Sending OTP...</Alert>}
        {notice && !error && status !== 'valid' && <Alert tone="success">{notice}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        {status === 'valid' && <Alert tone="success">OTP Verified - Proceeding...</Alert>}
        <OtpEntry
          inputRef={input}
          value={otp}
          onChange={change}
          status={status}
          hint={hint}
          required
          resend={{
            label: sending ? 'Sending OTP...' : 'Resend OTP',
            waitSeconds: resendIn,
            disabled: resendIn > 0 || sending || locked,
            onClick: () => void send(),
          }}
          actions={(resendButton) => (
            <div className={styles.actions}>
              <Button
                type="submit"
                loading={status === 'checking'}
                disabled={otp.length !== OTP_LENGTH || status === 'valid'}
              >
                {status === 'checking' ? 'Verifying OTP...' : 'Verify OTP'}
              </Button>
              {resendButton}
              <button type="button" className={linkStyles.linkButton} onClick={onStartOver} disabled={locked}>
                Start over
              </button>
            </div>
          )}
        />
      </form>
    </Card>
  );
}
