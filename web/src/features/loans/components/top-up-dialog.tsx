import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { DEFAULT_RATE_PERCENT, DEFAULT_TERM_MONTHS, RATE_OPTIONS_PERCENT } from '@/lib/lending-options';
import { useRenewalQuote } from '../api/get-renewal-quote';
import { topUpLoan } from '../api/top-up-loan';
import { topUpAmountError, type Loan } from '../derive';
import { BorrowerCode } from './borrower-code';
import { CASH_PAYOUT, NewLoanTerms, payoutFields, type Payout } from './new-loan-terms';
import { FreshAppraisal } from './fresh-appraisal';
import styles from './renewals.module.css';

interface TopUpDialogProps {
  loan: Loan;
  open: boolean;
  onClose: () => void;
  onToppedUp: () => void;
}

/**
 * 'Top-up': more money on an open loan's gold, as a new loan with its own number linked to
 * it. On the borrower's request (their code), for a standard loan (bullet and monthly-
 * interest loans with their interest paid), and only while the loan and its top-ups stay
 * within LTV of the gold's fresh appraisal at today's price, which the dialog shows first.
 */
export function TopUpDialog({ loan, open, onClose, onToppedUp }: TopUpDialogProps) {
  const toast = useToast();
  const formId = useId();
  const quote = useRenewalQuote(loan._id, 'top_up', open);
  const [amount, setAmount] = useState('');
  const [rate, setRate] = useState(DEFAULT_RATE_PERCENT);
  const [term, setTerm] = useState(DEFAULT_TERM_MONTHS);
  const [payout, setPayout] = useState<Payout>(CASH_PAYOUT);
  const [confirmed, setConfirmed] = useState(false);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const eligible = quote.data?.data.eligible === true;
  const most = quote.data?.data.ltv?.maxAmount;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = topUpAmountError(amount, most);
    setAmountError(problem);
    if (problem) return;
    setError(null);
    setSaving(true);
    try {
      const result = await topUpLoan(loan._id, {
        amount: Number(amount),
        interestRate: rate,
        term,
        ...payoutFields(payout),
        expectedVersion: loan.version,
      });
      toast.show(result.message, 'success');
      onToppedUp();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to top up the loan'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => !saving && onClose()}
      title="Top-up Loan"
      size="lg"
      description={`${loan.loanId} · ${loan.name} · ${formatMoney(loan.remainingBalance)} outstanding`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={!eligible || !confirmed}>
            Top up
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <FreshAppraisal quote={quote.data?.data} error={quote.error} loading={quote.isLoading} />
        <form id={formId} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <p className={styles.muted}>
            A new loan with its own number on the same gold, linked to {loan.loanId}; the gold stays in its
            packet until both are closed.
          </p>
          <NewLoanTerms
            amountLabel="Top-up amount (₹)"
            amount={amount}
            amountError={amountError}
            hint={most !== undefined ? `At most ${formatMoney(most)} more on this gold today.` : undefined}
            onAmount={(value) => {
              setAmount(value);
              setAmountError(null);
            }}
            rate={rate}
            rateOptions={RATE_OPTIONS_PERCENT}
            onRate={setRate}
            term={term}
            onTerm={setTerm}
            payout={payout}
            onPayout={setPayout}
          />
        </form>
        {loan.customerId && (
          <BorrowerCode
            customerId={loan.customerId._id}
            mobile={loan.primaryMobile}
            asksFor="this top-up"
            disabled={!eligible}
            onConfirmed={setConfirmed}
          />
        )}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}
