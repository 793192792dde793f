import type { ApprovalStatus } from '@goldledger/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatMoney } from '@/lib/format';
import { approveRequest, rejectRequest, type ApprovalItem } from '../api/approvals';
import { ApprovalsList, approvalKeys } from './approvals-list';
import styles from './approvals.module.css';

type Notice = { tone: 'success' | 'error' | 'warning'; text: string } | null;

/**
 * /admin/approvals: maker-checker's pending queue. Each request says who asked for what
 * and why; an admin who did not make it approves (the command then runs exactly as
 * asked) or rejects it with a reason. Nothing changes the books before that.
 */
export function ApprovalsPage() {
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  const [status, setStatus] = useState<ApprovalStatus>('pending');
  const [deciding, setDeciding] = useState<{ item: ApprovalItem; decision: 'approve' | 'reject' } | null>(
    null,
  );
  const [notice, setNotice] = useState<Notice>(null);

  return (
    <>
      <PageHeader
        title="Approvals"
        description="Actions that need a second person: an admin other than the one who asked approves or rejects them."
        actions={<Link to={paths.admin.approvalSettings}>Which actions need approval</Link>}
      />
      {notice && (
        <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <ApprovalsList
        scope="queue"
        status={status}
        onStatus={setStatus}
        viewerId={user?._id ?? null}
        onDecide={(item, decision) => setDeciding({ item, decision })}
      />
      {deciding && (
        <DecisionDialog
          item={deciding.item}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDone={async (tone, text) => {
            setDeciding(null);
            setNotice({ tone, text });
            await mutate(approvalKeys);
          }}
        />
      )}
    </>
  );
}

function DecisionDialog({
  item,
  decision,
  onClose,
  onDone,
}: {
  item: ApprovalItem;
  decision: 'approve' | 'reject';
  onClose: () => void;
  onDone: (tone: 'success' | 'warning', text: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approving = decision === 'approve';

  const submit = async () => {
    if (!approving && !reason.trim()) {
      setError('A reason is required to reject a request');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = approving
        ? await approveRequest(item._id)
        : await rejectRequest(item._id, reason.trim());
      await onDone(answer.data.outcome === 'failed' ? 'warning' : 'success', answer.message);
    } catch (e) {
      setError(errorMessage(e, approving ? 'Failed to approve the request' : 'Failed to reject the request'));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title={approving ? 'Approve this request?' : 'Reject this request'}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant={approving ? 'primary' : 'danger'} onClick={() => void submit()} loading={busy}>
            {approving ? 'Approve and carry out' : 'Reject'}
          </Button>
        </>
      }
    >
      <p>
        <strong>{item.maker.name}</strong> ({item.maker.role}) asks: {item.summary}
        {item.amount !== null && <> ({formatMoney(item.amount)})</>}.
      </p>
      {item.reason && <p className={styles.note}>Their reason: {item.reason}</p>}
      {approving ? (
        <p>
          It runs at once, exactly as asked; if the loan changed since, it is refused and nothing changes.
        </p>
      ) : (
        <Textarea
          label="Reason for rejecting"
          required
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </Dialog>
  );
}
