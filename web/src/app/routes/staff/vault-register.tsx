import { VaultRegisterPage } from '@/features/vault/components/vault-register-page';

/** /admin/vault and /employee/vault: the branch vault register (employees: their branches, names masked). */
export default function VaultRegisterRoute() {
  return <VaultRegisterPage />;
}
