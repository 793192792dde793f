import {
  addDays,
  addMonths,
  daysBetween,
  businessDate,
  LENDING_POLICY,
  type RepaymentType,
} from '@goldledger/contracts';
import { scheduleFor } from '../lending/repayment-structures.js';
import { Rng, subSeed } from './rng.js';

/**
 * The demo loan book's plan: every loan's behaviour, terms, date and customer, drawn up
 * front from the seed, so the same seed always tells the same story.
 */

export const BEHAVIOURS = {
  /** Pays its installments, then closes by paying the quote's total due (some within 30 days: the rebate); the gold goes back. */
  repaid: 40,
  /** Still running, paying on time. */
  active: 20,
  /** Stops paying: the scheduler upgrades the rate at maturity and every 3 months after. */
  defaulted: 15,
  /** Closed, then renewed by an admin on the same gold; the new loan runs on. */
  renewed: 8,
  /** Pays online; an admin approves (a few are left pending). */
  online: 7,
  /** A payment reversed with a reason (some of them the closing one: the loan reopens). */
  reversed: 3,
  /** Deleted by an admin. */
  deleted: 2,
  /** One big part-payment, then nothing. */
  partPayment: 5,
} as const;
export type Behaviour = keyof typeof BEHAVIOURS;

/**
 * The book's repayment structures (issue 17): most loans are EMI, as the seeds'; a share
 * repays in one payment at maturity (bullet) or pays interest monthly and the principal at
 * maturity. Drawn from a stream of their own, so the rest of the story stays as it was.
 */
export const REPAYMENT_SHARES: Readonly<Record<RepaymentType, number>> = {
  emi: 70,
  bullet: 15,
  monthly_interest: 15,
};
/**
 * The first lives show each behaviour once as the seeds' EMI loans; after them the first
 * running or defaulted loan is a bullet loan and the next a monthly-interest one, so even a
 * small book has every structure; the rest are drawn. A bullet loan pays nothing before
 * maturity, so the stories told by monthly payments (online approvals, a reversed
 * installment) take monthly interest instead.
 */
function assignStructures(lives: LifePlan[], seed: number): void {
  const rng = new Rng(subSeed(seed, -3));
  const wanted: RepaymentType[] = ['bullet', 'monthly_interest'];
  for (const life of lives) {
    const drawn = rng.weighted(REPAYMENT_SHARES);
    const showcase = life.index < BEHAVIOUR_NAMES.length;
    const shows = !showcase && (life.behaviour === 'active' || life.behaviour === 'defaulted');
    const monthly = life.behaviour === 'online' || life.behaviour === 'reversed';
    life.repaymentType = showcase
      ? 'emi'
      : shows && wanted.length > 0
        ? wanted.shift()!
        : monthly && drawn === 'bullet'
          ? 'monthly_interest'
          : drawn;
    life.termMonths = Math.min(life.termMonths, LENDING_POLICY.maxTermMonthsByRepayment[life.repaymentType]);
  }
}
export const BEHAVIOUR_NAMES = Object.keys(BEHAVIOURS) as Behaviour[];

const RATES_BPS = LENDING_POLICY.rateOptionsBps;
export const TERMS = LENDING_POLICY.termOptionsMonths;
const YEARS = 2;
/** The gold rate (₹ a gram of 24K) drifts from the first to the second over the two years. */
const GOLD_RATE_RUPEES = { from: 6_000, to: 7_500, wobble: 60 } as const;
const CUSTOMERS_PER_LOAN = 0.6;

export interface LifePlan {
  index: number;
  behaviour: Behaviour | 'demo';
  /** Index into the generated customers, or the demo customer. */
  customer: number | 'demo';
  rateBps: number;
  termMonths: number;
  /** EMI, bullet or monthly interest; the term is within the structure's cap. */
  repaymentType: RepaymentType;
  principalPaise: number;
  loanDate: string;
  /** repaid / renewed / reversed (closing variant): the installment on whose date the loan closes. */
  closeMonth: number;
  /** repaid: closed within 30 days; reversed: the closing payment is the one reversed; deleted: after a payment. */
  variant: boolean;
  /** active, defaulted: installments paid (Infinity: all that fall due). */
  installmentsPaid: number;
}

