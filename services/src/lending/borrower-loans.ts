/**
 * One borrower's loans, read consistently: the caps that span a borrower's loans (weights,
 * the consumption LTV tier, cash received in a day) must see a loan opened a moment ago,
 * and two loans opened at once for one borrower must not both pass on the same figures.
 *
 * The `borrower-loans-<customer>` stream lists each loan; a new loan is listed in the same
 * transaction that writes it, at the version read when the others were checked, so the
 * second of two concurrent loans conflicts and is checked again. Each listed loan's own
 * stream says whether it is open and what it owes (no read model, no lag). Loans made
 * before the stream existed are taken from the loan book's read model once, when the
 * borrower's stream is started, and listed in it then (they were projected long ago).
 */
import {
  borrowerLoansStreamId,
  BORROWER_LOANS_STREAM_TYPE,
  type BorrowerLoansEvent,
  type EventMetadata,
  type LoanEvent,
  type PolicyVersion,
} from '@goldledger/contracts';
import type { Kysely } from 'kysely';
import type { CommandDeps } from '../platform/command-handler.js';
import { fold } from '../platform/decider.js';
import type { EventStore, NewEvent } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';
import { branchCalendars, type BranchCalendars } from '../holidays/holiday-calendar.js';
import { policyOfVersion, readPolicyVersions } from '../policy/policy-versions.js';
import { grossByType, type PledgedLoan } from './decide/sanction-checks.js';
import type { LoanCommand } from './loan.decider.js';
import { ledgerSnapshot } from './loan.rules.js';
import { evolveLoan, initialLoanState, successfulPayments, type LoanState } from './loan.state.js';

/**
 * What the borrower-wide checks read. `db` finds the loans made before borrower streams
 * existed; the API's routes and the approval executor always carry it. The demo and the
 * test kits write to stores whose every loan was listed when opened, and may leave it out.
 */
export type BorrowerDeps = CommandDeps & { db?: Kysely<Database> };

export interface ListedLoan {
  loanStreamId: string;
  loanId: string;
  openedOn: string;
}

export interface BorrowerLoans {
  customerUuid: string;
  /** The borrower stream's version when read: a new loan is listed at it. */
  version: number;
  /** Every loan of the borrower's (listed, or found in the loan book when not yet listed). */
  loans: Array<ListedLoan & { state: LoanState }>;
  /** Loans found in the loan book, to list when the stream is started. */
  unlisted: ListedLoan[];
}

/** The borrower's loans made before their stream existed, from the loan book's read model. */
async function loansInBook(db: Kysely<Database>, customerUuid: string): Promise<ListedLoan[]> {
  try {
    const rows = await readModel(db, 'rm_loans')
      .selectFrom('loans')
      .select(['loan_uuid', 'loan_id', 'disbursement_date'])
      .where('customer_stream_id', '=', `customer-${customerUuid}`)
      .orderBy('disbursement_date')
      .execute();
    return rows.map((r) => ({
      loanStreamId: `loan-${r.loan_uuid}`,
      loanId: r.loan_id,
      openedOn: String(r.disbursement_date).slice(0, 10),
    }));
  } catch (error) {
    // No loan book yet (42P01): it was never projected, so no loan predates the borrower streams.
    if ((error as { code?: string }).code === '42P01') return [];
    throw error;
  }
}

async function foldLoan(
  store: EventStore,
  loanStreamId: string,
  versions: readonly PolicyVersion[],
  calendars: BranchCalendars,
) {
  const { events } = await store.readStream(loanStreamId);
  const state = fold(
    (s: LoanState, e: { type: string; data: unknown }) => evolveLoan(s, e as LoanEvent),
    initialLoanState(),
    events,
  );
  return {
    ...state,
    policy: policyOfVersion(versions, state.policyVersion, await calendars(state.branchId)),
  };
}

