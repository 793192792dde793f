import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { useRenewalQuote } from '../api/get-renewal-quote';
import { renewLoan, type LoanRenewal } from '../api/renew-loan';
import { DEFAULT_TERM_MONTHS, RENEWAL_RATE_OPTIONS_PERCENT } from '@/lib/lending-options';
import { renewAmountError, renewDefaultRate, type Loan } from '../derive';
import { BorrowerCode } from './borrower-code';
import { CASH_PAYOUT, NewLoanTerms, payoutFields, type Payout } from './new-loan-terms';
import { FreshAppraisal } from './fresh-appraisal';
import styles from './renewals.module.css';

interface RenewLoanDialogProps {
  loan: Loan;
  open: boolean;
  onClose: () => void;
  onRenewed: () => void;
}

/**
 * 'Renew Loan': a closed loan starts again as a new loan with an amount (at least ₹100),
 * a rate (18, 24, 30 or 36 %) and a term (3, 6 or 12 months, 6 unless changed). On the
 * borrower's request (their code), for a standard loan, within LTV of the gold's fresh
 * appraisal at today's price, which the dialog shows first. Admins only: /api/admin/….
 */
export function RenewLoanDialog({ loan, open, onClose, onRenewed }: RenewLoanDialogProps) {
  const toast = useToast();
  const formId = useId();
  const quote = useRenewalQuote(loan._id, 'renewal', open);
  const [amount, setAmount] = useState(() => String(loan.amount));
  const [rate, setRate] = useState<LoanRenewal['interestRate']>(() => renewDefaultRate(loan));
  const [term, setTerm] = useState<LoanRenewal['term']>(DEFAULT_TERM_MONTHS);
  const [payout, setPayout] = useState<Payout>(CASH_PAYOUT);
  const [confirmed, setConfirmed] = useState(false);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const eligible = quote.data?.data.eligible === true;
  const most = quote.data?.data.ltv?.maxAmount;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = renewAmountError(amount);
    setAmountError(problem);
    if (problem) return;
    setError(null);
    setSaving(true);
    try {
      const result = await renewLoan(loan._id, {
        amount: Number(amount),
        interestRate: rate,
        term,
        ...payoutFields(payout),
        expectedVersion: loan.version,
      });
      toast.show(`Loan renewed successfully! New loan ${result.data.loanId}.`, 'success');
      onRenewed();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to renew loan'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => !saving && onClose()}
      title="Renew Loan"
      size="lg"
      description={`${loan.loanId} · ${loan.name} · closed ${formatDate(loan.closedOn)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={!eligible || !confirmed}>
            Renew Loan
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <FreshAppraisal quote={quote.data?.data} error={quote.error} loading={quote.isLoading} />
        <form id={formId} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <p className={styles.muted}>
            Previous loan: {formatMoney(loan.amount)} at {loan.originalInterestRate}% for {loan.term} months.
          </p>
          <NewLoanTerms
            amountLabel="Loan amount (₹)"
            amount={amount}
            amountError={amountError}
            hint={most !== undefined ? `At most ${formatMoney(most)} on this gold today.` : undefined}
            onAmount={(value) => {
              setAmount(value);
              setAmountError(null);
            }}
            rate={rate}
            rateOptions={RENEWAL_RATE_OPTIONS_PERCENT}
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
            asksFor="this renewal"
            disabled={!eligible}
            onConfirmed={setConfirmed}
          />
        )}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}
