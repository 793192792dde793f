import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useBranches, type Branch } from '../api/branches';
import { safesText } from '../branch-form';
import { BranchDialog } from './branch-dialog';
import styles from './branches.module.css';

/**
 * /admin/branches: every branch with its vault, the staff who work there and its open
 * loans; admins add branches and edit them (details and vault safes).
 */
export function BranchesPage() {
  const list = useBranches();
  const [editing, setEditing] = useState<Branch | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  let body;
  if (list.error && !list.data) {
    body = (
      <ErrorState
        title="Failed to fetch branches"
        message={errorMessage(list.error, 'Please check your connection and try again.')}
        onRetry={() => void list.mutate()}
      />
    );
  } else if (!list.data) {
    body = <Loading text="Loading branches..." />;
  } else if (list.data.data.length === 0) {
    body = <EmptyState title="No branches found" />;
  } else {
    const branches = list.data.data;
    body = (
      <>
        <p className={styles.count}>
          {formatNumber(branches.length)} branch{branches.length === 1 ? '' : 'es'}
        </p>
        <Table caption="Branches" hideCaption>
          <thead>
            <tr>
              <Th>Code</Th>
              <Th>Branch</Th>
              <Th>Phone and hours</Th>
              <Th>Vault</Th>
              <Th numeric>Staff</Th>
              <Th numeric>Open loans</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {branches.map((b) => (
              <tr key={b._id} data-testid="branch-row" data-code={b.code}>
                <Td className={styles.code}>{b.code}</Td>
                <Td>
                  <strong>{b.name}</strong>
                  <address className={`${styles.address} ${styles.muted}`}>
                    {b.address} ({b.state})
                  </address>
                </Td>
                <Td>
                  {b.phone}
                  <div className={styles.muted}>{b.hours}</div>
                </Td>
                <Td>
                  {b.vault.name}
                  <div className={styles.muted}>
                    {safesText(b.vault.safes.length)}: {b.vault.safes.join(', ')}
                  </div>
                </Td>
                <Td numeric>{formatNumber(b.staffCount)}</Td>
                <Td numeric>{formatNumber(b.openLoans)}</Td>
                <Td>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Edit ${b.name}`}
                    onClick={() => setEditing(b)}
                  >
                    Edit
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Branches"
        description="Where customers are served and their gold is kept. Staff are assigned to branches on the Employees page."
        actions={<Button onClick={() => setEditing('new')}>Add Branch</Button>}
      />
      {notice && (
        <Alert tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {body}
      <BranchDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(_branch, message) => {
          setEditing(null);
          setNotice(message);
          void list.mutate();
        }}
      />
    </>
  );
}
