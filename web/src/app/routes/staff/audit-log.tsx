import { AuditLogPage } from '@/features/audit-log/components/audit-log-page';

/** /admin/audit-log: every recorded action with its actor and IP; the admin guard is the route table's. */
export default function AuditLogRoute() {
  return <AuditLogPage />;
}
