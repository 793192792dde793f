// What the app layer composes from this feature (routes/staff/loans.tsx, routes/staff/dashboard.tsx).
export { LoansTable, type LoansTableProps } from './components/loans-table';
export { UpgradedLoansTable } from './components/upgraded-loans-table';
export { preloadLoans } from './api/get-loans';
