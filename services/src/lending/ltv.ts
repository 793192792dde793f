/**
 * LTV kept through the loan's life (issue 17, point 7; RBI Directions 2025): what a loan
 * owes over what its gold is worth at the day's valuation price, against the cap it was
 * sanctioned at. Pure: the day's prices arrive as data (`DayPrices`), read by the caller
 * from the gold price register (`pricesOn`). The margin-call handlers, the daily job, the
 * `GET /api/loans/:id/ltv` answer and the customer's messages all read these figures.
 */
import {
  addDays,
  daysBetween,
  itemFineness,
  itemValuePaise,
  ltvCapBpsFor,
  roundHalfAwayFromZero,
  type GoldItemRecord,
  type LendingPolicy,
  type ValuationPrice,
} from '@goldledger/contracts';
import { runLedger } from './interest.js';
import { termsOf } from './loan.rules.js';
import { successfulPayments, type LoanState } from './loan.state.js';

/** The valuation prices of one day for the purities a loan needs: plain data, so a command can carry it. */
export interface DayPrices {
  /** The valuation date. */
  asOf: string;
  /** Fineness → its valuation price on `asOf` (the lower of the 30-day average and the previous close). */
  byPurity: Record<number, ValuationPrice>;
}

/**
 * The prices a loan's valuation needs from a day's price lookup (`pricesOn`): each item's
 * purity (items added later included) and the reference purity gold is asked for in.
 */
export function dayPricesFor(
  priceOf: (purity: number) => ValuationPrice,
  items: readonly Pick<GoldItemRecord, 'purity' | 'purityKarat'>[],
  asOf: string,
  policy: LendingPolicy,
): DayPrices {
  const purities = new Set([policy.goldPrices.referencePurity, ...items.map((i) => itemFineness(i, policy))]);
  return { asOf, byPurity: Object.fromEntries([...purities].map((p) => [p, priceOf(p)])) };
}

const priceAt = (prices: DayPrices, purity: number): ValuationPrice => {
  const price = prices.byPurity[purity];
  if (!price) throw new Error(`no valuation price for purity ${purity} on ${prices.asOf}`);
  return price;
};

/** Exact integer division of non-negative integers, rounded down or up (paise × bps overflow doubles). */
const floorDiv = (a: number, b: number) => Number(BigInt(a) / BigInt(b));
const ceilDiv = (a: number, b: number) => Number((BigInt(a) + BigInt(b) - 1n) / BigInt(b));

/**
 * The loan's LTV cap: as recorded at sanction (`LoanCreated.ltv.capBps`: the tier of the
 * borrower's total then, or the income-generating cap). Loans sanctioned before issue 17
 * recorded none: theirs is the policy's cap for their purpose and their own principal
 * (the borrower's total at the time was never recorded). Fixed for the loan's life.
 */
export function ltvCapOf(s: Pick<LoanState, 'ltvCapBps' | 'purpose' | 'principalPaise' | 'policy'>): number {
  if (s.ltvCapBps !== null) return s.ltvCapBps;
  return s.purpose === 'income_generating'
    ? s.policy.incomeGeneratingLtvCapBps
    : ltvCapBpsFor(s.principalPaise, s.policy);
}

export interface Owed {
  /** What the LTV counts. */
  owedPaise: number;
  /** Outstanding principal and accrued, unpaid interest as of the day. */
  principalPaise: number;
  interestPaise: number;
  /** Bullet and monthly-interest loans: what repaying at maturity still takes; null for EMI loans. */
  repayableAtMaturityPaise: number | null;
}

/**
 * What a loan owes for its LTV on a day. EMI: outstanding principal + accrued interest.
 * Bullet and monthly interest (RBI: the LTV counts the total repayable at maturity): the
 * total repayable less what has been paid, or the balance today if that is more (a loan
 * past maturity goes on accruing).
 */
export function owedOn(s: LoanState, asOf: string): Owed {
  const ledger = runLedger(termsOf(s), successfulPayments(s), asOf);
  const principalPaise = ledger.principalOutstandingPaise;
  const interestPaise = ledger.interestOutstandingPaise;
  const balance = principalPaise + interestPaise;
  switch (s.repaymentType) {
    case 'emi':
      return { owedPaise: balance, principalPaise, interestPaise, repayableAtMaturityPaise: null };
    case 'bullet':
    case 'monthly_interest': {
      // Repaid (nothing outstanding, as when closed early): nothing is left to repay at maturity.
      const atMaturity = balance === 0 ? 0 : Math.max(0, s.totalPaymentPaise - ledger.totalPaidPaise);
      return {
        owedPaise: Math.max(atMaturity, balance),
        principalPaise,
        interestPaise,
        repayableAtMaturityPaise: atMaturity,
      };
    }
    default: {
      const _exhaustive: never = s.repaymentType;
      return _exhaustive;
    }
  }
}