export interface Calendar {
  today: string;
  start: string;
  windows: string[];
  /** Paise per gram in each window. */
  goldRates: number[];
}

/** Days from `lo` to `hi`, more of them near `hi` (the book grew): density rises linearly. */
function dateBetween(rng: Rng, lo: string, hi: string): string {
  const days = daysBetween(lo, hi);
  if (days <= 0) return hi < lo ? lo : hi;
  return addDays(lo, Math.min(days, Math.floor(Math.sqrt(rng.float()) * (days + 1))));
}

/** Log-uniform from ₹5,000 to ₹3,00,000, in steps of ₹500. */
function loanAmountPaise(rng: Rng): number {
  const rupees = Math.exp(Math.log(5_000) + rng.float() * (Math.log(300_000) - Math.log(5_000)));
  return Math.max(1, Math.round(rupees / 500)) * 500 * 100;
}

function planLife(rng: Rng, cal: Calendar, index: number, behaviour: Behaviour): LifePlan {
  const rateBps = index < 15 ? RATES_BPS[index % 5]! : rng.pick(RATES_BPS);
  const termMonths = index < 15 ? TERMS[Math.floor(index / 5) % 3]! : rng.pick(TERMS);
  const { today, start } = cal;
  const notBefore = (d: string) => (d < start ? start : d);
  /** Young enough still to be within its term today. */
  const running = notBefore(addDays(addMonths(today, -termMonths), 3));
  let closeMonth = rng.int(1, termMonths);
  let variant = false;
  let installmentsPaid = Number.POSITIVE_INFINITY;
  let loanDate: string;
  switch (behaviour) {
    case 'repaid':
      // The first one always within 30 days, so even a small book has a rebate.
      variant = index === 0 || rng.chance(0.15);
      // The first is also closed in the last days, its gold still waiting (the gold-returns page has work).
      loanDate = dateBetween(
        rng,
        notBefore(index === 0 ? addDays(today, -25) : start),
        index === 0
          ? addDays(today, -10)
          : variant
            ? addDays(today, -30)
            : addDays(addMonths(today, -closeMonth), -4),
      );
      break;
    case 'renewed':
      closeMonth = rng.int(1, Math.min(3, termMonths));
      loanDate = dateBetween(rng, start, addDays(addMonths(today, -closeMonth), -4));
      break;
    case 'active':
      loanDate = dateBetween(rng, running, today);
      break;
    case 'online':
      loanDate = dateBetween(rng, running, addDays(addMonths(today, -1), -4));
      break;
    case 'defaulted':
      installmentsPaid = rng.int(0, Math.min(2, termMonths - 1));
      loanDate = dateBetween(rng, start, addDays(addMonths(today, -termMonths), -1));
      break;
    case 'reversed':
      variant = rng.chance(0.3);
      loanDate = variant
        ? dateBetween(rng, start, addDays(addMonths(today, -closeMonth), -12))
        : dateBetween(rng, running, addDays(addMonths(today, -1), -8));
      break;
    case 'deleted':
      variant = rng.chance(0.3);
      loanDate = dateBetween(rng, start, variant ? addDays(addMonths(today, -1), -8) : addDays(today, -4));
      break;
    case 'partPayment':
      loanDate = dateBetween(rng, start, addDays(today, -21));
      break;
  }
  return {
    index,
    behaviour,
    customer: 0,
    rateBps,
    termMonths,
    repaymentType: 'emi',
    principalPaise: loanAmountPaise(rng),
    loanDate,
    closeMonth,
    variant,
    installmentsPaid,
  };
}

