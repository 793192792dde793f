// What the app layer composes from this feature (routes/staff/pending-repayments.tsx).
export { PendingRepaymentsPage } from './components/pending-repayments-page';
