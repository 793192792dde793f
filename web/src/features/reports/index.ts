// What the app layer composes from this feature (routes/staff/reports.tsx, routes/staff/dashboard.tsx).
export { ReportsPage } from './components/reports-page';
export { OverdueSummary, ReportsOverview } from './components/reports-overview';
