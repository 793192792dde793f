import type { PolicyVersionSummary } from '@goldledger/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatLongDate } from '@/lib/format';
import { useLendingPolicyVersion } from '../api/lending-policy';
import { PolicyRules, type RuleInfo } from './policy-rules';
import styles from './lending-policy.module.css';

const STATUS: Record<
  PolicyVersionSummary['status'],
  { label: string; tone: 'success' | 'warning' | 'neutral' }
> = {
  in_effect: { label: 'In effect', tone: 'success' },
  scheduled: { label: 'Scheduled', tone: 'warning' },
  superseded: { label: 'Superseded', tone: 'neutral' },
};

function Version({ v, onView }: { v: PolicyVersionSummary; onView: () => void }) {
  const status = STATUS[v.status];
  return (
    <li className={styles.version} data-version={v.version}>
      <div className={styles.versionHead}>
        <strong>Version {v.version}</strong>
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className={styles.muted}>
          {v.version === 1
            ? 'From the start of the books'
            : `In effect from ${formatLongDate(v.effectiveFrom)}`}
        </span>
        <Button variant="secondary" size="sm" onClick={onView} className={styles.viewButton}>
          View version {v.version}
        </Button>
      </div>
      {v.proposedBy && (
        <p className={styles.muted}>
          Proposed by {v.proposedBy.name}
          {v.approvedBy ? `, approved by ${v.approvedBy.name}` : ''}
          {v.adoptedAt ? `, adopted ${formatDateTime(v.adoptedAt)}` : ''}
        </p>
      )}
      <p className={styles.reason}>{v.reason}</p>
      {v.changes.length > 0 && (
        <ul className={styles.changes} aria-label={`Changes in version ${v.version}`}>
          {v.changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** One version's whole document, read-only, in a dialog. */
function VersionDialog({
  version,
  rules,
  onClose,
}: {
  version: number | null;
  rules: Readonly<Record<string, RuleInfo>>;
  onClose: () => void;
}) {
  const shown = useLendingPolicyVersion(version);
  return (
    <Dialog
      open={version !== null}
      onClose={onClose}
      size="lg"
      title={`Lending policy version ${version ?? ''}`}
      description={
        shown.data
          ? shown.data.version === 1
            ? 'The built-in policy, from the start of the books.'
            : `In effect from ${formatLongDate(shown.data.effectiveFrom)}. ${shown.data.reason}`
          : undefined
      }
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {shown.error ? (
        <ErrorState
          title="Failed to fetch this version"
          message={errorMessage(shown.error, 'Please check your connection and try again.')}
          onRetry={() => void shown.mutate()}
        />
      ) : !shown.data ? (
        <Loading text="Loading the version..." />
      ) : (
        <PolicyRules policy={shown.data.policy} rules={rules} headingLevel="h3" />
      )}
    </Dialog>
  );
}

/** Every version, newest first: when it took effect, who proposed and approved it, what it changed. */
export function VersionHistory({
  versions,
  rules,
}: {
  versions: readonly PolicyVersionSummary[];
  rules: Readonly<Record<string, RuleInfo>>;
}) {
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <Card
      title="Versions"
      description="Every version is kept; a loan is priced by the one it was sanctioned under."
    >
      <ol className={styles.versions} aria-label="Versions of the lending policy">
        {versions.map((v) => (
          <Version key={v.version} v={v} onView={() => setViewing(v.version)} />
        ))}
      </ol>
      <VersionDialog version={viewing} rules={rules} onClose={() => setViewing(null)} />
    </Card>
  );
}
