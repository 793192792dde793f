// What the app layer composes from this feature (routes/staff/payment-reminders.tsx).
export { PaymentRemindersPage } from './components/payment-reminders-page';
