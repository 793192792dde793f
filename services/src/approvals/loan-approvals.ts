/**
 * Maker-checker for the loan book: what the lending and auction routes ask before they
 * run a command (one call each), and the executors that run a held command once a checker
 * approves it.
 */
import {
  bpsToPercent,
  businessDate,
  formatBusinessDate,
  formatInr,
  loanStreamId,
  LoanEvents,
  type ApprovalAction,
  type ApprovalRule,
  type SentForApprovalResponse,
} from '@goldledger/contracts';
import type { FastifyRequest } from 'fastify';
import { sendAuctionNotices } from '../auctions/auction-notices.js';
import {
  checkLoanCommand,
  checkNewLoan,
  createLoan,
  executeLoanCommand,
  loadLoan,
  renewalOf,
  staleVersion,
  type NewLoan,
  type Renewal,
} from '../lending/loan-commands.js';
import { withCashReceived } from '../lending/borrower-loans.js';
import type { LoanCommand } from '../lending/loan.decider.js';
import { checkedTopUp, renewWithChecks, topUpLoan, type TopUp } from '../lending/renewal-commands.js';
import type { LoanState } from '../lending/loan.state.js';
import { ltvPricesForPayment } from '../lending/ltv-prices.js';
import {
  onlineTransactionIdOf,
  releasePaymentReference,
  withPaymentReference,
} from '../lending/payment-reference.js';
import { DomainError } from '../platform/decider.js';
import { requestScopedUuid } from '../platform/request-idempotency.js';
import type { SliceDeps } from '../slice-deps.js';
import { cashBooked } from '../cash-book/cash-gate.js';
import { defineApprovalExecutor, type ApprovalExecutor } from './approval-executors.js';
import { requireApproval, rulesInForce, type ApprovalDeps } from './approval-gate.js';

type HeldLoanCommand = Extract<
  LoanCommand,
  { type: 'RecordPayment' | 'ReversePayment' | 'UpgradeRate' | 'MarkAuctioned' }
>;

const ACTIONS: Record<HeldLoanCommand['type'], ApprovalAction> = {
  RecordPayment: 'record_payment',
  ReversePayment: 'reverse_payment',
  UpgradeRate: 'upgrade_rate',
  MarkAuctioned: 'mark_auctioned',
};

const isHeldKind = (c: LoanCommand): c is HeldLoanCommand => Object.hasOwn(ACTIONS, c.type);

/** The policy rules a loan command falls under, before the policy says which are on. */
function candidateRules(c: LoanCommand): ApprovalRule[] {
  switch (c.type) {
    case 'RecordPayment':
      return c.paymentDate < c.today ? ['backdated_payment'] : [];
    case 'ReversePayment':
      return ['payment_reversal'];
    case 'UpgradeRate':
      return c.upgradedBy.type === 'admin' ? ['rate_upgrade'] : [];
    case 'MarkAuctioned':
      return ['auction_sale'];
    default:
      return [];
  }
}

/** A date the maker left to "today" is their today, whenever the command runs. */
function pinned(c: HeldLoanCommand): HeldLoanCommand {
  return c.type === 'MarkAuctioned' && c.auctionDate === null ? { ...c, auctionDate: c.today } : c;
}

const ofLoan = (s: LoanState) => `${s.loanId}${s.customer ? ` (${s.customer.name})` : ''}`;
const byMethod = (method: string) => (method === 'online' ? 'online' : 'in cash');

