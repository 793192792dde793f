/**
 * Renewals and top-ups with the rules of issue 17, point 8 around the seeds' renewal:
 * the borrower's request (their code, taken by the route), a standard loan, accrued
 * interest paid first on bullet and monthly-interest loans, a fresh appraisal at today's
 * valuation price recorded on the new loan, and the new money within LTV of that value.
 */
import {
  appraiseItems,
  businessDate,
  itemFineness,
  LOAN_TOP_UPS_STREAM_TYPE,
  loanStreamId,
  loanTopUpsStreamId,
  type Appraisal,
  type EventMetadata,
  type GoldItemRecord,
  type LendingPolicy,
  type RenewalKind,
  type RenewalQuote,
} from '@goldledger/contracts';
import { pricesOn } from '../gold-prices/gold-price.queries.js';
import { DomainError } from '../platform/decider.js';
import { ConcurrencyError, type EventStore } from '../platform/event-store/event-store.js';
import { branchCalendars } from '../holidays/holiday-calendar.js';
import { policyOn, readPolicyVersions } from '../policy/policy-versions.js';
import {
  loadLoan,
  openLoan,
  renewalOf,
  renewLoan,
  staleVersion,
  withBranchPolicy,
  type LendingDeps,
  type NewLoan,
  type Renewal,
} from './loan-commands.js';
import type { LoanState } from './loan.state.js';
import {
  accruedInterestPaise,
  daysPastDue,
  maxNewLoanPaise,
  owedPaise,
  renewalRefusals,
  requireNoRefusal,
  requireWithinLtv,
  topUpRefusals,
  type Refusal,
} from './renewal.rules.js';
import { openTopUpsOf, topUpsOf } from './top-up-links.js';

/** The borrower's request, proved by the code they were sent (recorded on the new loan). */
export interface BorrowerRequest {
  verifiedAt: string;
  channel: 'sms' | 'email';
}

/**
 * The fresh appraisal of a renewal's or top-up's gold at today's valuation price (per item:
 * purity, weights, both price limbs, the value). Refused with "Gold prices for {date} have
 * not been entered" when the register lacks the previous working day. The one place these
 * loans are appraised: when every new loan is appraised at sanction (`checkNewLoan`), this
 * is that appraisal.
 */
export async function freshAppraisal(
  store: EventStore,
  items: readonly GoldItemRecord[],
  today: string,
  policy: LendingPolicy,
): Promise<Appraisal> {
  return appraiseItems(items, await pricesOn(store, today, policy), today);
}

const notFound = () => new DomainError('Loan not found', 'loan_not_found', 404);
const uuidOfCustomer = (s: LoanState) => s.customer!.customerStreamId.replace(/^customer-/, '');

/** The policy a new loan of today is sanctioned under. */
const policyToday = async (deps: LendingDeps) => {
  const today = businessDate(deps.clock.now());
  return { today, policy: (await policyOn(deps.store, today)).policy };
};

async function refuseWhileTopUpsOpen(store: EventStore, loanUuid: string, loanId: string) {
  const open = await openTopUpsOf(store, loanUuid);
  if (open.length === 0) return;
  throw new DomainError(
    `Loan ${loanId} has an open top-up (${open.map((t) => t.loanId).join(', ')}) on the same gold: close it before renewing`,
    'top_up_open',
    409,
  );
}

/**
 * The renewal as it will be made: the closed loan is standard, has no open top-up, and the
 * amount is within LTV of its gold's fresh appraisal, which (with the request given) it
 * carries to the new loan.
 */
export async function checkedRenewal(deps: LendingDeps, oldUuid: string, renewal: Renewal): Promise<Renewal> {
  const { state: old } = await loadLoan(deps.store, oldUuid);
  if (old.status === 'none' || old.status === 'deleted' || !old.customer) throw notFound();
  const { today, policy } = await policyToday(deps);
  requireNoRefusal(renewalRefusals(old, today, policy));
  const loan = await renewalOf(deps, oldUuid, renewal);
  await refuseWhileTopUpsOpen(deps.store, oldUuid, old.loanId);
  const appraisal = await freshAppraisal(deps.store, loan.goldItems, today, policy);
  requireWithinLtv('renewal', renewal.principalPaise, 0, appraisal.goldValuePaise, policy);
  return { ...renewal, sanction: { ...renewal.sanction, appraisal } };
}

/** A renewal with the checks: what the route and an approved held renewal run. */
export async function renewWithChecks(
  deps: LendingDeps,
  oldUuid: string,
  renewal: Renewal,
  metadata: EventMetadata = {},
) {
  return renewLoan(deps, oldUuid, await checkedRenewal(deps, oldUuid, renewal), metadata);
}

