import { useState } from 'react';
import type { CustodyMove, CustodyResponse } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { getPacketLabel } from '../api/get-packet-label';
import { MOVE_LABELS, STATUS_LABELS, STATUS_TONES, openIncidents, weight, whereNow } from '../derive';
import { MoveDialog } from './move-dialog';
import styles from './custody.module.css';

type Custody = CustodyResponse['data'];

interface Props {
  custody: Custody;
  /** Reloads the custody record after a movement. */
  onChanged(): void;
}

/** The label opens in a tab of its own, asked for inside the click so no pop-up blocker refuses it. */
function useLabel(loanUuid: string, packetNumber: string | undefined) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const blob = await getPacketLabel(loanUuid);
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      toast.show(
        errorMessage(error, `Failed to print the label of ${packetNumber ?? 'the packet'}`),
        'error',
      );
    } finally {
      setBusy(false);
    }
  };
  return { busy, open };
}

/**
 * The custody of one loan's gold: the packet and where it is now, the moves the caller may
 * make (each a dialog with the second person's credential), and every movement with who
 * made it, who confirmed it and when.
 */
export function CustodyPanel({ custody, onChanged }: Props) {
  const { loan, packet, allowedMoves } = custody;
  const [dialog, setDialog] = useState<{ move: CustodyMove; seq: number; open: boolean } | null>(null);
  const label = useLabel(loan._id, packet?.packetNumber);
  const incidents = openIncidents(packet);
  const openMove = (move: CustodyMove) => setDialog((d) => ({ move, seq: (d?.seq ?? 0) + 1, open: true }));

  const moves = (
    <div className={styles.actions}>
      {allowedMoves.map((move) => (
        <Button
          key={move}
          variant={move === 'seal' || move === 'release' ? 'primary' : 'secondary'}
          onClick={() => openMove(move)}
        >
          {MOVE_LABELS[move](packet)}
        </Button>
      ))}
      {packet && (
        <Button variant="ghost" loading={label.busy} onClick={() => void label.open()}>
          Print label
        </Button>
      )}
    </div>
  );

  return (
    <div className={styles.page}>
      <Card title="Packet" titleAs="h2">
        {packet ? (
          <div className={styles.packet}>
            <div className={styles.packetHead}>
              <span className={styles.packetNumber}>{packet.packetNumber}</span>
              <Badge tone={STATUS_TONES[packet.status]}>{STATUS_LABELS[packet.status]}</Badge>
            </div>
            <p className={styles.where}>{whereNow(packet)}</p>
            <dl className={styles.facts}>
              <div>
                <dt>Sealed weight</dt>
                <dd className={styles.num}>{weight(packet.sealedGrossWeightMg)}</dd>
              </div>
              <div>
                <dt>Items</dt>
                <dd className={styles.num}>{packet.itemCount}</dd>
              </div>
              <div>
                <dt>Branch</dt>
                <dd>{packet.branchName}</dd>
              </div>
              {packet.sealedForLoanId !== loan.loanId && (
                <div>
                  <dt>Sealed for</dt>
                  <dd>Loan {packet.sealedForLoanId} (renewed)</dd>
                </div>
              )}
            </dl>
          </div>
        ) : (
          <Alert tone="warning" title="Gold not sealed">
            The gold of this loan is not in a sealed packet yet. Two staff of {loan.branchName} seal it, weigh
            the sealed packet and put it in the vault.
          </Alert>
        )}
        {incidents.map((i) => (
          <Alert key={i.incidentId} tone="error" title="Weight difference: incident open">
            Sealed at {weight(i.expectedGrossWeightMg)}, weighed {weight(i.foundGrossWeightMg)} at release (
            {formatDateTime(i.openedAt)}). An admin must resolve it.
          </Alert>
        ))}
        {moves}
      </Card>

      <Card title="Movements" titleAs="h2" description="Every movement needs two people of the branch.">
        {packet && packet.movements.length > 0 ? (
          <ol className={styles.timeline} aria-label="Packet movements">
            {[...packet.movements].reverse().map((m, i) => (
              <li key={`${m.at}-${i}`} className={styles.step}>
                <p className={styles.stepWhat}>{m.summary}</p>
                <p className={styles.stepWho}>
                  <time dateTime={m.at}>{formatDateTime(m.at)}</time> · by {m.by.name} · confirmed by{' '}
                  {m.confirmedBy.name} ({m.confirmedBy.method === 'otp' ? 'code to their mobile' : 'password'}
                  )
                </p>
                {m.reason && <p className={styles.stepWhy}>Reason: {m.reason}</p>}
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.muted}>No movements yet.</p>
        )}
      </Card>

      {dialog && (
        <MoveDialog
          key={`${dialog.move}:${dialog.seq}`}
          move={dialog.move}
          custody={custody}
          open={dialog.open}
          onClose={() => setDialog((d) => (d ? { ...d, open: false } : d))}
          onDone={onChanged}
        />
      )}
    </div>
  );
}