/** Who asks for what, in a sentence, and the amount at stake. */
function described(
  c: HeldLoanCommand,
  s: LoanState,
  decided: ReturnType<typeof checkLoanCommand>,
): { summary: string; amountPaise: number | null } {
  switch (c.type) {
    case 'RecordPayment':
      return {
        summary: `Payment of ${formatInr(c.amountPaise)} ${byMethod(c.method)} dated ${formatBusinessDate(c.paymentDate)} (back-dated from ${formatBusinessDate(c.today)}) on loan ${ofLoan(s)}`,
        amountPaise: c.amountPaise,
      };
    case 'ReversePayment': {
      const p = s.payments.find((x) => x.paymentId === c.paymentId)!;
      return {
        summary: `Reverse the payment of ${formatInr(p.amountPaise)} dated ${formatBusinessDate(p.date)} (receipt ${p.receiptNumber}) on loan ${ofLoan(s)}`,
        amountPaise: p.amountPaise,
      };
    }
    case 'UpgradeRate': {
      const up = decided.find((e) => e.type === 'RateUpgraded');
      const data = up ? LoanEvents.RateUpgraded.parse(up.data) : null;
      return {
        summary: data
          ? `Upgrade the interest rate on loan ${ofLoan(s)} from ${bpsToPercent(data.previousRateBps)}% to ${bpsToPercent(data.newRateBps)}% (level ${data.level})`
          : `Upgrade the interest rate on loan ${ofLoan(s)}`,
        amountPaise: null,
      };
    }
    case 'MarkAuctioned':
      return {
        summary: `Auction sale of the gold of loan ${ofLoan(s)} for ${formatInr(c.salePaise)} on ${formatBusinessDate(c.auctionDate ?? c.today)}`,
        amountPaise: c.salePaise,
      };
    default: {
      const _exhaustive: never = c;
      return _exhaustive;
    }
  }
}

const reasonOf = (c: HeldLoanCommand): string | null =>
  c.type === 'RecordPayment'
    ? (c.backdateReason ?? null)
    : c.type === 'ReversePayment'
      ? c.reason
      : c.type === 'UpgradeRate'
        ? (c.earlyReason ?? null)
        : c.notes;

/**
 * For a loan route about to run `command`: null to go ahead; otherwise the command (checked
 * now against the loan, so a refusal is answered at once) is stored for a checker and this
 * is the 202 answer. Nothing is written to the loan.
 */
export async function holdLoanCommand(
  deps: ApprovalDeps,
  request: FastifyRequest,
  loanUuid: string,
  command: LoanCommand,
  options: { expectedVersion?: number } = {},
): Promise<SentForApprovalResponse | null> {
  if (!isHeldKind(command)) return null;
  const rules = candidateRules(command);
  if ((await rulesInForce(deps, rules, null)).length === 0) return null;
  const { state, version } = await loadLoan(deps.store, loanUuid);
  if (state.status === 'none' || state.status === 'deleted') {
    throw new DomainError('Loan not found', 'loan_not_found', 404);
  }
  const { expectedVersion } = options;
  if (expectedVersion !== undefined && version !== expectedVersion) {
    throw staleVersion(state.loanId, expectedVersion, version);
  }
  const stored = pinned(command);
  const decided = checkLoanCommand(stored, state);
  // Nothing would change (a payment already reversed): the route answers as it always has.
  if (decided.length === 0) return null;
  const { summary, amountPaise } = described(stored, state, decided);
  return requireApproval(deps, request, {
    action: ACTIONS[stored.type],
    rules,
    summary,
    amountPaise,
    subject: { loanUuid, loanId: state.loanId, customerName: state.customer?.name ?? null },
    command: { loanUuid, command: stored, ...(expectedVersion === undefined ? {} : { expectedVersion }) },
    reason: reasonOf(stored),
  });
}

/** A held new loan also names the loan it will open, so the customer's confirmation can too. */
export type HeldLoan = SentForApprovalResponse & { loanUuid: string };

/** The route's 202 answer for a held loan. */
export const sentForApproval = ({ message, approvalId }: HeldLoan): SentForApprovalResponse => ({
  message,
  approvalId,
});

/** For the loan-creation routes: null to go ahead, or the held request (the loan it will open named). */
export async function holdNewLoan(
  deps: ApprovalDeps,
  request: FastifyRequest,
  loan: NewLoan,
): Promise<HeldLoan | null> {
  const today = businessDate(deps.clock.now());
  const rules: ApprovalRule[] = [
    'large_loan',
    ...(loan.loanDate && loan.loanDate < today ? (['backdated_loan'] as const) : []),
  ];
  if ((await rulesInForce(deps, rules, loan.principalPaise)).length === 0) return null;
  const { disbursementDate, customer } = await checkNewLoan(deps, loan);
  const loanUuid = requestScopedUuid('held-loan');
  const held = await requireApproval(deps, request, {
    action: 'create_loan',
    rules,
    summary: `New loan of ${formatInr(loan.principalPaise)} for ${customer.name} (${customer.customerId}) dated ${loan.loanDate ? formatBusinessDate(disbursementDate) : 'the day it is approved'}, ${bpsToPercent(loan.annualRateBps)}% for ${loan.termMonths} months`,
    amountPaise: loan.principalPaise,
    subject: { loanUuid: null, loanId: null, customerName: customer.name },
    command: { loanUuid, loan },
    reason: loan.loanDateReason ?? null,
  });
  return held && { ...held, loanUuid };
}

