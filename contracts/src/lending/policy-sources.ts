import type { LendingPolicyDocument } from './policy-document.js';

/**
 * Where each rule of the lending policy comes from, for the policy page and
 * `docs/regulation.md`: a label, the page's group, one plain sentence for compliance staff
 * and the source. Every key of `LendingPolicyDocument` must have an entry (a missing or an
 * unknown key does not compile). The research behind each source, with its confidence, is
 * `docs/regulation-sources.md`.
 *
 * "RBI Directions 2025" is the Reserve Bank of India (Lending Against Gold and Silver
 * Collateral) Directions, 2025 (RBI/2025-26/47, 6 June 2025, amended 29 September 2025).
 * A source naming a part of the Directions instead of a paragraph is one whose paragraph
 * number could not be confirmed from the text found.
 */
export const POLICY_RULE_GROUPS = [
  'Interest',
  'Loans',
  'Valuation & LTV',
  'Collateral',
  'Cash',
  'Renewals',
  'Release & auction',
  'Delinquency',
  'Display',
] as const;
export type PolicyRuleGroup = (typeof POLICY_RULE_GROUPS)[number];

export interface PolicyRuleSource {
  /** The rule's name on the policy page. */
  label: string;
  group: PolicyRuleGroup;
  /** One sentence in plain English: what the number does. */
  description: string;
  /** A paragraph or section of a regulation or law, "lender practice" or "the seeds' rule". */
  source: string;
}

const SEEDS = "the seeds' rule";
const LENDER = 'lender practice';

