import { Table, Td, Th, Tr } from '@/components/ui/table';
import type { StaffArea } from '@/lib/staff-area';
import type { Loan } from '../derive';
import { LoanActionButtons, type LoanActions } from './loan-actions';
import {
  ContactCell,
  CreatedByCell,
  CustomerCell,
  DateCell,
  LoanDetailsCell,
  StatusCell,
} from './loan-cells';

interface DashboardLoansTableProps {
  loans: Loan[];
  area: StaffArea;
  actions: LoanActions;
  busy: boolean;
}

/**
 * Admins see Date, Customer, Contact, Loan Details, Created By, Status, Actions;
 * employees the same without Created By, with the rate also per day, and History
 * when the loan has upgrades.
 */
export function DashboardLoansTable({ loans, area, actions, busy }: DashboardLoansTableProps) {
  const isAdmin = area === 'admin';
  return (
    <Table caption="Loans" hideCaption aria-busy={busy || undefined} maxHeight="75vh">
      <thead>
        <tr>
          <Th>Date</Th>
          <Th>Customer</Th>
          <Th>Contact</Th>
          <Th>Loan Details</Th>
          {isAdmin && <Th>Created By</Th>}
          <Th>Status</Th>
          <Th>Actions</Th>
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
            <Td>
              <DateCell loan={loan} />
            </Td>
            <Td>
              <CustomerCell loan={loan} />
            </Td>
            <Td>
              <ContactCell loan={loan} />
            </Td>
            <Td>
              <LoanDetailsCell loan={loan} daily={!isAdmin} />
            </Td>
            {isAdmin && (
              <Td>
                <CreatedByCell loan={loan} />
              </Td>
            )}
            <Td>
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
