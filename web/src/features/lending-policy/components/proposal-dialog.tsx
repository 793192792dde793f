import { useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/field';
import { actionKeys, ApiError, errorMessage, SentForApproval } from '@/lib/api-client';
import { cx } from '@/lib/class-names';
import { formatLongDate } from '@/lib/format';
import { proposeLendingPolicy } from '../api/lending-policy';
import styles from './lending-policy.module.css';
import { DateInput } from '@/components/ui/date-input';

interface ProposalDialogProps {
  open: boolean;
  onClose: () => void;
  /** The version the proposal would become, and the one it changes. */
  version: number;
  basedOn: number;
  changes: readonly string[];
  document: Record<string, unknown>;
  earliestEffectiveFrom: string;
  onSent: (message: string) => void;
}

/** The problems the server listed with a refusal, when it listed them. */
function problemsOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const body = error.body as { problems?: unknown } | null;
  return Array.isArray(body?.problems) ? body.problems.filter((p): p is string => typeof p === 'string') : [];
}

/**
 * The last step of a change: what it changes from the newest version (the lines the
 * history will keep), the date it takes effect and why. Sending stores it for a second admin.
 */
export function ProposalDialog({
  open,
  onClose,
  version,
  basedOn,
  changes,
  document,
  earliestEffectiveFrom,
  onSent,
}: ProposalDialogProps) {
  const [effectiveFrom, setEffectiveFrom] = useState(earliestEffectiveFrom);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; problems: string[] } | null>(null);
  const keyOf = useMemo(() => actionKeys(), []);

  const dateError =
    effectiveFrom === ''
      ? 'Choose the date the new version takes effect'
      : effectiveFrom < earliestEffectiveFrom
        ? `The earliest date is ${formatLongDate(earliestEffectiveFrom)}`
        : null;
  const reasonError = reason.trim() === '' ? 'A reason for the change is required' : null;

  const send = async () => {
    if (dateError || reasonError) return;
    setBusy(true);
    setError(null);
    const body = { policy: document, effectiveFrom, reason: reason.trim() };
    try {
      await proposeLendingPolicy(body, { idempotencyKey: keyOf(body) });
    } catch (e) {
      if (e instanceof SentForApproval) {
        onSent(
          `Version ${version} was sent for approval: another admin approves it under Approvals, and it takes effect on ${formatLongDate(effectiveFrom)}.`,
        );
        return;
      }
      setError({ message: errorMessage(e, 'The proposal could not be sent'), problems: problemsOf(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      size="lg"
      title={`Propose version ${version}`}
      description="Nothing changes until another admin approves it."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Back to editing
          </Button>
          <Button onClick={() => void send()} loading={busy} disabled={Boolean(dateError || reasonError)}>
            Send for approval
          </Button>
        </>
      }
    >
      <p className={styles.changesTitle}>
        <strong>{changes.length === 1 ? 'One change' : `${changes.length} changes`}</strong> from version{' '}
        {basedOn}:
      </p>
      <ul className={cx(styles.changes, styles.proposed)} aria-label="Changes in this proposal">
        {changes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <DateInput
        label="Takes effect on"
        min={earliestEffectiveFrom}
        value={effectiveFrom}
        error={dateError}
        hint={`Loans dated from this day are sanctioned under version ${version}; earlier loans keep their own version. The earliest is ${formatLongDate(earliestEffectiveFrom)}.`}
        onChange={(e) => setEffectiveFrom(e.target.value)}
      />
      <Textarea
        label="Reason for the change (kept with the version)"
        rows={3}
        maxLength={500}
        value={reason}
        error={reason === '' ? null : reasonError}
        onChange={(e) => setReason(e.target.value)}
      />
      {error && (
        <Alert tone="error" title={error.problems.length > 1 ? 'The proposal was refused' : undefined}>
          {error.problems.length > 1 ? (
            <ul className={styles.problems}>
              {error.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : (
            error.message
          )}
        </Alert>
      )}
    </Dialog>
  );
}
