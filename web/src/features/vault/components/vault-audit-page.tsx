import { useRef, useState, type FormEvent } from 'react';
import type { VaultAuditView } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { completeVaultAudit, downloadAuditReport, scanPacket, useVaultAudit } from '../api/vault-audits';
import { packetNumberFrom } from '../vault-view';
import { AuditLists } from './audit-lists';
import { CameraScanner } from './camera-scanner';
import styles from './vault.module.css';

type Notice = { tone: 'success' | 'warning' | 'error'; text: string } | null;

/**
 * /admin/vault-audits/:id: one audit. While in progress the auditor scans labels with the
 * camera or types packet numbers (with a weight when they weigh), and the expected, found,
 * missing and extra lists follow each scan; completing it records the result and signs
 * the report.
 */
export function VaultAuditPage({ auditId }: { auditId: string }) {
  const audit = useVaultAudit(auditId);
  if (audit.error) {
    if (audit.error instanceof ApiError && (audit.error.status === 404 || audit.error.status === 400)) {
      return (
        <>
          <PageHeader title="Audit not found" documentTitle="Vault Audit" />
          <EmptyState
            title="Audit not found"
            action={<ButtonLink to={paths.admin.vaultAudits}>Back to Vault Audits</ButtonLink>}
          />
        </>
      );
    }
    return (
      <ErrorState
        title="Failed to fetch the audit"
        message={errorMessage(audit.error, 'Please check your connection and try again.')}
        onRetry={() => void audit.mutate()}
      />
    );
  }
  if (!audit.data) return <Loading text="Loading the audit..." />;
  return (
    <AuditScreen
      audit={audit.data.data}
      onChange={(next) => void audit.mutate({ success: true, data: next }, { revalidate: false })}
    />
  );
}

