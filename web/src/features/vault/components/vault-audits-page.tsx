import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { vaultAuditPath } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { startVaultAudit, useVaultAudits } from '../api/vault-audits';
import { useVaultBranches } from '../api/vault-register';
import styles from './vault.module.css';

/**
 * /admin/vault-audits: start a surprise audit of a branch vault, and every audit so far,
 * newest first, with its figures and its signed report.
 */
export function VaultAuditsPage() {
  const navigate = useNavigate();
  const branches = useVaultBranches();
  const audits = useVaultAudits();
  const [branchId, setBranchId] = useState('');
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<{ text: string; auditId?: string } | null>(null);

  const chosen = branchId || branches.data?.data[0]?.id || '';
  const onStart = async (event: FormEvent) => {
    event.preventDefault();
    setStarting(true);
    setError(null);
    try {
      const answer = await startVaultAudit(chosen);
      navigate(vaultAuditPath(answer.data.auditId));
    } catch (e) {
      const open =
        e instanceof ApiError && e.code === 'audit_in_progress' ? (e.body as { auditId?: string }) : null;
      setError({
        text: errorMessage(e, 'Failed to start the audit'),
        ...(open?.auditId ? { auditId: open.auditId } : {}),
      });
      setStarting(false);
    }
  };

  let history;
  if (audits.error) {
    history = (
      <ErrorState
        title="Failed to fetch audits"
        message={errorMessage(audits.error, 'Please check your connection and try again.')}
        onRetry={() => void audits.mutate()}
      />
    );
  } else if (!audits.data) {
    history = <Loading text="Loading audits..." />;
  } else if (audits.data.data.length === 0) {
    history = (
      <EmptyState title="No audits yet" description="Audits started here are listed with their results." />
    );
  } else {
    history = (
      <Table caption="Audit history">
        <thead>
          <tr>
            <Th>Started</Th>
            <Th>Branch</Th>
            <Th>Auditor</Th>
            <Th>Status</Th>
            <Th numeric>Expected</Th>
            <Th numeric>Found</Th>
            <Th numeric>Missing</Th>
            <Th numeric>Extra</Th>
            <Th numeric>Weight diff.</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {audits.data.data.map((a) => {
            const troubled = a.counts.missing + a.counts.extra + a.counts.weightDifferences > 0;
            return (
              <Tr key={a.auditId} data-audit={a.auditId}>
                <Td className={styles.nowrap}>{formatDateTime(a.startedAt)}</Td>
                <Td>
                  {a.branch.name} ({a.branch.code})
                </Td>
                <Td>{a.completedBy?.name ?? a.startedBy.name}</Td>
                <Td>
                  {a.status === 'completed' ? (
                    <Badge tone={troubled ? 'danger' : 'success'}>
                      {troubled ? 'Differences' : 'Agrees'}
                    </Badge>
                  ) : (
                    <Badge tone="warning">In progress</Badge>
                  )}
                </Td>
                <Td numeric>{a.counts.expected}</Td>
                <Td numeric>{a.counts.found}</Td>
                <Td numeric>{a.counts.missing}</Td>
                <Td numeric>{a.counts.extra}</Td>
                <Td numeric>{a.counts.weightDifferences}</Td>
                <Td>
                  <ButtonLink size="sm" variant="secondary" to={vaultAuditPath(a.auditId)}>
                    {a.status === 'completed' ? 'Open' : 'Continue'}
                  </ButtonLink>
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </Table>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Vault Audits"
        description="Surprise audits of a branch vault: the packets the books expect, against the packets found."
      />
      <Card title="Start a surprise audit">
        {error && (
          <Alert tone="error">
            {error.text}{' '}
            {error.auditId && (
              <ButtonLink to={vaultAuditPath(error.auditId)} size="sm" variant="secondary">
                Open it
              </ButtonLink>
            )}
          </Alert>
        )}
        <form className={styles.filters} onSubmit={(e) => void onStart(e)} noValidate>
          <Select
            label="Branch vault"
            value={chosen}
            disabled={!branches.data}
            onChange={(e) => setBranchId(e.target.value)}
          >
            {(branches.data?.data ?? []).map((b) => (
              <option key={b.id} value={b.id}>
                {b.name} ({b.code}) · {b.vaultName}
              </option>
            ))}
          </Select>
          <div className={styles.buttons}>
            <Button type="submit" loading={starting} disabled={!chosen}>
              Start audit
            </Button>
          </div>
        </form>
        <p className={styles.hint}>
          The packets the books say the branch holds at this moment become the audit’s expected list.
        </p>
      </Card>
      {history}
    </div>
  );
}
