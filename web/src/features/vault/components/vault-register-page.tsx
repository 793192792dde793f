import { useState, type FormEvent } from 'react';
import type { RegisterBasis, VaultRegister } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toLocalInputValue } from '@/lib/local-date-time';
import { cx } from '@/lib/class-names';
import {
  downloadRegisterCsv,
  useVaultBranches,
  useVaultRegister,
  type RegisterChoice,
} from '../api/vault-register';
import { LOAN_STATUS_TEXT, PACKET_STATUS_TEXT, asOfMoment, formatVaultGrams } from '../vault-view';
import { ReconciliationPanel } from './reconciliation-panel';
import styles from './vault.module.css';

/**
 * The vault register (/admin/vault, /employee/vault): every packet in a branch's custody,
 * now or as of a past moment replayed from the events, its totals, and the reconciliation
 * with the loan book, where every mismatch is listed. Employees see their branches only,
 * with customers' names masked (the server decides both).
 */
export function VaultRegisterPage() {
  const branches = useVaultBranches();
  const [choice, setChoice] = useState<RegisterChoice>({ branchId: null, asOf: null, basis: 'occurred' });
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [basis, setBasis] = useState<RegisterBasis>('occurred');
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const register = useVaultRegister(choice);

  const onShow = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) {
      setChoice({ ...choice, asOf: null });
      setDraftError(null);
      return;
    }
    const moment = asOfMoment(draft, new Date());
    if (!moment) {
      setDraftError('Enter a date and time');
      return;
    }
    setDraftError(null);
    setChoice({ ...choice, asOf: moment, basis });
  };
  const onNow = () => {
    setDraft('');
    setDraftError(null);
    setChoice({ ...choice, asOf: null });
  };
  const onCsv = async (r: VaultRegister) => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const stamp = toLocalInputValue(new Date(r.asOf)).slice(0, 16).replace(/[-:]/g, '');
      await downloadRegisterCsv(choice, `vault-register-${r.branch.code}-${stamp}.csv`);
    } catch (e) {
      setDownloadError(errorMessage(e, 'Failed to download the register'));
    } finally {
      setDownloading(false);
    }
  };

  const data = register.data?.data;
  let body;
  if (register.error && !data) {
    body = (
      <ErrorState
        title="Failed to fetch the vault register"
        message={errorMessage(register.error, 'Please check your connection and try again.')}
        onRetry={() => void register.mutate()}
      />
    );
  } else if (!data) {
    body = <Loading text="Loading the vault register..." />;
  } else {
    body = (
      <RegisterBody
        register={data}
        stale={register.isValidating}
        error={register.error ? errorMessage(register.error, 'Failed to fetch the vault register') : null}
      />
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Vault Register"
        description="Every packet of pledged gold in the branch's custody, reconciled with the loan book."
        actions={
          data && (
            <Button variant="secondary" loading={downloading} onClick={() => void onCsv(data)}>
              Download CSV
            </Button>
          )
        }
      />
      {downloadError && <Alert tone="error">{downloadError}</Alert>}
      <Card title="Branch and moment" titleAs="h2">
        <form className={styles.filters} onSubmit={onShow} noValidate>
          <Select
            label="Branch"
            value={choice.branchId ?? data?.branch.id ?? ''}
            disabled={!branches.data}
            onChange={(e) => setChoice({ ...choice, branchId: e.target.value })}
          >
            {(branches.data?.data ?? (data ? [data.branch] : [])).map((b) => (
              <option key={b.id} value={b.id}>
                {b.name} ({b.code})
              </option>
            ))}
          </Select>
          <Input
            label="As of (empty: now)"
            type="datetime-local"
            step={1}
            value={draft}
            error={draftError}
            onChange={(e) => setDraft(e.target.value)}
          />
          <Select label="Replay by" value={basis} onChange={(e) => setBasis(e.target.value as RegisterBasis)}>
            <option value="occurred">When movements happened</option>
            <option value="recorded">When they were recorded</option>
          </Select>
          <div className={styles.buttons}>
            <Button type="submit">Show</Button>
            {choice.asOf && (
              <Button type="button" variant="secondary" onClick={onNow}>
                Now
              </Button>
            )}
          </div>
        </form>
      </Card>
      {body}
    </div>
  );
}