export interface TopUp {
  principalPaise: number;
  annualRateBps: number;
  termMonths: number;
  createdBy: NewLoan['createdBy'];
  disbursementMethod?: NewLoan['disbursementMethod'];
  disbursementMode?: NewLoan['disbursementMode'];
  disbursementReference?: string | null;
  /** Gold pledged with the loan's own for this top-up (appraised with it). */
  addedItems: GoldItemRecord[];
  /** The borrower's request; null only while the route checks the rules before asking for it. */
  borrowerRequest: BorrowerRequest | null;
  /** The version of the loan the person saw. */
  expectedVersion?: number;
  /** The new loan's id when known beforehand (a held top-up names it). */
  loanUuid?: string;
  branchScope?: NewLoan['branchScope'];
}

/** What is owed on the loan's gold already: the loan and its open top-ups (not `except`, the one being made). */
async function owedOnGold(
  deps: LendingDeps,
  parent: LoanState,
  parentUuid: string,
  today: string,
  except?: string,
) {
  const [{ version, topUps }, versions, calendars] = await Promise.all([
    topUpsOf(deps.store, parentUuid),
    readPolicyVersions(deps.store),
    branchCalendars(deps.store),
  ]);
  const others = await Promise.all(
    topUps.filter((t) => t.loanUuid !== except).map((t) => withBranchPolicy(t.state, versions, calendars)),
  );
  const owed = others.reduce((sum, t) => sum + owedPaise(t, today), 0);
  return { version, existingPaise: owedPaise(parent, today) + owed, linked: topUps };
}

/** The gold a top-up is made on: the loan's items (each with its fineness) and the added ones. */
const goldOfTopUp = (parent: LoanState, added: readonly GoldItemRecord[]): GoldItemRecord[] => [
  ...parent.goldItems.map((item) => ({ ...item, purity: itemFineness(item) })),
  ...added,
];

/** The top-up as it will be opened, and the parent's link-stream version it appends at. */
export async function checkedTopUp(deps: LendingDeps, parentUuid: string, t: TopUp) {
  const { state: parent, version } = await loadLoan(deps.store, parentUuid);
  if (parent.status === 'none' || parent.status === 'deleted' || !parent.customer) throw notFound();
  if (t.expectedVersion !== undefined && version !== t.expectedVersion) {
    throw staleVersion(parent.loanId, t.expectedVersion, version);
  }
  const { today, policy } = await policyToday(deps);
  requireNoRefusal(topUpRefusals(parent, today, policy));
  const owed = await owedOnGold(deps, parent, parentUuid, today, t.loanUuid);
  const goldItems = goldOfTopUp(parent, t.addedItems);
  const appraisal = await freshAppraisal(deps.store, goldItems, today, policy);
  requireWithinLtv('top_up', t.principalPaise, owed.existingPaise, appraisal.goldValuePaise, policy);
  const loan: NewLoan = {
    customerRef: uuidOfCustomer(parent),
    goldItems,
    principalPaise: t.principalPaise,
    annualRateBps: t.annualRateBps,
    termMonths: t.termMonths,
    loanDate: null,
    createdBy: t.createdBy,
    ...(t.loanUuid ? { loanUuid: t.loanUuid } : {}),
    ...(t.branchScope ? { branchScope: t.branchScope } : {}),
    ...(t.disbursementMethod ? { disbursementMethod: t.disbursementMethod } : {}),
    ...(t.disbursementMode ? { disbursementMode: t.disbursementMode } : {}),
    disbursementReference: t.disbursementReference ?? null,
    sanction: {
      appraisal,
      topUpOf: { loanStreamId: loanStreamId(parentUuid), loanId: parent.loanId },
      borrowerRequest: t.borrowerRequest,
    },
  };
  return { loan, parent, linkVersion: owed.version, linked: owed.linked.map((l) => l.loanUuid) };
}

/**
 * A top-up: a new loan with its own GL number on the loan's gold, linked to it. In one
 * transaction the new loan, its number and the link on the parent's top-up stream (at the
 * version the check read, so two top-ups of one loan cannot both pass the combined LTV).
 */
