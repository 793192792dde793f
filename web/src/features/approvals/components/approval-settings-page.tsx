import {
  APPROVAL_RULE_DESCRIPTIONS,
  APPROVAL_RULE_LABELS,
  APPROVAL_RULES,
  type ApprovalRule,
} from '@goldledger/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { updateApprovalPolicy, useApprovalPolicy, type ApprovalPolicy } from '../api/approvals';
import styles from './approvals.module.css';

/**
 * /admin/approvals/settings: which actions need a second person, and above what amount a
 * loan does. Every save is an event with who made it and why, listed under the form.
 */
export function ApprovalSettingsPage() {
  const policy = useApprovalPolicy();
  return (
    <>
      <PageHeader
        title="Approval settings"
        description="Which actions need a second person before they change the books."
        actions={<Link to={paths.admin.approvals}>Back to approvals</Link>}
      />
      {policy.error ? (
        <ErrorState
          title="Failed to fetch the approval settings"
          message={errorMessage(policy.error, 'Please check your connection and try again.')}
          onRetry={() => void policy.mutate()}
        />
      ) : !policy.data ? (
        <Loading text="Loading settings..." />
      ) : (
        <PolicyForm
          current={policy.data}
          onSaved={(saved) => void policy.mutate(saved, { revalidate: false })}
        />
      )}
    </>
  );
}

function PolicyForm({
  current,
  onSaved,
}: {
  current: ApprovalPolicy;
  onSaved: (saved: ApprovalPolicy) => void;
}) {
  const [rules, setRules] = useState<Record<ApprovalRule, boolean>>(current.policy.rules);
  const [threshold, setThreshold] = useState(String(current.policy.largeLoanThreshold));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    setRules(current.policy.rules);
    setThreshold(String(current.policy.largeLoanThreshold));
  }, [current]);

  const amount = Number(threshold);
  const thresholdError =
    threshold.trim() === '' || !Number.isInteger(amount) || amount < 1
      ? 'Enter the loan amount in whole rupees'
      : null;

  const save = async () => {
    if (thresholdError) return;
    setBusy(true);
    setNotice(null);
    try {
      const saved = await updateApprovalPolicy({
        rules,
        largeLoanThreshold: amount,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      onSaved(saved);
      setReason('');
      setNotice({ tone: 'success', text: 'Approval settings saved.' });
    } catch (e) {
      setNotice({ tone: 'error', text: errorMessage(e, 'Failed to save the approval settings') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.settings}>
      {current.isDefault && (
        <Alert tone="info">No admin has saved these settings yet: this is how the system started.</Alert>
      )}
      <Card title="Needs a second person">
        <fieldset className={styles.rules}>
          <legend className="visually-hidden">Actions that need a second person</legend>
          {APPROVAL_RULES.map((rule) => (
            <label key={rule} className={styles.rule}>
              <input
                type="checkbox"
                name={rule}
                checked={rules[rule]}
                onChange={(e) => setRules((r) => ({ ...r, [rule]: e.target.checked }))}
              />
              <span>
                <strong>{APPROVAL_RULE_LABELS[rule]}</strong>
                <span className={styles.note}>{APPROVAL_RULE_DESCRIPTIONS[rule]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Input
          label="Loan amount above which a second person approves (₹)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={threshold}
          error={thresholdError}
          onChange={(e) => setThreshold(e.target.value)}
        />
        <Textarea
          label="Reason for the change (kept with it)"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <div className={styles.actions}>
          <Button onClick={() => void save()} loading={busy} disabled={Boolean(thresholdError)}>
            Save settings
          </Button>
        </div>
      </Card>
      <Card title="Changes">
        {current.history.length === 0 ? (
          <p>No changes yet.</p>
        ) : (
          <ul className={styles.history} aria-label="Changes to the approval settings">
            {current.history.map((h) => (
              <li key={`${h.at}-${h.by}`}>
                <strong>{formatDateTime(h.at)}</strong>, by {h.by}
                {h.changes.length > 0 ? (
                  <ul>
                    {h.changes.map((c) => (
                      <li key={c}>{c}</li>
                    ))}
                  </ul>
                ) : (
                  <span className={styles.note}>Saved the defaults as they were.</span>
                )}
                {h.reason && <span className={styles.note}>Reason: {h.reason}</span>}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
