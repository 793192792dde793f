import { cashBooked } from '../cash-book/cash-gate.js';
import {
  comparePositions,
  LENDING_POLICY,
  START,
  type EventMetadata,
  type Position,
} from '@goldledger/contracts';
import { resolveCustomer } from '../customers/customer-commands.js';
import { FixedClock } from '../platform/clock.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { executeGoldRateCommand } from '../settings/gold-rate-commands.js';
import {
  BEHAVIOUR_NAMES,
  calendarFrom,
  demoCustomerLives,
  planBook,
  type Behaviour,
} from './loan-book-plan.js';
import {
  findStaff,
  instantOf,
  Life,
  openLoan,
  staffByEmail,
  type Book,
  type BookBranch,
  type LoanBookDeps,
  type Staff,
} from './loan-life.js';
import { SCRIPTS } from './loan-scripts.js';
import { sealOpenLoans } from './demo-custody.js';
import { settleDemoNotifications } from './demo-notifications.js';
import { seedDemoGoldPrices } from './demo-gold-prices.js';
import { Simulation } from './simulation.js';

export { BEHAVIOURS, type Behaviour } from './loan-book-plan.js';
export type { LoanBookDeps } from './loan-life.js';

/**
 * A demo loan book: two years of history made by the real command handlers
 * (customers registered and verified, loans at every rate and term, installments,
 * closures with the early-closure rebate, renewals, online payments approved or
 * pending, reversals, deletions, bank edits and the scheduler's rate upgrades). Each
 * command runs with a clock set to its moment in the story, so business dates and
 * `occurredAt` read as history; `recordedAt` is real. `npm start` seeds a small book
 * into an empty store; the benchmarks a large one (`npm run demo:generate -- --loans N`).
 */

export interface LoanBookOptions {
  /** Loans in the book (a renewal's new loan counts). */
  loans: number;
  seed?: number;
  /** Loan lives running at once. */
  concurrency?: number;
  /** Five loans for the demo customer CUS000001 (active, closed, upgraded; a bullet and a monthly-interest one), on top of `loans`. */
  includeDemoCustomer?: boolean;
  /** Customers given a sign-in account (the rest are verified without one). Default 0.2. */
  accountShare?: number;
  /** Loans created so far, of the planned total. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Seal the gold of the loans still open at the end in packets and put them in the vault,
   * the demo admin and employee as the pair (`npm start`'s demo; the benchmarks leave it out).
   */
  sealOpenLoans?: boolean;
  /**
   * Branches besides the default one. Every `1 / customerShare`-th generated customer belongs
   * to the first, with all their loans, served by its staff (found by email); the rest, and
   * the demo customer, to the default branch.
   */
  branches?: ReadonlyArray<{ branchId: string; customerShare: number; staffEmails: readonly string[] }>;
  /**
   * Leave only this many of the newest admin notifications unread, the rest read by the demo
   * admin, as an admin who keeps up with the bell would (`npm start`'s demo); unset, all stay unread.
   */
  leaveUnreadNotifications?: number;
}

export interface LoanBookResult {
  customers: number;
  loans: number;
  /** Events the generator appended, in all and by type. */
  events: number;
  eventsByType: Record<string, number>;
  /** Loan lives per scripted behaviour (the demo customer’s five not included). */
  byBehaviour: Record<Behaviour, number>;
  /** Lives that stopped on an error, and the first few errors. */
  failed: number;
  errors: string[];
  seconds: number;
}

const MAX_ERRORS_KEPT = 20;

/** Counts what the generator appends (the result's events) and keeps the newest position, passing everything through. */
function countingStore(
  store: EventStore,
  counts: Map<string, number>,
  newest: { position: Position },
): EventStore {
  const count = (types: string[], positions: Position[] = []) => {
    for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
    for (const p of positions) if (comparePositions(p, newest.position) > 0) newest.position = p;
  };
  return {
    async append(streamId, events, options) {
      const result = await store.append(streamId, events, options);
      if (!result.duplicate)
        count(
          events.map((e) => e.type),
          result.positions,
        );
      return result;
    },
    async transaction(work) {
      // Counted once committed: a rolled-back attempt appended nothing.
      const appended: string[] = [];
      const positions: Position[] = [];
      const result = await store.transaction((inner) => {
        // A store may run the work again (the cash book's gate, when a day moved meanwhile).
        appended.length = 0;
        positions.length = 0;
        return work({
          ...inner,
          async append(streamId, events, options) {
            const r = await inner.append(streamId, events, options);
            if (!r.duplicate) {
              appended.push(...events.map((e) => e.type));
              positions.push(...(r.positions ?? []));
            }
            return r;
          },
        });
      });
      count(appended, positions);
      return result;
    },
    readStream: (streamId) => store.readStream(streamId),
    readAll: (after, limit) => store.readAll(after, limit),
    headPosition: () => store.headPosition(),
    streamVersion: (streamId) => store.streamVersion(streamId),
  };
}

/** Each extra branch takes every n-th customer not taken by the one before (n = 1 / share). */
async function bookBranches(
  store: EventStore,
  wanted: NonNullable<LoanBookOptions['branches']>,
  fallbackDesk: Staff[],
): Promise<BookBranch[]> {
  const out: BookBranch[] = [];
  for (const [k, b] of wanted.entries()) {
    const every = Math.max(1, Math.round(1 / b.customerShare));
    const staff = await staffByEmail(store, b.staffEmails);
    out.push({
      branchId: b.branchId,
      desk: staff.length > 0 ? staff : fallbackDesk,
      // Offset by the branch's place so two branches take different customers.
      has: (index) => index % every === (every - 1 - k + every) % every,
    });
  }
  return out;
}

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
  // The demo's cash loans and receipts go into the branch cash book as the routes' do.
  const newest = { position: START };
  const store = countingStore(cashBooked(deps).store, counts, newest);
  const sim = new Simulation(cal.windows, concurrency);
  const { admin, desk } = await findStaff(deps.store);
  const branches = await bookBranches(deps.store, options.branches ?? [], desk);
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
    branches,
    accountShare: options.accountShare ?? 0.2,
    customerFirstLoan: plan.customers,
    demoCustomerUuid: demoCustomer?.customerUuid ?? null,
    customerUuids: new Map(),
    firstProfile: existingCustomers,
    stats: { loans: 0 },
    loanUuids: [],
    loanCreated(loanUuid) {
      this.stats.loans += 1;
      this.loanUuids.push(loanUuid);
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

  // Two years of daily closes per purity, before any loan is made (issue 17: loans are
  // valued at the valuation price of the day they are made).
  await seedDemoGoldPrices(
    { store, clock: deps.clock },
    {
      seed,
      policy: LENDING_POLICY,
      metadata: { actor: admin.actor, correlationId: `demo-loan-book:${seed}:gold-prices` },
    },
  );
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
  if (options.sealOpenLoans) {
    // Each branch's own employee seals with the admin (who works at every branch) confirming.
    const employeeOf = (staff: Staff[]) => staff.find((s) => s.actor.role === 'employee');
    const employee = employeeOf(desk);
    if (employee && admin.actor.role === 'admin') {
      await sealOpenLoans({ store, nowMs: book.nowMs }, book.loanUuids, (branchId) => ({
        by: employeeOf(branches.find((b) => b.branchId === branchId)?.desk ?? desk) ?? employee,
        confirmer: admin,
      }));
    }
  }

  if (options.leaveUnreadNotifications !== undefined && admin.actor.role === 'admin') {
    await settleDemoNotifications(
      { store, nowMs: book.nowMs, until: newest.position },
      admin,
      options.leaveUnreadNotifications,
    );
  }

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
