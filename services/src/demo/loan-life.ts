// Over 400 lines: one loan's life and the steps its scripts are made of, which share
// the book's clock, payout and pricing helpers; the demo's cash limits and gold items already live apart.
import type { CommandDeps } from '../platform/command-handler.js';
import { randomUUID } from 'node:crypto';
import {
  addDays,
  addMonths,
  fillInstallments,
  type Actor,
  type EventMetadata,
  type PaymentMethod,
  businessDate,
  graceEndOf,
  nextWorkingDay,
} from '@goldledger/contracts';
import { completeVerification, registerCustomer } from '../customers/customer-commands.js';
import { findUserIdBy, loadUser } from '../identity/user-commands.js';
import { createLoan, executeLoanCommand } from '../lending/loan-commands.js';
import type { LoanCommand, Person } from '../lending/loan.decider.js';
import { quoteLoan } from '../lending/loan.rules.js';
import type { LoanState } from '../lending/loan.state.js';
import { FixedClock } from '../platform/clock.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { demoPayout, lawfulRepayment } from './demo-cash-limits.js';
import { BANKS, customerProfile } from './demo-people.js';
import { goldItemsFor } from './demo-gold-items.js';
import { ltvBasisOf, type Calendar, type LifePlan } from './loan-book-plan.js';
import { Rng, subSeed } from './rng.js';
import type { Simulation } from './simulation.js';

/**
 * One loan's life in the demo book and the steps its script is made of: open the loan,
 * pay, close, let the scheduler upgrade the rate, edit. Each step runs a real command at
 * its moment in the story.
 */

export type LoanBookDeps = CommandDeps;

const SCHEDULER: Extract<LoanCommand, { type: 'UpgradeRate' }>['upgradedBy'] = {
  type: 'scheduler',
  id: null,
  name: 'Scheduler',
};
const SCHEDULER_ACTOR: Actor = { id: 'scheduler', role: 'system', name: 'Scheduler' };
const GENERATOR_ACTOR: Actor = { id: 'demo-generator', role: 'system', name: 'Demo generator' };

export interface Staff {
  actor: Actor;
  person: Person;
  createdBy: { id: string; name: string; role: string; email: string | null };
}

const asStaff = (actor: Actor, email: string | null): Staff => ({
  actor,
  person: { id: actor.id, name: actor.name },
  createdBy: { id: actor.id, name: actor.name, role: actor.role, email },
});

/** Staff accounts by email, those the store has (active admins and employees). */
export async function staffByEmail(store: EventStore, emails: readonly string[]): Promise<Staff[]> {
  const found: Staff[] = [];
  for (const email of emails) {
    const id = await findUserIdBy(store, 'email', email);
    if (!id) continue;
    const { state } = await loadUser(store, id);
    if (!state.exists || state.removed || !state.role || state.role === 'customer') continue;
    found.push(asStaff({ id, role: state.role, name: state.name }, email));
  }
  return found;
}

/** The demo admin and employee when the store has them; otherwise the generator itself. */
export async function findStaff(store: EventStore): Promise<{ admin: Staff; desk: Staff[] }> {
  const found = await staffByEmail(store, ['admin@demo.local', 'employee@demo.local']);
  const fallback = asStaff(GENERATOR_ACTOR, null);
  const admin = found.find((s) => s.actor.role === 'admin') ?? fallback;
  return { admin, desk: found.length > 0 ? found : [fallback] };
}

const ceilRupee = (paise: number) => Math.ceil(paise / 100) * 100;

export interface LoanHandle {
  uuid: string;
  loanId: string;
  state: LoanState;
}

/** A branch other than the default one: its customers, their loans and the staff who serve them. */
export interface BookBranch {
  branchId: string;
  desk: Staff[];
  /** Whether generated customer `index` belongs to this branch. */
  has(customerIndex: number): boolean;
}

/** What the lives share: the calendar, the store, the staff, the customers met so far. */
export interface Book {
  cal: Calendar;
  store: EventStore;
  sim: Simulation;
  seed: number;
  nowMs: number;
  admin: Staff;
  desk: Staff[];
  /** Branches besides the default one (whose desk is `desk`). */
  branches: BookBranch[];
  accountShare: number;
  customerFirstLoan: string[];
  demoCustomerUuid: string | null;
  customerUuids: Map<number, Promise<string>>;
  /** Profiles are numbered after the customers already in the store, so a second run meets no one twice. */
  firstProfile: number;
  stats: { loans: number };
  /** Every loan the book made (renewals too), for what is done after the story (sealing). */
  loanUuids: string[];
  loanCreated(loanUuid: string): void;
}

/** Minutes after midnight, Asia/Kolkata. */
const OPENING = 10 * 60;
const CLOSING = 17 * 60 + 30;

