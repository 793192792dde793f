import { LENDING_POLICY, type LoanItem } from '@goldledger/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/field';
import { formatLongDate } from '@/lib/format';
import { PAYMENT_METHODS } from '@/lib/payment-labels';
import { useStaffArea } from '@/lib/staff-area';
import { PAYMENT_TYPES, rupeesExact } from '../repay';
import { Choice } from './choice';
import { QuickAmounts } from './quick-amounts';
import { QuotePanel } from './quote-panel';
import { useRepayForm } from './use-repay-form';
import styles from './repay-dialog.module.css';
import { DateInput } from '@/components/ui/date-input';

export interface RepayDialogProps {
  loan: LoanItem;
  open: boolean;
  onClose: () => void;
  /** The payment was recorded: the caller reloads its list. */
  onPaid: () => void;
}

/**
 * The quote for the chosen repayment date first (what closes the loan, the least accepted),
 * then the payment. Enter submits; Esc closes.
 */
export function RepayDialog({ loan, open, onClose, onPaid }: RepayDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title="Repay Loan"
      description={`${loan.loanId} · ${loan.name}`}
      size="lg"
    >
      {/* Mounted afresh on every opening: a new dialog starts from today's quote. */}
      <RepayForm loan={loan} onClose={onClose} onPaid={onPaid} busy={busy} setBusy={setBusy} />
    </Dialog>
  );
}

interface RepayFormProps extends Omit<RepayDialogProps, 'open'> {
  busy: boolean;
  setBusy(busy: boolean): void;
}

function RepayForm(props: RepayFormProps) {
  const formId = useId();
  const r = useRepayForm(props);
  const area = useStaffArea();
  const { form, errors, currentQuote, amountState } = r;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void r.submit();
  };

  return (
    <form id={formId} noValidate onSubmit={submit} className={styles.form}>
      <div className={styles.layout}>
        <QuotePanel
          quote={r.quote}
          current={currentQuote !== null}
          loading={r.quoteLoading}
          error={r.quoteError}
          onRetry={r.retryQuote}
          repaymentType={props.loan.repaymentType}
        />
        <div className={styles.fields}>
          <div className={styles.row}>
            <DateInput
              label="Repayment date"
              required
              // No min/max on the field: the form's own checks say why a day is refused, in the seeds' words.
              value={form.repaymentDate}
              onChange={(e) => r.setRepaymentDate(e.target.value)}
              error={errors.repaymentDate}
              hint={`From ${formatLongDate(r.loanDate)} to today`}
            />
            <Choice
              legend="Payment method"
              name={`${formId}-method`}
              options={PAYMENT_METHODS}
              value={form.paymentMethod}
              onChange={(v) => r.setPaymentMethod(v)}
            />
          </div>

          {r.needsBackdateReason &&
            (area === 'admin' ? (
              <Input
                label="Reason for the earlier date"
                required
                maxLength={500}
                value={r.backdateReason}
                onChange={(e) => r.setBackdateReason(e.target.value)}
                hint={`More than ${LENDING_POLICY.paymentBackdateDays} days back: the reason is kept with the payment`}
              />
            ) : (
              <Alert tone="warning">
                A payment can be dated at most {LENDING_POLICY.paymentBackdateDays} days back (
                {formatLongDate(r.backdateLimit)}); an admin may record an older date with a reason.
              </Alert>
            ))}

          {form.paymentMethod === 'online' && (
            <div className={styles.row}>
              <Input
                label="Transaction ID"
                required
                value={form.transactionId}
                onChange={(e) => r.setTransactionId(e.target.value)}
                error={errors.transactionId}
                autoComplete="off"
              />
              <Input
                label="Bank Name"
                required
                value={form.bankName}
                onChange={(e) => r.setBankName(e.target.value)}
                error={errors.bankName}
              />
            </div>
          )}

          <Choice
            legend="Payment type"
            name={`${formId}-type`}
            options={PAYMENT_TYPES}
            value={amountState.paymentType}
            onChange={r.choosePaymentType}
          />

          <Input
            label="Amount (₹)"
            type="number"
            inputMode="numeric"
            step="1"
            required
            min={currentQuote ? currentQuote.minimumTotalDue : undefined}
            max={currentQuote ? currentQuote.totalDue : undefined}
            value={amountState.amount}
            onChange={(e) => r.typeAmount(e.target.value)}
            error={errors.amount}
            className={styles.amount}
            hint={
              <>
                {amountState.auto
                  ? 'Auto-calculated from the quote. '
                  : 'Entered by hand: auto-calculation is off. '}
                {currentQuote &&
                  `Between ${rupeesExact(currentQuote.minimumTotalDue)} and ${rupeesExact(currentQuote.totalDue)}.`}
              </>
            }
          />

          <QuickAmounts
            enabled={currentQuote !== null}
            auto={amountState.auto}
            onPick={r.pickQuick}
            onReset={r.resetToAuto}
            repaymentType={props.loan.repaymentType}
          />

          {form.paymentMethod === 'online' && (
            <p className={styles.note}>An online payment counts once an admin approves it.</p>
          )}
        </div>
      </div>

      {r.serverError && (
        <Alert tone="error" onDismiss={r.clearServerError}>
          {r.serverError}
        </Alert>
      )}

      <div className={styles.actions}>
        <Button variant="secondary" onClick={props.onClose} disabled={props.busy}>
          Cancel
        </Button>
        <Button type="submit" loading={props.busy} disabled={currentQuote === null}>
          {props.busy ? 'Processing...' : 'Record Payment'}
        </Button>
      </div>
    </form>
  );
}
