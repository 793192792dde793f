import { CUSTOMER_MESSAGES } from '@goldledger/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { OtpEntry, type OtpEntryStatus } from '@/components/otp/otp-entry';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatCountdown } from '@/lib/format';
import { OTP_LENGTH } from '@/lib/otp';
import { useOtpTimers } from '@/lib/use-otp-timers';
import { sendBorrowerCode } from '../api/send-borrower-code';
import { verifyBorrowerCode } from '../api/verify-borrower-code';
import styles from './renewals.module.css';

interface BorrowerCodeProps {
  /** The customer's `_id`. */
  customerId: string;
  mobile: string;
  /** What the borrower asks for, as the sentence says it ("this renewal"). */
  asksFor: string;
  disabled?: boolean;
  onConfirmed(confirmed: boolean): void;
}

/**
 * The borrower's request, proved by their code (RBI Directions 2025, para 11): a code to
 * the mobile on file, read out by the borrower and entered here. The renewal or top-up
 * this member of staff makes next records it.
 */
export function BorrowerCode({
  customerId,
  mobile,
  asksFor,
  disabled = false,
  onConfirmed,
}: BorrowerCodeProps) {
  const headingId = useId();
  const [otp, setOtp] = useState('');
  const [status, setStatus] = useState<OtpEntryStatus>('idle');
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const timers = useOtpTimers(sent && status !== 'valid');

  useEffect(() => {
    if (sent && status === 'idle') input.current?.focus();
  }, [sent, status]);

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      const answer = await sendBorrowerCode(customerId);
      setSent(true);
      setOtp('');
      setStatus('idle');
      setNotice(answer.message);
      timers.sent(answer);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429) {
        // A code went out moments ago: it still works.
        setSent(true);
        timers.rateLimited(failure.timeLeft ?? 60);
      }
      setError(errorMessage(failure, 'Failed to send the code'));
    } finally {
      setSending(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (otp.length !== OTP_LENGTH || status === 'checking' || status === 'valid') return;
    setStatus('checking');
    setError(null);
    try {
      await verifyBorrowerCode(customerId, otp);
      setStatus('valid');
      onConfirmed(true);
    } catch (failure) {
      setStatus('invalid');
      setError(
        failure instanceof ApiError && failure.status === 400 && failure.attemptsLeft !== undefined
          ? CUSTOMER_MESSAGES.wrongOtp
          : errorMessage(failure, 'The code could not be checked'),
      );
    }
  };

  const { resendIn, expiresIn } = timers;
  const hint =
    status === 'valid'
      ? undefined
      : expiresIn !== null
        ? expiresIn > 0
          ? `The code expires in ${formatCountdown(expiresIn)}.`
          : 'The code has expired. Send a new one.'
        : undefined;

  return (
    <section className={styles.borrowerCode} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subheading}>
        Borrower’s request
      </h3>
      <p className={styles.muted}>
        The borrower asks for {asksFor}: send a code to their mobile ending {mobile.slice(-4)} and enter the
        code they read out.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      {notice && !error && status !== 'valid' && <Alert tone="info">{notice}</Alert>}
      {status === 'valid' ? (
        <Alert tone="success">The borrower’s request is confirmed with their code.</Alert>
      ) : !sent ? (
        <div>
          <Button variant="secondary" onClick={() => void send()} loading={sending} disabled={disabled}>
            Send code
          </Button>
        </div>
      ) : (
        <form onSubmit={(e) => void verify(e)} noValidate aria-label="Borrower's code">
          <OtpEntry
            inputRef={input}
            value={otp}
            onChange={(digits) => {
              setOtp(digits);
              if (status === 'invalid') setStatus('idle');
            }}
            status={status}
            hint={hint}
            required
            resend={{
              label: sending ? 'Sending code...' : 'Resend code',
              waitSeconds: resendIn,
              disabled: resendIn > 0 || sending || status === 'checking',
              onClick: () => void send(),
            }}
            actions={(resendButton) => (
              <div className={styles.codeActions}>
                <Button
                  type="submit"
                  variant="secondary"
                  loading={status === 'checking'}
                  disabled={otp.length !== OTP_LENGTH}
                >
                  Confirm code
                </Button>
                {resendButton}
              </div>
            )}
          />
        </form>
      )}
    </section>
  );
}
