import {
  addDays,
  LENDING_POLICY,
  type LoanItem,
  type PaymentMethod,
  type PaymentType,
} from '@goldledger/contracts';
import { useEffect, useReducer, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { actionKeys, errorMessage, SentForApproval } from '@/lib/api-client';
import { businessToday } from '@/lib/business-date';
import { openPaymentReceipt } from '@/lib/loan-payments';
import { useRepaymentQuote } from '../api/get-repayment-quote';
import { recordPayment, revalidateLoanReads } from '../api/record-payment';
import {
  amountReducer,
  initialAmountState,
  initialRepaymentDate,
  paymentBody,
  repaymentDateUsable,
  validateRepayment,
  visibleErrors,
} from '../repay';
import type { QuickAmount } from './quick-amounts';

interface RepayFormOptions {
  loan: LoanItem;
  busy: boolean;
  setBusy(busy: boolean): void;
  onClose(): void;
  onPaid(): void;
}

/**
 * The repay form's state: the date and its quote, the payment method and its transfer
 * details, the amount (following the quote until typed), the errors, and the submission.
 * The rules are repay.ts's; this wires them to the quote and the payment endpoints.
 */
export function useRepayForm({ loan, busy, setBusy, onClose, onPaid }: RepayFormOptions) {
  const toast = useToast();
  const [today] = useState(() => businessToday());
  const loanDate = loan.disbursementDate;
  const [repaymentDate, setRepaymentDate] = useState(initialRepaymentDate(today, loanDate));
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('handcash');
  const [transactionId, setTransactionId] = useState('');
  const [bankName, setBankName] = useState('');
  // Dated further back than staff may: an admin gives a reason (the server keeps it).
  const [backdateReason, setBackdateReason] = useState('');
  const [amountState, dispatch] = useReducer(amountReducer, initialAmountState);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [keyFor] = useState(actionKeys);

  const limits = { loanDate, today };
  const backdateLimit = addDays(today, -LENDING_POLICY.paymentBackdateDays);
  const needsBackdateReason = repaymentDate !== '' && repaymentDate < backdateLimit;
  const dateUsable = repaymentDateUsable(repaymentDate, limits);
  const quoteQuery = useRepaymentQuote(loan._id, dateUsable ? repaymentDate : '');
  const quote = quoteQuery.data ?? null;
  // A quote for another date is kept on screen while the new one loads, marked as updating.
  const quoteIsCurrent = quote !== null && quote.repaymentDate === repaymentDate;
  const currentQuote = quoteIsCurrent ? quote : null;

  useEffect(() => {
    if (quote) dispatch({ type: 'quote', quote });
  }, [quote]);

  const form = { amount: amountState.amount, paymentMethod, transactionId, bankName, repaymentDate };
  const checked = validateRepayment(form, currentQuote, limits);
  const errors = visibleErrors(checked, form, { submitted, dateUsable });

  const submit = async () => {
    if (busy) return;
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(checked).length > 0 || !quoteIsCurrent) return;
    setBusy(true);
    try {
      const body = { ...paymentBody(form, amountState.paymentType), expectedVersion: loan.version };
      // Pressing "Record" again after a failure sends the same key: never a second payment.
      const sent = needsBackdateReason ? { ...body, backdateReason: backdateReason.trim() || null } : body;
      const answer = await recordPayment(loan._id, sent, { idempotencyKey: keyFor(sent) });
      const { _id: paymentId, receiptNumber } = answer.data.payment;
      toast.show(answer.message, 'success', {
        label: 'Print receipt',
        onClick: () =>
          void openPaymentReceipt(loan._id, paymentId, `Receipt_${receiptNumber}.pdf`).catch(
            (error: unknown) => toast.show(errorMessage(error, 'Failed to download receipt'), 'error'),
          ),
      });
      setBusy(false);
      onClose();
      void revalidateLoanReads(loan._id);
      onPaid();
    } catch (error) {
      if (error instanceof SentForApproval) {
        // Maker-checker: a back-dated payment waits for another admin; nothing is recorded yet.
        toast.show(error.message, 'info');
        setBusy(false);
        onClose();
        return;
      }
      console.error('Repayment failed', error);
      setServerError(errorMessage(error, 'Failed to process repayment'));
      setBusy(false);
    }
  };

  return {
    today,
    loanDate,
    form,
    setRepaymentDate,
    setPaymentMethod,
    setTransactionId,
    setBankName,
    needsBackdateReason,
    backdateLimit,
    backdateReason,
    setBackdateReason,
    amountState,
    errors,
    serverError,
    clearServerError: () => setServerError(null),
    quote,
    /** The quote on screen is for the date chosen (not one kept while the next loads). */
    currentQuote,
    quoteLoading: quoteQuery.isLoading || (dateUsable && !quoteIsCurrent && quoteQuery.isValidating),
    quoteError: quoteQuery.error as unknown,
    retryQuote: () => void quoteQuery.mutate(),
    typeAmount: (amount: string) => dispatch({ type: 'typed', amount }),
    choosePaymentType: (paymentType: PaymentType) =>
      dispatch({ type: 'paymentType', paymentType, quote: currentQuote }),
    pickQuick: (type: QuickAmount) => {
      if (quote) dispatch({ type, quote });
    },
    resetToAuto: () => dispatch({ type: 'resetToAuto', quote }),
    submit,
  };
}
