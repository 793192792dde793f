import { useId, useState, type FormEvent } from 'react';
import type { CustodyResponse, LoanLtv } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatGrams, formatMoney } from '@/lib/format';
import { DEFAULT_PURITY_KARAT, PURITY_OPTIONS_KARAT } from '@/lib/lending-options';
import { addGoldItems } from '../api/loan-ltv';
import { ConfirmerFields, confirmerOf, emptyConfirmer } from './confirmer-fields';
import styles from './custody.module.css';

type Custody = CustodyResponse['data'];

interface ItemDraft {
  description: string;
  grossWeight: string;
  netWeight: string;
  purityKarat: number;
}

const emptyItem = (): ItemDraft => ({
  description: '',
  grossWeight: '',
  netWeight: '',
  purityKarat: DEFAULT_PURITY_KARAT,
});
const grams = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

interface Props {
  custody: Custody;
  ltv: LoanLtv | undefined;
  open: boolean;
  onClose(): void;
  onDone(): void;
}

/**
 * Gold added to the loan: the items, appraised by the server at today's valuation price.
 * When the gold is sealed, the packet is opened, the items put in, and it is resealed and
 * weighed under dual control; the server checks everything again.
 */
export function AddGoldDialog({ custody, ltv, open, onClose, onDone }: Props) {
  const formId = useId();
  const toast = useToast();
  const { loan, packet } = custody;
  const [items, setItems] = useState<ItemDraft[]>([emptyItem()]);
  const [weight, setWeight] = useState('');
  const [confirmer, setConfirmer] = useState(emptyConfirmer);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const setItem = (k: number, patch: Partial<ItemDraft>) =>
    setItems((all) => all.map((item, i) => (i === k ? { ...item, ...patch } : item)));
  const close = () => {
    if (!busy) onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const bad = items.find(
      (i) =>
        !i.description.trim() ||
        !(grams(i.grossWeight) > 0) ||
        !(grams(i.netWeight) > 0) ||
        grams(i.netWeight) > grams(i.grossWeight),
    );
    if (bad) {
      setFailure('Each item needs a description, and a net weight above 0 and at most its gross weight');
      return;
    }
    const body = {
      items: items.map((i) => ({
        description: i.description.trim(),
        grossWeight: grams(i.grossWeight),
        netWeight: grams(i.netWeight),
        purityKarat: i.purityKarat,
      })),
    };
    let sealed = {};
    if (packet) {
      const credential = confirmerOf(confirmer);
      if ('missing' in credential) return setFailure(credential.missing);
      if (!(grams(weight) > 0)) return setFailure('Enter the resealed packet’s gross weight in grams');
      sealed = { confirmer: credential, resealedGrossWeight: grams(weight) };
    }
    setFailure(null);
    setBusy(true);
    try {
      const answer = await addGoldItems(loan._id, { ...body, ...sealed });
      toast.show(answer.message, 'success');
      onDone();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'The gold was not added'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title="Add gold"
      description={`${loan.customerName} · Loan ${loan.loanId}${packet ? ` · Packet ${packet.packetNumber}` : ''}`}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            Add gold
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        {failure && <Alert tone="error">{failure}</Alert>}
        {ltv && ltv.shortfall > 0 && (
          <p className={styles.muted}>
            To bring the loan within its {ltv.capPercent}% cap: about {formatGrams(ltv.goldToAddGrams)} of 22K
            gold (net), or a payment of {formatMoney(ltv.shortfall)}. Items are valued at today’s price for
            their purity.
          </p>
        )}
        <p className={styles.muted}>Net weight is the gold only: stones and other weight taken off.</p>
        {items.map((item, k) => (
          <fieldset key={k} className={styles.itemRow}>
            <legend>Item {k + 1}</legend>
            <Input
              label="Description"
              required
              maxLength={200}
              value={item.description}
              onChange={(e) => setItem(k, { description: e.target.value })}
            />
            <Input
              label="Gross weight (g)"
              type="number"
              inputMode="decimal"
              step="0.001"
              min="0"
              required
              value={item.grossWeight}
              onChange={(e) => setItem(k, { grossWeight: e.target.value })}
            />
            <Input
              label="Net weight (g)"
              type="number"
              inputMode="decimal"
              step="0.001"
              min="0"
              required
              value={item.netWeight}
              onChange={(e) => setItem(k, { netWeight: e.target.value })}
            />
            <Select
              label="Purity"
              value={String(item.purityKarat)}
              onChange={(e) => setItem(k, { purityKarat: Number(e.target.value) })}
            >
              {PURITY_OPTIONS_KARAT.map((karat) => (
                <option key={karat} value={karat}>
                  {karat}K
                </option>
              ))}
            </Select>
            {items.length > 1 && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setItems((all) => all.filter((_, i) => i !== k))}
                aria-label={`Remove item ${k + 1}`}
              >
                Remove
              </Button>
            )}
          </fieldset>
        ))}
        <div>
          <Button variant="secondary" size="sm" onClick={() => setItems((all) => [...all, emptyItem()])}>
            Add another item
          </Button>
        </div>
        {packet && (
          <>
            <p className={styles.muted}>
              The gold is sealed in packet {packet.packetNumber}: open it, put the items in, reseal it and
              weigh it. It stays where it is now.
            </p>
            <Input
              label="Resealed gross weight (g)"
              type="number"
              inputMode="decimal"
              step="0.001"
              min="0"
              required
              hint={`Sealed at ${packet.sealedGrossWeightMg / 1000} g before; weigh it with the added gold in it.`}
              value={weight}
              onChange={(e) => setWeight(e.target.value)}
            />
            <ConfirmerFields value={confirmer} onChange={setConfirmer} />
          </>
        )}
      </form>
    </Dialog>
  );
}
