// What the app layer composes from this feature (routes/staff/auction-management.tsx).
export { AuctionManagement } from './components/auction-management';
