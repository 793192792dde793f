import { randomUUID } from 'node:crypto';
import {
  addDays,
  addMonths,
  daysBetween,
  fillInstallments,
  type Actor,
  type EventMetadata,
  type GoldItemRecord,
  type PaymentMethod,
  businessDate,
  LENDING_POLICY,
  valueGold,
  graceEndOf,
} from '@goldledger/contracts';
import { completeVerification, registerCustomer, resolveCustomer } from '../customers/customer-commands.js';
import { findUserIdBy, loadUser } from '../identity/user-commands.js';
import { createLoan, executeLoanCommand, renewLoan } from '../lending/loan-commands.js';
import { quoteLoan, type LoanCommand, type Person } from '../lending/loan.decider.js';
import type { LoanState } from '../lending/loan.state.js';
import { FixedClock, type Clock } from '../platform/clock.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { executeGoldRateCommand } from '../settings/gold-rate-commands.js';
import { BANKS, customerProfile, DELETION_REASONS, ORNAMENTS, REVERSAL_REASONS } from './demo-people.js';
import { Rng, subSeed } from './rng.js';
import { Simulation } from './simulation.js';

/**
 * A demo loan book: two years of history made by the real command handlers
 * (customers registered and verified, loans at every rate and term, installments,
 * closures with the early-closure rebate, renewals, online payments approved or
 * pending, reversals, deletions, bank edits and the scheduler's rate upgrades). Each
 * command runs with a clock set to its moment in the story, so business dates and
 * `occurredAt` read as history; `recordedAt` is real. `npm start` seeds a small book
 * into an empty store; the benchmarks a large one (`npm run demo:generate -- --loans N`).
 */

