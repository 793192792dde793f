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
import { nationalHolidays } from '../../holidays/holiday-calendar.js';
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

/**
 * Heap blocks a page reads (8 kB each: 128 MB): the table is read in order of storage, a
 * range of blocks a query, so memory stays flat and no page re-reads what another did.
 */
const PAGE_BLOCKS = 16_384;

const LEDGER = `jsonb_build_array(x.ledger->'asOf', x.ledger->'principalOutstandingPaise', x.ledger->'interestOutstandingPaise')`;
const ITEMS = `(select jsonb_agg(jsonb_build_array(i->'netWeightMg', i->'purity', i->'purityKarat'))
  from jsonb_array_elements(x."goldItems") i)`;

interface FactRow {
  /** The event's stream position. */
  pos: number;
  stream_id: string;
  type: string;
  /** The event's needed fields, in the order `toFact` reads them. */
  d: unknown[];
}

/**
 * The fields each type needs, out of one `jsonb_to_record` per event: a large value (a
 * LoanCreated carries the schedule, the customer and the appraisal) is stored compressed
 * out of line, and each `data->'…'` would fetch and decompress it again.
 */
const FIELDS = sql`case e.type
  when 'LoanCreated' then jsonb_build_array(x."branchId", x."principalPaise", x."annualRateBps",
    x."disbursementDate", x."policyVersion", ${sql.raw(ITEMS)})
  when 'PaymentRecorded' then jsonb_build_array(x."paymentId", x."amountPaise", x."paymentDate", x.status, ${sql.raw(LEDGER)})
  when 'PaymentApproved' then jsonb_build_array(x."paymentId", ${sql.raw(LEDGER)})
  when 'PaymentReversed' then jsonb_build_array(x."paymentId", ${sql.raw(LEDGER)})
  when 'PaymentsReallocated' then jsonb_build_array(${sql.raw(LEDGER)})
  when 'RateUpgraded' then jsonb_build_array(x."newRateBps", ${sql.raw(LEDGER)})
  when 'LoanDetailsEdited' then jsonb_build_array(${sql.raw(ITEMS)})
  when 'GoldItemsAdded' then jsonb_build_array(${sql.raw(ITEMS)})
  when 'DelinquencyClassChanged' then jsonb_build_array(x."to")
  else '[]'::jsonb end`;

const RECORD = sql`jsonb_to_record(e.data) as x("branchId" jsonb, "principalPaise" jsonb, "annualRateBps" jsonb,
  "disbursementDate" jsonb, "policyVersion" jsonb, "goldItems" jsonb, "paymentId" jsonb, "amountPaise" jsonb,
  "paymentDate" jsonb, status jsonb, ledger jsonb, "newRateBps" jsonb, "to" jsonb)`;

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
export function toFact(row: FactRow): PortfolioFact | null {
  const loan = row.stream_id;
  const pos = row.pos;
  const d = row.d;
  switch (row.type) {
    case 'LoanCreated':
      return {
        kind: 'created',
        loan,
        pos,
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
        pos,
        paymentId: d[0] as string,
        amountPaise: d[1] as number,
        date: d[2] as string,
        success: d[3] === 'success',
        ledger: snapshotOf(d[4]),
      };
    case 'PaymentApproved':
      return { kind: 'approved', loan, pos, paymentId: d[0] as string, ledger: snapshotOf(d[1]) };
    case 'PaymentReversed':
      return { kind: 'reversed', loan, pos, paymentId: d[0] as string, ledger: snapshotOf(d[1]) };
    case 'PaymentsReallocated':
      return { kind: 'ledger', loan, pos, ledger: snapshotOf(d[0]) };
    case 'RateUpgraded':
      return { kind: 'rate', loan, pos, annualRateBps: d[0] as number, ledger: snapshotOf(d[1]) };
    case 'LoanClosed':
      return { kind: 'status', loan, pos, status: 'closed' };
    case 'LoanReopened':
      return { kind: 'status', loan, pos, status: 'active' };
    case 'LoanRenewed':
      return { kind: 'status', loan, pos, status: 'renewed' };
    case 'LoanDeleted':
      return { kind: 'status', loan, pos, status: 'deleted' };
    case 'LoanDetailsEdited':
    case 'GoldItemsAdded':
      return d[0] === null ? null : { kind: 'items', loan, pos, items: itemsOf(d[0]) };
    case 'DelinquencyClassChanged':
      return { kind: 'class', loan, pos, to: d[0] as DelinquencyClass };
    default:
      return null;
  }
}

/**
 * Every loan's book from the loan events recorded before `before`. The table is read as it
 * lies on disk, one range of blocks a query (a TID range scan: no index, no sort), all in
 * one repeatable-read transaction so every page sees the same committed events; the fold
 * takes them in any order (each fact carries its stream position).
 */
export async function loanBooksRecordedBefore(
  db: Kysely<Database>,
  before: Date,
): Promise<Map<string, LoanBook>> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const books = new Map<string, LoanBook>();
      const { rows: size } = await sql<{ blocks: string }>`
        select pg_relation_size('events') / current_setting('block_size')::bigint as blocks`.execute(trx);
      const blocks = Number(size[0]!.blocks);
      for (let from = 0; from <= blocks; from += PAGE_BLOCKS) {
        // A block past the size seen (filled meanwhile) is read by the last, open-ended page.
        const upTo =
          from + PAGE_BLOCKS > blocks ? sql`` : sql`and e.ctid < ${`(${from + PAGE_BLOCKS},0)`}::tid`;
        const { rows } = await sql<FactRow>`
          select e.stream_id, e.stream_position::int as pos, e.type, ${FIELDS} as d
          from events e, ${RECORD}
          where e.type = any(${TYPES}::text[]) and e.recorded_at < ${before}
            and e.ctid >= ${`(${from},0)`}::tid ${upTo}`.execute(trx);
        for (const row of rows) {
          const fact = toFact(row);
          if (fact) applyFact(books, fact);
        }
      }
      return books;
    });
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
  const [books, versions, names, holidays] = await Promise.all([
    loanBooksRecordedBefore(deps.db, before),
    policyVersionsRecordedBefore(deps.store, before),
    branchNames(deps.db),
    // The national calendar (docs/decisions.md, "Portfolio as of any day"): a state holiday
    // moves a due date's grace by a day, which the interest accrued to the report's day hardly sees.
    nationalHolidays(deps.store),
  ]);
  const inEffect = policyVersionOn(versions, day);
  const policy = asApplied(inEffect, holidays);
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
    policyOf: (version) => policyOfVersion(versions, version, holidays),
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