export function instantOf(date: string, minuteOfDay: number): number {
  const hh = String(Math.floor(minuteOfDay / 60)).padStart(2, '0');
  const mm = String(minuteOfDay % 60).padStart(2, '0');
  return new Date(`${date}T${hh}:${mm}:00+05:30`).getTime();
}

/** One loan's story: its own clock, random numbers and counter. Commands run one after another. */
export class Life {
  readonly clock: FixedClock;
  readonly rng: Rng;
  readonly deps: LoanBookDeps;
  readonly staff: Staff;
  /** The branch of the loan's customer; null: the default branch. */
  readonly branch: BookBranch | null;
  private last = 0;

  constructor(
    readonly book: Book,
    readonly plan: LifePlan,
  ) {
    this.clock = new FixedClock(new Date(book.nowMs));
    this.rng = new Rng(subSeed(book.seed, plan.index));
    this.deps = { store: book.store, clock: this.clock };
    const customer = plan.customer;
    this.branch = customer === 'demo' ? null : (book.branches.find((b) => b.has(customer)) ?? null);
    this.staff = this.rng.pick(this.branch?.desk ?? book.desk);
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
    uuid = registerDemoCustomer(book, index, life.staff, life.branch?.branchId);
    book.customerUuids.set(index, uuid);
  }
  return uuid;
}

