import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_BRANCH_ID,
  LENDING_POLICY_STREAM_ID,
  MissingGoldPriceError,
  endOfBusinessDay,
  ltvBandEdgesBps,
  policyVersionOn,
  valuationPrice,
  type BranchScope,
  type DelinquencyClass,
  type GoldPriceEvent,
  type PortfolioReport,
} from '@goldledger/contracts';
import {
  lookupOf,
  monthStreamsBetween,
  valuationSpan,
  type RegisterClose,
} from '../../gold-prices/gold-price.queries.js';
import { closeKey } from '../../gold-prices/gold-price.decider.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import type { Database } from '../../platform/platform.js';
import { readModel } from '../../platform/read-models.js';
import {
  asApplied,
  BUILT_IN_VERSION,
  evolvePolicyVersions,
  policyOfVersion,
  type PolicyVersionRecord,
} from '../../policy/policy-versions.js';
import {
  applyFact,
  portfolioOf,
  type FactItem,
  type LoanBook,
  type PortfolioFact,
  type Snapshot,
} from './portfolio.fold.js';

/**
 * The portfolio as of a business day, from the event store: the loan events recorded
 * before the day's close (`recorded_at`, Asia/Kolkata midnight after the day), read in the
 * store's order by a few keyset-paged queries that return only the fields the fold needs
 * (as compact JSON arrays built in SQL, no contract parse per row: the events were checked
 * when appended). The gold price register and the policy versions are read as recorded by
 * the same instant, so a price entered later for an earlier day does not move the past.
 */

/** Loan event types the portfolio reads; every other is skipped in SQL. */
const TYPES = [
  'LoanCreated',
  'PaymentRecorded',
  'PaymentApproved',
  'PaymentReversed',
  'PaymentsReallocated',
  'RateUpgraded',
  'LoanClosed',
  'LoanReopened',
  'LoanRenewed',
  'LoanDeleted',
  'LoanDetailsEdited',
  'GoldItemsAdded',
  'DelinquencyClassChanged',
];

/** Rows a page brings: enough to keep memory flat, few enough round trips for 100,000 loans. */
const PAGE_ROWS = 50_000;

interface FactRow {
  tx: string;
  pos: string;
  stream_id: string;
  type: string;
  /** The event's needed fields, in the order `toFact` reads them. */
  d: unknown[];
}

const LEDGER = sql`jsonb_build_array(data->'ledger'->>'asOf', data->'ledger'->'principalOutstandingPaise', data->'ledger'->'interestOutstandingPaise')`;
const ITEMS = (path: string) =>
  sql`(select jsonb_agg(jsonb_build_array(i->'netWeightMg', i->'purity', i->'purityKarat'))
       from jsonb_array_elements(data->${path}) i)`;

/** The fields of each type, as one JSON array (null for a type that needs none). */
const FIELDS = sql`case type
  when 'LoanCreated' then jsonb_build_array(data->>'branchId', data->'principalPaise', data->'annualRateBps',
    data->>'disbursementDate', data->'policyVersion', ${ITEMS('goldItems')})
  when 'PaymentRecorded' then jsonb_build_array(data->>'paymentId', data->'amountPaise', data->>'paymentDate',
    data->>'status', ${LEDGER})
  when 'PaymentApproved' then jsonb_build_array(data->>'paymentId', ${LEDGER})
  when 'PaymentReversed' then jsonb_build_array(data->>'paymentId', ${LEDGER})
  when 'PaymentsReallocated' then jsonb_build_array(${LEDGER})
  when 'RateUpgraded' then jsonb_build_array(data->'newRateBps', ${LEDGER})
  when 'LoanDetailsEdited' then jsonb_build_array(${ITEMS('goldItems')})
  when 'GoldItemsAdded' then jsonb_build_array(${ITEMS('goldItems')})
  when 'DelinquencyClassChanged' then jsonb_build_array(data->>'to')
  else '[]'::jsonb end`;

const snapshotOf = (l: unknown): Snapshot => {
  const [asOf, principalPaise, interestPaise] = l as [string, number, number];
  return { asOf, principalPaise, interestPaise };
};

const itemsOf = (raw: unknown): FactItem[] =>
  ((raw as [number, number | null, number | null][] | null) ?? []).map(
    ([netWeightMg, purity, purityKarat]) => ({
      netWeightMg,
      purity: purity ?? undefined,
      purityKarat: purityKarat ?? undefined,
    }),
  );

/** A row's fact; null for an event that changes nothing the report reads (an edit without items). */
export function toFact(row: Pick<FactRow, 'stream_id' | 'type' | 'd'>): PortfolioFact | null {
  const loan = row.stream_id;
  const d = row.d;
  switch (row.type) {
    case 'LoanCreated':
      return {
        kind: 'created',
        loan,
        branchId: (d[0] as string | null) ?? DEFAULT_BRANCH_ID,
        principalPaise: d[1] as number,
        annualRateBps: d[2] as number,
        disbursementDate: d[3] as string,
        policyVersion: (d[4] as number | null) ?? 1,
        items: itemsOf(d[5]),
      };
    case 'PaymentRecorded':
      return {
        kind: 'payment',
        loan,
        paymentId: d[0] as string,
        amountPaise: d[1] as number,
        date: d[2] as string,
        success: d[3] === 'success',
        ledger: snapshotOf(d[4]),
      };
    case 'PaymentApproved':
      return { kind: 'approved', loan, paymentId: d[0] as string, ledger: snapshotOf(d[1]) };
    case 'PaymentReversed':
      return { kind: 'reversed', loan, paymentId: d[0] as string, ledger: snapshotOf(d[1]) };
    case 'PaymentsReallocated':
      return { kind: 'ledger', loan, ledger: snapshotOf(d[0]) };
    case 'RateUpgraded':
      return { kind: 'rate', loan, annualRateBps: d[0] as number, ledger: snapshotOf(d[1]) };
    case 'LoanClosed':
      return { kind: 'status', loan, status: 'closed' };
    case 'LoanReopened':
      return { kind: 'status', loan, status: 'active' };
    case 'LoanRenewed':
      return { kind: 'status', loan, status: 'renewed' };
    case 'LoanDeleted':
      return { kind: 'status', loan, status: 'deleted' };
    case 'LoanDetailsEdited':
    case 'GoldItemsAdded':
      return d[0] === null ? null : { kind: 'items', loan, items: itemsOf(d[0]) };
    case 'DelinquencyClassChanged':
      return { kind: 'class', loan, to: d[0] as DelinquencyClass };
    default:
      return null;
  }
}