export const POLICY_RULES: Readonly<Record<keyof LendingPolicyDocument, PolicyRuleSource>> = {
  daysInYear: {
    label: 'Days in a year for daily interest',
    group: 'Interest',
    description: 'Each day a loan earns its annual rate divided by this many days.',
    source: SEEDS,
  },
  compoundingBlockDays: {
    label: 'Compounding block',
    group: 'Interest',
    description:
      'Interest not paid by the end of each block of this many days from the loan date joins the balance that earns interest.',
    source: SEEDS,
  },
  minimumDays: {
    label: 'Minimum chargeable days',
    group: 'Interest',
    description:
      'A loan closed early pays interest for at least this many days: the high-rate figure above the threshold rate, the low-rate figure at or below it.',
    source: SEEDS,
  },
  minDaysRateThresholdBps: {
    label: 'Rate that decides the minimum days',
    group: 'Interest',
    description:
      'Loans at an annual rate above this one use the high-rate minimum days, the others the low-rate minimum.',
    source: SEEDS,
  },
  minimumInterestPaise: {
    label: 'Minimum interest on closure',
    group: 'Interest',
    description: 'Every closure pays at least this much interest in all.',
    source: SEEDS,
  },
  earlyClosureRebate: {
    label: 'Early-closure rebate',
    group: 'Interest',
    description: 'A loan closed within the given days of its loan date gets this share of its interest back.',
    source: SEEDS,
  },
  rateOptionsBps: {
    label: 'Interest rates offered on new loans',
    group: 'Interest',
    description: 'The annual rates staff may choose from when they open a loan.',
    source: SEEDS,
  },
  upgradeLadderBps: {
    label: 'Rate upgrade ladder',
    group: 'Interest',
    description:
      'A loan still open at maturity moves up this ladder of annual rates one step at a time; the last rate is final.',
    source: SEEDS,
  },
  upgradeIntervalMonths: {
    label: 'Months between rate upgrades',
    group: 'Interest',
    description:
      'After the first upgrade at maturity, each next upgrade comes this many months after the previous one.',
    source: SEEDS,
  },
  upgradeScheduleMonths: {
    label: 'Instalments after an upgrade',
    group: 'Interest',
    description: "An upgraded loan's unpaid remainder is spread over this many monthly instalments.",
    source: SEEDS,
  },
  minimumPaymentPaise: {
    label: 'Smallest repayment accepted',
    group: 'Loans',
    description: 'A repayment below this amount is refused, even when the interest due is smaller.',
    source: LENDER,
  },
  paymentBackdateDays: {
    label: 'How far back staff may date a payment',
    group: 'Loans',
    description:
      'Staff may date a payment at most this many days before today; older dates need an admin and a reason.',
    source: LENDER,
  },
  loanDateBounds: {
    label: 'How far back a loan may be dated',
    group: 'Loans',
    description:
      'An employee may date a loan up to the first number of days back, an admin up to the second with a recorded reason; never in the future.',
    source: LENDER,
  },
  calculatorMaxDays: {
    label: "Public calculator's longest span",
    group: 'Loans',
    description: 'The public interest calculator prices at most this many days.',
    source: LENDER,
  },
  quoteMaxDaysAhead: {
    label: 'How far ahead a closing quote may be asked',
    group: 'Loans',
    description:
      'A closing quote may be asked for a date at most this many days after today or after the loan ends.',
    source: LENDER,
  },
  minimumLoanPaise: {
    label: 'Smallest loan',
    group: 'Loans',
    description: 'No loan, renewal or top-up is made for less than this amount.',
    source: LENDER,
  },
  minimumTermMonths: {
    label: 'Shortest term',
    group: 'Loans',
    description: 'No loan runs for fewer months than this.',
    source: SEEDS,
  },
  maximumTermMonths: {
    label: 'Longest term',
    group: 'Loans',
    description: 'No loan runs for more months than this, whatever its repayment structure.',
    source: LENDER,
  },
  termOptionsMonths: {
    label: 'Terms offered',
    group: 'Loans',
    description: 'The terms in months the loan forms offer.',
    source: SEEDS,
  },
  defaultTermMonths: {
    label: 'Default term',
    group: 'Loans',
    description: 'The term a renewal takes when none is given; the forms start on it too.',
    source: LENDER,
  },
  maxTermMonthsByRepayment: {
    label: 'Longest term by repayment structure',
    group: 'Loans',
    description:
      'Instalment, bullet (principal and interest at maturity) and monthly-interest loans may run at most this many months each.',
    source:
      'RBI Directions 2025, para 15 (bullet loans); lender practice (instalment and monthly-interest loans)',
  },
  ltvSlabs: {
    label: "LTV cap by borrower's total consumption loans",
    group: 'Valuation & LTV',
    description:
      "A consumption loan may be at most this share of the gold's value, by the tier the borrower's total outstanding consumption gold loans, this one included, falls in.",
    source: 'RBI Directions 2025, para 19',
  },
  incomeGeneratingLtvCapBps: {
    label: 'LTV cap for income-generating loans',
    group: 'Valuation & LTV',
    description:
      "A loan for a business, farm or other income-generating purpose may be at most this share of the gold's value.",
    source: "lender practice (the Directions' LTV tiers cover consumption loans only)",
  },
  goldPrices: {
    label: 'Gold valuation price',
    group: 'Valuation & LTV',
    description:
      "Gold is valued at the lower of the average closing price over the given days and the previous working day's close for its purity; an unpublished purity is scaled from the nearest published one.",
    source: 'RBI Directions 2025, para 17',
  },
  marginCall: {
    label: 'Days to cure an LTV breach',
    group: 'Valuation & LTV',
    description:
      'A loan found over its LTV cap gets a margin call, and is escalated if the borrower has not paid down or added gold within this many days.',
    source: 'lender practice (LTV kept through the loan: RBI Directions 2025, para 20)',
  },
  defaultPurityKarat: {
    label: 'Default purity of an item',
    group: 'Collateral',
    description: 'The purity in karats the appraisal form starts on for a new item.',
    source: LENDER,
  },
  purityOptionsKarat: {
    label: 'Purities offered for an item',
    group: 'Collateral',
    description: 'The purities in karats the appraisal form offers, purest first.',
    source: LENDER,
  },
  weightCapsMg: {
    label: 'Most gold one borrower may pledge',
    group: 'Collateral',
    description:
      'The most ornaments, and the most coins, one borrower may have pledged across all their open loans.',
    source: 'RBI Directions 2025, para 16',
  },
  cashLimits: {
    label: 'Cash limits',
    group: 'Cash',
    description:
      'A loan may be paid out in cash only up to the first amount, and the cash taken from one person in one day must stay below the second.',
    source: 'Income Tax Act 1961, s.269SS and s.269ST (Income-tax Act 2025, s.185 and s.186)',
  },
  renewalRateOptionsBps: {
    label: 'Interest rates offered on renewals',
    group: 'Renewals',
    description: 'The annual rates staff may choose from when they renew a loan.',
    source: SEEDS,
  },
  renewal: {
    label: 'Who may renew or top up, and the quick-closure window',
    group: 'Renewals',
    description:
      'Only a loan not past due more than the first number of days may be renewed or topped up; loans closed within the second number of days of sanction are flagged for review.',
    source:
      'RBI Directions 2025, para 11 (standard loans only); RBI review of gold loans, 30 September 2024 (quick closures)',
  },
  auctionGraceMonths: {
    label: 'Grace before auction',
    group: 'Release & auction',
    description:
      'An unpaid loan becomes ready for auction this many months after maturity, plus one upgrade interval for each ladder step still above its rate.',
    source: SEEDS,
  },
  goldReleaseWorkingDays: {
    label: 'Working days to release gold',
    group: 'Release & auction',
    description: 'Pledged gold goes back to the borrower within this many working days of full repayment.',
    source: 'RBI Directions 2025, part G (release of collateral after repayment)',
  },
  releaseDelayCompensationPaisePerDay: {
    label: 'Compensation per day of late release',
    group: 'Release & auction',
    description:
      "The lender pays the borrower this much for each day a release runs past the working days allowed, when the delay is the lender's.",
    source: 'RBI Directions 2025, part G (release of collateral after repayment)',
  },
  goldReturnOverdueDays: {
    label: 'Days until a gold return is overdue',
    group: 'Release & auction',
    description: 'A gold return not done this many days after closure shows as overdue.',
    source: SEEDS,
  },
  goldReturnReminderDays: {
    label: 'Gold-return reminders',
    group: 'Release & auction',
    description: 'The days after closure on which the borrower is reminded to collect their gold.',
    source: SEEDS,
  },
  auctionNoticeDays: {
    label: 'Notice before an auction',
    group: 'Release & auction',
    description: 'The borrower is told at least this many days before their gold is auctioned.',
    source: 'lender practice (the Directions require notice before an auction)',
  },
  reservePriceMinBps: {
    label: 'Lowest reserve price',
    group: 'Release & auction',
    description: "An auction's reserve price is at least this share of the gold's current value.",
    source: 'RBI Directions 2025, auction of pledged collateral',
  },
  reservePriceAfterFailedAuctionsBps: {
    label: 'Lowest reserve price after two failed auctions',
    group: 'Release & auction',
    description:
      "After two auctions have failed, the reserve price may come down to this share of the gold's current value.",
    source: 'RBI Directions 2025, auction of pledged collateral',
  },
  auctionRules: {
    label: 'Failed auctions and the surplus',
    group: 'Release & auction',
    description:
      'The lower reserve price may be used only after this many auctions of the gold have failed; a sale that raises more than the loan owes pays the surplus back within this many working days.',
    source: 'RBI Directions 2025, auction of pledged collateral (paragraph unconfirmed)',
  },
  unclaimedGold: {
    label: 'Unclaimed gold',
    group: 'Release & auction',
    description:
      'Gold not collected this many months after the loan was repaid becomes unclaimed; until then the borrower is sent a notice at the given interval.',
    source: 'RBI Directions 2025, part G (unclaimed collateral; the two years are lender practice)',
  },
  delinquency: {
    label: 'Days past due by class',
    group: 'Delinquency',
    description:
      "A loan past due is SMA-0, SMA-1 or SMA-2 up to these days, and NPA beyond the last; an NPA loan is standard again only when all its arrears are paid, and makes all its borrower's loans NPA.",
    source:
      'RBI prudential norms on income recognition and asset classification (IRACP), and its SMA framework',
  },
  highlightColours: {
    label: 'Colours of upgraded loans',
    group: 'Display',
    description: 'The colour a loan row takes in the staff lists at each upgrade level.',
    source: SEEDS,
  },
};
