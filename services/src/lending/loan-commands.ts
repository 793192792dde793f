// Over 400 lines: a loan's command entry points (execute, open, check, renew) share private helpers
// (decideAndAppend, the borrower snapshot, the policy loaders); split, each would be exported for one caller.
import { randomUUID } from 'node:crypto';
import {
  appraiseItems,
  type BranchScope,
  LOAN_STREAM_TYPE,
  loanStreamId,
  type DisbursementMethod,
  type DisbursementMode,
  type LoanPurpose,
  type EventMetadata,
  type GoldItemRecord,
  type Holidays,
  type LoanCustomerSnapshot,
  type LoanEvent,
  type PolicyVersion,
  type RepaymentType,
  businessDate,
  itemFineness,
} from '@goldledger/contracts';
import { inBranchScope } from '../branches/branch-scope.js';
import { resolveCustomer } from '../customers/customer-commands.js';
import { type Clock } from '../platform/clock.js';
import { handle } from '../platform/command-handler.js';
import { DomainError, fold } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { writeWithNextNumber } from '../platform/sequence.js';
import { requireBranch } from '../branches/branch.state.js';
import { receiptNumberOf, receiptSequenceOf } from './receipt-numbers.js';
import { branchCalendars, type BranchCalendars } from '../holidays/holiday-calendar.js';
import { policyOfVersion, policyOn, readPolicyVersions } from '../policy/policy-versions.js';
import { decideLoan, type LoanCommand, type SanctionEvidence } from './loan.decider.js';
import { pricesOn } from '../gold-prices/gold-price.queries.js';
import { ConcurrencyError } from '../platform/event-store/event-store.js';
import { listLoan, openPledges, readBorrowerLoans, type BorrowerDeps } from './borrower-loans.js';
import { checkLoanDate } from './decide/open-loan.js';
import { evolveLoan, initialLoanState, type LoanState } from './loan.state.js';
import { requireNoOpenTopUp } from './top-up-links.js';

/** What the loan commands need; `db` (the API has it) finds a borrower's loans from before borrower streams (borrower-loans.ts). */
export type LendingDeps = BorrowerDeps;

const evolve = (s: LoanState, e: { type: string; data: unknown }) => evolveLoan(s, e as LoanEvent);

/**
 * The loan with its own policy version's document attached (events carry only the number),
 * on its branch's holiday calendar (the national holidays and its state's).
 */
export const withPolicy = (
  state: LoanState,
  versions: readonly PolicyVersion[],
  holidays: Holidays,
): LoanState => ({
  ...state,
  policy: policyOfVersion(versions, state.policyVersion, holidays),
});

/** `withPolicy` with the loan's branch's calendar looked up. */
export const withBranchPolicy = async (
  state: LoanState,
  versions: readonly PolicyVersion[],
  calendars: BranchCalendars,
): Promise<LoanState> => withPolicy(state, versions, await calendars(state.branchId));

export async function loadLoan(
  store: EventStore,
  loanUuid: string,
): Promise<{ state: LoanState; version: number }> {
  const [{ version, events }, versions, calendars] = await Promise.all([
    store.readStream(loanStreamId(loanUuid)),
    readPolicyVersions(store),
    branchCalendars(store),
  ]);
  return {
    state: await withBranchPolicy(fold(evolve, initialLoanState(), events), versions, calendars),
    version,
  };
}

/**
 * When a command is about an earlier business day (a back-dated loan or repayment), its
 * events carry that day as their business time; otherwise now.
 */
export function occurredAtFor(clock: Clock, businessDay: string | undefined): Date {
  const now = clock.now();
  if (!businessDay || businessDay >= businessDate(now)) return now;
  return new Date(`${businessDay}T12:00:00+05:30`);
}

const businessDayOf = (c: LoanCommand): string | undefined =>
  c.type === 'CreateLoan' ? c.disbursementDate : c.type === 'RecordPayment' ? c.paymentDate : undefined;

export interface LoanCommandOptions {
  /**
   * The loan version the person saw (`expectedVersion` of a manual command): when the loan
   * has moved on since, the command is refused with 409 instead of being decided against a
   * state they never saw. Checked on every attempt, so of two commands sent with the same
   * version only the first lands.
   */
  expectedVersion?: number;
}

/** The 409 a manual command gets when the loan changed after the person looked at it. */
export function staleVersion(loanId: string, seen: number, now: number): DomainError {
  return new DomainError(
    `Loan ${loanId} has changed since you opened it (you saw version ${seen}, it is now at version ${now}). Reload it to see what changed, then try again.`,
    'stale_version',
    409,
    { expectedVersion: seen, currentVersion: now },
  );
}

