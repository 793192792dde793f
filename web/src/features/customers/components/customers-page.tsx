import type { CustomerRow } from '@goldledger/contracts';
import { Fragment, useState } from 'react';
import { BranchFilter } from '@/components/branch-filter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { SearchBox } from '@/components/ui/search-box';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';
import type { StaffArea } from '@/lib/staff-area';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCustomers } from '../api/get-customers';
import { CustomerLoanDetails } from './customer-loan-details';
import { DisabledButtonWithTooltip } from './disabled-button-tooltip';
import { EditCustomerDialog } from './edit-customer-dialog';
import styles from './customers.module.css';

/** The customers page's messages, word for word. */
export const CUSTOMER_TEXTS = {
  empty: 'No customers found',
  fetchFailed: 'Failed to fetch customers',
  noToken: 'No authentication token found',
  cannotEdit: 'Cannot edit: No user record found for this customer',
} as const;

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The customers page, for admins (full Aadhar) and employees (masked by the server; their
 * branches' customers only). Admins may narrow it to one branch; auditors read it without
 * the Edit column.
 */
export function CustomersPage({ area }: { area: StaffArea }) {
  const { token } = useAuth();
  const toast = useToast();
  const readOnly = useReadOnly();
  const columns = readOnly ? 5 : 6;
  const [search, setSearch] = useState('');
  const [branchId, setBranchId] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A new search (or branch) starts again at its first page.
  const [paging, setPaging] = useState({ term: '', branchId: '', page: 1 });
  const page = paging.term === term && paging.branchId === branchId ? paging.page : 1;
  const { data, error, isLoading, mutate } = useCustomers(area, { search: term, page, branchId });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<CustomerRow | null>(null);

  const toggle = (id: string) =>
    setExpanded((all) => {
      const next = new Set(all);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  let body;
  if (!token) {
    body = <ErrorState title={CUSTOMER_TEXTS.noToken} message="Please sign in again." />;
  } else if (error && !data) {
    body = (
      <ErrorState
        title={CUSTOMER_TEXTS.fetchFailed}
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (!data) {
    body = <Loading text="Loading customers..." />;
  } else {
    const rows = data.data;
    const { total, totalPages } = data.pagination;
    // The last list stays on screen while the next search or page loads.
    const searching = isLoading;
    body = (
      <>
        {error && (
          <ErrorState
            title={CUSTOMER_TEXTS.fetchFailed}
            message={errorMessage(error, 'Showing the last list fetched.')}
            onRetry={() => void mutate()}
          />
        )}
        <p className={styles.count} role="status" aria-live="polite">
          {searching
            ? 'Searching...'
            : `${formatNumber(total)} ${total === 1 ? 'customer' : 'customers'}${term ? ` matching “${term}”` : ''}`}
        </p>
        {rows.length === 0 ? (
          <EmptyState
            title={CUSTOMER_TEXTS.empty}
            description={term ? 'Try a name, Aadhar number, customer ID, email or mobile number.' : undefined}
          />
        ) : (
          <Table caption="Customers" hideCaption aria-busy={searching || undefined} maxHeight="75vh">
            <thead>
              <tr>
                <Th>Customer ID</Th>
                <Th>Basic Info</Th>
                <Th>Contact Details</Th>
                <Th>Address</Th>
                <Th numeric>Loan Summary</Th>
                {!readOnly && <Th>Edit</Th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((customer) => {
                const open = expanded.has(customer._id);
                const detailsId = `customer-details-${customer._id}`;
                return (
                  <Fragment key={customer._id}>
                    <tr data-testid="customer-row" data-customer-id={customer.customerId}>
                      <Td>
                        <button
                          type="button"
                          className={styles.expander}
                          aria-expanded={open}
                          aria-controls={open ? detailsId : undefined}
                          onClick={() => toggle(customer._id)}
                        >
                          <span className={styles.chevron} aria-hidden="true">
                            {open ? '▾' : '▸'}
                          </span>
                          {customer.customerId}
                          <span className="visually-hidden"> latest loan details</span>
                        </button>
                      </Td>
                      <Td className={styles.basic}>
                        <div className={styles.stack}>
                          <strong>{customer.name}</strong>
                          <span data-testid="customer-aadhar">
                            <span className={styles.label}>Aadhar </span>
                            <span className={styles.num}>{customer.aadharNumber}</span>
                          </span>
                          <span>
                            {customer.verified ? (
                              <Badge tone="success">Verified</Badge>
                            ) : (
                              <Badge tone="warning">Not verified</Badge>
                            )}
                          </span>
                        </div>
                      </Td>
                      <Td className={styles.contact}>
                        <div className={styles.stack}>
                          <span>
                            <span className={styles.label}>Mobile </span>
                            <span className={styles.num}>{customer.primaryMobile}</span>
                          </span>
                          {customer.secondaryMobile && (
                            <span>
                              <span className={styles.label}>Alternate </span>
                              <span className={styles.num}>{customer.secondaryMobile}</span>
                            </span>
                          )}
                          {customer.email && (
                            <span className={styles.email}>
                              <EmailText email={customer.email} />
                            </span>
                          )}
                          <span>
                            <span className={styles.label}>Emergency </span>
                            <span className={styles.num}>{customer.emergencyContact.mobile}</span> (
                            {customer.emergencyContact.relation})
                          </span>
                        </div>
                      </Td>
                      <Td className={styles.address}>
                        <div className={styles.stack}>
                          <span>
                            <span className={styles.label}>Present </span>
                            {customer.presentAddress}
                          </span>
                          {customer.permanentAddress !== customer.presentAddress ? (
                            <span>
                              <span className={styles.label}>Permanent </span>
                              {customer.permanentAddress}
                            </span>
                          ) : (
                            <span className={styles.label}>Permanent: same</span>
                          )}
                        </div>
                      </Td>
                      <Td numeric>
                        <div className={styles.stack} data-testid="loan-summary">
                          <span>
                            <span className={styles.label}>Active </span>
                            {formatNumber(customer.activeLoans)}
                          </span>
                          <span>
                            <span className={styles.label}>Total </span>
                            {formatNumber(customer.totalLoans)}
                          </span>
                        </div>
                      </Td>
                      {!readOnly && (
                        <Td>
                          {customer.hasUserAccount ? (
                            <Button
                              size="sm"
                              variant="secondary"
                              aria-label={`Edit ${customer.name}`}
                              onClick={() => setEditing(customer)}
                            >
                              Edit
                            </Button>
                          ) : (
                            <DisabledButtonWithTooltip
                              aria-label={`Edit ${customer.name}`}
                              tooltip={CUSTOMER_TEXTS.cannotEdit}
                            >
                              Edit
                            </DisabledButtonWithTooltip>
                          )}
                        </Td>
                      )}
                    </tr>
                    {open && (
                      <tr id={detailsId} className={styles.detailRow}>
                        <Td colSpan={columns}>
                          <CustomerLoanDetails customer={customer} showBank={area === 'admin'} />
                        </Td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </Table>
        )}
        {totalPages > 1 && (
          <nav className={styles.pager} aria-label="Customer pages">
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPaging({ term, branchId, page: page - 1 })}
            >
              Previous
            </Button>
            <span>
              Page {formatNumber(page)} of {formatNumber(totalPages)}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= totalPages}
              onClick={() => setPaging({ term, branchId, page: page + 1 })}
            >
              Next
            </Button>
          </nav>
        )}
        <EditCustomerDialog
          area={area}
          customer={editing}
          onClose={() => setEditing(null)}
          onSaved={(row, message) => {
            setEditing(null);
            toast.show(message, 'success');
            // The saved row shows at once; the reload that follows confirms it.
            void mutate(
              (list) => list && { ...list, data: list.data.map((r) => (r._id === row._id ? row : r)) },
            );
          }}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow={area === 'admin' ? 'Admin' : 'Employee'}
        title="Customers"
        description="Every customer with their contacts, addresses and loans. Open a row for the latest loan and its gold items."
      />
      <div className={styles.toolbar}>
        <SearchBox
          label="Search customers"
          placeholder="Name, mobile or customer ID"
          matches="a name, Aadhar, customer ID, email or mobile"
          value={search}
          onChange={setSearch}
          maxLength={100}
        />
        {area === 'admin' && <BranchFilter value={branchId} onChange={setBranchId} />}
      </div>
      {body}
    </>
  );
}

/** An email that may break before its `@` rather than anywhere inside a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
