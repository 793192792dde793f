import { paiseToRupees, type LoanAsOfResponse } from '@goldledger/contracts';
import { Badge } from '@/components/ui/badge';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { formatAnnualRate, formatDate, formatDateTime, formatMoney, formatStatus } from '@/lib/format';
import styles from './loan-audit.module.css';

interface SnapshotProps {
  answer: LoanAsOfResponse;
  /** The sentence of the last event the replay covers. */
  lastEventSentence: string;
  totalEvents: number;
}

const rupeesOfPaise = (paise: number) => formatMoney(paiseToRupees(paise));

/** The loan replayed to a moment: its state, its books and its schedule, labelled with the moment. */
export function AsOfSnapshot({ answer, lastEventSentence, totalEvents }: SnapshotProps) {
  const { loan, recordedLedger: ledger } = answer;
  const figures: Array<[string, string, string]> = [
    ['Principal outstanding', formatMoney(loan.principalOutstanding), 'asof-principal-outstanding'],
    ['Interest outstanding', formatMoney(loan.interestOutstanding), 'asof-interest-outstanding'],
    ['Remaining balance', formatMoney(loan.remainingBalance), 'asof-remaining-balance'],
    ['Total paid', formatMoney(loan.totalPaid), 'asof-total-paid'],
    ['Monthly payment', formatMoney(loan.monthlyPayment), 'asof-monthly-payment'],
    ['Total payment', formatMoney(loan.totalPayment), 'asof-total-payment'],
  ];

  return (
    <div className={styles.snapshot} data-testid="as-of-snapshot">
      <h3 className={styles.snapshotTitle} data-testid="as-of-label">
        As of {formatDateTime(answer.asOf)}
      </h3>
      <p className={styles.snapshotLead}>
        {answer.basis === 'occurred' ? 'Events that had happened by then' : 'Events recorded by then'}:{' '}
        <strong data-testid="asof-event-count">{answer.eventCount}</strong> of {totalEvents}, the last being #
        {answer.lastEvent.version} “{lastEventSentence}”. Outstanding balances are run to that day.
      </p>

      <dl className={styles.summary}>
        <div>
          <dt>Status</dt>
          <dd>
            <Badge status={loan.status}>{formatStatus(loan.status)}</Badge>
          </dd>
        </div>
        <div>
          <dt>Interest rate</dt>
          <dd data-testid="asof-rate">
            {formatAnnualRate(loan.currentInterestRate)}
            {loan.currentInterestRate !== loan.originalInterestRate && (
              <span className={styles.sub}>from {formatAnnualRate(loan.originalInterestRate)}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Upgrade level</dt>
          <dd data-testid="asof-level">{loan.currentUpgradeLevel}</dd>
        </div>
        {figures.map(([label, value, testId]) => (
          <div key={testId}>
            <dt>{label}</dt>
            <dd className={styles.money} data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <div className={styles.snapshotGrid}>
        <Table
          caption={`Ledger recorded with event #${answer.lastEvent.version} (as of ${formatDate(ledger.asOf)})`}
          stickyHeader={false}
        >
          <thead>
            <tr>
              <Th>Figure</Th>
              <Th numeric>Amount</Th>
            </tr>
          </thead>
          <tbody>
            {(
              [
                ['Principal outstanding', ledger.principalOutstandingPaise],
                ['Interest outstanding', ledger.interestOutstandingPaise],
                ['Total paid', ledger.totalPaidPaise],
                ['Interest paid', ledger.interestPaidPaise],
                ['Principal paid', ledger.principalPaidPaise],
              ] as const
            ).map(([label, paise]) => (
              <tr key={label}>
                <Td>{label}</Td>
                <Td numeric>{rupeesOfPaise(paise)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>

        <Table caption="Installment schedule then" stickyHeader={false} data-testid="asof-installments">
          <thead>
            <tr>
              <Th numeric>#</Th>
              <Th>Due date</Th>
              <Th numeric>Amount</Th>
              <Th numeric>Paid</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody>
            {loan.installments.map((i) => (
              <Tr key={i.number}>
                <Td numeric>{i.number}</Td>
                <Td>{formatDate(i.dueDate)}</Td>
                <Td numeric>{formatMoney(i.amount)}</Td>
                <Td numeric>{formatMoney(i.amountPaid)}</Td>
                <Td>
                  <Badge status={i.status} />
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      </div>

      {loan.payments.length > 0 && (
        <Table caption={`Payments then (${loan.payments.length})`} stickyHeader={false}>
          <thead>
            <tr>
              <Th>Date</Th>
              <Th>Receipt</Th>
              <Th>Method</Th>
              <Th>Type</Th>
              <Th numeric>Amount</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody>
            {loan.payments.map((p) => (
              <tr key={p._id}>
                <Td>{formatDate(p.date)}</Td>
                <Td>{p.receiptNumber}</Td>
                <Td>{p.method === 'handcash' ? 'Hand Cash' : 'Online'}</Td>
                <Td>{formatStatus(p.paymentType)}</Td>
                <Td numeric>{formatMoney(p.amount)}</Td>
                <Td>
                  <Badge status={p.status} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