/**
 * Load, decide, append; concurrent commands on one loan are serialised by the expected version.
 * A payment gets its receipt number from its branch's counter of the month, in the same
 * transaction (`receipt-numbers.ts`).
 */
export async function executeLoanCommand(
  deps: LendingDeps,
  loanUuid: string,
  command: LoanCommand,
  metadata: EventMetadata = {},
  options: LoanCommandOptions = {},
): Promise<Awaited<ReturnType<typeof decideAndAppend>>> {
  if (command.type !== 'RecordPayment' || command.receiptNumber) {
    return decideAndAppend(deps, loanUuid, command, metadata, options);
  }
  // Only the loan's branch is needed here (no policy or calendars: the decision reads those).
  const { events } = await deps.store.readStream(loanStreamId(loanUuid));
  const state = fold(evolve, initialLoanState(), events);
  // No loan (or a refused command): decided as ever, and no number is spent on it.
  if (!state.loanId) return decideAndAppend(deps, loanUuid, command, metadata, options);
  const branch = await requireBranch(deps.store, state.branchId);
  try {
    return await writeWithNextNumber(
      deps,
      receiptSequenceOf(branch.code, command.today),
      metadata,
      async (n, store) => {
        const numbered = { ...command, receiptNumber: receiptNumberOf(branch.code, command.today, n) };
        const result = await decideAndAppend({ ...deps, store }, loanUuid, numbered, metadata, options);
        // A repeat of a payment already recorded writes nothing: it must not spend a number.
        if (result.duplicate || result.eventIds.length === 0) throw new NothingNumbered(result);
        return result;
      },
    );
  } catch (error) {
    if (error instanceof NothingNumbered) return error.result;
    throw error;
  }
}

/** Rolls a receipt number's transaction back when the payment wrote nothing, carrying its answer. */
class NothingNumbered extends Error {
  constructor(readonly result: Awaited<ReturnType<typeof decideAndAppend>>) {
    super('nothing to number');
  }
}

async function decideAndAppend(
  { store, clock }: LendingDeps,
  loanUuid: string,
  command: LoanCommand,
  metadata: EventMetadata = {},
  { expectedVersion }: LoanCommandOptions = {},
) {
  const occurredAt = occurredAtFor(clock, businessDayOf(command));
  // The gold also secures the loan's open top-ups: it stays pledged until they are closed.
  if (command.type === 'MarkGoldReturned') await requireNoOpenTopUp(store, loanUuid);
  const [versions, calendars] = await Promise.all([readPolicyVersions(store), branchCalendars(store)]);
  const result = await handle<LoanState>(
    store,
    loanStreamId(loanUuid),
    async ({ state, version }) => {
      if (expectedVersion !== undefined && version !== expectedVersion) {
        throw staleVersion(state.loanId || loanUuid, expectedVersion, version);
      }
      const applied = await withBranchPolicy(state, versions, calendars);
      return decideLoan(command, applied).map((e) => ({ ...e, occurredAt }));
    },
    { streamType: LOAN_STREAM_TYPE, initialState: initialLoanState, evolve, metadata, maxRetries: 60 },
  );
  return { ...result, state: await withBranchPolicy(result.state, versions, calendars) };
}

/**
 * A command decided against the loan as it stands, writing nothing: refused exactly as
 * running it would be (a held command is checked so when it is asked for).
 */
export const checkLoanCommand = (command: LoanCommand, state: LoanState) => decideLoan(command, state);

/** `GL{yy}{MM}{NNNNN}`: year and month of the loan date, then that month's sequence. */
export const loanSequenceOf = (loanDate: string) => `loan-${loanDate.slice(2, 4)}${loanDate.slice(5, 7)}`;
const loanIdOf = (loanDate: string, n: number) =>
  `GL${loanDate.slice(2, 4)}${loanDate.slice(5, 7)}${String(n).padStart(5, '0')}`;

export interface NewLoan {
  customerRef: string;
  goldItems: GoldItemRecord[];
  principalPaise: number;
  annualRateBps: number;
  termMonths: number;
  /** EMI (the seeds' loans) unless told. */
  repaymentType?: RepaymentType;
  /** Empty: today. */
  loanDate: string | null;
  /** Why an admin dates the loan further back than an employee may. */
  loanDateReason?: string | null;
  createdBy: { id: string; name: string; role: string; email: string | null };
  renewalOf?: { loanStreamId: string; loanId: string } | null;
  /** The new loan's id when it is known beforehand (a held loan names it; default: a new one). */
  loanUuid?: string;
  /** The branches whose customers the person may lend to (default: every branch). */
  branchScope?: BranchScope;
  /** Cash from the branch's drawer (the cash book) or a bank transfer: the older field, read when no mode is given. */
  disbursementMethod?: DisbursementMethod;
  /** A renewal's or top-up's evidence, recorded on the new loan: fresh appraisal, parent, borrower's request. */
  sanction?: SanctionEvidence;
  /** Cash, bank transfer or UPI (default: from `disbursementMethod`, cash unless bank). */
  disbursementMode?: DisbursementMode;
  /** The bank transfer's UTR or the UPI reference. */
  disbursementReference?: string | null;
  /** Default consumption. */
  purpose?: LoanPurpose;
}

