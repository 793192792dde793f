import { useEffect, useState } from 'react';
import { BranchFilter } from '@/components/branch-filter';
import { Select } from '@/components/ui/field';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { SearchBox } from '@/components/ui/search-box';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useStaffArea } from '@/lib/staff-area';
import { FIRST_LIST_PARAMS, useLoans, type LoanListParams, type LoanTab } from '../api/get-loans';
import { sortQuery } from '../derive';
import { DashboardLoansTable } from './dashboard-table';
import { useLoanActions } from './loan-actions';
import { ManagementLoansTable, type LoanSorting } from './management-table';
import { Pager } from './pager';
import styles from './loans.module.css';

export interface LoansTableProps {
  /**
   * `dashboard`: the dashboards' table; `management`: the Loans
   * Management page with its row expander and every row action.
   */
  variant: 'dashboard' | 'management';
}

const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * The loan book for staff: server-side search (debounced), All / Active / Closed with
 * counts, sorting and pages from the server, rows tinted by upgrade level, the row
 * actions and their dialogs. Admin and employee read their own endpoints (`/api/{area}/loans`);
 * an employee's answer holds their branches' loans only, and admins may narrow it to one branch.
 */
export function LoansTable({ variant }: LoansTableProps) {
  const area = useStaffArea();
  // The first page is the one preloadLoans asks for while the page's code loads.
  const [search, setSearch] = useState(FIRST_LIST_PARAMS.search);
  const [status, setStatus] = useState<LoanTab>(FIRST_LIST_PARAMS.status);
  const [page, setPage] = useState(FIRST_LIST_PARAMS.page);
  const [limit, setLimit] = useState<number>(FIRST_LIST_PARAMS.limit);
  const [branchId, setBranchId] = useState(FIRST_LIST_PARAMS.branchId);
  const [delinquencyClass, setDelinquencyClass] =
    useState<NonNullable<LoanListParams['delinquencyClass']>>('');
  const [sorting, setSorting] = useState<LoanSorting>([
    { id: FIRST_LIST_PARAMS.sort, desc: FIRST_LIST_PARAMS.order === 'desc' },
  ]);
  const settledSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const actions = useLoanActions(area);

  // A new search starts from the first page; the page in use stays while only the page moves.
  const [searched, setSearched] = useState(settledSearch);
  if (searched !== settledSearch) {
    setSearched(settledSearch);
    setPage(1);
  }

  const { sort, order } = sortQuery(sorting);
  const { data, error, isLoading, isValidating, mutate } = useLoans(area, {
    search: settledSearch,
    status,
    page,
    limit,
    sort,
    order,
    branchId,
    delinquencyClass,
  });

  // A page that no longer exists (the last loan of the last page deleted, a narrower tab): go to the last one.
  const lastPage = data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) setPage(lastPage);
  }, [lastPage, page]);

  const counts = data?.counts;
  const tabs = [
    { value: 'all' as const, label: 'All', count: counts?.all },
    { value: 'active' as const, label: 'Active', count: counts?.active },
    { value: 'closed' as const, label: 'Closed', count: counts?.closed },
  ];

  const rows = data?.data;

  let body;
  if (error) {
    body = (
      <ErrorState
        title="Failed to fetch loans"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !rows) {
    body = <Loading text="Loading loans..." />;
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        title="No loans found"
        description={settledSearch ? `Nothing matches “${settledSearch}”.` : undefined}
      />
    );
  } else if (variant === 'dashboard') {
    body = <DashboardLoansTable loans={rows} area={area} actions={actions} busy={isValidating} />;
  } else {
    body = (
      <ManagementLoansTable
        loans={rows}
        area={area}
        actions={actions}
        busy={isValidating}
        sorting={sorting}
        onSortingChange={(next) => {
          setSorting(next);
          setPage(1);
        }}
      />
    );
  }

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <div className={styles.search}>
          <SearchBox
            label="Search loans"
            placeholder={area === 'admin' ? 'Name, mobile or loan ID' : 'Name, mobile or Aadhar'}
            matches={
              area === 'admin'
                ? 'a name, email, mobile, Aadhar, loan ID or amount'
                : 'a name, email, mobile or Aadhar'
            }
            value={search}
            onChange={setSearch}
          />
        </div>
        {area === 'admin' && (
          <div className={styles.branch}>
            <BranchFilter
              value={branchId}
              onChange={(next) => {
                setBranchId(next);
                setPage(1);
              }}
            />
          </div>
        )}
        {variant === 'management' && (
          <div className={styles.branch}>
            <Select
              label="Asset class"
              value={delinquencyClass}
              onChange={(e) => {
                setDelinquencyClass(e.target.value as typeof delinquencyClass);
                setPage(1);
              }}
            >
              <option value="">All classes</option>
              <option value="sma_0">SMA-0 (1–30 days past due)</option>
              <option value="sma_1">SMA-1 (31–60 days)</option>
              <option value="sma_2">SMA-2 (61–90 days)</option>
              <option value="npa">NPA</option>
            </Select>
          </div>
        )}
        <FilterTabs
          label="Loan status"
          tabs={tabs}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </div>
      {body}
      {data && !error && data.pagination.total > 0 && (
        <Pager
          label="Loan pages"
          page={data.pagination.page}
          totalPages={data.pagination.totalPages}
          limit={limit}
          total={data.pagination.total}
          onPage={setPage}
          pageSizes={variant === 'management' ? PAGE_SIZES : undefined}
          onLimit={(next) => {
            setLimit(next);
            setPage(1);
          }}
        />
      )}
      {actions.dialogs}
    </div>
  );
}
