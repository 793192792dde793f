import { Table, Td, Th, Tr } from '@/components/ui/table';
import type { StaffArea } from '@/lib/staff-area';
import type { Loan } from '../derive';
import { LoanActionButtons, type LoanActions } from './loan-actions';
import {
  BalanceCell,
  ContactCell,
  CreatedByCell,
  CustomerCell,
  DateCell,
  LoanDetailsCell,
  NextDueCell,
  OverdueCell,
  StatusCell,
} from './loan-cells';
import styles from './loans.module.css';

interface DashboardLoansTableProps {
  loans: Loan[];
  area: StaffArea;
  actions: LoanActions;
  busy: boolean;
}

/**
 * One line a loan (issue 19): admins see Date, Customer, Contact, Loan Details, Next Due,
 * Overdue, Balance, Created By, Status, Actions; employees the same without Created By,
 * with the rate also per day, and History when the loan has upgrades.
 */
export function DashboardLoansTable({ loans, area, actions, busy }: DashboardLoansTableProps) {
  const isAdmin = area === 'admin';
  return (
    <Table
      caption="Loans"
      hideCaption
      dense
      aria-busy={busy || undefined}
      className={`${styles.cards} ${styles.fixed}`}
    >
      <thead>
        <tr>
          <Th className={styles.colDate}>Date</Th>
          <Th>Customer</Th>
          <Th className={styles.colContact}>Contact</Th>
          <Th className={styles.colLoan}>Loan Details</Th>
          <Th numeric className={styles.colNextDue}>
            Next Due
          </Th>
          <Th numeric className={styles.colMoney}>
            Overdue
          </Th>
          <Th numeric className={styles.colMoney}>
            Balance
          </Th>
          {isAdmin && <Th className={`${styles.colCreatedBy} ${styles.colCreatedByWide}`}>Created By</Th>}
          <Th className={styles.colStatus}>Status</Th>
          <Th className={styles.colActionsWide}>Actions</Th>
        </tr>
      </thead>
      <tbody>
        {loans.map((loan) => (
          <Tr
            key={loan._id}
            upgradeLevel={loan.currentUpgradeLevel}
            data-testid="loan-row"
            data-loan-id={loan.loanId}
          >
            <Td data-label="Date">
              <DateCell loan={loan} />
            </Td>
            <Td data-label="Customer">
              <CustomerCell loan={loan} />
            </Td>
            <Td data-label="Contact">
              <ContactCell loan={loan} />
            </Td>
            <Td data-label="Loan Details" className={styles.wide}>
              <LoanDetailsCell loan={loan} daily={!isAdmin} />
            </Td>
            <Td numeric data-label="Next Due">
              <NextDueCell loan={loan} />
            </Td>
            <Td numeric data-label="Overdue">
              <OverdueCell loan={loan} />
            </Td>
            <Td numeric data-label="Balance">
              <BalanceCell loan={loan} />
            </Td>
            {isAdmin && (
              <Td data-label="Created By" className={styles.colCreatedByWide}>
                <CreatedByCell loan={loan} />
              </Td>
            )}
            <Td data-label="Status">
              <StatusCell loan={loan} />
            </Td>
            <Td>
              <LoanActionButtons loan={loan} area={area} variant="dashboard" actions={actions} />
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
