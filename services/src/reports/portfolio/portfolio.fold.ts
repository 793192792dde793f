import {
  DelinquencyClass,
  itemFineness,
  itemValuePaise,
  type BranchScope,
  type LendingPolicy,
  type PortfolioBranch,
  type PortfolioFigures,
} from '@goldledger/contracts';
import { runLedger, type LedgerPayment } from '../../lending/interest.js';

/**
 * The portfolio as of a day, folded from the loan events recorded by the end of that day
 * (issue 18, point 4). Pure: the facts arrive already cut off at the day's close (the query
 * in portfolio.queries.ts), the day's gold prices and the loans' policies as functions.
 * Facts are the few fields of each event the report needs, not the events themselves: a
 * book of 100,000 loans is a few hundred thousand of them.
 */

/** What a money event's ledger snapshot says (the books after it, as of its business date). */
export interface Snapshot {
  asOf: string;
  principalPaise: number;
  interestPaise: number;
}

export interface FactItem {
  netWeightMg: number;
  purity?: number | undefined;
  purityKarat?: number | undefined;
}

export type LoanStatus = 'active' | 'closed' | 'renewed' | 'deleted';

/** One loan event, as much of it as the report reads. `loan` is the stream id. */
export type PortfolioFact =
  | {
      kind: 'created';
      loan: string;
      branchId: string;
      principalPaise: number;
      annualRateBps: number;
      disbursementDate: string;
      policyVersion: number;
      items: FactItem[];
    }
  | {
      kind: 'payment';
      loan: string;
      paymentId: string;
      amountPaise: number;
      date: string;
      success: boolean;
      ledger: Snapshot;
    }
  | { kind: 'approved' | 'reversed'; loan: string; paymentId: string; ledger: Snapshot }
  | { kind: 'ledger'; loan: string; ledger: Snapshot }
  | { kind: 'rate'; loan: string; annualRateBps: number; ledger: Snapshot }
  | { kind: 'status'; loan: string; status: LoanStatus }
  | { kind: 'items'; loan: string; items: FactItem[] }
  | { kind: 'class'; loan: string; to: DelinquencyClass };

interface Payment {
  date: string;
  amountPaise: number;
  status: 'success' | 'pending' | 'reversed';
}

/** A loan as the facts so far leave it. */
export interface LoanBook {
  branchId: string;
  principalPaise: number;
  annualRateBps: number;
  disbursementDate: string;
  policyVersion: number;
  items: FactItem[];
  status: LoanStatus;
  delinquency: DelinquencyClass;
  payments: Map<string, Payment>;
  snapshot: Snapshot | null;
}

/** Folds facts in the store's order into one book per loan. Facts of loans never created are ignored. */
export function foldFacts(facts: Iterable<PortfolioFact>, into = new Map<string, LoanBook>()) {
  for (const f of facts) applyFact(into, f);
  return into;
}

export function applyFact(books: Map<string, LoanBook>, f: PortfolioFact): void {
  if (f.kind === 'created') {
    books.set(f.loan, {
      branchId: f.branchId,
      principalPaise: f.principalPaise,
      annualRateBps: f.annualRateBps,
      disbursementDate: f.disbursementDate,
      policyVersion: f.policyVersion,
      items: f.items,
      status: 'active',
      delinquency: 'standard',
      payments: new Map(),
      snapshot: null,
    });
    return;
  }
  const b = books.get(f.loan);
  if (!b) return;
  switch (f.kind) {
    case 'payment':
      b.payments.set(f.paymentId, {
        date: f.date,
        amountPaise: f.amountPaise,
        status: f.success ? 'success' : 'pending',
      });
      b.snapshot = f.ledger;
      return;
    case 'approved':
    case 'reversed': {
      const p = b.payments.get(f.paymentId);
      if (p) p.status = f.kind === 'approved' ? 'success' : 'reversed';
      b.snapshot = f.ledger;
      return;
    }
    case 'ledger':
      b.snapshot = f.ledger;
      return;
    case 'rate':
      b.annualRateBps = f.annualRateBps;
      b.snapshot = f.ledger;
      return;
    case 'status':
      b.status = f.status;
      return;
    case 'items':
      b.items = f.items;
      return;
    case 'class':
      b.delinquency = f.to;
      return;
    default: {
      const _exhaustive: never = f;
      return _exhaustive;
    }
  }
}

export interface LoanOnDay {
  branchId: string;
  delinquency: DelinquencyClass;
  principalPaise: number;
  interestPaise: number;
  /** The pledged gold at the day's valuation price; null without one. */
  goldValuePaise: number | null;
}

/**
 * A loan's figures on `day`: its latest ledger snapshot when that is dated the day; otherwise
 * the interest model (`runLedger`, the decider's own) run from disbursement to the day over
 * the successful payments dated by then, at the loan's rate, under its policy version. Null
 * for a loan not open that day (closed, renewed, deleted, or disbursed later).
 */
