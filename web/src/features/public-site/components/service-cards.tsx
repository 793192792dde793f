import { paths } from '@/config/paths';
import { formatAnnualRate, formatMoney, formatNumber } from '@/lib/format';
import { BUYBACK_DAYS, GOLD_LOAN, GOLD_PURCHASE_PRICE, OTHER_LOANS } from '../figures';
import { FeatureGrid, type Feature } from './marketing';

const lowestOtherRate = Math.min(...OTHER_LOANS.map((l) => l.ratePercent));

/** /services: six cards, to /gold-loan, /gold-purchase, /bank-buy-back, /interest-rates, /other-loans, /payments. */
const SERVICES: readonly Feature[] = [
  {
    title: 'Gold Loan',
    icon: '◆',
    figure: `from ${formatAnnualRate(GOLD_LOAN.rateFromPercent)}`,
    text: `Money against your jewellery or coins, approved within ${formatNumber(GOLD_LOAN.approvalMinutesAfterEvaluation)} minutes of evaluation.`,
    to: paths.goldLoan,
  },
  {
    title: 'Gold Purchase',
    icon: '▣',
    figure: `${formatMoney(GOLD_PURCHASE_PRICE.min)} – ${formatMoney(GOLD_PURCHASE_PRICE.max)} / g`,
    text: 'Certified, hallmarked gold, delivered insured, with an easy buyback.',
    to: paths.goldPurchase,
  },
  {
    title: 'Bank Buy-Back',
    icon: '⇄',
    figure: `${formatNumber(BUYBACK_DAYS.min)}-${formatNumber(BUYBACK_DAYS.max)} days`,
    text: 'We release gold you pledged with a bank and buy it at a fair price.',
    to: paths.bankBuyBack,
  },
  {
    title: 'Interest Rates',
    icon: '%',
    figure: `from ${formatAnnualRate(GOLD_LOAN.rateFromPercent)}`,
    text: 'Every rate we charge, in one table, with no hidden fees.',
    to: paths.interestRates,
  },
  {
    title: 'Other Loans',
    icon: '⌂',
    figure: `from ${formatAnnualRate(lowestOtherRate)}`,
    text: 'Home, business, personal and vehicle loans.',
    to: paths.otherLoans,
  },
  {
    title: 'Payments',
    icon: '₹',
    figure: 'Online · UPI · Branch',
    text: 'Repay the way that suits you, and get a receipt every time.',
    to: paths.payments,
  },
];

export function ServiceCards() {
  return <FeatureGrid items={SERVICES} columns={3} />;
}