/** Registered and verified before their first loan, at the counter; a share get a sign-in account. */
async function registerDemoCustomer(
  book: Book,
  index: number,
  staff: Staff,
  branchId: string | undefined,
): Promise<string> {
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
  const { customerUuid } = await registerCustomer(deps, profile, metadata, branchId);
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

/** The demo's gold is weighed against 93 % of the month's rate: loans stay under the lowest LTV tier. */
const DEMO_RATE_MARGIN = 0.93;

export async function openLoan(life: Life): Promise<LoanHandle> {
  const { plan, book } = life;
  await life.at(plan.loanDate);
  const customerRef = await ensureCustomer(life);
  const w = book.sim.windowOf(plan.loanDate);
  // Valued at the register's lower-of price (the last month's average may sit below this
  // window's rate): the gold is weighed against a rate a margin below both.
  const rate = Math.min(book.cal.goldRates[w]!, book.cal.goldRates[Math.max(0, w - 1)]!) * DEMO_RATE_MARGIN;
  const { loanUuid, loanId, state } = await createLoan(
    life.deps,
    {
      customerRef,
      goldItems: goldItemsFor(life.rng, ltvBasisOf(plan), rate),
      ...demoPayout(life.rng, plan.principalPaise),
      principalPaise: plan.principalPaise,
      annualRateBps: plan.rateBps,
      termMonths: plan.termMonths,
      repaymentType: plan.repaymentType,
      loanDate: plan.loanDate,
      createdBy: life.staff.createdBy,
      ...(life.branch ? { branchId: life.branch.branchId } : {}),
    },
    life.metadata(),
  );
  book.loanCreated(loanUuid);
  return { uuid: loanUuid, loanId, state };
}

export async function run(
  life: Life,
  loan: LoanHandle,
  command: LoanCommand,
  by: Staff | Actor = life.staff,
) {
  const result = await executeLoanCommand(life.deps, loan.uuid, command, life.metadata(by));
  loan.state = result.state;
  return result;
}

/** The amount to pay on `date`: `wanted` rounded up to the rupee, within the minimum and the total due. */
export function payable(loan: LoanHandle, date: string, wanted: number) {
  const q = quoteLoan(loan.state, date);
  return { quote: q, amount: Math.min(Math.max(ceilRupee(wanted), q.minimumTotalDuePaise), q.totalDuePaise) };
}

export interface PaymentOptions {
  method?: PaymentMethod;
  by?: Staff;
}

export async function pay(
  life: Life,
  loan: LoanHandle,
  date: string,
  amountPaise: number,
  options: PaymentOptions = {},
) {
  const by = options.by ?? life.staff;
  const paymentId = randomUUID();
  const q = quoteLoan(loan.state, date);
  const asked: Extract<LoanCommand, { type: 'RecordPayment' }> = {
    type: 'RecordPayment',
    paymentId,
    amountPaise,
    method: options.method ?? 'handcash',
    paymentType:
      amountPaise === q.minimumTotalDuePaise && amountPaise < q.totalDuePaise ? 'interest' : 'total',
    paymentDate: date,
    transactionId: null,
    bankName: null,
    enteredBy: by.person,
    today: life.today,
  };
  const { command, transferred } = await lawfulRepayment(life.deps, loan.state, asked, life.rng);
  await run(life, loan, command, by);
  if (transferred) {
    // A transfer taken at the counter in place of cash: approved the same day.
    const admin = life.book.admin;
    await run(
      life,
      loan,
      { type: 'ApprovePayment', paymentId, approvedBy: admin.person, today: life.today },
      admin,
    );
  }
  return paymentId;
}

/** The next installment's unpaid part, paid on (about) its due date. Null when the date is after today. */
export async function payInstallment(
  life: Life,
  loan: LoanHandle,
  date: string,
  options: PaymentOptions = {},
): Promise<string | null> {
  if (loan.state.status !== 'active' || !(await life.at(date))) return null;
  const paid = quoteLoan(loan.state, date).totalPaidPaise;
  const next = fillInstallments(loan.state.installments, paid).find((i) => i.status === 'unpaid');
  const wanted = next ? next.amountPaise - next.amountPaidPaise : 0;
  const paymentId = await pay(life, loan, date, payable(loan, date, wanted).amount, options);
  // The last installment repaid the loan.
  await handBackGold(life, loan, options.by);
  return paymentId;
}

/** Closures this recent may still have their gold waiting at the branch (the gold-returns page has work). */
const RECENT_CLOSURE_DAYS = 3;
/** Of those, the share whose customer has not come yet. */
const STILL_WAITING = 0.5;
/** Of the rest, the share who collect on the next working day rather than the closing day. */
const NEXT_DAY = 0.25;

/**
 * The gold of a loan just repaid goes back across the counter the same day, or for some the
 * next working day, as at a lender that keeps the Directions' release rule; only some of
 * the last three days' closures still wait for the customer (issue 19, point 8).
 */
export async function handBackGold(life: Life, loan: LoanHandle, by: Staff = life.staff): Promise<void> {
  if (loan.state.status !== 'closed' || loan.state.goldReturn.status !== 'pending') return;
  const closedOn = life.today;
  const recent = closedOn > addDays(life.book.cal.today, -RECENT_CLOSURE_DAYS);
  if (recent && life.rng.chance(STILL_WAITING)) return;
  const nextDay = nextWorkingDay(closedOn);
  // The next day's hand-over, when that day has come; otherwise the same day's.
  if (life.rng.chance(NEXT_DAY) && nextDay <= life.book.cal.today) await life.at(nextDay);
  await run(life, loan, { type: 'MarkGoldReturned', notes: null, today: life.today }, by);
}

/**
 * Closes the loan on `date` with exactly the quote's total due (rebate and minimums priced
 * in), and hands the gold back. A loan about to be renewed keeps its gold (`keepGold`), as
 * does one whose customer is yet to come for it.
 */
export async function close(
  life: Life,
  loan: LoanHandle,
  date: string,
  by?: Staff,
  keepGold = false,
): Promise<string | null> {
  if (loan.state.status !== 'active' || !(await life.at(date))) return null;
  const paymentId = await pay(life, loan, date, quoteLoan(loan.state, date).totalDuePaise, by ? { by } : {});
  if (!keepGold) await handBackGold(life, loan, by);
  return paymentId;
}

/** A date moved by a few days, never before the loan date or `after`. */
function around(life: Life, loan: LoanHandle, date: string, after: string): string {
  const moved = addDays(date, life.rng.int(-3, 2));
  const floor = addDays(loan.state.disbursementDate, 1);
  return [moved, floor, after].reduce((a, b) => (a > b ? a : b));
}

/** Installment k's due date (1-based) moved by a few days, never before the loan date or `after`. */
export function paymentDate(life: Life, loan: LoanHandle, k: number, after: string): string {
  const due = loan.state.installments[k - 1]?.dueDate ?? addMonths(loan.state.disbursementDate, k);
  return around(life, loan, due, after);
}

/**
 * The loan's day in month `month` moved by a few days, never before the loan date or
 * `after`: when a script closes a loan (an EMI or monthly-interest loan's installment
 * `month` falls due that day; a bullet loan has none before maturity).
 */
export const closingDate = (life: Life, loan: LoanHandle, month: number, after: string): string =>
  around(life, loan, addMonths(loan.state.disbursementDate, month), after);

/**
 * Pays, on their dates, the installments falling due in the loan's first `months` months
 * while it is open and the date has come: the first `months` of an EMI or monthly-interest
 * loan; a bullet loan's one installment only once `months` reaches its term.
 */
export async function payMonthly(life: Life, loan: LoanHandle, months: number, options: PaymentOptions = {}) {
  let last = loan.state.disbursementDate;
  const until = Number.isFinite(months) ? addMonths(loan.state.disbursementDate, months) : null;
  const ids: Array<{ paymentId: string; date: string }> = [];
  for (let k = 1; k <= loan.state.installments.length; k++) {
    if (until !== null && loan.state.installments[k - 1]!.dueDate > until) break;
    const date = paymentDate(life, loan, k, last);
    const paymentId = await payInstallment(life, loan, date, options);
    if (!paymentId) break;
    ids.push({ paymentId, date });
    last = date;
  }
  return ids;
}

/** The scheduler's nightly run: the rate goes up on each upgrade date that has come while the loan is open. */
export async function schedulerUpgrades(life: Life, loan: LoanHandle) {
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
export async function maybeEdit(life: Life, loan: LoanHandle) {
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
