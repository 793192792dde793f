import type { CustomerRow } from '@goldledger/contracts';
import { Badge } from '@/components/ui/badge';
import { Table, Td, Th } from '@/components/ui/table';
import { formatAnnualRate, formatDate, formatGrams, formatMoney, formatNumber } from '@/lib/format';
import { INSTALLMENT_AMOUNT_LABEL, REPAYMENT_TYPE_LABEL } from '@/lib/repayment-structures';
import styles from './customers.module.css';

interface CustomerLoanDetailsProps {
  customer: CustomerRow;
  /** Bank fields are the admin's only. */
  showBank: boolean;
}

/** The row expander: the latest loan's terms and its gold items. */
export function CustomerLoanDetails({ customer, showBank }: CustomerLoanDetailsProps) {
  const loan = customer.latestLoan;
  if (!loan) {
    return <p className={styles.muted}>No loans yet for {customer.name}.</p>;
  }
  const totalNet = customer.goldItems.reduce((sum, g) => sum + g.netWeight, 0);
  return (
    <div className={styles.details} data-testid="customer-latest-loan">
      <section aria-label={`Latest loan of ${customer.name}`}>
        <h3 className={styles.detailsTitle}>
          Latest loan <span className={styles.loanId}>{loan.loanId}</span> <Badge status={loan.status} />
        </h3>
        <dl className={styles.facts}>
          <div>
            <dt>Loan amount</dt>
            <dd className={styles.num}>{formatMoney(loan.amount)}</dd>
          </div>
          <div>
            <dt>Term</dt>
            <dd>{loan.term} months</dd>
          </div>
          <div>
            <dt>Interest rate</dt>
            <dd>{formatAnnualRate(loan.interestRate)}</dd>
          </div>
          <div>
            <dt>Repayment</dt>
            <dd>{REPAYMENT_TYPE_LABEL[loan.repaymentType]}</dd>
          </div>
          <div>
            <dt>{INSTALLMENT_AMOUNT_LABEL[loan.repaymentType]}</dt>
            <dd className={styles.num}>{formatMoney(loan.monthlyPayment)}</dd>
          </div>
          <div>
            <dt>Total payment</dt>
            <dd className={styles.num}>{formatMoney(loan.totalPayment)}</dd>
          </div>
          <div>
            <dt>Loan date</dt>
            <dd>{formatDate(loan.disbursementDate)}</dd>
          </div>
          {showBank && (
            <>
              <div>
                <dt>Deposited bank</dt>
                <dd>{loan.depositedBank ?? '—'}</dd>
              </div>
              <div>
                <dt>Renewal date</dt>
                <dd>{formatDate(loan.renewalDate)}</dd>
              </div>
            </>
          )}
        </dl>
      </section>
      <div className={styles.goldItems}>
        <Table caption={`Gold items of ${loan.loanId}`} stickyHeader={false}>
          <thead>
            <tr>
              <Th>Description</Th>
              <Th numeric>Purity</Th>
              <Th numeric>Gross weight</Th>
              <Th numeric>Net weight</Th>
            </tr>
          </thead>
          <tbody>
            {customer.goldItems.map((item, index) => (
              <tr key={index} data-testid="gold-item">
                <Td>{item.description}</Td>
                <Td numeric>{formatNumber(item.purityKarat)}K</Td>
                <Td numeric>{formatGrams(item.grossWeight)}</Td>
                <Td numeric>{formatGrams(item.netWeight)}</Td>
              </tr>
            ))}
          </tbody>
          {customer.goldItems.length > 1 && (
            <tfoot>
              <tr>
                <Th scope="row" colSpan={3}>
                  Total net weight
                </Th>
                <Td numeric>{formatGrams(totalNet)}</Td>
              </tr>
            </tfoot>
          )}
        </Table>
      </div>
    </div>
  );
}
