import type { ReleaseCompensationView } from '@goldledger/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import linkStyles from '@/components/ui/link-button.module.css';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import {
  accruedLine,
  compensationReceiptFile,
  getCompensationReceipt,
  owedLine,
} from '@/lib/release-compensation';
import { saveFile } from '@/lib/save-file';
import styles from './release-compensation.module.css';

interface Props {
  loanUuid: string;
  loanId: string;
  compensation: ReleaseCompensationView;
  /** Receipts may be downloaded (admins, auditors and the loan's customer). */
  receipts?: boolean;
  /** Said under the figures: what the compensation is for, in the reader's words. */
  note?: string;
}

/**
 * Compensation for a late release of the gold: accrued for how many working days, what is
 * still to be paid, and each payout with its receipt. On the gold-return card, the staff loan
 * page and the customer's dashboard.
 */
export function ReleaseCompensation({ loanUuid, loanId, compensation: c, receipts = false, note }: Props) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const owed = owedLine(c);
  const download = async (payoutId: string, index: number) => {
    setBusy(payoutId);
    try {
      saveFile(await getCompensationReceipt(loanUuid, payoutId), compensationReceiptFile(loanId, index));
    } catch (error) {
      toast.show(errorMessage(error, 'Failed to download receipt'), 'error');
    } finally {
      setBusy(null);
    }
  };
  return (
    <section
      className={styles.box}
      aria-label={`Release delay compensation of ${loanId}`}
      data-testid="release-compensation"
    >
      <p className={styles.line}>
        <span className={styles.label}>Late release compensation</span>
        <strong className="numeric" data-testid="compensation-accrued">
          {accruedLine(c)}
        </strong>
        <Badge tone={owed.owed ? 'warning' : 'success'}>
          <span data-testid="compensation-owed">{owed.text}</span>
        </Badge>
      </p>
      {note && <p className={styles.note}>{note}</p>}
      {c.payouts.length > 0 && (
        <ul className={styles.payouts} aria-label="Compensation paid">
          {c.payouts.map((p, i) => (
            <li key={p.payoutId} data-testid="compensation-payout">
              <span className="numeric">{formatMoney(p.amount)}</span> paid {formatDate(p.paidOn)} by{' '}
              {p.method === 'cash' ? 'cash' : 'bank transfer'}
              {p.reference ? ` (ref. ${p.reference})` : ''}
              {receipts && (
                <>
                  {' · '}
                  <button
                    type="button"
                    className={linkStyles.linkButton}
                    disabled={busy === p.payoutId}
                    aria-busy={busy === p.payoutId || undefined}
                    onClick={() => void download(p.payoutId, i)}
                  >
                    Receipt (PDF)
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