export const BEHAVIOURS = {
  /** Pays its installments, then closes by paying the quote's total due (some within 30 days: the rebate). */
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
const BEHAVIOUR_NAMES = Object.keys(BEHAVIOURS) as Behaviour[];

export interface LoanBookOptions {
  /** Loans in the book (a renewal's new loan counts). */
  loans: number;
  seed?: number;
  /** Loan lives running at once. */
  concurrency?: number;
  /** Three loans for the demo customer CUS000001 (active, closed, upgraded), on top of `loans`. */
  includeDemoCustomer?: boolean;
  /** Customers given a sign-in account (the rest are verified without one). Default 0.2. */
  accountShare?: number;
  /** Loans created so far, of the planned total. */
  onProgress?: (done: number, total: number) => void;
}

export interface LoanBookResult {
  customers: number;
  loans: number;
  /** Events the generator appended, in all and by type. */
  events: number;
  eventsByType: Record<string, number>;
  /** Loan lives per scripted behaviour (the demo customer's three not included). */
  byBehaviour: Record<Behaviour, number>;
  /** Lives that stopped on an error, and the first few errors. */
  failed: number;
  errors: string[];
  seconds: number;
}

export interface LoanBookDeps {
  store: EventStore;
  clock: Clock;
}

const RATES_BPS = LENDING_POLICY.rateOptionsBps;
const TERMS = LENDING_POLICY.termOptionsMonths;
const YEARS = 2;
/** The gold rate (₹ a gram of 24K) drifts from the first to the second over the two years. */
const GOLD_RATE_RUPEES = { from: 6_000, to: 7_500, wobble: 60 } as const;
const CUSTOMERS_PER_LOAN = 0.6;
const MAX_ERRORS_KEPT = 20;

const SCHEDULER: Extract<LoanCommand, { type: 'UpgradeRate' }>['upgradedBy'] = {
  type: 'scheduler',
  id: null,
  name: 'Scheduler',
};
const SCHEDULER_ACTOR: Actor = { id: 'scheduler', role: 'system', name: 'Scheduler' };
const GENERATOR_ACTOR: Actor = { id: 'demo-generator', role: 'system', name: 'Demo generator' };

interface Staff {
  actor: Actor;
  person: Person;
  createdBy: { id: string; name: string; role: string; email: string | null };
}

const asStaff = (actor: Actor, email: string | null): Staff => ({
  actor,
  person: { id: actor.id, name: actor.name },
  createdBy: { id: actor.id, name: actor.name, role: actor.role, email },
});

/** The demo admin and employee when the store has them; otherwise the generator itself. */
async function findStaff(store: EventStore): Promise<{ admin: Staff; desk: Staff[] }> {
  const found: Staff[] = [];
  for (const email of ['admin@demo.local', 'employee@demo.local']) {
    const id = await findUserIdBy(store, 'email', email);
    if (!id) continue;
    const { state } = await loadUser(store, id);
    if (!state.exists || state.removed || !state.role || state.role === 'customer') continue;
    found.push(asStaff({ id, role: state.role, name: state.name }, email));
  }
  const fallback = asStaff(GENERATOR_ACTOR, null);
  const admin = found.find((s) => s.actor.role === 'admin') ?? fallback;
  return { admin, desk: found.length > 0 ? found : [fallback] };
}

// --- The plan: every loan's behaviour, terms, date and customer, drawn up front. ---

interface LifePlan {
  index: number;
  behaviour: Behaviour | 'demo';
  /** Index into the generated customers, or the demo customer. */
  customer: number | 'demo';
  rateBps: number;
  termMonths: number;
  principalPaise: number;
  loanDate: string;
  /** repaid / renewed / reversed (closing variant): the installment on whose date the loan closes. */
  closeMonth: number;
  /** repaid: closed within 30 days; reversed: the closing payment is the one reversed; deleted: after a payment. */
  variant: boolean;
  /** active, defaulted: installments paid (Infinity: all that fall due). */
  installmentsPaid: number;
}

interface Calendar {
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
      loanDate = dateBetween(
        rng,
        start,
        variant ? addDays(today, -30) : addDays(addMonths(today, -closeMonth), -4),
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
    principalPaise: loanAmountPaise(rng),
    loanDate,
    closeMonth,
    variant,
    installmentsPaid,
  };
}

function planBook(seed: number, cal: Calendar, loans: number) {
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

/** The demo customer's three loans: one running and paid to date, one repaid, one upgraded three times. */
function demoCustomerLives(cal: Calendar, firstIndex: number): LifePlan[] {
  const base = { behaviour: 'demo' as const, customer: 'demo' as const, variant: false };
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
  ];
}

function calendarFrom(now: Date, seed: number): Calendar {
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

/** Gold pieces worth `principal / ltv` at the rate, 60-80 % loan-to-value (72 % at most above ₹2.5 lakh). */
function goldItemsFor(rng: Rng, principalPaise: number, ratePaisePerGram: number): GoldItemRecord[] {
  const ltv = 0.6 + rng.float() * (principalPaise > 2_50_000_00 ? 0.12 : 0.2);
  const karat = rng.pick([22, 22, 22, 22, 20, 18, 24] as const);
  const fineMg = ((principalPaise / ltv) * 1000) / ratePaisePerGram;
  const netMg = (fineMg * 24) / karat;
  const pieces = rng.int(1, 3);
  const shares = Array.from({ length: pieces }, () => 0.5 + rng.float());
  const sum = shares.reduce((a, b) => a + b, 0);
  const items = shares.map((share) => {
    const net = Math.max(10, Math.round((netMg * share) / sum / 10) * 10);
    return {
      description: `${rng.pick(ORNAMENTS)} ${karat}K`,
      grossWeightMg: Math.round((net * (1.01 + rng.float() * 0.07)) / 10) * 10,
      netWeightMg: net,
      purityKarat: karat,
    };
  });
  // Rounding to 0.01 g must not tip the loan over the cap.
  while (valueGold(items, ratePaisePerGram, principalPaise).eligiblePaise < principalPaise) {
    items[0]!.netWeightMg += 100;
    items[0]!.grossWeightMg += 100;
  }
  return items;
}

/** Counts what the generator appends (the result's events), passing everything through. */
function countingStore(store: EventStore, counts: Map<string, number>): EventStore {
  return {
    async append(streamId, events, options) {
      const result = await store.append(streamId, events, options);
      if (!result.duplicate) for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
      return result;
    },
    readStream: (streamId) => store.readStream(streamId),
    readAll: (after, limit) => store.readAll(after, limit),
    headPosition: () => store.headPosition(),
    streamVersion: (streamId) => store.streamVersion(streamId),
  };
}

const ceilRupee = (paise: number) => Math.ceil(paise / 100) * 100;

interface LoanHandle {
  uuid: string;
  loanId: string;
  state: LoanState;
}

/** What the lives share: the calendar, the store, the staff, the customers met so far. */
interface Book {
  cal: Calendar;
  store: EventStore;
  sim: Simulation;
  seed: number;
  nowMs: number;
  admin: Staff;
  desk: Staff[];
  accountShare: number;
  customerFirstLoan: string[];
  demoCustomerUuid: string | null;
  customerUuids: Map<number, Promise<string>>;
  /** Profiles are numbered after the customers already in the store, so a second run meets no one twice. */
  firstProfile: number;
  stats: { loans: number };
  loanCreated(): void;
}

/** Minutes after midnight, Asia/Kolkata. */
const OPENING = 10 * 60;
const CLOSING = 17 * 60 + 30;

function instantOf(date: string, minuteOfDay: number): number {
  const hh = String(Math.floor(minuteOfDay / 60)).padStart(2, '0');
  const mm = String(minuteOfDay % 60).padStart(2, '0');
  return new Date(`${date}T${hh}:${mm}:00+05:30`).getTime();
}

/** One loan's story: its own clock, random numbers and counter. Commands run one after another. */
class Life {
  readonly clock: FixedClock;
  readonly rng: Rng;
  readonly deps: LoanBookDeps;
  readonly staff: Staff;
  private last = 0;

  constructor(
    readonly book: Book,
    readonly plan: LifePlan,
  ) {
    this.clock = new FixedClock(new Date(book.nowMs));
    this.rng = new Rng(subSeed(book.seed, plan.index));
    this.deps = { store: book.store, clock: this.clock };
    this.staff = this.rng.pick(book.desk);
  }

  get today(): string {
    return businessDate(this.clock.now());
  }

  /**
   * Moves this life's clock to `date` (at a time of day in business hours, after its
   * previous command, never after now), waiting for the simulation to get there.
   * False, and nothing moves, when the date is after today.
   */
  async at(date: string, minuteOfDay = this.rng.int(OPENING, CLOSING)): Promise<boolean> {
    if (date > this.book.cal.today) return false;
    await this.book.sim.reach(date);
    const t = Math.min(Math.max(instantOf(date, minuteOfDay), this.last + 60_000), this.book.nowMs);
    this.last = Math.max(this.last, t);
    this.clock.set(new Date(t));
    return true;
  }

  metadata(staff: Staff | Actor = this.staff): EventMetadata {
    const actor = 'actor' in staff ? staff.actor : staff;
    return { actor, correlationId: `demo-loan-book:${this.book.seed}:${this.plan.index}` };
  }
}

async function ensureCustomer(life: Life): Promise<string> {
  const { book, plan } = life;
  if (plan.customer === 'demo') return book.demoCustomerUuid!;
  const index = plan.customer;
  let uuid = book.customerUuids.get(index);
  if (!uuid) {
    uuid = registerDemoCustomer(book, index, life.staff);
    book.customerUuids.set(index, uuid);
  }
  return uuid;
}

/** Registered and verified before their first loan, at the counter; a share get a sign-in account. */
async function registerDemoCustomer(book: Book, index: number, staff: Staff): Promise<string> {
  const rng = new Rng(subSeed(book.seed ^ 0x5eed, index));
  const clock = new FixedClock(
    new Date(Math.min(instantOf(book.customerFirstLoan[index]!, 9 * 60 + 30), book.nowMs)),
  );
  const deps = { store: book.store, clock };
  const metadata: EventMetadata = {
    actor: staff.actor,
    correlationId: `demo-loan-book:${book.seed}:customer-${index}`,
  };
  const profile = customerProfile(book.firstProfile + index, rng);
  const { customerUuid } = await registerCustomer(deps, profile, metadata);
  clock.advance(4 * 60_000);
  await completeVerification(
    deps,
    customerUuid,
    {
      channel: profile.email && rng.chance(0.3) ? 'email' : 'sms',
      openAccount: rng.chance(book.accountShare),
    },
    metadata,
  );
  return customerUuid;
}

async function openLoan(life: Life): Promise<LoanHandle> {
  const { plan, book } = life;
  await life.at(plan.loanDate);
  const customerRef = await ensureCustomer(life);
  const rate = book.cal.goldRates[book.sim.windowOf(plan.loanDate)]!;
  const { loanUuid, loanId, state } = await createLoan(
    life.deps,
    {
      customerRef,
      goldItems: goldItemsFor(life.rng, plan.principalPaise, rate),
      principalPaise: plan.principalPaise,
      annualRateBps: plan.rateBps,
      termMonths: plan.termMonths,
      loanDate: plan.loanDate,
      createdBy: life.staff.createdBy,
    },
    life.metadata(),
  );
  book.loanCreated();
  return { uuid: loanUuid, loanId, state };
}

async function run(life: Life, loan: LoanHandle, command: LoanCommand, by: Staff | Actor = life.staff) {
  const result = await executeLoanCommand(life.deps, loan.uuid, command, life.metadata(by));
  loan.state = result.state;
  return result;
}

/** The amount to pay on `date`: `wanted` rounded up to the rupee, within the minimum and the total due. */
function payable(loan: LoanHandle, date: string, wanted: number) {
  const q = quoteLoan(loan.state, date);
  return { quote: q, amount: Math.min(Math.max(ceilRupee(wanted), q.minimumTotalDuePaise), q.totalDuePaise) };
}

interface PaymentOptions {
  method?: PaymentMethod;
  by?: Staff;
}

async function pay(
  life: Life,
  loan: LoanHandle,
  date: string,
  amountPaise: number,
  options: PaymentOptions = {},
) {
  const method = options.method ?? 'handcash';
  const by = options.by ?? life.staff;
  const paymentId = randomUUID();
  const q = quoteLoan(loan.state, date);
  await run(
    life,
    loan,
    {
      type: 'RecordPayment',
      paymentId,
      amountPaise,
      method,
      paymentType:
        amountPaise === q.minimumTotalDuePaise && amountPaise < q.totalDuePaise ? 'interest' : 'total',
      paymentDate: date,
      transactionId:
        method === 'online' ? `UTR${life.rng.int(100_000, 999_999)}${life.rng.int(100_000, 999_999)}` : null,
      bankName: method === 'online' ? life.rng.pick(BANKS) : null,
      enteredBy: by.person,
      today: life.today,
    },
    by,
  );
  return paymentId;
}

/** The next installment's unpaid part, paid on (about) its due date. Null when the date is after today. */
async function payInstallment(
  life: Life,
  loan: LoanHandle,
  date: string,
  options: PaymentOptions = {},
): Promise<string | null> {
  if (loan.state.status !== 'active' || !(await life.at(date))) return null;
  const paid = quoteLoan(loan.state, date).totalPaidPaise;
  const next = fillInstallments(loan.state.installments, paid).find((i) => i.status === 'unpaid');
  const wanted = next ? next.amountPaise - next.amountPaidPaise : 0;
  return pay(life, loan, date, payable(loan, date, wanted).amount, options);
}

/** Closes the loan on `date` with exactly the quote's total due (rebate and minimums priced in). */
async function close(life: Life, loan: LoanHandle, date: string, by?: Staff): Promise<string | null> {
  if (loan.state.status !== 'active' || !(await life.at(date))) return null;
  return pay(life, loan, date, quoteLoan(loan.state, date).totalDuePaise, by ? { by } : {});
}

/** Installment k's due date (1-based) moved by a few days, never before the loan date or `after`. */
function paymentDate(life: Life, loan: LoanHandle, k: number, after: string): string {
  const due = loan.state.installments[k - 1]?.dueDate ?? addMonths(loan.state.disbursementDate, k);
  const date = addDays(due, life.rng.int(-3, 2));
  const floor = addDays(loan.state.disbursementDate, 1);
  return [date, floor, after].reduce((a, b) => (a > b ? a : b));
}

/** Pays installments 1..count on their dates while the loan is open and the date has come. */
async function payMonthly(life: Life, loan: LoanHandle, count: number, options: PaymentOptions = {}) {
  let last = loan.state.disbursementDate;
  const ids: Array<{ paymentId: string; date: string }> = [];
  for (let k = 1; k <= Math.min(count, loan.state.installments.length); k++) {
    const date = paymentDate(life, loan, k, last);
    const paymentId = await payInstallment(life, loan, date, options);
    if (!paymentId) break;
    ids.push({ paymentId, date });
    last = date;
  }
  return ids;
}

/** The scheduler's nightly run: the rate goes up on each upgrade date that has come while the loan is open. */
async function schedulerUpgrades(life: Life, loan: LoanHandle) {
  for (;;) {
    const due = loan.state.nextUpgradeDate;
    // The night after the due date (or after the next working day when it fell on a holiday).
    const runsOn = due && addDays(graceEndOf(due), 1);
    if (loan.state.status !== 'active' || !runsOn || !(await life.at(runsOn, 6 * 60 + 5))) return;
    const result = await run(
      life,
      loan,
      { type: 'UpgradeRate', today: life.today, upgradedBy: SCHEDULER },
      SCHEDULER_ACTOR,
    );
    if (result.eventIds.length === 0) return;
  }
}

/** A few loans are edited in their first days: an admin records the bank the gold was re-pledged at, or an item is corrected. */
async function maybeEdit(life: Life, loan: LoanHandle) {
  if (!life.rng.chance(0.06) || !(await life.at(addDays(loan.state.disbursementDate, life.rng.int(1, 5)))))
    return;
  if (life.rng.chance(0.65)) {
    const admin = life.book.admin;
    await run(
      life,
      loan,
      {
        type: 'EditLoan',
        depositedBank: life.rng.pick(BANKS),
        renewalDate: addMonths(loan.state.disbursementDate, 12),
        bankMobileNumber: `9${life.rng.int(100_000_000, 999_999_999)}`,
        bankLoanAmountPaise: Math.round((loan.state.principalPaise * 0.7) / 100) * 100,
        byAdmin: true,
      },
      admin,
    );
  } else {
    const goldItems = loan.state.goldItems.map((item, i) =>
      i === 0 ? { ...item, description: `${item.description} (hallmarked)` } : item,
    );
    await run(life, loan, { type: 'EditLoan', goldItems, byAdmin: life.staff.actor.role === 'admin' });
  }
}

// --- The behaviours ---

async function repaid(life: Life, loan: LoanHandle) {
  const { plan } = life;
  if (plan.variant) {
    // Closed within 30 days of the loan date: 2 % of the interest comes back.
    await close(life, loan, addDays(plan.loanDate, life.rng.int(3, 28)));
    return;
  }
  await maybeEdit(life, loan);
  const paid = await payMonthly(life, loan, plan.closeMonth - 1);
  const maturity = loan.state.installments.at(-1)!.dueDate;
  const date = paymentDate(life, loan, plan.closeMonth, paid.at(-1)?.date ?? plan.loanDate);
  await close(life, loan, date > maturity ? maturity : date);
}

async function runOn(life: Life, loan: LoanHandle, installments = Number.POSITIVE_INFINITY) {
  await payMonthly(life, loan, installments);
  await schedulerUpgrades(life, loan);
}

async function renewed(life: Life, loan: LoanHandle) {
  const { plan, book } = life;
  await maybeEdit(life, loan);
  const paid = await payMonthly(life, loan, plan.closeMonth - 1);
  const date = paymentDate(life, loan, plan.closeMonth, paid.at(-1)?.date ?? plan.loanDate);
  if (!(await close(life, loan, date))) return runOn(life, loan);
  await life.at(date);
  const rate = book.cal.goldRates[book.sim.windowOf(date)]!;
  const eligible = valueGold(loan.state.goldItems, rate, loan.state.principalPaise).goldValuePaise * 0.8;
  const wanted = loan.state.principalPaise * (0.9 + life.rng.float() * 0.25);
  const principalPaise = Math.max(500_00, Math.floor(Math.min(wanted, eligible) / 500_00) * 500_00);
  const renewal = await renewLoan(
    life.deps,
    loan.uuid,
    {
      principalPaise,
      annualRateBps: life.rng.pick(LENDING_POLICY.renewalRateOptionsBps),
      termMonths: life.rng.pick(TERMS),
      createdBy: book.admin.createdBy,
    },
    life.metadata(book.admin),
  );
  book.loanCreated();
  await runOn(life, { uuid: renewal.loanUuid, loanId: renewal.loanId, state: renewal.state });
}

async function online(life: Life, loan: LoanHandle) {
  const { book } = life;
  await maybeEdit(life, loan);
  // One in five is left with its last payment waiting for an admin (the first such life always).
  const leavePending = life.plan.index === BEHAVIOUR_NAMES.indexOf('online') || life.rng.chance(0.2);
  let last = loan.state.disbursementDate;
  for (let k = 1; k <= loan.state.installments.length; k++) {
    const date = paymentDate(life, loan, k, last);
    const nextDate = paymentDate(life, loan, k + 1, date);
    const isLast = nextDate > book.cal.today || k === loan.state.installments.length;
    const paymentId = await payInstallment(life, loan, date, { method: 'online' });
    if (!paymentId || (isLast && leavePending)) break;
    const approveOn = addDays(date, life.rng.int(1, 2));
    if (!(await life.at(approveOn))) break;
    last = approveOn;
    await run(
      life,
      loan,
      { type: 'ApprovePayment', paymentId, approvedBy: book.admin.person, today: life.today },
      book.admin,
    );
  }
  await schedulerUpgrades(life, loan);
}

async function reverse(life: Life, loan: LoanHandle, paymentId: string, date: string) {
  const admin = life.book.admin;
  await life.at(date);
  const reason = life.rng.pick(REVERSAL_REASONS);
  await run(
    life,
    loan,
    { type: 'ReversePayment', paymentId, reason, reversedBy: admin.person, today: life.today },
    admin,
  );
}

async function reversed(life: Life, loan: LoanHandle) {
  const { plan } = life;
  if (plan.variant) {
    // The closing payment is reversed the next day (the loan reopens), then paid again.
    const paid = await payMonthly(life, loan, plan.closeMonth - 1);
    const date = paymentDate(life, loan, plan.closeMonth, paid.at(-1)?.date ?? plan.loanDate);
    const closing = await close(life, loan, date);
    if (!closing) return runOn(life, loan);
    const reversedOn = addDays(date, 1);
    await reverse(life, loan, closing, reversedOn);
    await close(life, loan, addDays(reversedOn, life.rng.int(2, 7)));
    return;
  }
  const [first] = await payMonthly(life, loan, 1);
  if (!first) return runOn(life, loan);
  const reversedOn = addDays(first.date, life.rng.int(1, 3));
  await reverse(life, loan, first.paymentId, reversedOn);
  // Paid again properly a few days later, then on time.
  await payInstallment(life, loan, addDays(reversedOn, life.rng.int(0, 3)));
  let last = addDays(reversedOn, 3);
  for (let k = 2; k <= loan.state.installments.length; k++) {
    const date = paymentDate(life, loan, k, last);
    if (!(await payInstallment(life, loan, date))) break;
    last = date;
  }
  await schedulerUpgrades(life, loan);
}

async function deleted(life: Life, loan: LoanHandle) {
  const { plan, book } = life;
  let on = addDays(plan.loanDate, life.rng.int(0, 3));
  if (plan.variant) {
    const [first] = await payMonthly(life, loan, 1);
    on = addDays(first?.date ?? on, life.rng.int(2, 5));
  }
  if (!(await life.at(on))) return;
  await run(life, loan, { type: 'DeleteLoan', reason: life.rng.pick(DELETION_REASONS) }, book.admin);
}

async function partPayment(life: Life, loan: LoanHandle) {
  await maybeEdit(life, loan);
  const date = addDays(
    loan.state.disbursementDate,
    life.rng.int(20, Math.max(21, loan.state.termMonths * 30)),
  );
  if (await life.at(date)) {
    const { quote } = payable(loan, date, 0);
    const share = 0.4 + life.rng.float() * 0.3;
    const amount = Math.min(
      Math.max(Math.floor((quote.totalDuePaise * share) / 100_000) * 100_000, quote.minimumTotalDuePaise),
      quote.totalDuePaise - 100,
    );
    await pay(life, loan, date, amount);
  }
  await schedulerUpgrades(life, loan);
}

async function demo(life: Life, loan: LoanHandle) {
  const { plan } = life;
  if (plan.closeMonth < plan.termMonths) {
    const paid = await payMonthly(life, loan, plan.installmentsPaid);
    await close(life, loan, paymentDate(life, loan, plan.closeMonth, paid.at(-1)?.date ?? plan.loanDate));
    return;
  }
  await runOn(life, loan, plan.installmentsPaid);
}

const SCRIPTS: Record<Behaviour | 'demo', (life: Life, loan: LoanHandle) => Promise<void>> = {
  repaid,
  active: (life, loan) => maybeEdit(life, loan).then(() => runOn(life, loan)),
  defaulted: (life, loan) => maybeEdit(life, loan).then(() => runOn(life, loan, life.plan.installmentsPaid)),
  renewed,
  online,
  reversed,
  deleted,
  partPayment,
  demo,
};

/** Drives the command handlers through two years of a gold-loan book ending at `deps.clock.now()`. */
export async function generateLoanBook(
  deps: LoanBookDeps,
  options: LoanBookOptions,
): Promise<LoanBookResult> {
  const started = performance.now();
  const seed = options.seed ?? 1;
  const concurrency = Math.max(1, options.concurrency ?? 16);
  const now = deps.clock.now();
  const cal = calendarFrom(now, seed);
  const counts = new Map<string, number>();
  const store = countingStore(deps.store, counts);
  const sim = new Simulation(cal.windows, concurrency);
  const { admin, desk } = await findStaff(deps.store);
  const plan = planBook(seed, cal, Math.max(0, Math.floor(options.loans)));
  const demoCustomer = options.includeDemoCustomer ? await resolveCustomer(deps.store, 'CUS000001') : null;
  const demoLives = demoCustomer ? demoCustomerLives(cal, plan.lives.length) : [];
  const total = plan.plannedLoans + demoLives.length;
  const existingCustomers = await deps.store.streamVersion('sequence-customer');

  const errors: string[] = [];
  let failed = 0;
  const book: Book = {
    cal,
    store,
    sim,
    seed,
    nowMs: now.getTime(),
    admin,
    desk,
    accountShare: options.accountShare ?? 0.2,
    customerFirstLoan: plan.customers,
    demoCustomerUuid: demoCustomer?.customerUuid ?? null,
    customerUuids: new Map(),
    firstProfile: existingCustomers,
    stats: { loans: 0 },
    loanCreated() {
      this.stats.loans += 1;
      options.onProgress?.(this.stats.loans, total);
    },
  };

  for (const lifePlan of [...plan.lives, ...demoLives]) {
    sim.schedule(
      lifePlan.loanDate,
      async () => {
        const life = new Life(book, lifePlan);
        const loan = await openLoan(life);
        await SCRIPTS[lifePlan.behaviour](life, loan);
      },
      (error) => {
        failed += 1;
        if (errors.length < MAX_ERRORS_KEPT) {
          const message = error instanceof Error ? error.message : String(error);
          errors.push(`loan ${lifePlan.index} (${lifePlan.behaviour}, ${lifePlan.loanDate}): ${message}`);
        }
      },
    );
  }

  const rateMetadata: EventMetadata = {
    actor: admin.actor,
    correlationId: `demo-loan-book:${seed}:gold-rate`,
  };
  await sim.run(async (w, startDate) => {
    const clock = new FixedClock(new Date(Math.min(instantOf(startDate, 9 * 60), book.nowMs)));
    await executeGoldRateCommand(
      { store, clock },
      { type: 'UpdateGoldRate', ratePaisePerGram: cal.goldRates[w]! },
      rateMetadata,
    );
  });
  options.onProgress?.(total, total);

  const byBehaviour = Object.fromEntries(BEHAVIOUR_NAMES.map((b) => [b, 0])) as Record<Behaviour, number>;
  for (const life of plan.lives) if (life.behaviour !== 'demo') byBehaviour[life.behaviour] += 1;
  const eventsByType = Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
  return {
    customers: (await deps.store.streamVersion('sequence-customer')) - existingCustomers,
    loans: book.stats.loans,
    events: [...counts.values()].reduce((a, b) => a + b, 0),
    eventsByType,
    byBehaviour,
    failed,
    errors,
    seconds: (performance.now() - started) / 1000,
  };
}
