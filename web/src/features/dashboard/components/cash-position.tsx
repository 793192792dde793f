import { Link } from 'react-router-dom';
import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { useCashPosition } from '../api/get-cash-position';
import styles from './dashboard.module.css';

/** Cash position: today's expected cash in each branch's drawer (opening + in − out so far). */
export function CashPosition() {
  const { data, error, mutate } = useCashPosition();
  let body;
  if (error) {
    body = (
      <ErrorState
        title="Failed to fetch the cash position"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (!data) {
    body = <Loading text="Loading cash position..." />;
  } else {
    const total = data.branches.reduce((sum, b) => sum + (b.expected ?? 0), 0);
    body = (
      <Table
        caption={`Expected cash on ${formatDate(data.date)}: ${formatMoney(total)} in all`}
        stickyHeader={false}
      >
        <thead>
          <tr>
            <Th>Branch</Th>
            <Th numeric>Opening</Th>
            <Th numeric>Cash in</Th>
            <Th numeric>Cash out</Th>
            <Th numeric>Expected now</Th>
            <Th>Day</Th>
          </tr>
        </thead>
        <tbody>
          {data.branches.map((b) => (
            <Tr key={b.branchId} data-branch={b.code}>
              <Td>
                <Link to={`${paths.admin.cashBook}?branch=${encodeURIComponent(b.branchId)}`}>
                  {b.name} ({b.code})
                </Link>
              </Td>
              <Td numeric>{b.opening === null ? '-' : formatMoney(b.opening)}</Td>
              <Td numeric>{formatMoney(b.cashIn)}</Td>
              <Td numeric>{formatMoney(b.cashOut)}</Td>
              <Td numeric>
                <strong>{b.expected === null ? 'Book not started' : formatMoney(b.expected)}</strong>
              </Td>
              <Td>{b.closed ? 'Closed' : 'Open'}</Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    );
  }
  return (
    <section aria-labelledby="cash-position" className={styles.section}>
      <h2 id="cash-position" className={styles.sectionTitle}>
        Cash Position
      </h2>
      {body}
    </section>
  );
}
