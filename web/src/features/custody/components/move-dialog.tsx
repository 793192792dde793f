import { useId, useState, type FormEvent } from 'react';
import type { CustodyMove, CustodyResponse, TakeOutPurpose } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { errorMessage, SentForApproval } from '@/lib/api-client';
import { movePacket, type MoveEndpoint } from '../api/move-packet';
import { sendReleaseCode } from '../api/send-codes';
import { MOVE_LABELS, PURPOSE_LABELS, takeOutPurposes } from '../derive';
import { ConfirmerFields, confirmerOf, emptyConfirmer } from './confirmer-fields';
import styles from './custody.module.css';

type Custody = CustodyResponse['data'];

interface Props {
  move: CustodyMove;
  custody: Custody;
  open: boolean;
  onClose(): void;
  onDone(): void;
}

const ENDPOINT: Record<CustodyMove, MoveEndpoint> = {
  seal: 'seal',
  store: 'store',
  take_out: 'take-out',
  release: 'release',
  send_to_auction: 'send-to-auction',
  transfer_out: 'transfer-out',
  transfer_in: 'transfer-in',
};

const grams = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * One movement of the packet: its own fields, then the second person's credential. The
 * server checks everything again; its refusal shows inside the dialog and nothing changes.
 */
export function MoveDialog({ move, custody, open, onClose, onDone }: Props) {
  const formId = useId();
  const toast = useToast();
  const { loan, packet } = custody;
  const purposes = takeOutPurposes(custody);
  const [weight, setWeight] = useState('');
  const [safe, setSafe] = useState(custody.safes[0] ?? '');
  const [slot, setSlot] = useState('');
  const [reason, setReason] = useState('');
  const [purpose, setPurpose] = useState<TakeOutPurpose>(purposes[0] ?? 'inspection');
  const [toBranchId, setToBranchId] = useState(custody.transferTargets[0]?._id ?? '');
  const [customerCode, setCustomerCode] = useState('');
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const [confirmer, setConfirmer] = useState(emptyConfirmer);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (!busy) onClose();
  };

  const sendCustomerCode = async () => {
    setCodeNote(null);
    try {
      setCodeNote((await sendReleaseCode(loan._id)).message);
    } catch (error) {
      setFailure(errorMessage(error, "Failed to send the customer's code"));
    }
  };

  const body = (): Record<string, unknown> | string => {
    const location = { safe, slot: slot.trim() };
    const why = reason.trim() || null;
    switch (move) {
      case 'seal':
        return grams(weight) > 0
          ? { sealedGrossWeight: grams(weight) }
          : 'Enter the sealed gross weight in grams';
      case 'store':
      case 'transfer_in':
        return location.slot ? { location, reason: why } : 'Enter the tray or slot';
      case 'take_out':
        return why && why.length >= 3
          ? { purpose, reason: why }
          : 'Please give a reason (at least 3 characters)';
      case 'release':
        if (!/^\d{6}$/.test(customerCode)) return "Enter the 6-digit code sent to the customer's mobile";
        return grams(weight) > 0
          ? { customerCode, weighedGrossWeight: grams(weight), reason: why }
          : 'Enter the weight of the packet now, in grams';
      case 'send_to_auction':
        return { reason: why };
      case 'transfer_out':
        if (!toBranchId) return 'Choose the branch it goes to';
        return why && why.length >= 3
          ? { toBranchId, reason: why }
          : 'Please give a reason (at least 3 characters)';
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const fields = body();
    const credential = confirmerOf(confirmer);
    if (typeof fields === 'string' || 'missing' in credential) {
      setFailure(typeof fields === 'string' ? fields : (credential as { missing: string }).missing);
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      const result = await movePacket(loan._id, ENDPOINT[move], {
        ...fields,
        confirmer: credential,
      } as never);
      toast.show(result.message, result.data.incidentId ? 'info' : 'success');
      onDone();
      onClose();
    } catch (error) {
      if (error instanceof SentForApproval) {
        // Maker-checker (rule `release`): the request waits for an admin; nothing moved yet.
        toast.show(error.message, 'info');
        onDone();
        onClose();
        return;
      }
      setFailure(errorMessage(error, 'The movement was not recorded'));
    } finally {
      setBusy(false);
    }
  };

  const location = (
    <div className={styles.row}>
      <Select label="Safe" required value={safe} onChange={(e) => setSafe(e.target.value)}>
        {custody.safes.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      <Input
        label="Tray / slot"
        required
        maxLength={40}
        value={slot}
        onChange={(e) => setSlot(e.target.value)}
      />
    </div>
  );
  const reasonField = (required: boolean) => (
    <Textarea
      label={required ? 'Reason' : 'Reason (optional)'}
      rows={2}
      maxLength={500}
      required={required}
      value={reason}
      onChange={(e) => setReason(e.target.value)}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      title={MOVE_LABELS[move](packet)}
      description={`${loan.customerName} · Loan ${loan.loanId}${packet ? ` · Packet ${packet.packetNumber}` : ''}`}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {MOVE_LABELS[move](packet)}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        {failure && <Alert tone="error">{failure}</Alert>}
        {move === 'seal' && (
          <Input
            label="Sealed gross weight (g)"
            type="number"
            inputMode="decimal"
            step="0.001"
            min="0"
            required
            hint="Weigh the sealed packet on the branch scale, to the milligram."
            value={weight}
            onChange={(e) => setWeight(e.target.value)}
          />
        )}
        {(move === 'store' || move === 'transfer_in') && (
          <>
            {location}
            {reasonField(false)}
          </>
        )}
        {move === 'take_out' && (
          <>
            <Select
              label="Purpose"
              required
              value={purpose}
              onChange={(e) => setPurpose(e.target.value as TakeOutPurpose)}
            >
              {purposes.map((p) => (
                <option key={p} value={p}>
                  {PURPOSE_LABELS[p]}
                </option>
              ))}
            </Select>
            {reasonField(true)}
          </>
        )}
        {move === 'release' && (
          <>
            <p className={styles.muted}>
              The customer must be present: send a code to their mobile and type the code they read out. Weigh
              the packet before it is opened; a difference from the sealed weight opens an incident for an
              admin.
            </p>
            <div className={styles.codeRow}>
              <Input
                label="Customer's code"
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                required
                value={customerCode}
                onChange={(e) => setCustomerCode(e.target.value.replace(/\D/g, ''))}
              />
              <Button variant="secondary" onClick={() => void sendCustomerCode()}>
                Send code to customer
              </Button>
            </div>
            {codeNote && (
              <p className={styles.noteOk} role="status">
                {codeNote}
              </p>
            )}
            <Input
              label="Weight at release (g)"
              type="number"
              inputMode="decimal"
              step="0.001"
              min="0"
              required
              value={weight}
              onChange={(e) => setWeight(e.target.value)}
            />
            {reasonField(false)}
          </>
        )}
        {move === 'send_to_auction' && reasonField(false)}
        {move === 'transfer_out' && (
          <>
            <Select
              label="To branch"
              required
              value={toBranchId}
              onChange={(e) => setToBranchId(e.target.value)}
            >
              {custody.transferTargets.map((b) => (
                <option key={b._id} value={b._id}>
                  {b.name}
                </option>
              ))}
            </Select>
            {reasonField(true)}
          </>
        )}
        <ConfirmerFields value={confirmer} onChange={setConfirmer} />
      </form>
    </Dialog>
  );
}