/** One item at the day's price: only the metal counts (net weight at its purity's price). */
export interface ItemAtPrice {
  index: number;
  description: string;
  purity: number;
  netWeightMg: number;
  pricedFrom: number;
  bound: ValuationPrice['bound'];
  pricePerGramPaise: number;
  valuePaise: number;
}

export function goldAtPrices(items: readonly GoldItemRecord[], prices: DayPrices): ItemAtPrice[] {
  return items.map((item, index) => {
    const purity = itemFineness(item);
    const price = priceAt(prices, purity);
    return {
      index,
      description: item.description,
      purity,
      netWeightMg: item.netWeightMg,
      pricedFrom: price.pricedFrom,
      bound: price.bound,
      pricePerGramPaise: price.pricePaise,
      valuePaise: itemValuePaise(item.netWeightMg, price.pricePaise),
    };
  });
}

export interface LtvFigures {
  asOf: string;
  owed: Owed;
  goldValuePaise: number;
  items: ItemAtPrice[];
  capBps: number;
  /** owed / value, in basis points, rounded half away from zero (display and events). */
  ltvBps: number;
  /** The most that may be owed against this gold at the cap: floor(cap × value), never a paisa more. */
  allowedPaise: number;
  /** Within the cap: owed ≤ allowed. */
  within: boolean;
  /** Paying this much brings the loan back within its cap (0 when within). */
  shortfallPaise: number;
  /** Or adding this much gold at the reference purity (22K) does (0 when within). */
  goldToAddMg: number;
  /** The reference purity and its valuation price per gram, what `goldToAddMg` is priced at. */
  referencePurity: number;
  referencePricePaise: number;
}

/**
 * The smallest weight of gold at `pricePerGramPaise` whose value lifts `valuePaise` to
 * where `owedPaise` is within `capBps`: the value must reach ceil(owed / cap), and the
 * weight is rounded up to the milligram (its value is rounded half away, never below).
 */
export function goldToAddMg(
  owedPaise: number,
  valuePaise: number,
  capBps: number,
  pricePerGramPaise: number,
) {
  const neededValue = ceilDiv(owedPaise * 10_000, capBps) - valuePaise;
  return neededValue <= 0 ? 0 : ceilDiv(neededValue * 1000, pricePerGramPaise);
}

/** The loan's LTV on the prices' day: owed, gold value, cap, and what would cure a breach. */
export function measureLtv(s: LoanState, prices: DayPrices): LtvFigures {
  const owed = owedOn(s, prices.asOf);
  const items = goldAtPrices(s.goldItems, prices);
  const goldValuePaise = items.reduce((sum, i) => sum + i.valuePaise, 0);
  const capBps = ltvCapOf(s);
  const allowedPaise = floorDiv(goldValuePaise * capBps, 10_000);
  const within = owed.owedPaise <= allowedPaise;
  const referencePurity = s.policy.goldPrices.referencePurity;
  const referencePricePaise = priceAt(prices, referencePurity).pricePaise;
  return {
    asOf: prices.asOf,
    owed,
    goldValuePaise,
    items,
    capBps,
    // No gold value (a weight too small to be worth a paisa): as if it were worth one.
    ltvBps: roundHalfAwayFromZero((owed.owedPaise * 10_000) / Math.max(goldValuePaise, 1)),
    allowedPaise,
    within,
    shortfallPaise: within ? 0 : owed.owedPaise - allowedPaise,
    goldToAddMg: within ? 0 : goldToAddMg(owed.owedPaise, goldValuePaise, capBps, referencePricePaise),
    referencePurity,
    referencePricePaise,
  };
}

/** Whole days a margin call has stood by `today`. */
export const daysInBreach = (raisedOn: string, today: string) => Math.max(0, daysBetween(raisedOn, today));

/** The day an uncured margin call is escalated: the policy's days after it was raised. */
export const marginCallDeadline = (raisedOn: string, policy: LendingPolicy) =>
  addDays(raisedOn, policy.marginCall.escalateAfterDays);

export type LtvStatus = 'within' | 'over_cap' | 'margin_call' | 'escalated';

/**
 * The loan's LTV standing: an open margin call (escalated or not) as recorded on the loan;
 * otherwise within, or over its cap with no call yet (the day's job raises it).
 */
export function ltvStatus(s: Pick<LoanState, 'marginCall'>, figures: Pick<LtvFigures, 'within'>): LtvStatus {
  if (s.marginCall) return s.marginCall.escalatedOn ? 'escalated' : 'margin_call';
  return figures.within ? 'within' : 'over_cap';
}
