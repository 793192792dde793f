import { REVERSAL_REASON_MAX, type Paise } from '@goldledger/contracts';
import { clip, displayDate, inr, METHOD_LABELS, STATUS_LABELS } from './format.js';
import { DOCUMENT_STYLES, facts, LENDER_NAME, receiptFrame, type Issuer } from './layout.js';
import type { DocumentDefinition } from './pdf.js';

/** A payment's receipt, with the books as they stood right after this payment counted. */
export interface PaymentReceipt {
  receiptNumber: string;
  loanId: string;
  paymentId: string;
  customerName: string;
  customerId: string;
  paymentDate: string;
  amountPaise: Paise;
  method: string;
  transactionId: string | null;
  bankName: string | null;
  status: 'success' | 'pending' | 'reversed';
  reversalReason: string | null;
  receivedBy: string;
  totalLoanAmountPaise: Paise;
  totalPaidPaise: Paise;
  remainingBalancePaise: Paise;
  /** The day the balance figures are as of. */
  balanceAsOf: string;
  /** The lender's branch that took the payment: name, address, phone. */
  issuer: Issuer;
  /** How the payment was applied (null while pending or once reversed). */
  split: { interestPaise: Paise; principalPaise: Paise; excessPaise: Paise } | null;
}

const NOTES: Record<PaymentReceipt['status'], string> = {
  success: '',
  pending: 'This online payment is waiting for approval; it is not yet counted in the totals above.',
  reversed: 'This payment was reversed and no longer counts towards the loan.',
};

/** One payment's receipt (`Receipt_{loanId}_{installmentNumber}.pdf`). */
export function paymentReceiptDocument(r: PaymentReceipt): DocumentDefinition {
  const note =
    r.status === 'reversed' && r.reversalReason
      ? `${NOTES.reversed} Reason: ${clip(r.reversalReason, REVERSAL_REASON_MAX)}`
      : NOTES[r.status];
  const frame = receiptFrame('Payment receipt', 'Payment Receipt', r, r.issuer);
  const split = r.status === 'success' ? r.split : null;
  return {
    ...frame.page,
    content: [
      frame.header,
      {
        columns: [
          facts([
            ...frame.identity,
            ['Payment date', displayDate(r.paymentDate)],
            ['Payment amount', inr(r.amountPaise)],
            ...(split
              ? ([
                  ['Towards interest', inr(split.interestPaise)],
                  ['Towards principal', inr(split.principalPaise)],
                  ...(split.excessPaise > 0 ? [['Beyond closing (refund due)', inr(split.excessPaise)]] : []),
                ] as [string, string][])
              : []),
            [
              'Method',
              [METHOD_LABELS[r.method] ?? r.method, r.transactionId && `ref. ${r.transactionId}`, r.bankName]
                .filter(Boolean)
                .join(', '),
            ],
            ['Status', STATUS_LABELS[r.status] ?? r.status],
          ]),
          facts(
            [
              ['Total loan amount', inr(r.totalLoanAmountPaise)],
              ['Total paid', inr(r.totalPaidPaise)],
              ['Remaining balance', inr(r.remainingBalancePaise)],
              ['Balance as of', displayDate(r.balanceAsOf)],
              ['Received by', r.receivedBy],
            ],
            [100, '*'],
          ),
        ],
        columnGap: 20,
      },
      ...(note
        ? [{ text: note, bold: true, margin: [0, 12, 0, 0] as [number, number, number, number] }]
        : []),
      {
        text: `${LENDER_NAME} thanks you for your payment. Payment reference ${r.paymentId}.`,
        style: 'muted',
        margin: [0, 16, 0, 0],
      },
    ],
    styles: DOCUMENT_STYLES,
  };
}
