import {
  bpsToPercent,
  daysBetween,
  formatBusinessDate,
  paiseToRupees,
  type LoanEvent,
  type LendingPolicy,
  type RecordedEvent,
  nextLadderRateBps,
  type RepaymentType,
} from '@goldledger/contracts';
import { auctionReadyDate, rateUpgrade } from './loan.rules.js';
import { evolveLoan, type LoanState } from './loan.state.js';

const r = paiseToRupees;

export interface TimelineEntry {
  title: string;
  date: string;
  description: string;
  level: number;
  isUpgrade: boolean;
  isFuture: boolean;
  interestRate: number;
  previousTotalPayment: number | null;
  newTotalPayment: number | null;
  previousMonthlyPayment: number | null;
  newMonthlyPayment: number | null;
  upgradedBy: { name: string; type: string } | null;
}

const ORDINAL = ['Original', 'First', 'Second', 'Third', 'Fourth'];

const REPAYMENT_WORDS: Record<RepaymentType, string> = {
  emi: 'in monthly installments',
  bullet: 'repaid in one payment at maturity',
  monthly_interest: 'interest monthly, principal at maturity',
};

type Upgrade = Extract<LoanEvent, { type: 'RateUpgraded' }>['data'];

/** When the upgraded balance is due, in the loan's own structure (`remainderSchedule`). */
function balanceDue(d: Upgrade, repaymentType: RepaymentType, policy: LendingPolicy): string {
  const last = d.installments.at(-1)!.dueDate;
  switch (repaymentType) {
    case 'emi':
      return `the balance is due over the next ${policy.upgradeScheduleMonths} months`;
    case 'bullet':
      return `the balance is due on ${formatBusinessDate(last)}`;
    case 'monthly_interest':
      return `the interest is due monthly and the balance on ${formatBusinessDate(last)}`;
    default: {
      const _exhaustive: never = repaymentType;
      return _exhaustive;
    }
  }
}

function upgradeEntry(
  d: Upgrade,
  isFuture: boolean,
  repaymentType: RepaymentType,
  policy: LendingPolicy,
): TimelineEntry {
  return {
    title: `${ORDINAL[d.level] ?? `Level ${d.level}`} upgrade: ${bpsToPercent(d.previousRateBps)}% → ${bpsToPercent(d.newRateBps)}%`,
    date: d.upgradeDate,
    description: isFuture
      ? `If the loan is still open on ${formatBusinessDate(d.upgradeDate)}, the rate rises to ${bpsToPercent(d.newRateBps)}% from the loan date.`
      : `The rate rose to ${bpsToPercent(d.newRateBps)}% from the loan date; ${balanceDue(d, repaymentType, policy)}.`,
    level: d.level,
    isUpgrade: true,
    isFuture,
    interestRate: bpsToPercent(d.newRateBps),
    previousTotalPayment: r(d.previousTotalPaymentPaise),
    newTotalPayment: r(d.newTotalPaymentPaise),
    previousMonthlyPayment: r(d.previousMonthlyPaymentPaise),
    newMonthlyPayment: r(d.newMonthlyPaymentPaise),
    upgradedBy: isFuture ? null : { name: d.upgradedBy.name, type: d.upgradedBy.type },
  };
}

/**
 * Past upgrades from the loan's events; future ones projected by the same decider the
 * scheduler uses (assuming no further payments), up to the auction-readiness date.
 */
export function upgradeHistory(events: readonly RecordedEvent[], state: LoanState, today: string) {
  const timeline: TimelineEntry[] = [
    {
      title: 'Loan created',
      date: state.disbursementDate,
      description: `${bpsToPercent(state.originalRateBps)}% a year for ${state.termMonths} months, ${REPAYMENT_WORDS[state.repaymentType]}`,
      level: 0,
      isUpgrade: false,
      isFuture: false,
      interestRate: bpsToPercent(state.originalRateBps),
      previousTotalPayment: null,
      newTotalPayment: null,
      previousMonthlyPayment: null,
      newMonthlyPayment: null,
      upgradedBy: null,
    },
  ];
  for (const e of events) {
    if (e.type === 'RateUpgraded') {
      timeline.push(
        upgradeEntry((e as unknown as { data: Upgrade }).data, false, state.repaymentType, state.policy),
      );
    }
  }
  const auctionDate = auctionReadyDate(state);
  let projected = state;
  if (state.status === 'active') {
    for (;;) {
      const due = projected.nextUpgradeDate;
      if (!due || due > auctionDate || nextLadderRateBps(projected.annualRateBps, state.policy) === null)
        break;
      // What the scheduler will do the day after the due date's grace: the upgrade, dated on the due date.
      const event = rateUpgrade(projected, due, { type: 'scheduler', id: null, name: 'Scheduler' });
      if (!event) break;
      timeline.push(upgradeEntry(event.data, true, state.repaymentType, state.policy));
      projected = evolveLoan(projected, event);
    }
    timeline.push({
      title: 'Ready for auction',
      date: auctionDate,
      description: 'If the loan is still open, the gold may be auctioned from this date.',
      level: projected.level,
      isUpgrade: false,
      isFuture: true,
      interestRate: bpsToPercent(projected.annualRateBps),
      previousTotalPayment: null,
      newTotalPayment: null,
      previousMonthlyPayment: null,
      newMonthlyPayment: null,
      upgradedBy: null,
    });
  }
  const next = state.status === 'active' ? timeline.find((t) => t.isUpgrade && t.isFuture) : undefined;
  return {
    loanId: state.loanId,
    originalInterestRate: bpsToPercent(state.originalRateBps),
    currentInterestRate: bpsToPercent(state.annualRateBps),
    currentUpgradeLevel: state.level,
    totalUpgrades: state.level,
    daysSinceLoanStart: Math.max(0, daysBetween(state.disbursementDate, today)),
    isAtFinalLevel: nextLadderRateBps(state.annualRateBps, state.policy) === null,
    nextUpgradeInfo: next
      ? {
          toRate: next.interestRate,
          upgradeDate: next.date,
          daysRemaining: Math.max(0, daysBetween(today, next.date)),
        }
      : null,
    auctionReadyDate: auctionDate,
    timeline,
  };
}
