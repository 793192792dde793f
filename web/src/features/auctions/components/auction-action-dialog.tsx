import { useId, useState, type FormEvent } from 'react';
import type { AuctionActionResponse } from '@goldledger/contracts';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { errorMessage, NetworkError } from '@/lib/api-client';
import { formatDate, formatGrams, formatMoney } from '@/lib/format';
import { performAuctionAction } from '../api/perform-auction-action';
import {
  ACTION_LABELS,
  actionBody,
  actionLabel,
  branchToday,
  EMPTY_FORM,
  reservePercent,
  saleFloor,
  validateAction,
  type ActionForm,
  type AuctionAction,
  type AuctionLoan,
  type FormErrors,
} from '../derive';
import styles from './auctions.module.css';
import { DateInput } from '@/components/ui/date-input';

export type ActionResult = z.infer<typeof AuctionActionResponse>;

export interface ActionTarget {
  action: AuctionAction;
  item: AuctionLoan;
}

interface AuctionActionDialogProps {
  target: ActionTarget | null;
  onClose(): void;
  /** The server said yes: its message and the loan's new figures. */
  onDone(result: ActionResult, target: ActionTarget): void;
}

/** The server's reason, else 'Error performing action' when it never answered, else 'Action failed'. */
export function actionFailure(error: unknown): string {
  return errorMessage(error, error instanceof NetworkError ? 'Error performing action' : 'Action failed');
}

const INTRO: Record<AuctionAction, string> = {
  mark_ready:
    'Puts the loan on the auction list. Only a loan past maturity or with an overdue installment can be listed; the customer is notified.',
  schedule:
    "Sets the day of the auction, its venue (in the branch's town, or its taluka) and its reserve price; the customer is notified. The borrower's notice must have run its days first.",
  mark_auctioned: 'Records the sale on the auction file, with the registered bidders and their bids.',
  cancel: 'Takes the loan off the auction list; it goes back to Not ready. The customer is notified.',
};

/** The one action modal of the auction screen: the form each action needs, checked, then sent. */
export function AuctionActionDialog({ target, onClose, onDone }: AuctionActionDialogProps) {
  const formId = useId();
  const [form, setForm] = useState<ActionForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const today = branchToday(new Date());

  const close = () => {
    if (busy) return;
    setForm(EMPTY_FORM);
    setErrors({});
    setFailure(null);
    onClose();
  };
  const set = (field: keyof ActionForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target || busy) return;
    const found = validateAction(target.action, form, target.item, today);
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      const result = await performAuctionAction(
        target.action,
        target.item.loanId,
        actionBody(target.action, form),
        target.item.version,
      );
      setForm(EMPTY_FORM);
      onDone(result, target);
    } catch (error) {
      setFailure(actionFailure(error));
    } finally {
      setBusy(false);
    }
  };

  const item = target?.item;
  const action = target?.action;
  const floor = item ? saleFloor(item) : 0;
  const percent = item ? reservePercent(item) : 90;

  return (
    <Dialog
      open={target !== null}
      onClose={close}
      title={item && action ? actionLabel(action, item) : 'Auction'}
      description={item ? `${item.customerName} · Loan ${item.loanId}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {action === 'cancel' ? 'Keep on List' : 'Cancel'}
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={busy}
            variant={action === 'cancel' ? 'danger' : 'primary'}
          >
            {item && action ? (action === 'schedule' ? 'Schedule Auction' : ACTION_LABELS[action]) : 'Save'}
          </Button>
        </>
      }
    >
      {item && action && (
        <form
          id={formId}
          className={styles.form}
          onSubmit={(e) => void submit(e)}
          noValidate
          data-testid="auction-action-form"
        >
          {failure && <Alert tone="error">{failure}</Alert>}
          <p className={styles.note}>{INTRO[action]}</p>
          <dl className={styles.figures}>
            <div>
              <dt>Outstanding</dt>
              <dd>{formatMoney(item.outstandingAmount)}</dd>
            </div>
            <div>
              <dt>Gold (net)</dt>
              <dd>{formatGrams(item.totalGoldWeight)}</dd>
            </div>
            <div>
              <dt>Gold value today</dt>
              <dd>{item.goldValue === null ? 'No price today' : formatMoney(item.goldValue)}</dd>
            </div>
            <div>
              <dt>{item.reservePrice === null ? `Minimum reserve (${percent}%)` : 'Reserve price'}</dt>
              <dd>{formatMoney(floor)}</dd>
            </div>
            {item.earliestAuctionDate && (
              <div>
                <dt>Notice runs until</dt>
                <dd>{formatDate(item.earliestAuctionDate)}</dd>
              </div>
            )}
            {item.auctionDate && (
              <div>
                <dt>Auction date</dt>
                <dd>{formatDate(item.auctionDate)}</dd>
              </div>
            )}
          </dl>
          {action === 'schedule' && (
            <>
              <DateInput
                label="Auction date"
                required
                min={item.earliestAuctionDate ?? today}
                value={form.auctionDate}
                error={errors.auctionDate}
                hint={
                  item.earliestAuctionDate
                    ? `From ${formatDate(item.earliestAuctionDate)}: the borrower's notice must run its days first.`
                    : 'Send the notice to the borrower first, on the auction file.'
                }
                onChange={(e) => set('auctionDate')(e.target.value)}
              />
              <Input
                label="Venue address"
                required
                maxLength={300}
                value={form.venueAddress}
                error={errors.venueAddress}
                onChange={(e) => set('venueAddress')(e.target.value)}
              />
              <div className={styles.pair}>
                <Input
                  label="Venue town"
                  required
                  maxLength={80}
                  value={form.venueTown}
                  error={errors.venueTown}
                  hint="The branch's town."
                  onChange={(e) => set('venueTown')(e.target.value)}
                />
                <Input
                  label="Taluka (optional)"
                  maxLength={80}
                  value={form.venueTaluka}
                  hint="Needed for a venue in another town of the branch's taluka."
                  onChange={(e) => set('venueTaluka')(e.target.value)}
                />
              </div>
              <Input
                label="Reserve price (₹, optional)"
                inputMode="decimal"
                value={form.reservePrice}
                error={errors.reservePrice}
                hint={
                  item.minimumReservePrice === null
                    ? "Today's gold prices have not been entered yet."
                    : `At least ${formatMoney(item.minimumReservePrice)}: ${percent}% of the gold's value at today's valuation price. Left blank, the minimum is used.`
                }
                onChange={(e) => set('reservePrice')(e.target.value)}
              />
            </>
          )}
          <Textarea
            label="Notes (optional)"
            rows={3}
            maxLength={1000}
            value={form.notes}
            onChange={(e) => set('notes')(e.target.value)}
          />
        </form>
      )}
    </Dialog>
  );
}
