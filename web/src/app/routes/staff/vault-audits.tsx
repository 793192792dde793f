import { VaultAuditsPage } from '@/features/vault/components/vault-audits-page';

/** /admin/vault-audits: start a surprise audit; the audits so far. */
export default function VaultAuditsRoute() {
  return <VaultAuditsPage />;
}
