import { paths } from '@/config/paths';

/** The public site's top navigation. */
export const mainNav = [
  { to: paths.home, label: 'Home' },
  { to: paths.about, label: 'About' },
  { to: paths.services, label: 'Services' },
  { to: paths.location, label: 'Location' },
  { to: paths.contact, label: 'Contact Us' },
] as const;

/** The public site's footer links (also in the mobile menu). */
export const serviceNav = [
  { to: paths.goldLoan, label: 'Gold Loan' },
  { to: paths.goldPurchase, label: 'Gold Purchase' },
  { to: paths.bankBuyBack, label: 'Bank Buy-Back' },
  { to: paths.otherLoans, label: 'Other Loans' },
  { to: paths.interestRates, label: 'Interest Rates' },
  { to: paths.payments, label: 'Payments' },
] as const;