/** The borrower's loans as they stand, with the version to list a new one at. */
export async function readBorrowerLoans(deps: BorrowerDeps, customerUuid: string): Promise<BorrowerLoans> {
  const { version, events } = await deps.store.readStream(borrowerLoansStreamId(customerUuid));
  const listed = events.map((e) => (e as unknown as BorrowerLoansEvent).data);
  const unlisted = version === 0 && deps.db ? await loansInBook(deps.db, customerUuid) : [];
  const [versions, calendars] = await Promise.all([
    readPolicyVersions(deps.store),
    branchCalendars(deps.store),
  ]);
  const all = [...listed, ...unlisted];
  const states = await Promise.all(all.map((l) => foldLoan(deps.store, l.loanStreamId, versions, calendars)));
  return {
    customerUuid,
    version,
    loans: all.map((l, i) => ({
      loanStreamId: l.loanStreamId,
      loanId: l.loanId,
      openedOn: l.openedOn,
      state: states[i]!,
    })),
    unlisted,
  };
}

/**
 * The borrower's open loans as the sanction checks read them: purpose, principal still owed
 * on `asOf` and the gold pledged. `except` leaves out the loan being opened (a retried
 * request whose loan was listed already).
 */
export function openPledges(borrower: BorrowerLoans, asOf: string, except?: string): PledgedLoan[] {
  return borrower.loans
    .filter((l) => l.state.status === 'active' && l.loanStreamId !== except)
    .map(({ state }) => ({
      loanId: state.loanId,
      purpose: state.purpose,
      principalOutstandingPaise: ledgerSnapshot(
        state,
        successfulPayments(state),
        asOf > state.disbursementDate ? asOf : state.disbursementDate,
      ).principalOutstandingPaise,
      pledgedMg: grossByType(state.goldItems),
    }));
}

/**
 * Lists a new loan on its borrower's stream, through the store of the transaction that
 * writes the loan, at the version read for its checks (a ConcurrencyError there means
 * another loan of theirs came first: check again). Starting the stream lists the loans
 * found in the loan book first.
 */
export async function listLoan(
  store: EventStore,
  borrower: BorrowerLoans,
  loan: ListedLoan,
  occurredAt: Date,
  metadata: EventMetadata,
): Promise<void> {
  // The loan's own append carries the request's idempotency key; this one must not reuse it.
  const { idempotencyKey: _key, ...listMetadata } = metadata;
  const event = (l: ListedLoan, source: 'sanction' | 'earlier'): NewEvent => ({
    type: 'LoanPledged',
    data: { ...l, source },
    occurredAt,
  });
  await store.append(
    borrowerLoansStreamId(borrower.customerUuid),
    [...borrower.unlisted.map((l) => event(l, 'earlier')), event(loan, 'sanction')],
    {
      streamType: BORROWER_LOANS_STREAM_TYPE,
      expectedVersion: borrower.version === 0 ? 'no_stream' : borrower.version,
      metadata: listMetadata,
    },
  );
}

/**
 * Cash the borrower paid on `date` across all their loans (handcash payments not reversed;
 * `except` leaves out one payment, the one being decided when it is already recorded).
 */
export function cashReceivedOn(borrower: BorrowerLoans, date: string, except?: string): number {
  let sum = 0;
  for (const { state } of borrower.loans) {
    for (const p of state.payments) {
      if (p.method === 'handcash' && p.status === 'success' && p.date === date && p.paymentId !== except) {
        sum += p.amountPaise;
      }
    }
  }
  return sum;
}

/** The customer uuid of a loan's borrower (the snapshot names their stream). */
export const borrowerOf = (state: Pick<LoanState, 'customer'>): string | null =>
  state.customer ? state.customer.customerStreamId.replace(/^customer-/, '') : null;

/**
 * A cash repayment with what its borrower already paid in cash that day across all their
 * loans, for the decider's s.269ST check; any other command as it is. Read from the loans'
 * own streams when the payment is taken (and again when a held one is approved).
 */
export async function withCashReceived<C extends LoanCommand>(
  deps: BorrowerDeps,
  loan: Pick<LoanState, 'customer'>,
  command: C,
): Promise<C> {
  const customerUuid = borrowerOf(loan);
  if (command.type !== 'RecordPayment' || command.method !== 'handcash' || !customerUuid) return command;
  const borrower = await readBorrowerLoans(deps, customerUuid);
  return {
    ...command,
    cashReceivedSameDayPaise: cashReceivedOn(borrower, command.paymentDate, command.paymentId),
  };
}
