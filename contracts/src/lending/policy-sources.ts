import type { LendingPolicyDocument } from './policy-document.js';

/**
 * What each rule of the lending policy is called, where the policy page shows it, what it
 * does and where it comes from. Text only: no code decides anything by it (the policy page
 * and the change lines show it). The sources name the law or direction a number follows,
 * "lender practice" where it is the lender's own choice, or "the seeds' rule" where the
 * product inherited it from the seeds' behaviour.
 *
 * RBI Directions 2025: Reserve Bank of India (Lending Against Gold and Silver Collateral)
 * Directions, 2025 (6 June 2025, updated 29 September 2025; in force from 1 April 2026).
 */
export interface PolicyRuleInfo {
  label: string;
  group: string;
  description: string;
  source: string;
}

const RBI = 'RBI Directions 2025';

export const POLICY_RULES: Readonly<Record<keyof LendingPolicyDocument, PolicyRuleInfo>> = {
  daysInYear: {
    label: 'Days in a year',
    group: 'Interest',
    description: 'Daily interest is the annual rate divided by this many days.',
    source: "the seeds' rule",
  },
  compoundingBlockDays: {
    label: 'Compounding period',
    group: 'Interest',
    description: 'Unpaid interest is added to the balance at the end of each period of this many days.',
    source: "the seeds' rule",
  },
  minimumDays: {
    label: 'Minimum chargeable days',
    group: 'Interest',
    description: 'A loan closed sooner is charged interest for at least this many days.',
    source: "the seeds' rule",
  },
  minDaysRateThresholdBps: {
    label: 'Minimum-days rate threshold',
    group: 'Interest',
    description: 'Loans above this annual rate use the shorter minimum; others the longer one.',
    source: "the seeds' rule",
  },
  minimumInterestPaise: {
    label: 'Minimum interest',
    group: 'Interest',
    description: 'The least interest charged when a loan is closed.',
    source: "the seeds' rule",
  },
  earlyClosureRebate: {
    label: 'Early-closure rebate',
    group: 'Interest',
    description: 'A share of the interest given back when a loan is closed soon after disbursement.',
    source: "the seeds' rule",
  },
  minimumPaymentPaise: {
    label: 'Smallest repayment',
    group: 'Repayments',
    description: 'The smallest repayment accepted when the interest due is smaller still.',
    source: 'lender practice',
  },
  paymentBackdateDays: {
    label: 'Payment back-dating by staff',
    group: 'Repayments',
    description:
      'How many days before the business date staff may date a payment; older dates need an admin.',
    source: 'lender practice',
  },
  loanDateBounds: {
    label: 'Loan back-dating',
    group: 'Loans',
    description: 'How far back a loan may be dated: an employee, and an admin with a reason.',
    source: 'lender practice',
  },
  calculatorMaxDays: {
    label: "Calculator's longest span",
    group: 'Repayments',
    description: 'The public interest calculator answers for at most this many days.',
    source: 'lender practice',
  },
  quoteMaxDaysAhead: {
    label: 'Closing quote horizon',
    group: 'Repayments',
    description: 'How far ahead a closing quote may be asked for.',
    source: 'lender practice',
  },
  minimumLoanPaise: {
    label: 'Smallest loan',
    group: 'Loans',
    description: 'The smallest amount lent.',
    source: "the seeds' rule",
  },
  minimumTermMonths: {
    label: 'Shortest term',
    group: 'Loans',
    description: 'The shortest term a loan may have.',
    source: "the seeds' rule",
  },
  maximumTermMonths: {
    label: 'Longest term',
    group: 'Loans',
    description: 'The longest term a loan may have (each repayment structure may have a lower cap).',
    source: "the seeds' rule",
  },
  rateOptionsBps: {
    label: 'Interest rates offered',
    group: 'Loans',
    description: 'The annual rates a new loan may take.',
    source: "the seeds' rule",
  },
  renewalRateOptionsBps: {
    label: 'Renewal rates offered',
    group: 'Loans',
    description: 'The annual rates a renewed loan may take.',
    source: "the seeds' rule",
  },
  termOptionsMonths: {
    label: 'Terms offered',
    group: 'Loans',
    description: 'The terms the loan forms offer.',
    source: "the seeds' rule",
  },
  defaultTermMonths: {
    label: 'Default term',
    group: 'Loans',
    description: 'The term a renewal takes when none is given; the forms start on it.',
    source: 'lender practice',
  },
  defaultPurityKarat: {
    label: 'Default purity',
    group: 'Gold',
    description: 'The purity an item takes when none is given.',
    source: 'lender practice',
  },
  purityOptionsKarat: {
    label: 'Purities offered',
    group: 'Gold',
    description: 'The purities the forms offer for a gold item.',
    source: 'lender practice',
  },
  upgradeLadderBps: {
    label: 'Rate upgrade ladder',
    group: 'Rate upgrades',
    description: 'Each upgrade moves an overdue loan to the next rate above its own; the last is final.',
    source: "the seeds' rule",
  },
  upgradeIntervalMonths: {
    label: 'Months between upgrades',
    group: 'Rate upgrades',
    description: 'The first upgrade comes at maturity, each next one this many months later.',
    source: "the seeds' rule",
  },
  upgradeScheduleMonths: {
    label: 'Upgraded balance spread over',
    group: 'Rate upgrades',
    description: "An upgraded loan's unpaid remainder is due over this many monthly installments.",
    source: "the seeds' rule",
  },
  auctionGraceMonths: {
    label: 'Auction grace',
    group: 'Auctions',
    description: 'Months after maturity (plus the upgrade steps) before the gold may be auctioned.',
    source: "the seeds' rule",
  },
  goldReleaseWorkingDays: {
    label: 'Gold released within',
    group: 'Gold release',
    description: 'Pledged gold goes back to the borrower within this many working days of closure.',
    source: `${RBI}, release of pledged collateral`,
  },
  goldReturnOverdueDays: {
    label: 'Gold return overdue after',
    group: 'Gold release',
    description: 'Gold still with the lender this many days after closure is listed as overdue.',
    source: 'lender practice',
  },
  goldReturnReminderDays: {
    label: 'Gold return reminders',
    group: 'Gold release',
    description: 'Days after closure each reminder to collect the gold is sent.',
    source: 'lender practice',
  },
  reservePriceMinBps: {
    label: 'Auction reserve price',
    group: 'Auctions',
    description: "An auction's reserve price is at least this share of the gold's value.",
    source: `${RBI}, auction of pledged collateral`,
  },
  ltvSlabs: {
    label: 'LTV tiers (consumption loans)',
    group: 'Loan to value',
    description:
      "The most that may be lent as a share of the gold's value, by the borrower's total outstanding consumption gold loans including the new one.",
    source: `${RBI}, loan-to-value ratio`,
  },
  incomeGeneratingLtvCapBps: {
    label: 'LTV cap (income-generating loans)',
    group: 'Loan to value',
    description: "The most an income-generating loan may be, as a share of the gold's value.",
    source: `${RBI}, loan-to-value ratio`,
  },
  goldPrices: {
    label: 'Gold price basis',
    group: 'Gold',
    description:
      'The valuation price is the lower of the average closing price over these days and the previous working day’s close, per purity.',
    source: `${RBI}, valuation of collateral`,
  },
  maxTermMonthsByRepayment: {
    label: 'Longest term by repayment',
    group: 'Loans',
    description: 'The longest term for each repayment structure.',
    source: `${RBI}, bullet repayment loans`,
  },
  weightCapsMg: {
    label: 'Gold per borrower',
    group: 'Gold',
    description: 'The most gold one borrower may have pledged across all open loans, by item type.',
    source: `${RBI}, quantity of collateral`,
  },
  cashLimits: {
    label: 'Cash limits',
    group: 'Cash',
    description:
      'A loan paid out in cash may be at most the first amount; cash received from one person in a day must stay below the second.',
    source: 'Income Tax Act 1961, s.269SS/269ST',
  },
  marginCall: {
    label: 'Margin calls',
    group: 'Loan to value',
    description: 'A loan over its LTV cap that is not cured in this many days is escalated.',
    source: 'lender practice',
  },
  renewal: {
    label: 'Renewals and top-ups',
    group: 'Loans',
    description:
      'Only loans not past due more than the first number of days are renewed; closures within the second are flagged for review.',
    source: `${RBI}, renewal and top-up of loans`,
  },
  releaseDelayCompensationPaisePerDay: {
    label: 'Compensation for late release',
    group: 'Gold release',
    description: 'Paid to the borrower for each day the gold is released late.',
    source: `${RBI}, release of pledged collateral`,
  },
  auctionNoticeDays: {
    label: 'Auction notice',
    group: 'Auctions',
    description: 'Days of notice to the borrower before an auction.',
    source: `${RBI}, auction of pledged collateral`,
  },
  reservePriceAfterFailedAuctionsBps: {
    label: 'Reserve price after two failed auctions',
    group: 'Auctions',
    description: "The reserve price's floor after two auctions fail, as a share of the gold's value.",
    source: `${RBI}, auction of pledged collateral`,
  },
  holidays: {
    label: 'Holidays',
    group: 'Calendar',
    description: 'Days (besides Sundays) a due date moves to the next working day.',
    source: 'lender practice',
  },
  highlightColours: {
    label: 'Upgrade row colours',
    group: 'Display',
    description: 'The colour of an upgraded loan in the staff lists, by upgrade level.',
    source: "the seeds' rule",
  },
};