/** The payout mode of a new loan: as told, else the older method's (bank → bank transfer), else cash. */
export const disbursementModeOf = (input: Pick<NewLoan, 'disbursementMode' | 'disbursementMethod'>) =>
  input.disbursementMode ?? (input.disbursementMethod === 'bank' ? 'bank_transfer' : 'cash');

/** The customer as the loan copies them, and their branch, which the loan belongs to. */
async function customerSnapshot(deps: LendingDeps, ref: string, scope: BranchScope) {
  const found = await resolveCustomer(deps.store, ref);
  // Another branch's customer is not found, as one that does not exist.
  if (!found || !inBranchScope(scope, found.state.branchId)) {
    throw new DomainError('Customer not found', 'customer_not_found', 404);
  }
  const { state } = found;
  const snapshot: LoanCustomerSnapshot = {
    customerStreamId: `customer-${found.customerUuid}`,
    customerId: state.customerId,
    name: state.profile.name,
    email: state.profile.email,
    aadharNumber: state.profile.aadharNumber,
    primaryMobile: state.profile.primaryMobile,
    secondaryMobile: state.profile.secondaryMobile,
    emergencyContact: state.profile.emergencyContact,
    presentAddress: state.profile.presentAddress,
    permanentAddress: state.profile.permanentAddress,
  };
  return { snapshot, verified: state.verified, branchId: state.branchId };
}

/**
 * A new loan, decided (and so validated) before anything is written. Then, in one
 * transaction: `beforeAppend` (renewal marks the old loan there), the loan's stream, and
 * the month's counter. A refused or conflicting write rolls all of it back, so a GL number
 * is spent only by a loan that exists: the register has no gaps.
 */
export async function openLoan(
  deps: LendingDeps,
  input: NewLoan,
  metadata: EventMetadata,
  beforeAppend?: (tx: LendingDeps, loanUuid: string, loanId: string, today: string) => Promise<unknown>,
) {
  const loanUuid = input.loanUuid ?? randomUUID();
  for (let attempt = 1; ; attempt++) {
    const { today, disbursementDate, command, borrower } = await checkNewLoan(deps, { ...input, loanUuid });
    try {
      return await writeWithNextNumber(deps, loanSequenceOf(disbursementDate), metadata, async (n, store) => {
        const tx = { ...deps, store };
        const loanId = loanIdOf(disbursementDate, n);
        await beforeAppend?.(tx, loanUuid, loanId, today);
        const result = await executeLoanCommand(tx, loanUuid, command(loanId), metadata);
        // Listed on the borrower's stream at the version its checks read: a loan of theirs
        // opened meanwhile makes this conflict, and the loan is checked again below.
        await listLoan(
          store,
          borrower,
          { loanStreamId: loanStreamId(loanUuid), loanId, openedOn: disbursementDate },
          occurredAtFor(deps.clock, disbursementDate),
          metadata,
        );
        return { loanUuid, loanId, state: result.state, version: result.nextExpectedVersion };
      });
    } catch (error) {
      const borrowerMoved = error instanceof ConcurrencyError && error.streamId.startsWith('borrower-loans-');
      if (!borrowerMoved || attempt > MAX_BORROWER_RETRIES) throw error;
    }
  }
}

const MAX_BORROWER_RETRIES = 30;

/**
 * A new loan decided against no loan, without writing anything: refused here exactly as
 * opening it would be. Answers the command to open it with (given its GL number).
 */
