import { installmentPlaceText, type LoanCustomerSnapshot } from '@goldledger/contracts';
import type { loanView } from '../lending/loan-command-answer.js';
import { REPAYMENT_WORDS } from '../lending/repayment-structures.js';
import { displayDate, inrOfRupees, METHOD_LABELS, STATUS_LABELS } from './format.js';
import { DOCUMENT_STYLES, facts, headRow, header, LENDER_NAME, type Issuer } from './layout.js';
import type { DocumentDefinition } from './pdf.js';

export type LoanViewData = ReturnType<typeof loanView>;

/** The loan receipt (`GET /api/loans/{id}/receipt`): terms, schedule, payments and where the loan stands. */
export function loanReceiptDocument(
  loan: LoanViewData,
  customer: LoanCustomerSnapshot,
  asOf: string,
  issuer?: Issuer,
): DocumentDefinition {
  const rateText =
    loan.originalInterestRate === loan.currentInterestRate
      ? `${loan.currentInterestRate}% a year`
      : `${loan.currentInterestRate}% a year (from ${loan.originalInterestRate}%)`;
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 48],
    info: { title: `Loan receipt ${loan.loanId}`, subject: `Loan ${loan.loanId}` },
    footer: (page, pages) => ({
      text: `${LENDER_NAME} · Loan ${loan.loanId} · page ${page} of ${pages}`,
      style: 'muted',
      alignment: 'center',
    }),
    content: [
      header('Loan Receipt', `As of ${displayDate(asOf)}`, issuer),
      {
        columns: [
          {
            stack: [
              { text: 'Customer', style: 'section' },
              facts([
                ['Name', customer.name],
                ['Customer ID', customer.customerId],
                ['Mobile', customer.primaryMobile],
              ]),
            ],
          },
          {
            stack: [
              { text: 'Loan', style: 'section' },
              facts([
                ['Loan ID', loan.loanId],
                ['Loan date', displayDate(loan.disbursementDate)],
                ['Loan amount', inrOfRupees(loan.amount)],
                ['Interest rate', rateText],
                ['Term', `${loan.term} months`],
                ['Repayment', REPAYMENT_WORDS[loan.repaymentType].structure],
                [REPAYMENT_WORDS[loan.repaymentType].amount, inrOfRupees(loan.monthlyPayment)],
                ['Total payable', inrOfRupees(loan.totalPayment)],
                ['Status', loan.status.charAt(0).toUpperCase() + loan.status.slice(1)],
              ]),
            ],
          },
        ],
        columnGap: 24,
      },
      { text: 'Repayment schedule', style: 'section' },
      {
        table: {
          headerRows: 1,
          widths: [110, '*', '*', '*', 60],
          body: [
            headRow(['Installment', 'Due date', 'Amount', 'Paid', 'Status']),
            ...loan.installments.map((i) => [
              // Its place in its schedule: after an upgrade, "2 of 3 after the upgrade on …".
              installmentPlaceText(i.place),
              displayDate(i.dueDate),
              inrOfRupees(i.amount),
              inrOfRupees(i.amountPaid),
              i.status === 'paid' ? 'Paid' : 'Unpaid',
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: 'Payments', style: 'section' },
      loan.payments.length === 0
        ? { text: 'No payments yet.', style: 'muted' }
        : {
            table: {
              headerRows: 1,
              widths: [70, '*', 50, '*', 80],
              body: [
                headRow(['Date', 'Receipt number', 'Method', 'Amount', 'Status']),
                ...loan.payments.map((p) => [
                  displayDate(p.date),
                  p.receiptNumber,
                  METHOD_LABELS[p.method] ?? p.method,
                  inrOfRupees(p.amount),
                  STATUS_LABELS[p.status] ?? p.status,
                ]),
              ],
            },
            layout: 'lightHorizontalLines',
          },
      { text: 'Totals', style: 'section' },
      facts(
        [
          ['Total paid', inrOfRupees(loan.totalPaid)],
          ['Principal outstanding', inrOfRupees(loan.principalOutstanding)],
          ['Interest outstanding', inrOfRupees(loan.interestOutstanding)],
          ['Remaining balance', inrOfRupees(loan.remainingBalance)],
        ],
        [140, '*'],
      ),
      {
        text: `Balances as of ${displayDate(asOf)}, with interest accrued to that day. Pending online payments count once approved.`,
        style: 'muted',
        margin: [0, 12, 0, 0],
      },
    ],
    styles: DOCUMENT_STYLES,
  };
}