export function loanOnDay(
  b: LoanBook,
  day: string,
  policyOf: (version: number) => LendingPolicy,
  priceOf: ((fineness: number) => number) | null,
): LoanOnDay | null {
  if (b.status !== 'active' || b.disbursementDate > day) return null;
  const policy = policyOf(b.policyVersion);
  let principalPaise: number;
  let interestPaise: number;
  if (b.snapshot?.asOf === day) {
    principalPaise = b.snapshot.principalPaise;
    interestPaise = b.snapshot.interestPaise;
  } else {
    const paid: LedgerPayment[] = [];
    for (const p of b.payments.values())
      if (p.status === 'success' && p.date <= day) paid.push({ date: p.date, amountPaise: p.amountPaise });
    const l = runLedger(
      {
        principalPaise: b.principalPaise,
        annualRateBps: b.annualRateBps,
        disbursementDate: b.disbursementDate,
      },
      paid,
      day,
      policy,
    );
    principalPaise = l.principalOutstandingPaise;
    interestPaise = l.interestOutstandingPaise;
  }
  let goldValuePaise: number | null = null;
  if (priceOf) {
    goldValuePaise = 0;
    for (const item of b.items)
      goldValuePaise += itemValuePaise(item.netWeightMg, priceOf(itemFineness(item, policy)));
  }
  return { branchId: b.branchId, delinquency: b.delinquency, principalPaise, interestPaise, goldValuePaise };
}

const CLASSES = DelinquencyClass.options;

/** Running totals of one branch (or the whole book). */
class Tally {
  loans = 0;
  principal = 0;
  interest = 0;
  gold: number | null;
  readonly classes = CLASSES.map((c) => ({ class: c, loans: 0, principalPaise: 0, interestPaise: 0 }));
  readonly bands: {
    fromBps: number | null;
    toBps: number | null;
    loans: number;
    principalPaise: number;
    interestPaise: number;
  }[];

  constructor(edges: readonly number[], priced: boolean) {
    this.gold = priced ? 0 : null;
    this.bands = priced
      ? [...edges, null].map((toBps, i) => ({
          fromBps: i === 0 ? null : edges[i - 1]!,
          toBps,
          loans: 0,
          principalPaise: 0,
          interestPaise: 0,
        }))
      : [];
  }

  add(l: LoanOnDay, band: number): void {
    this.loans += 1;
    this.principal += l.principalPaise;
    this.interest += l.interestPaise;
    const c = this.classes[CLASSES.indexOf(l.delinquency)]!;
    c.loans += 1;
    c.principalPaise += l.principalPaise;
    c.interestPaise += l.interestPaise;
    if (this.gold !== null && l.goldValuePaise !== null) {
      this.gold += l.goldValuePaise;
      const b = this.bands[band]!;
      b.loans += 1;
      b.principalPaise += l.principalPaise;
      b.interestPaise += l.interestPaise;
    }
  }

  figures(): PortfolioFigures {
    const npa = this.classes[CLASSES.indexOf('npa')]!.principalPaise;
    return {
      loans: this.loans,
      principalPaise: this.principal,
      interestPaise: this.interest,
      classes: this.classes,
      npaRatioBps: this.principal > 0 ? Math.round((npa * 10_000) / this.principal) : null,
      goldValuePaise: this.gold,
      ltvBands: this.bands,
    };
  }
}

/**
 * The band of a loan's LTV, (principal + interest) ÷ gold value: the first whose upper edge
 * it does not pass (exactly on an edge is within it), else the open band above the last.
 */
export function ltvBandOf(owedPaise: number, goldValuePaise: number, edgesBps: readonly number[]): number {
  for (let i = 0; i < edgesBps.length; i++) if (owedPaise * 10_000 <= edgesBps[i]! * goldValuePaise) return i;
  return edgesBps.length;
}

export interface PortfolioInputs {
  day: string;
  scope: BranchScope;
  policyOf: (version: number) => LendingPolicy;
  /** The day's valuation price of a fineness, paise a gram; null when the day has none. */
  priceOf: ((fineness: number) => number) | null;
  ltvEdgesBps: readonly number[];
  branchName: (branchId: string) => string;
}

/** The book's figures on the day, by branch (those in scope with a loan open) and in total. */
export function portfolioOf(
  books: ReadonlyMap<string, LoanBook>,
  input: PortfolioInputs,
): { total: PortfolioFigures; branches: PortfolioBranch[] } {
  const priced = input.priceOf !== null;
  const total = new Tally(input.ltvEdgesBps, priced);
  const byBranch = new Map<string, Tally>();
  const inScope = (id: string) => input.scope.kind === 'all' || input.scope.branchIds.includes(id);
  for (const book of books.values()) {
    if (!inScope(book.branchId)) continue;
    const l = loanOnDay(book, input.day, input.policyOf, input.priceOf);
    if (!l) continue;
    const band =
      l.goldValuePaise === null
        ? -1
        : ltvBandOf(l.principalPaise + l.interestPaise, l.goldValuePaise, input.ltvEdgesBps);
    let branch = byBranch.get(l.branchId);
    if (!branch) byBranch.set(l.branchId, (branch = new Tally(input.ltvEdgesBps, priced)));
    branch.add(l, band);
    total.add(l, band);
  }
  const branches = [...byBranch]
    .map(([branchId, t]) => ({ branchId, branchName: input.branchName(branchId), ...t.figures() }))
    .sort(
      (a, b) => a.branchName.localeCompare(b.branchName, 'en-IN') || a.branchId.localeCompare(b.branchId),
    );
  return { total: total.figures(), branches };
}
