import type { ApprovalStatus } from '@goldledger/contracts';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/lib/auth';
import { ApprovalsList } from './approvals-list';

/** /employee/approvals: what this member of staff sent for approval, and what became of it. */
export function MyRequestsPage() {
  const { user } = useAuth();
  const [status, setStatus] = useState<ApprovalStatus>('pending');
  return (
    <>
      <PageHeader
        title="My requests"
        description="Actions you asked for that need a second person: an admin approves or rejects each."
      />
      <ApprovalsList scope="mine" status={status} onStatus={setStatus} viewerId={user?._id ?? null} />
    </>
  );
}
