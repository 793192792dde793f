import type { ReactNode, Ref } from 'react';
import { Input } from '@/components/ui/field';
import { formatCountdown } from '@/lib/format';
import { OTP_LENGTH, otpDigits } from '@/lib/otp';
import linkStyles from '@/components/ui/link-button.module.css';
import styles from './otp-entry.module.css';

export type OtpEntryStatus = 'idle' | 'checking' | 'valid' | 'invalid';

export interface OtpEntryProps {
  inputRef?: Ref<HTMLInputElement>;
  /** The digits typed so far. */
  value: string;
  /** Called with the digits only, at most six. */
  onChange(digits: string): void;
  status: OtpEntryStatus;
  hint?: ReactNode;
  required?: boolean;
  resend: {
    label: string;
    /** Seconds until a resend is allowed: shown after the label while above 0. */
    waitSeconds: number;
    disabled: boolean;
    onClick(): void;
  };
  /** Places the resend control among the form's own buttons. */
  actions(resend: ReactNode): ReactNode;
}

/**
 * The six-digit code field and its "Resend OTP" control with the countdown to when another
 * code may be asked for. Used by the sign-in and by the add-loan wizard's OTP step.
 */
export function OtpEntry({
  inputRef,
  value,
  onChange,
  status,
  hint,
  required,
  resend,
  actions,
}: OtpEntryProps) {
  const resendButton = (
    <button
      type="button"
      className={linkStyles.linkButton}
      onClick={resend.onClick}
      disabled={resend.disabled}
    >
      {resend.label}
      {resend.waitSeconds > 0 ? ` in ${formatCountdown(resend.waitSeconds)}` : ''}
    </button>
  );
  return (
    <>
      <Input
        ref={inputRef}
        label="6-digit OTP"
        name="otp"
        className={styles.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        required={required}
        autoFocus
        value={value}
        disabled={status === 'checking' || status === 'valid'}
        valid={status === 'valid'}
        invalid={status === 'invalid'}
        hint={hint}
        onChange={(event) => onChange(otpDigits(event.target.value))}
      />
      {actions(resendButton)}
    </>
  );
}