export async function topUpLoan(
  deps: LendingDeps,
  parentUuid: string,
  t: TopUp,
  metadata: EventMetadata = {},
) {
  if (!t.borrowerRequest) {
    throw new DomainError(
      "A top-up needs the borrower's request: their code",
      'borrower_request_required',
      409,
    );
  }
  const { loan, parent, linkVersion, linked } = await checkedTopUp(deps, parentUuid, t);
  const streamId = loanTopUpsStreamId(parentUuid);
  // The link is this request's second record: the loan's stream keeps the idempotency key.
  const { idempotencyKey: _key, ...linkMetadata } = metadata;
  try {
    return await openLoan(deps, loan, metadata, async (tx, loanUuid, loanId, today) => {
      // A request run again after its first run committed finds its link there already.
      if (linked.includes(loanUuid)) return;
      await tx.store.append(
        streamId,
        [
          {
            type: 'TopUpLinked',
            data: {
              topUpLoanStreamId: loanStreamId(loanUuid),
              topUpLoanId: loanId,
              principalPaise: loan.principalPaise,
              sanctionedOn: today,
            },
            occurredAt: deps.clock.now(),
          },
        ],
        {
          streamType: LOAN_TOP_UPS_STREAM_TYPE,
          expectedVersion: linkVersion === 0 ? 'no_stream' : linkVersion,
          metadata: linkMetadata,
        },
      );
    });
  } catch (error) {
    if (error instanceof ConcurrencyError && error.streamId === streamId) {
      throw new DomainError(
        `Another top-up of loan ${parent.loanId} was made while this one was checked: look at the loan again and retry`,
        'top_up_conflict',
        409,
      );
    }
    throw error;
  }
}

const rupees = (paise: number) => paise / 100;

/** The quote's view of an appraisal: whole figures in rupees and grams. */
function appraisalView(a: Appraisal, items: readonly GoldItemRecord[]) {
  return {
    valuedOn: a.valuedOn,
    previousDay: a.previousDay,
    averageFrom: a.averageFrom,
    averageTo: a.averageTo,
    goldValue: rupees(a.goldValuePaise),
    items: a.items.map((v) => ({
      index: v.index,
      description: items[v.index]?.description ?? '',
      purity: v.purity,
      netWeight: v.netWeightMg / 1000,
      pricePerGram: rupees(v.pricePerGramPaise),
      bound: v.bound,
      value: rupees(v.valuePaise),
    })),
  };
}

/**
 * What a renewal or top-up of the loan would be allowed today, without writing anything:
 * every refusal in words, the fresh appraisal and the most that could be lent.
 */
export async function renewalQuote(
  deps: LendingDeps,
  loanUuid: string,
  kind: RenewalKind,
  addedItems: readonly GoldItemRecord[],
): Promise<RenewalQuote> {
  const { state: s } = await loadLoan(deps.store, loanUuid);
  if (s.status === 'none' || s.status === 'deleted' || !s.customer) throw notFound();
  const { today, policy } = await policyToday(deps);
  const refusals: Refusal[] =
    kind === 'renewal' ? renewalRefusals(s, today, policy) : topUpRefusals(s, today, policy);
  let existingPaise = 0;
  if (kind === 'top_up') existingPaise = (await owedOnGold(deps, s, loanUuid, today)).existingPaise;
  else {
    const open = await openTopUpsOf(deps.store, loanUuid);
    if (open.length > 0) {
      refusals.push({
        message: `Loan ${s.loanId} has an open top-up (${open.map((t) => t.loanId).join(', ')}) on the same gold: close it before renewing`,
        code: 'top_up_open',
      });
    }
  }
  const items = kind === 'top_up' ? goldOfTopUp(s, addedItems) : s.goldItems;
  let appraisal = null;
  let ltv = null;
  try {
    const a = await freshAppraisal(deps.store, items, today, policy);
    appraisal = appraisalView(a, items);
    const { maxPaise, capBps } = maxNewLoanPaise(a.goldValuePaise, existingPaise, policy);
    // Whole rupees, rounded down: never a paisa above the cap.
    ltv = {
      capPercent: capBps / 100,
      existing: rupees(existingPaise),
      maxAmount: Math.floor(maxPaise / 100),
    };
    if (maxPaise < policy.minimumLoanPaise) {
      refusals.push({
        message: `Nothing more can be lent on this gold: ${rupees(existingPaise) > 0 ? 'what is owed on it is already at' : 'its value is below'} the loan-to-value limit`,
        code: 'ltv_exceeded',
      });
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    refusals.push({ message: error.message, code: error.code });
  }
  return {
    kind,
    loanId: s.loanId,
    repaymentType: s.repaymentType,
    eligible: refusals.length === 0,
    refusals: refusals.map((r) => r.message),
    daysPastDue: daysPastDue(s, today),
    maxDaysPastDue: policy.renewal.maxDaysPastDue,
    accruedInterest: rupees(accruedInterestPaise(s, today)),
    appraisal,
    ltv,
  };
}
