import { useState, type ReactNode } from 'react';
import type { AuctionFile } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import styles from './auctions.module.css';

/** A step's form state: busy while sent, the server's refusal shown above the form. */
export function useStep(onSaved: (message: string) => Promise<void> | void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(send: () => Promise<{ message: string }>) {
    setBusy(true);
    setError(null);
    try {
      const answer = await send();
      await onSaved(answer.message);
      return true;
    } catch (e) {
      setError(errorMessage(e, 'Action failed'));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run, failure: error ? <Alert tone="error">{error}</Alert> : null };
}

/** Label / value pairs of a step already taken. */
export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface SectionProps {
  file: AuctionFile;
  readOnly: boolean;
  /** After a step: the page shows its message and reads the file again. */
  onSaved: (message: string) => Promise<void> | void;
}

export const day = (d: string | null | undefined) => (d ? formatDate(d) : '—');
