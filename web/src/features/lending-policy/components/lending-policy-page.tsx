import {
  checkLendingPolicy,
  describePolicyChanges,
  type LendingPolicyOverview,
  type PolicyRuleKey,
} from '@goldledger/contracts';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatLongDate } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';
import { useLendingPolicy } from '../api/lending-policy';
import { documentOfDraft, toDraft, type PolicyDraft, type RuleDraft } from './policy-draft';
import { PolicyRules } from './policy-rules';
import { ProposalDialog } from './proposal-dialog';
import { VersionHistory } from './version-history';
import styles from './lending-policy.module.css';

const DESCRIPTION =
  'The rules every loan is sanctioned, priced and checked by. A change is a new version, approved by a second admin; each loan keeps the version it was sanctioned under for life.';

/** /admin/lending-policy: the rules in effect, their sources, the versions, and proposing a change. */
export function LendingPolicyPage() {
  const overview = useLendingPolicy();
  const [notice, setNotice] = useState<string | null>(null);
  return overview.error ? (
    <>
      <PageHeader title="Lending policy" description={DESCRIPTION} />
      <ErrorState
        title="Failed to fetch the lending policy"
        message={errorMessage(overview.error, 'Please check your connection and try again.')}
        onRetry={() => void overview.mutate()}
      />
    </>
  ) : !overview.data ? (
    <>
      <PageHeader title="Lending policy" description={DESCRIPTION} />
      <Loading text="Loading the lending policy..." />
    </>
  ) : (
    <PolicyView
      data={overview.data}
      notice={notice}
      onNotice={setNotice}
      onSent={(message) => {
        setNotice(message);
        void overview.mutate();
      }}
    />
  );
}

interface Review {
  document: Record<string, unknown>;
  changes: string[];
}

function PolicyView({
  data,
  notice,
  onNotice,
  onSent,
}: {
  data: LendingPolicyOverview;
  notice: string | null;
  onNotice: (notice: string | null) => void;
  onSent: (message: string) => void;
}) {
  const readOnly = useReadOnly();
  const [draft, setDraft] = useState<PolicyDraft | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [review, setReview] = useState<Review | null>(null);
  const problemsRef = useRef<HTMLDivElement>(null);
  const { current, next, latest } = data;

  // "Review changes" sits at both ends of a long form: its problems are brought into view.
  useEffect(() => {
    if (problems.length > 0) {
      problemsRef.current?.scrollIntoView({ block: 'center' });
      problemsRef.current?.focus();
    }
  }, [problems]);

  const edit = () => {
    onNotice(null);
    setProblems([]);
    setDraft(toDraft(latest.policy));
  };
  const cancel = () => {
    setDraft(null);
    setProblems([]);
  };
  const change = (key: PolicyRuleKey, value: RuleDraft) => setDraft((d) => (d ? { ...d, [key]: value } : d));

  /** The same checks the server makes, before anything is sent: each problem by its rule. */
  const reviewChanges = () => {
    if (!draft) return;
    const document = documentOfDraft(draft);
    const checked = checkLendingPolicy(document);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    const changes = describePolicyChanges(latest.policy, checked.policy);
    if (changes.length === 0) {
      setProblems([`Nothing has changed from version ${latest.version} yet.`]);
      return;
    }
    setProblems([]);
    setReview({ document, changes });
  };

  return (
    <>
      <PageHeader
        title="Lending policy"
        description={DESCRIPTION}
        actions={
          readOnly ? null : draft ? (
            <>
              <Button variant="secondary" onClick={cancel}>
                Cancel
              </Button>
              <Button onClick={reviewChanges}>Review changes</Button>
            </>
          ) : (
            <Button onClick={edit}>Propose a change</Button>
          )
        }
      />
      <div className={styles.page}>
        <div className={styles.status} role="status">
          <p>
            <strong>Version {current.version}</strong> is in effect
            {current.version === 1
              ? ' (the built-in policy)'
              : ` since ${formatLongDate(current.effectiveFrom)}`}
            .
          </p>
          {next && (
            <p>
              <strong>Version {next.version}</strong> takes effect on {formatLongDate(next.effectiveFrom)}:
              loans dated from then are sanctioned under it.
            </p>
          )}
        </div>
        {notice && (
          <Alert tone="success" onDismiss={() => onNotice(null)}>
            {notice}
          </Alert>
        )}
        {data.pending.length > 0 && (
          <Alert tone="warning" title="Waiting for a second admin">
            <ul className={styles.problems}>
              {data.pending.map((p) => (
                <li key={p.approvalId}>
                  {p.summary} (proposed by {p.proposedBy.name}, {formatDateTime(p.requestedAt)})
                </li>
              ))}
            </ul>
          </Alert>
        )}
        {draft && (
          <Alert tone="info" title={`Editing: a proposal of version ${latest.version + 1}`}>
            Amounts in whole rupees, rates and shares in %, weights in grams. Review the changes before
            sending them; nothing changes until another admin approves. Holidays are the calendar: every loan
            follows the newest version’s list.
          </Alert>
        )}
        {problems.length > 0 && (
          <div ref={problemsRef} tabIndex={-1} className={styles.focusTarget}>
            <Alert tone="error" title="The proposal cannot be sent yet">
              <ul className={styles.problems}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Alert>
          </div>
        )}
        <PolicyRules
          policy={draft ? latest.policy : current.policy}
          rules={data.rules}
          draft={draft ?? undefined}
          onDraftChange={draft ? change : undefined}
        />
        {draft && (
          <div className={styles.editBar}>
            <Button variant="secondary" onClick={cancel}>
              Cancel
            </Button>
            <Button onClick={reviewChanges}>Review changes</Button>
          </div>
        )}
        <VersionHistory versions={data.versions} rules={data.rules} />
      </div>
      {review && (
        <ProposalDialog
          open
          onClose={() => setReview(null)}
          version={latest.version + 1}
          basedOn={latest.version}
          changes={review.changes}
          document={review.document}
          earliestEffectiveFrom={data.earliestEffectiveFrom}
          onSent={(message) => {
            setReview(null);
            setDraft(null);
            onSent(message);
          }}
        />
      )}
    </>
  );
}