/**
 * For the renewal route: null to go ahead, or the held request (the new loan it will open
 * named: `renewal.loanUuid`, or one made up here). The route has checked the renewal.
 */
export async function holdRenewal(
  deps: ApprovalDeps,
  request: FastifyRequest,
  oldLoanUuid: string,
  renewal: Renewal,
): Promise<HeldLoan | null> {
  if ((await rulesInForce(deps, ['large_loan'], renewal.principalPaise)).length === 0) return null;
  const loan = await renewalOf(deps, oldLoanUuid, renewal);
  const { customer } = await checkNewLoan(deps, loan);
  const loanUuid = renewal.loanUuid ?? requestScopedUuid('held-loan');
  const held = await requireApproval(deps, request, {
    action: 'renew_loan',
    rules: ['large_loan'],
    summary: `Renew loan ${loan.renewalOf!.loanId} (${customer.name}) as a new loan of ${formatInr(renewal.principalPaise)}, ${bpsToPercent(renewal.annualRateBps)}% for ${renewal.termMonths} months`,
    amountPaise: renewal.principalPaise,
    subject: { loanUuid: oldLoanUuid, loanId: loan.renewalOf!.loanId, customerName: customer.name },
    command: { oldLoanUuid, loanUuid, renewal },
    reason: null,
  });
  return held && { ...held, loanUuid };
}

/** For the top-up route: null to go ahead, or the held request (checked now; the new loan named). */
export async function holdTopUp(
  deps: ApprovalDeps,
  request: FastifyRequest,
  parentUuid: string,
  topUp: TopUp,
): Promise<HeldLoan | null> {
  if ((await rulesInForce(deps, ['large_loan'], topUp.principalPaise)).length === 0) return null;
  const loanUuid = topUp.loanUuid ?? requestScopedUuid('held-loan');
  const { loan, parent } = await checkedTopUp(deps, parentUuid, { ...topUp, loanUuid });
  const { customer } = await checkNewLoan(deps, loan);
  // Held without the parent's version: the checker approves against the loan as it is then.
  const { expectedVersion: _seen, ...stored } = topUp;
  const held = await requireApproval(deps, request, {
    action: 'top_up_loan',
    rules: ['large_loan'],
    summary: `Top up loan ${parent.loanId} (${customer.name}) with a new loan of ${formatInr(topUp.principalPaise)}, ${bpsToPercent(topUp.annualRateBps)}% for ${topUp.termMonths} months`,
    amountPaise: topUp.principalPaise,
    subject: { loanUuid: parentUuid, loanId: parent.loanId, customerName: customer.name },
    command: { parentUuid, loanUuid, topUp: { ...stored, loanUuid } },
    reason: null,
  });
  return held && { ...held, loanUuid };
}

// ── Executors: run a held command as the maker sent it ────────────────────────────────

interface StoredLoanCommand {
  loanUuid: string;
  command: HeldLoanCommand;
  expectedVersion?: number;
}

/** The books run to the day the command is carried out; every date the maker chose is in the command. */
const onToday = (deps: SliceDeps, c: HeldLoanCommand): HeldLoanCommand => ({
  ...c,
  today: businessDate(deps.clock.now()),
});