/** Every loan's book from the loan events recorded before `before`, in the store's order. */
export async function loanBooksRecordedBefore(
  db: Kysely<Database>,
  before: Date,
): Promise<Map<string, LoanBook>> {
  const books = new Map<string, LoanBook>();
  let after = { tx: '0', pos: '0' };
  for (;;) {
    const { rows } = await sql<FactRow>`
      select transaction_id::text as tx, global_position::text as pos, stream_id, type, ${FIELDS} as d
      from events
      where type = any(${TYPES}::text[]) and recorded_at < ${before}
        and (transaction_id, global_position) > (${after.tx}::xid8, ${after.pos}::bigint)
      order by transaction_id, global_position
      limit ${PAGE_ROWS}`.execute(db);
    for (const row of rows) {
      const fact = toFact(row);
      if (fact) applyFact(books, fact);
    }
    if (rows.length < PAGE_ROWS) return books;
    const last = rows.at(-1)!;
    after = { tx: last.tx, pos: last.pos };
  }
}

/** The policy versions as adopted by `before` (a version adopted later did not exist then). */
async function policyVersionsRecordedBefore(store: EventStore, before: Date): Promise<PolicyVersionRecord[]> {
  const { events } = await store.readStream(LENDING_POLICY_STREAM_ID);
  return events
    .filter((e) => new Date(e.recordedAt) < before)
    .reduce(evolvePolicyVersions, [BUILT_IN_VERSION]);
}

/** The register's closes dated `from`..`to` as entered by `before`: the last entry of a day and purity wins. */
async function closesRecordedBefore(store: EventStore, from: string, to: string, before: Date) {
  const closes = new Map<string, Pick<RegisterClose, 'pricePerGramPaise'>>();
  for (const id of monthStreamsBetween(from, to)) {
    for (const e of (await store.readStream(id)).events) {
      if (e.type !== 'GoldPriceRecorded' || new Date(e.recordedAt) >= before) continue;
      const d = (e as unknown as GoldPriceEvent).data;
      if (d.date >= from && d.date <= to) closes.set(closeKey(d.date, d.purity), d);
    }
  }
  return lookupOf(closes as Map<string, RegisterClose>);
}

export interface PortfolioDeps {
  db: Kysely<Database>;
  store: EventStore;
}

/** Branch names as the branch register holds them now (a renamed branch shows its new name). */
async function branchNames(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await readModel(db, 'rm_branches')
    .selectFrom('branches')
    .select(['branch_id', 'name'])
    .execute();
  return new Map(rows.map((r) => [r.branch_id, r.name]));
}

/** The portfolio on `day` as the books recorded it by the day's close, within `scope`. */
export async function portfolioAsOf(
  deps: PortfolioDeps,
  day: string,
  scope: BranchScope,
): Promise<PortfolioReport> {
  const before = endOfBusinessDay(day);
  const [books, versions, names] = await Promise.all([
    loanBooksRecordedBefore(deps.db, before),
    policyVersionsRecordedBefore(deps.store, before),
    branchNames(deps.db),
  ]);
  const inEffect = policyVersionOn(versions, day);
  const policy = asApplied(versions, inEffect);
  const span = valuationSpan(day, policy);
  const lookup = await closesRecordedBefore(deps.store, span.from, span.to, before);
  // Each fineness priced once: a book holds a handful of purities.
  const prices = new Map<number, number>();
  let missing: string | null = null;
  let priceOf: ((fineness: number) => number) | null = (fineness) => {
    let p = prices.get(fineness);
    if (p === undefined) prices.set(fineness, (p = valuationPrice(lookup, fineness, day, policy).pricePaise));
    return p;
  };
  try {
    priceOf(policy.goldPrices.referencePurity);
  } catch (error) {
    if (!(error instanceof MissingGoldPriceError)) throw error;
    missing = error.message;
    priceOf = null;
  }
  const { total, branches } = portfolioOf(books, {
    day,
    scope,
    policyOf: (version) => policyOfVersion(versions, version),
    priceOf,
    ltvEdgesBps: ltvBandEdgesBps(policy),
    branchName: (id) => names.get(id) ?? id,
  });
  return {
    asOf: day,
    recordedBefore: before.toISOString(),
    valuation: {
      referencePurity: policy.goldPrices.referencePurity,
      pricePerGramPaise: priceOf ? priceOf(policy.goldPrices.referencePurity) : null,
      missing,
    },
    total,
    branches,
  };
}