function AuditScreen({
  audit,
  onChange,
}: {
  audit: VaultAuditView;
  onChange: (next: VaultAuditView) => void;
}) {
  const [notice, setNotice] = useState<Notice>(null);
  const [downloading, setDownloading] = useState(false);
  const inProgress = audit.status === 'in_progress';
  const c = audit.counts;

  const onReport = async () => {
    setDownloading(true);
    try {
      await downloadAuditReport(
        audit.auditId,
        `VaultAudit_${audit.branch.code}_${audit.completedAt?.slice(0, 10)}.pdf`,
      );
    } catch (e) {
      setNotice({ tone: 'error', text: errorMessage(e, 'Failed to download the report') });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow="Vault Audit"
        title={`${audit.branch.name} (${audit.branch.code})`}
        documentTitle={`Vault Audit ${audit.branch.code}`}
        description={
          <>
            Started {formatDateTime(audit.startedAt)} by {audit.startedBy.name}
            {audit.completedAt &&
              ` · Completed ${formatDateTime(audit.completedAt)} by ${audit.completedBy?.name}`}{' '}
            <Badge tone={inProgress ? 'warning' : 'success'}>
              {inProgress ? 'In progress' : 'Completed'}
            </Badge>
          </>
        }
        actions={
          <>
            {!inProgress && (
              <Button loading={downloading} onClick={() => void onReport()}>
                Signed report (PDF)
              </Button>
            )}
            <ButtonLink to={paths.admin.vaultAudits} variant="secondary">
              All audits
            </ButtonLink>
          </>
        }
      />
      {notice && (
        <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <dl className={styles.figures} aria-label="Audit figures">
        <div>
          <dt>Expected</dt>
          <dd data-testid="count-expected">{c.expected}</dd>
        </div>
        <div>
          <dt>Found</dt>
          <dd data-testid="count-found">{c.found}</dd>
        </div>
        <div className={c.missing > 0 && !inProgress ? styles.bad : undefined}>
          <dt>{inProgress ? 'Still to find' : 'Missing'}</dt>
          <dd data-testid="count-missing">{c.missing}</dd>
        </div>
        <div className={c.extra > 0 ? styles.bad : undefined}>
          <dt>Extra</dt>
          <dd data-testid="count-extra">{c.extra}</dd>
        </div>
        <div className={c.weightDifferences > 0 ? styles.bad : undefined}>
          <dt>Weight differences</dt>
          <dd data-testid="count-weight">{c.weightDifferences}</dd>
        </div>
      </dl>
      {inProgress && <ScanCard audit={audit} onChange={onChange} onNotice={setNotice} />}
      <AuditLists audit={audit} />
      {inProgress ? (
        <CompleteCard audit={audit} onChange={onChange} onNotice={setNotice} />
      ) : (
        <Card title="Signature">
          <p>
            Signed by <strong>{audit.completedBy?.name}</strong> ({audit.completedBy?.role}) on{' '}
            {formatDateTime(audit.completedAt)}.
          </p>
          <p className={styles.hint}>SHA-256 of the report content</p>
          <p className={styles.digest} data-testid="digest">
            {audit.reportSha256}
          </p>
          <p className={styles.hint}>Remarks: {audit.remarks || 'none'}</p>
        </Card>
      )}
    </div>
  );
}

interface CardProps {
  audit: VaultAuditView;
  onChange: (next: VaultAuditView) => void;
  onNotice: (notice: Notice) => void;
}

function ScanCard({ audit, onChange, onNotice }: CardProps) {
  const [packetNumber, setPacketNumber] = useState('');
  const [weight, setWeight] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const numberInput = useRef<HTMLInputElement>(null);

  const record = async (number: string, method: 'camera' | 'typed') => {
    const grams = weight.trim() === '' ? null : Number(weight);
    if (grams !== null && !(Number.isFinite(grams) && grams > 0)) {
      setFieldError(null);
      onNotice({ tone: 'error', text: 'Weighed gross weight must be a number of grams above 0' });
      return;
    }
    setBusy(true);
    try {
      const answer = await scanPacket(audit.auditId, {
        packetNumber: number,
        weighedGrossWeight: grams,
        method,
      });
      onChange(answer.data);
      const expected = answer.data.expected.some((p) => p.packetNumber === number);
      onNotice(
        expected
          ? { tone: 'success', text: `${number} found${grams === null ? '' : ` (${grams} g)`}.` }
          : { tone: 'warning', text: `${number} is not expected in this vault: recorded as extra.` },
      );
      setPacketNumber('');
      setWeight('');
      numberInput.current?.focus();
    } catch (e) {
      onNotice({ tone: 'error', text: errorMessage(e, 'Failed to record the scan') });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const number = packetNumberFrom(packetNumber);
    if (!number) {
      setFieldError('A packet number is PK followed by 8 digits');
      return;
    }
    setFieldError(null);
    void record(number, 'typed');
  };

  return (
    <Card
      title="Scan packets"
      description="Scan each packet’s label, or type its number; add the weight when you weigh it."
    >
      <CameraScanner disabled={busy} onPacket={(number) => void record(number, 'camera')} />
      <form className={styles.scanForm} onSubmit={onSubmit} noValidate>
        <Input
          ref={numberInput}
          label="Packet number"
          placeholder="PK00000001"
          autoComplete="off"
          autoCapitalize="characters"
          value={packetNumber}
          error={fieldError}
          onChange={(e) => setPacketNumber(e.target.value)}
        />
        <Input
          label="Weighed gross weight, g (optional)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.001}
          value={weight}
          onChange={(e) => setWeight(e.target.value)}
        />
        <div className={styles.buttons}>
          <Button type="submit" loading={busy}>
            Record scan
          </Button>
        </div>
      </form>
    </Card>
  );
}

function CompleteCard({ audit, onChange, onNotice }: CardProps) {
  const [remarks, setRemarks] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const c = audit.counts;

  const complete = async () => {
    setBusy(true);
    try {
      const answer = await completeVaultAudit(audit.auditId, remarks);
      setConfirming(false);
      onChange(answer.data);
      onNotice({ tone: 'success', text: 'Audit completed. Its signed report is ready.' });
    } catch (e) {
      setConfirming(false);
      onNotice({ tone: 'error', text: errorMessage(e, 'Failed to complete the audit') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Complete the audit">
      <Textarea
        label="Remarks"
        rows={3}
        maxLength={2000}
        value={remarks}
        hint="What was checked, explanations given, follow-up asked for."
        onChange={(e) => setRemarks(e.target.value)}
      />
      <div className={styles.buttons}>
        <Button variant="accent" onClick={() => setConfirming(true)}>
          Complete audit
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => !busy && setConfirming(false)}
        title="Complete this audit?"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => void complete()} loading={busy}>
              Complete and sign
            </Button>
          </>
        }
      >
        <p>
          {c.found} of {c.expected} expected packets found, {c.missing} missing, {c.extra} extra,{' '}
          {c.weightDifferences} with a weight difference.
        </p>
        <p>No more packets can be scanned afterwards. The report is signed with your name and the time.</p>
      </Dialog>
    </Card>
  );
}
