import { ReleaseCompensation } from '@/components/release-compensation';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { loanCustodyPath } from '@/config/paths';
import { formatDate, formatGrams, formatMoney, formatNumber } from '@/lib/format';
import {
  INSTALLMENT_AMOUNT_LABEL,
  installmentWhat,
  REPAYMENT_TYPE_DESCRIPTION,
  REPAYMENT_TYPE_LABEL,
} from '@/lib/repayment-structures';
import type { StaffArea } from '@/lib/staff-area';
import { ltvText, nextDue, type Loan } from '../derive';
import type { ReactNode } from 'react';
import { CustomerFacts } from './loan-cells';
import { LoanDelinquency } from './loan-delinquency';
import { LoanDisclosures } from './loan-disclosures';
import { PhotoGallery } from './photo-gallery';
import styles from './loans.module.css';
import { InstallmentPlaceCell } from '@/components/installment-place';

/** The loan's schedule in its structure: what falls due when, and how much of it is paid. */
function ScheduleTable({ loan }: { loan: Loan }) {
  return (
    <details className={styles.schedule} data-testid="loan-schedule">
      <summary>
        Schedule: {formatNumber(loan.installments.length)}{' '}
        {loan.installments.length === 1 ? 'installment' : 'installments'}
      </summary>
      <table className={styles.itemsTable}>
        <caption className="visually-hidden">Installments of {loan.loanId}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Due date</th>
            <th scope="col">For</th>
            <th scope="col" className={styles.num}>
              Amount
            </th>
            <th scope="col" className={styles.num}>
              Paid
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {loan.installments.map((i) => (
            <tr key={i.number}>
              <td>
                <InstallmentPlaceCell place={i.place} />
              </td>
              <td>{formatDate(i.dueDate)}</td>
              <td>{installmentWhat(loan.repaymentType, i, loan.installments)}</td>
              <td className={styles.num}>{formatMoney(i.amount)}</td>
              <td className={styles.num}>{formatMoney(i.amountPaid)}</td>
              <td>
                <Badge status={i.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

interface Props {
  loan: Loan;
  /** The loan's actions beyond the row's one (Edit, Slip, Custody, History…). */
  actions: ReactNode;
  showBankContact: boolean;
  area: StaffArea;
  /** Gold may be added (staff, not an auditor, an open loan). */
  canAddGold: boolean;
}

/** The row expander: gold items with weights and purity, the repayment structure and what is due, the LTV, the bank, the renewal date, the disclosures, photos. */
export function LoanDetailsPanel({ loan, actions, showBankContact, area, canAddGold }: Props) {
  const call = loan.ltv.marginCall;
  const gross = loan.goldItems.reduce((sum, i) => sum + i.grossWeight, 0);
  const net = loan.goldItems.reduce((sum, i) => sum + i.netWeight, 0);
  const due = nextDue(loan);
  return (
    <div className={styles.details} data-testid="loan-details" data-loan-id={loan.loanId}>
      {actions}
      <dl className={styles.detailGrid}>
        <CustomerFacts loan={loan} />
      </dl>
      <section aria-label={`Gold items of ${loan.loanId}`}>
        <h4 className={styles.subTitle}>Gold items</h4>
        <table className={styles.itemsTable}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Description</th>
              <th scope="col" className={styles.num}>
                Gross weight
              </th>
              <th scope="col" className={styles.num}>
                Net weight
              </th>
              <th scope="col" className={styles.num}>
                Purity
              </th>
            </tr>
          </thead>
          <tbody>
            {loan.goldItems.map((item, index) => (
              <tr key={index}>
                <td>{index + 1}</td>
                <td>{item.description}</td>
                <td className={styles.num}>{formatGrams(item.grossWeight)}</td>
                <td className={styles.num}>{formatGrams(item.netWeight)}</td>
                <td className={styles.num}>{item.purityKarat}K</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Total
              </th>
              <td className={styles.num}>{formatGrams(Math.round(gross * 100) / 100)}</td>
              <td className={styles.num}>{formatGrams(Math.round(net * 100) / 100)}</td>
              <td className={styles.num}>{formatGrams(loan.fineGoldWeight)} fine</td>
            </tr>
          </tfoot>
        </table>
      </section>

      <dl className={styles.detailGrid}>
        <div>
          <dt>Repayment</dt>
          <dd data-testid="repayment-type">
            {REPAYMENT_TYPE_LABEL[loan.repaymentType]}
            <span className={styles.muted}> · {REPAYMENT_TYPE_DESCRIPTION[loan.repaymentType]}</span>
          </dd>
        </div>
        <div>
          <dt>{INSTALLMENT_AMOUNT_LABEL[loan.repaymentType]}</dt>
          <dd>{formatMoney(loan.monthlyPayment)}</dd>
        </div>
        <div>
          <dt>Next due</dt>
          <dd data-testid="next-due">
            {due ? (
              <>
                {formatMoney(due.amount)} on {formatDate(due.installment.dueDate)}
                <span className={styles.muted}>
                  {' '}
                  · {installmentWhat(loan.repaymentType, due.installment, loan.installments)}
                </span>
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>Deposited bank</dt>
          <dd>{loan.depositedBank || 'Not deposited'}</dd>
        </div>
        <div>
          <dt>Renewal date</dt>
          <dd>{loan.renewalDate ? formatDate(loan.renewalDate) : '—'}</dd>
        </div>
        {showBankContact && (
          <>
            <div>
              <dt>Bank mobile number</dt>
              <dd>{loan.bankMobileNumber || '—'}</dd>
            </div>
            <div>
              <dt>Bank loan amount</dt>
              <dd>{loan.bankLoanAmount != null ? formatMoney(loan.bankLoanAmount) : '—'}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Maturity date</dt>
          <dd>{formatDate(loan.maturityDate)}</dd>
        </div>
        <div>
          <dt>Loan to value</dt>
          <dd>{ltvText(loan)}</dd>
        </div>
        {area === 'admin' && loan.createdBy && (
          <div>
            <dt>Created by</dt>
            <dd title={`${loan.createdBy.name} (${loan.createdBy.role})`}>{loan.createdBy.name}</dd>
          </div>
        )}
        {call && (
          <div>
            <dt>{call.status === 'escalated' ? 'Margin call (escalated)' : 'Margin call'}</dt>
            <dd>
              Since {formatDate(call.raisedOn)}: pay {formatMoney(call.shortfall)} or add{' '}
              {formatGrams(call.goldToAddGrams)} of 22K gold
            </dd>
          </div>
        )}
        {loan.renewalOf && (
          <div>
            <dt>Renewal of</dt>
            <dd className={styles.mono}>{loan.renewalOf.loanId}</dd>
          </div>
        )}
        {loan.renewedTo && (
          <div>
            <dt>Renewed to</dt>
            <dd className={styles.mono}>
              {loan.renewedTo.loanId} ({formatDate(loan.renewedTo.renewedOn)})
            </dd>
          </div>
        )}
      </dl>

      {canAddGold && (
        <p>
          <ButtonLink
            size="sm"
            variant="secondary"
            to={`${loanCustodyPath(area, loan._id)}?add=gold`}
            aria-label={`Add gold to loan ${loan.loanId}`}
          >
            Add gold
          </ButtonLink>
        </p>
      )}

      {loan.releaseCompensation && (
        <ReleaseCompensation
          loanUuid={loan._id}
          loanId={loan.loanId}
          compensation={loan.releaseCompensation}
          // Payouts are admins' (and their receipts); employees see the figures.
          receipts={area === 'admin'}
          note="The gold went back after the promised working days through the lender's delay: owed to the customer, paid out from Gold Returns."
        />
      )}

      {loan.status === 'active' && <LoanDelinquency loan={loan} />}
      <ScheduleTable loan={loan} />
      <LoanDisclosures loan={loan} />

      <PhotoGallery loan={loan} />
    </div>
  );
}
