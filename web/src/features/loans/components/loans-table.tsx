export interface LoansTableProps {
  /**
   * `dashboard`: the dashboards' table (001 §2.1, §2.2); `management`: the Loans
   * Management page (001 §2.3) with its row expander and every row action.
   */
  variant: 'dashboard' | 'management';
}

// Built in issue 7 (features/loans).
export function LoansTable({ variant }: LoansTableProps) {
  return <p data-variant={variant}>Loans</p>;
}
