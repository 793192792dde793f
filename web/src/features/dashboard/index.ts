// What the app layer composes from this feature (routes/staff/dashboard.tsx).
export { GoldRateManagement } from './components/gold-rate-management';
export { PortfolioOverview } from './components/portfolio-overview';
export { TodaysDue } from './components/todays-due';
