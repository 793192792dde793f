import { useParams } from 'react-router-dom';
import { VaultAuditPage } from '@/features/vault/components/vault-audit-page';

/** /admin/vault-audits/:id: one audit, scanned while in progress, with its signed report once completed. */
export default function VaultAuditRoute() {
  const { id = '' } = useParams();
  return <VaultAuditPage key={id} auditId={id} />;
}