export function planBook(seed: number, cal: Calendar, loans: number) {
  const rng = new Rng(subSeed(seed, -1));
  const lives: LifePlan[] = [];
  let planned = 0;
  while (planned < loans) {
    const i = lives.length;
    // The first lives take every behaviour once, so even a small book shows them all.
    let behaviour = i < BEHAVIOUR_NAMES.length ? BEHAVIOUR_NAMES[i]! : rng.weighted(BEHAVIOURS);
    if (behaviour === 'renewed' && planned + 2 > loans) behaviour = 'repaid';
    lives.push(planLife(rng, cal, i, behaviour));
    planned += behaviour === 'renewed' ? 2 : 1;
  }
  assignStructures(lives, seed);
  // About 0.6 customers a loan: each customer has a loan, some have several.
  const customers = Math.max(1, Math.min(lives.length, Math.round(loans * CUSTOMERS_PER_LOAN)));
  const firstLoanDate: string[] = [];
  for (const life of lives) {
    life.customer = life.index < customers ? life.index : rng.int(0, customers - 1);
    const c = life.customer;
    if (!firstLoanDate[c] || life.loanDate < firstLoanDate[c]!) firstLoanDate[c] = life.loanDate;
  }
  return { lives, customers: firstLoanDate, plannedLoans: planned };
}

/**
 * The demo customer's loans: one running and paid to date, one repaid, one upgraded three
 * times (EMI, as the seeds'), a bullet loan running and a monthly-interest loan with its
 * interest paid to date.
 */
export function demoCustomerLives(cal: Calendar, firstIndex: number): LifePlan[] {
  const base = {
    behaviour: 'demo' as const,
    customer: 'demo' as const,
    variant: false,
    repaymentType: 'emi' as RepaymentType,
  };
  return [
    {
      ...base,
      index: firstIndex,
      rateBps: 1800,
      termMonths: 12,
      principalPaise: 45_000_00,
      loanDate: addMonths(cal.today, -4),
      closeMonth: 12,
      installmentsPaid: Number.POSITIVE_INFINITY,
    },
    {
      ...base,
      index: firstIndex + 1,
      rateBps: 2400,
      termMonths: 6,
      principalPaise: 80_000_00,
      loanDate: addMonths(cal.today, -11),
      closeMonth: 3,
      installmentsPaid: 2,
    },
    {
      ...base,
      index: firstIndex + 2,
      rateBps: 1200,
      termMonths: 6,
      principalPaise: 1_20_000_00,
      loanDate: addMonths(cal.today, -14),
      closeMonth: 6,
      installmentsPaid: 1,
    },
    {
      ...base,
      index: firstIndex + 3,
      repaymentType: 'bullet',
      rateBps: 1800,
      termMonths: 6,
      principalPaise: 60_000_00,
      loanDate: addMonths(cal.today, -2),
      closeMonth: 6,
      installmentsPaid: Number.POSITIVE_INFINITY,
    },
    {
      ...base,
      index: firstIndex + 4,
      repaymentType: 'monthly_interest',
      rateBps: 1200,
      termMonths: 12,
      principalPaise: 1_50_000_00,
      loanDate: addMonths(cal.today, -5),
      closeMonth: 12,
      installmentsPaid: Number.POSITIVE_INFINITY,
    },
  ];
}

export function calendarFrom(now: Date, seed: number): Calendar {
  const today = businessDate(now);
  const start = addMonths(today, -12 * YEARS);
  const windows = Array.from({ length: 12 * YEARS + 1 }, (_, k) => addMonths(start, k));
  const rng = new Rng(subSeed(seed, -2));
  const { from, to, wobble } = GOLD_RATE_RUPEES;
  const goldRates = windows.map(
    (_, k) => Math.round(from + ((to - from) * k) / (windows.length - 1) + rng.int(-wobble, wobble)) * 100,
  );
  return { today, start, windows, goldRates };
}

/**
 * What the gold must cover: the principal (EMI), or for bullet and monthly-interest loans
 * the total repayable at maturity (RBI Directions 2025), so the demo's loans keep within
 * their LTV cap either way.
 */
export function ltvBasisOf(plan: LifePlan): number {
  if (plan.repaymentType === 'emi') return plan.principalPaise;
  return scheduleFor({
    repaymentType: plan.repaymentType,
    principalPaise: plan.principalPaise,
    annualRateBps: plan.rateBps,
    disbursementDate: plan.loanDate,
    termMonths: plan.termMonths,
    policy: LENDING_POLICY,
  }).repayableAtMaturityPaise;
}
