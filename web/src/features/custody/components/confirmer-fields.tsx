import { useState } from 'react';
import type { ConfirmerCredential } from '@goldledger/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { sendConfirmationCode } from '../api/send-codes';
import styles from './custody.module.css';

export interface ConfirmerDraft {
  identifier: string;
  method: 'password' | 'code';
  password: string;
  code: string;
}

export const emptyConfirmer = (): ConfirmerDraft => ({
  identifier: '',
  method: 'password',
  password: '',
  code: '',
});

/** The credential the request carries, or what is missing. */
export function confirmerOf(d: ConfirmerDraft): ConfirmerCredential | { missing: string } {
  if (!d.identifier.trim()) return { missing: "Enter the second person's email or mobile" };
  if (d.method === 'password') {
    return d.password
      ? { identifier: d.identifier.trim(), password: d.password }
      : { missing: 'The second person types their password' };
  }
  return /^\d{6}$/.test(d.code.trim())
    ? { identifier: d.identifier.trim(), code: d.code.trim() }
    : { missing: 'Enter the 6-digit code sent to the second person' };
}

interface Props {
  value: ConfirmerDraft;
  onChange(next: ConfirmerDraft): void;
}

/**
 * The second person of dual control: a different member of staff of the branch types their
 * own email or mobile and password, or reads out the code sent to their own mobile. The
 * first person's session is never enough.
 */
export function ConfirmerFields({ value, onChange }: Props) {
  const [sending, setSending] = useState(false);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const set = (patch: Partial<ConfirmerDraft>) => onChange({ ...value, ...patch });

  const send = async () => {
    if (!value.identifier.trim()) {
      setNote({ tone: 'error', text: "Enter the second person's email or mobile first" });
      return;
    }
    setSending(true);
    setNote(null);
    try {
      const sent = await sendConfirmationCode(value.identifier.trim());
      setNote({ tone: 'ok', text: sent.message });
    } catch (error) {
      setNote({ tone: 'error', text: errorMessage(error, 'Failed to send the code') });
    } finally {
      setSending(false);
    }
  };

  return (
    <fieldset className={styles.confirmer}>
      <legend>Second person (dual control)</legend>
      <p className={styles.muted}>
        A different member of staff of this branch confirms with their own password, or with a code sent to
        their own mobile.
      </p>
      <Input
        label="Their email or mobile"
        autoComplete="off"
        required
        value={value.identifier}
        onChange={(e) => set({ identifier: e.target.value })}
      />
      <div className={styles.methods} role="radiogroup" aria-label="How they confirm">
        {(
          [
            ['password', 'Password'],
            ['code', 'Code to their mobile'],
          ] as const
        ).map(([method, label]) => (
          <label key={method} className={styles.method}>
            <input
              type="radio"
              name="confirm-method"
              value={method}
              checked={value.method === method}
              onChange={() => set({ method })}
            />
            {label}
          </label>
        ))}
      </div>
      {value.method === 'password' ? (
        <Input
          label="Their password"
          type="password"
          autoComplete="off"
          required
          value={value.password}
          onChange={(e) => set({ password: e.target.value })}
        />
      ) : (
        <div className={styles.codeRow}>
          <Input
            label="Code from their mobile"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={value.code}
            onChange={(e) => set({ code: e.target.value.replace(/\D/g, '') })}
          />
          <Button variant="secondary" loading={sending} onClick={() => void send()}>
            Send code
          </Button>
        </div>
      )}
      {note && (
        <p className={note.tone === 'ok' ? styles.noteOk : styles.noteError} role="status">
          {note.text}
        </p>
      )}
    </fieldset>
  );
}
