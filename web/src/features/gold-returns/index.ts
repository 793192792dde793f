// What the app layer composes from this feature (routes/staff/gold-returns.tsx).
export { GoldReturnsPage } from './components/gold-returns-page';
