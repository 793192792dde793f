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

/**
 * One loan event, as much of it as the report reads: `loan` is the stream id, `pos` the
 * event's position in it. Every field the fold keeps remembers the position it came from,
 * and a fact only replaces what an earlier position left: the fold needs no order at all,
 * so the query reads the table in whatever order is cheapest.
 */
export type PortfolioFact = { loan: string; pos: number } & (
  | {
      kind: 'created';
      branchId: string;
      principalPaise: number;
      annualRateBps: number;
      disbursementDate: string;
      policyVersion: number;
      items: FactItem[];
    }
  | {
      kind: 'payment';
      paymentId: string;
      amountPaise: number;
      date: string;
      success: boolean;
      ledger: Snapshot;
    }
  | { kind: 'approved' | 'reversed'; paymentId: string; ledger: Snapshot }
  | { kind: 'ledger'; ledger: Snapshot }
  | { kind: 'rate'; annualRateBps: number; ledger: Snapshot }
  | { kind: 'status'; status: LoanStatus }
  | { kind: 'items'; items: FactItem[] }
  | { kind: 'class'; to: DelinquencyClass }
);

/** A value and the stream position that set it (0: the default, before any event). */
interface Latest<T> {
  pos: number;
  value: T;
}

const later = <T>(held: Latest<T>, pos: number, value: T): void => {
  if (pos > held.pos) {
    held.pos = pos;
    held.value = value;
  }
};

interface Payment {
  /** From the PaymentRecorded; null while only its approval or reversal has been seen. */
  date: string | null;
  amountPaise: number;
  /** The PaymentRecorded's position (a payment is recorded once; the first position holds). */
  recordedPos: number;
  status: Latest<'success' | 'pending' | 'reversed'>;
}

/** A loan as its facts leave it. */
export interface LoanBook {
  /** Null until its LoanCreated is folded (a loan without one is in no report). */
  created: {
    branchId: string;
    principalPaise: number;
    disbursementDate: string;
    policyVersion: number;
  } | null;
  annualRateBps: Latest<number>;
  items: Latest<FactItem[]>;
  status: Latest<LoanStatus>;
  delinquency: Latest<DelinquencyClass>;
  payments: Map<string, Payment>;
  snapshot: Latest<Snapshot | null>;
}

/** Folds facts, in any order, into one book per loan. */
export function foldFacts(facts: Iterable<PortfolioFact>, into = new Map<string, LoanBook>()) {
  for (const f of facts) applyFact(into, f);
  return into;
}

const newBook = (): LoanBook => ({
  created: null,
  annualRateBps: { pos: 0, value: 0 },
  items: { pos: 0, value: [] },
  status: { pos: 0, value: 'active' },
  delinquency: { pos: 0, value: 'standard' },
  payments: new Map(),
  snapshot: { pos: 0, value: null },
});

function paymentOf(b: LoanBook, paymentId: string): Payment {
  let p = b.payments.get(paymentId);
  if (!p)
    b.payments.set(
      paymentId,
      (p = { date: null, amountPaise: 0, recordedPos: 0, status: { pos: 0, value: 'pending' } }),
    );
  return p;
}

export function applyFact(books: Map<string, LoanBook>, f: PortfolioFact): void {
  let b = books.get(f.loan);
  if (!b) books.set(f.loan, (b = newBook()));
  switch (f.kind) {
    case 'created':
      b.created = {
        branchId: f.branchId,
        principalPaise: f.principalPaise,
        disbursementDate: f.disbursementDate,
        policyVersion: f.policyVersion,
      };
      later(b.annualRateBps, f.pos, f.annualRateBps);
      later(b.items, f.pos, f.items);
      return;
    case 'payment': {
      const p = paymentOf(b, f.paymentId);
      if (p.recordedPos === 0 || f.pos < p.recordedPos) {
        p.date = f.date;
        p.amountPaise = f.amountPaise;
        p.recordedPos = f.pos;
      }
      later(p.status, f.pos, f.success ? 'success' : 'pending');
      later(b.snapshot, f.pos, f.ledger);
      return;
    }
    case 'approved':
    case 'reversed':
      later(paymentOf(b, f.paymentId).status, f.pos, f.kind === 'approved' ? 'success' : 'reversed');
      later(b.snapshot, f.pos, f.ledger);
      return;
    case 'ledger':
      later(b.snapshot, f.pos, f.ledger);
      return;
    case 'rate':
      later(b.annualRateBps, f.pos, f.annualRateBps);
      later(b.snapshot, f.pos, f.ledger);
      return;
    case 'status':
      later(b.status, f.pos, f.status);
      return;
    case 'items':
      later(b.items, f.pos, f.items);
      return;
    case 'class':
      later(b.delinquency, f.pos, f.to);
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
  const c = b.created;
  if (!c || b.status.value !== 'active' || c.disbursementDate > day) return null;
  const policy = policyOf(c.policyVersion);
  const snapshot = b.snapshot.value;
  let principalPaise: number;
  let interestPaise: number;
  if (snapshot?.asOf === day) {
    principalPaise = snapshot.principalPaise;
    interestPaise = snapshot.interestPaise;
  } else {
    const paid: LedgerPayment[] = [];
    for (const p of b.payments.values())
      if (p.status.value === 'success' && p.date !== null && p.date <= day)
        paid.push({ date: p.date, amountPaise: p.amountPaise });
    const l = runLedger(
      {
        principalPaise: c.principalPaise,
        annualRateBps: b.annualRateBps.value,
        disbursementDate: c.disbursementDate,
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
    for (const item of b.items.value)
      goldValuePaise += itemValuePaise(item.netWeightMg, priceOf(itemFineness(item, policy)));
  }
  return {
    branchId: c.branchId,
    delinquency: b.delinquency.value,
    principalPaise,
    interestPaise,
    goldValuePaise,
  };
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
    if (!book.created || !inScope(book.created.branchId)) continue;
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