const runLoanCommand: ApprovalExecutor = async (deps, stored, run) => {
  const { loanUuid, command, expectedVersion } = stored as unknown as StoredLoanCommand;
  const { state: before } = await loadLoan(deps.store, loanUuid);
  if (before.status === 'none' || before.status === 'deleted') {
    throw new DomainError('Loan not found', 'loan_not_found', 404);
  }
  // A cash repayment is checked against the borrower's cash that day as it stands now.
  const dated = await withCashReceived(deps, before, onToday(deps, command));
  // A payment cures an open margin call at the prices of the day it is carried out.
  const c: HeldLoanCommand =
    dated.type === 'RecordPayment'
      ? { ...dated, ltvPrices: await ltvPricesForPayment(deps.store, before, dated.today) }
      : dated;
  // Cash moved by the approved command is booked in the branch's cash book, as at the counter.
  const execute = () => executeLoanCommand(cashBooked(deps), loanUuid, c, run.metadata, { expectedVersion });
  switch (c.type) {
    case 'RecordPayment': {
      const { state } = await withPaymentReference(
        deps,
        {
          transactionId: c.method === 'online' ? c.transactionId : null,
          paymentId: c.paymentId,
          loanStreamId: loanStreamId(loanUuid),
          loanId: before.loanId,
        },
        run.metadata,
        execute,
      );
      const closed = state.status === 'closed' ? ` Loan ${state.loanId} is fully repaid and closed.` : '';
      return { message: `Payment recorded.${closed}`, loanUuid, loanId: state.loanId };
    }
    case 'ReversePayment': {
      const { state } = await execute();
      // A reversed online payment frees its bank transaction id, as the route does.
      const transactionId = await onlineTransactionIdOf(deps, loanUuid, c.paymentId);
      if (transactionId) await releasePaymentReference(deps, transactionId, c.paymentId, run.metadata);
      return { message: 'Payment reversed.', loanUuid, loanId: state.loanId };
    }
    case 'UpgradeRate': {
      const { state } = await execute();
      return {
        message: `Interest rate upgraded to ${state.annualRateBps / 100}%.`,
        loanUuid,
        loanId: state.loanId,
      };
    }
    case 'MarkAuctioned': {
      const result = await execute();
      // The sale is recorded; a notice that could not be queued must not undo it (as in the route).
      await sendAuctionNotices(
        deps,
        loanUuid,
        result.eventIds,
        run.metadata.correlationId ?? run.approvalId,
      ).catch(() => undefined);
      return { message: 'Loan marked as auctioned and closed.', loanUuid, loanId: result.state.loanId };
    }
    default: {
      const _exhaustive: never = c;
      return _exhaustive;
    }
  }
};

/** The loan a held creation names: opened once; found, not opened again, when resumed. */
async function openedBefore(deps: SliceDeps, loanUuid: string) {
  const { state } = await loadLoan(deps.store, loanUuid);
  return state.status === 'none'
    ? null
    : { message: `Loan ${state.loanId} created.`, loanUuid, loanId: state.loanId };
}

const runCreateLoan: ApprovalExecutor = async (deps, stored, run) => {
  const { loanUuid, loan } = stored as unknown as { loanUuid: string; loan: NewLoan };
  const earlier = await openedBefore(deps, loanUuid);
  if (earlier) return earlier;
  const opened = await createLoan(cashBooked(deps), { ...loan, loanUuid }, run.metadata);
  return { message: `Loan ${opened.loanId} created.`, loanUuid, loanId: opened.loanId };
};

const runRenewal: ApprovalExecutor = async (deps, stored, run) => {
  const { oldLoanUuid, loanUuid, renewal } = stored as unknown as {
    oldLoanUuid: string;
    loanUuid: string;
    renewal: Renewal;
  };
  const earlier = await openedBefore(deps, loanUuid);
  if (earlier) return earlier;
  // Checked again as of the day it is carried out: a fresh appraisal at that day's price.
  const opened = await renewWithChecks(cashBooked(deps), oldLoanUuid, { ...renewal, loanUuid }, run.metadata);
  return { message: `Loan renewed as ${opened.loanId}.`, loanUuid, loanId: opened.loanId };
};

const runTopUp: ApprovalExecutor = async (deps, stored, run) => {
  const { parentUuid, loanUuid, topUp } = stored as unknown as {
    parentUuid: string;
    loanUuid: string;
    topUp: TopUp;
  };
  const earlier = await openedBefore(deps, loanUuid);
  if (earlier) return earlier;
  const opened = await topUpLoan(cashBooked(deps), parentUuid, { ...topUp, loanUuid }, run.metadata);
  return { message: `Loan topped up as ${opened.loanId}.`, loanUuid, loanId: opened.loanId };
};

/** Installs the loan book's executors (called when the approval routes are registered). */
export function defineLoanApprovalExecutors(): void {
  for (const action of Object.values(ACTIONS)) defineApprovalExecutor(action, runLoanCommand);
  defineApprovalExecutor('create_loan', runCreateLoan);
  defineApprovalExecutor('renew_loan', runRenewal);
  defineApprovalExecutor('top_up_loan', runTopUp);
}
