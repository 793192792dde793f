import {
  createColumnHelper,
  rowExpandingFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type Column,
  type ExpandedState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Fragment, useState, type ReactNode } from 'react';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import type { StaffArea } from '@/lib/staff-area';
import type { Loan } from '../derive';
import { LoanActionButtons, type LoanActions } from './loan-actions';
import {
  BalanceCell,
  CreatedByCell,
  CustomerCell,
  DateCell,
  LoanDetailsCell,
  NextDueCell,
  OverdueCell,
  StatusCell,
} from './loan-cells';
import { useReadOnly } from '@/lib/read-only';
import { LoanDetailsPanel } from './loan-details';
import styles from './loans.module.css';

export type LoanSorting = SortingState;

/** What the cells need from the screen around the table. */
interface ManagementMeta {
  area: StaffArea;
  actions: LoanActions;
}

// Sorting and pages are the server's (manualSorting; the pager sits outside): the table
// owns the column model, the sort state's shape and the expanded rows.
const features = tableFeatures({
  rowSortingFeature,
  rowExpandingFeature,
  tableMeta: {} as ManagementMeta,
});
const helper = createColumnHelper<typeof features, Loan>();

const expander = helper.display({
  id: 'expander',
  header: () => <span className="visually-hidden">Details</span>,
  cell: ({ row }) => (
    <button
      type="button"
      className={styles.expander}
      aria-expanded={row.getIsExpanded()}
      aria-controls={`loan-details-${row.id}`}
      aria-label={`Details of ${row.original.loanId}`}
      onClick={row.getToggleExpandedHandler()}
    >
      <span className={styles.chevron} aria-hidden="true">
        ▸
      </span>
    </button>
  ),
});

const dateColumn = helper.accessor('createdAt', {
  id: 'createdAt',
  header: 'Date',
  sortDescFirst: true,
  cell: ({ row }) => <DateCell loan={row.original} />,
});
const customerColumn = helper.accessor('name', {
  id: 'name',
  header: 'Customer Details',
  sortDescFirst: false,
  cell: ({ row }) => <CustomerCell loan={row.original} />,
});
const loanColumn = helper.accessor('amount', {
  id: 'amount',
  header: 'Loan Details',
  sortDescFirst: true,
  cell: ({ row, table }) => (
    <LoanDetailsCell loan={row.original} daily={table.options.meta?.area !== 'admin'} />
  ),
});
const nextDueColumn = helper.display({
  id: 'nextDue',
  header: 'Next Due',
  cell: ({ row }) => <NextDueCell loan={row.original} />,
});
const overdueColumn = helper.display({
  id: 'overdue',
  header: 'Overdue',
  cell: ({ row }) => <OverdueCell loan={row.original} />,
});
const balanceColumn = helper.display({
  id: 'balance',
  header: 'Balance',
  cell: ({ row }) => <BalanceCell loan={row.original} />,
});
const statusColumn = helper.accessor('status', {
  id: 'status',
  header: 'Status',
  enableSorting: false,
  cell: ({ row }) => <StatusCell loan={row.original} />,
});

const actionsColumn = helper.display({
  id: 'actions',
  header: 'Actions',
  cell: ({ row, table }) => {
    const meta = table.options.meta!;
    return <LoanActionButtons loan={row.original} area={meta.area} variant="row" actions={meta.actions} />;
  },
});

/** Created By is the admins' alone. */
const createdByColumn = helper.display({
  id: 'createdBy',
  header: 'Created By',
  cell: ({ row }) => <CreatedByCell loan={row.original} />,
});
const ADMIN_COLUMNS = helper.columns([
  expander,
  dateColumn,
  customerColumn,
  loanColumn,
  nextDueColumn,
  overdueColumn,
  balanceColumn,
  statusColumn,
  createdByColumn,
  actionsColumn,
]);
const EMPLOYEE_COLUMNS = helper.columns([
  expander,
  dateColumn,
  customerColumn,
  loanColumn,
  nextDueColumn,
  overdueColumn,
  balanceColumn,
  statusColumn,
  actionsColumn,
]);

/** Money columns: right-aligned, digits in columns. */
const NUMERIC = new Set(['nextDue', 'overdue', 'balance']);
/** Column widths at a desk (loans.module.css); the columns without one share the rest. */
const COLUMN_CLASS: Record<string, string | undefined> = {
  expander: styles.colExpander,
  createdAt: styles.colDate,
  amount: styles.colLoan,
  nextDue: styles.colNextDue,
  overdue: styles.colMoney,
  balance: styles.colMoney,
  status: styles.colStatus,
  createdBy: `${styles.colCreatedBy} ${styles.colCreatedByWide}`,
  actions: styles.colActions,
};

/** The label a cell carries into the phone's card layout (none for the expander and actions). */
const CARD_LABEL: Record<string, string> = {
  createdAt: 'Date',
  name: 'Customer',
  amount: 'Loan Details',
  nextDue: 'Next Due',
  overdue: 'Overdue',
  balance: 'Balance',
  status: 'Status',
  createdBy: 'Created By',
};