export async function checkNewLoan(deps: LendingDeps, input: NewLoan) {
  const today = businessDate(deps.clock.now());
  const disbursementDate = input.loanDate || today;
  const { snapshot, verified, branchId } = await customerSnapshot(
    deps,
    input.customerRef,
    input.branchScope ?? { kind: 'all' },
  );
  // A date out of bounds (by today's policy) is refused as such, before any policy or
  // price of that date is looked for (the books may not reach back that far).
  checkLoanDate({ ...input, disbursementDate, today, policy: (await policyOn(deps.store, today)).policy });
  // The loan is sanctioned under the version in effect on its date, and priced by it for life.
  // On its branch's calendar (its gold is priced on the register's, the national one: pricesOn).
  const { version: policyVersion, policy } = await policyOn(deps.store, disbursementDate, branchId);
  // The gold is valued at the register's valuation price on the loan's date (409 when the
  // previous working day has no price), and the borrower's other loans are read as they stand.
  const [priceOf, borrower] = await Promise.all([
    pricesOn(deps.store, disbursementDate, policy),
    readBorrowerLoans(deps, snapshot.customerStreamId.replace(/^customer-/, '')),
  ]);
  const appraisal = appraiseItems(input.goldItems, priceOf, disbursementDate);
  const except = input.loanUuid && loanStreamId(input.loanUuid);
  const command = (loanId: string): LoanCommand => ({
    type: 'CreateLoan',
    loanId,
    branchId,
    customer: snapshot,
    customerVerified: verified,
    goldItems: input.goldItems,
    principalPaise: input.principalPaise,
    annualRateBps: input.annualRateBps,
    termMonths: input.termMonths,
    repaymentType: input.repaymentType ?? 'emi',
    disbursementDate,
    goldRatePaisePerGram: priceOf(policy.goldPrices.referencePurity).pricePaise,
    appraisal,
    borrowerOpenLoans: openPledges(borrower, today, except),
    purpose: input.purpose ?? 'consumption',
    disbursementMode: disbursementModeOf(input),
    disbursementReference: input.disbursementReference ?? null,
    createdBy: input.createdBy,
    renewalOf: input.renewalOf ?? null,
    loanDateReason: input.loanDateReason ?? null,
    today,
    policyVersion,
    policy,
    ...(input.sanction ? { sanction: input.sanction } : {}),
  });
  decideLoan(command('GL-check'), initialLoanState());
  return { today, disbursementDate, customer: snapshot, command, borrower, appraisal };
}

export const createLoan = (deps: LendingDeps, input: NewLoan, metadata: EventMetadata = {}) =>
  openLoan(deps, input, metadata);

export interface Renewal {
  principalPaise: number;
  annualRateBps: number;
  termMonths: number;
  createdBy: NewLoan['createdBy'];
  disbursementMethod?: DisbursementMethod;
  disbursementMode?: DisbursementMode;
  disbursementReference?: string | null;
  /** The version of the old loan the admin saw. */
  expectedVersion?: number;
  /** The new loan's id when it is known beforehand (a held renewal names it). */
  loanUuid?: string;
  /** The fresh appraisal and the borrower's request (renewal-commands.ts), recorded on the new loan. */
  sanction?: SanctionEvidence;
}

/**
 * Renewing a closed loan re-pledges its gold for a new loan (new number, same customer and
 * items). The new loan is decided first, so a refused one marks nothing; then, in one
 * transaction, the old loan is marked renewed (its expected version stops a double
 * renewal), the new one appended and its number spent.
 */
export async function renewLoan(
  deps: LendingDeps,
  oldUuid: string,
  renewal: Renewal,
  metadata: EventMetadata = {},
) {
  const { expectedVersion } = renewal;
  return openLoan(deps, await renewalOf(deps, oldUuid, renewal), metadata, (tx, loanUuid, loanId, today) =>
    executeLoanCommand(
      tx,
      oldUuid,
      { type: 'MarkRenewed', renewedOn: today, newLoanStreamId: loanStreamId(loanUuid), newLoanId: loanId },
      metadata,
      { expectedVersion },
    ),
  );
}

/** The new loan a renewal opens, once the old loan is found closed at the version the admin saw. */
export async function renewalOf(deps: LendingDeps, oldUuid: string, renewal: Renewal): Promise<NewLoan> {
  const { state: old, version } = await loadLoan(deps.store, oldUuid);
  if (old.status === 'none' || old.status === 'deleted' || !old.customer) {
    throw new DomainError('Loan not found', 'loan_not_found', 404);
  }
  if (old.status !== 'closed') {
    throw new DomainError('Only closed loans can be renewed', 'loan_not_closed', 409);
  }
  const { expectedVersion, ...terms } = renewal;
  if (expectedVersion !== undefined && version !== expectedVersion) {
    throw staleVersion(old.loanId, expectedVersion, version);
  }
  return {
    ...terms,
    customerRef: old.customer.customerStreamId.replace(/^customer-/, ''),
    // The same gold, each item with its fineness, so the new loan's appraisal prices it by purity.
    goldItems: old.goldItems.map((item) => ({ ...item, purity: itemFineness(item) })),
    loanDate: null,
    // The renewed loan keeps its purpose and structure; its gold is valued afresh at today's price.
    purpose: old.purpose,
    repaymentType: old.repaymentType,
    renewalOf: { loanStreamId: loanStreamId(oldUuid), loanId: old.loanId },
  };
}