function RegisterBody({
  register,
  stale,
  error,
}: {
  register: VaultRegister;
  stale: boolean;
  error: string | null;
}) {
  const r = register.reconciliation;
  const flagged = new Set([
    ...r.packetsOfLoansNotOpen.map((p) => p.packetNumber),
    ...r.packetsOfOtherBranchLoans.map((p) => p.packetNumber),
  ]);
  return (
    <div className={styles.page} aria-busy={stale || undefined}>
      {error && <Alert tone="error">{error}</Alert>}
      <Alert
        tone={register.replay ? 'info' : 'success'}
        title={`${register.branch.name} · ${register.branch.vaultName}`}
      >
        {register.replay
          ? `As of ${formatDateTime(register.asOf)}, replayed from the events ${register.basis === 'recorded' ? 'recorded' : 'that had happened'} by then.`
          : `Now (${formatDateTime(register.asOf)}).`}
      </Alert>
      <dl className={styles.figures} aria-label="Totals">
        <div>
          <dt>Packets in custody</dt>
          <dd data-testid="total-packets">{register.totals.packets}</dd>
        </div>
        <div>
          <dt>Sealed gross weight</dt>
          <dd data-testid="total-weight">{formatVaultGrams(register.totals.sealedGrossWeight)}</dd>
        </div>
        <div>
          <dt>In the vault</dt>
          <dd>{register.totals.inVault}</dd>
        </div>
        <div>
          <dt>Out of the vault</dt>
          <dd>{register.totals.outOfVault}</dd>
        </div>
        <div>
          <dt>Open loans</dt>
          <dd>{r.openLoans}</dd>
        </div>
        <div className={cx(r.mismatches > 0 && styles.bad)}>
          <dt>Mismatches</dt>
          <dd data-testid="mismatches">{r.mismatches}</dd>
        </div>
      </dl>
      {r.mismatches > 0 && (
        <Alert
          tone="warning"
          title={`${r.mismatches} ${r.mismatches === 1 ? 'mismatch' : 'mismatches'} with the loan book`}
        >
          Listed under <a href="#reconciliation">Reconciliation with the loan book</a>, below the packets.
        </Alert>
      )}
      {register.packets.length === 0 ? (
        <EmptyState
          title="No packets in custody"
          description={
            register.replay ? 'The vault held no packets at that moment.' : 'This vault holds no packets.'
          }
        />
      ) : (
        <Table caption={`Packets in custody (${register.packets.length})`} maxHeight="70vh">
          <thead>
            <tr>
              <Th>Packet</Th>
              <Th>Custody</Th>
              <Th>Location</Th>
              <Th>Loan</Th>
              <Th>Customer</Th>
              <Th numeric>Items</Th>
              <Th numeric>Sealed weight</Th>
              <Th>Last movement</Th>
            </tr>
          </thead>
          <tbody>
            {register.packets.map((p) => (
              <Tr
                key={p.packetId}
                data-packet={p.packetNumber}
                className={cx(flagged.has(p.packetNumber) && styles.mismatch)}
              >
                <Td className={styles.nowrap}>
                  <strong>{p.packetNumber}</strong>
                </Td>
                <Td>{PACKET_STATUS_TEXT[p.status]}</Td>
                <Td className={styles.nowrap}>
                  {p.location ? `${p.location.safe} / ${p.location.slot}` : '—'}
                </Td>
                <Td className={styles.nowrap}>
                  {p.loanId}{' '}
                  {p.loanStatus !== 'active' && <Badge tone="danger">{LOAN_STATUS_TEXT[p.loanStatus]}</Badge>}
                </Td>
                <Td>
                  {p.customerName ?? '—'}
                  {p.customerId && <span className={styles.hint}> · {p.customerId}</span>}
                </Td>
                <Td numeric>{p.itemCount}</Td>
                <Td numeric>{formatVaultGrams(p.sealedGrossWeight)}</Td>
                <Td className={styles.nowrap}>{formatDateTime(p.lastMovementAt)}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      <ReconciliationPanel reconciliation={r} />
    </div>
  );
}