interface ManagementLoansTableProps {
  loans: Loan[];
  area: StaffArea;
  actions: LoanActions;
  busy: boolean;
  sorting: SortingState;
  onSortingChange: (next: SortingState) => void;
}

/**
 * The Loans Management table, one line a loan (issue 19): Date, Customer Details, Loan Details,
 * Next Due, Overdue, Balance, Status, Created By (admins), Actions (Repay, or Renew on a closed
 * loan); sortable headers asking the server; a row expander (button, so Enter and Space toggle
 * it) with the loan's other actions, the customer, gold items, bank details and photos.
 */
export function ManagementLoansTable({
  loans,
  area,
  actions,
  busy,
  sorting,
  onSortingChange,
}: ManagementLoansTableProps) {
  const readOnly = useReadOnly();
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const table = useTable({
    features,
    columns: area === 'admin' ? ADMIN_COLUMNS : EMPLOYEE_COLUMNS,
    data: loans,
    getRowId: (loan) => loan._id,
    getRowCanExpand: () => true,
    manualSorting: true,
    manualExpanding: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting, expanded },
    onSortingChange: (updater: Updater<SortingState>) =>
      onSortingChange(typeof updater === 'function' ? updater(sorting) : updater),
    onExpandedChange: setExpanded,
    meta: { area, actions },
  });

  const columnCount = table.getAllLeafColumns().length;
  const sortedBy = sorting[0];

  return (
    <Table
      caption="Loans"
      hideCaption
      dense
      aria-busy={busy || undefined}
      className={`${styles.cards} ${styles.fixed}`}
    >
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const column = header.column;
              const sortState = column.getIsSorted();
              const ariaSort =
                column.id === 'amount' && sortedBy?.id === 'loanId'
                  ? sortedBy.desc
                    ? 'descending'
                    : 'ascending'
                  : sortState === 'asc'
                    ? 'ascending'
                    : sortState === 'desc'
                      ? 'descending'
                      : undefined;
              return (
                <Th
                  key={header.id}
                  aria-sort={ariaSort}
                  numeric={NUMERIC.has(column.id)}
                  className={COLUMN_CLASS[column.id]}
                >
                  {header.isPlaceholder ? null : column.getCanSort() ? (
                    <>
                      <SortButton column={column}>
                        <table.FlexRender header={header} />
                      </SortButton>
                      {column.id === 'amount' && (
                        <LoanIdSort
                          sorting={sorting}
                          onSort={(desc) => onSortingChange([{ id: 'loanId', desc }])}
                        />
                      )}
                    </>
                  ) : (
                    <table.FlexRender header={header} />
                  )}
                </Th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <Fragment key={row.id}>
            <Tr
              upgradeLevel={row.original.currentUpgradeLevel}
              data-testid="loan-row"
              data-loan-id={row.original.loanId}
            >
              {row.getAllCells().map((cell) => (
                <Td
                  key={cell.id}
                  numeric={NUMERIC.has(cell.column.id)}
                  data-label={CARD_LABEL[cell.column.id]}
                  className={
                    cell.column.id === 'amount'
                      ? styles.wide
                      : cell.column.id === 'createdBy'
                        ? styles.colCreatedByWide
                        : undefined
                  }
                >
                  <table.FlexRender cell={cell} />
                </Td>
              ))}
            </Tr>
            {row.getIsExpanded() && (
              <tr id={`loan-details-${row.id}`}>
                <td colSpan={columnCount} className={styles.detailCell}>
                  <LoanDetailsPanel
                    loan={row.original}
                    actions={
                      <LoanActionButtons loan={row.original} area={area} variant="panel" actions={actions} />
                    }
                    showBankContact={area === 'admin'}
                    area={area}
                    canAddGold={!readOnly && row.original.status === 'active'}
                  />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </Table>
  );
}

function sortIcon(state: false | 'asc' | 'desc'): string {
  return state === 'asc' ? '▲' : state === 'desc' ? '▼' : '↕';
}

function SortButton({ column, children }: { column: Column<typeof features, Loan>; children: ReactNode }) {
  const state = column.getIsSorted();
  return (
    <button type="button" className={styles.sortButton} onClick={column.getToggleSortingHandler()}>
      {children}
      <span className={styles.sortIcon} aria-hidden="true">
        {sortIcon(state)}
      </span>
    </button>
  );
}

/** The Loan Details column sorts by amount; its header also offers the loan id. */
function LoanIdSort({ sorting, onSort }: { sorting: SortingState; onSort: (desc: boolean) => void }) {
  const current = sorting[0]?.id === 'loanId' ? sorting[0] : null;
  return (
    <button
      type="button"
      className={`${styles.sortButton} ${styles.sortSecondary}`}
      aria-label="Sort by loan ID"
      onClick={() => onSort(current ? !current.desc : false)}
    >
      ID
      <span className={styles.sortIcon} aria-hidden="true">
        {sortIcon(current ? (current.desc ? 'desc' : 'asc') : false)}
      </span>
    </button>
  );
}
