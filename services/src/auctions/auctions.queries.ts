import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  daysBetween,
  mgToGrams,
  paiseToRupees,
  reserveFloorBps,
  type AuctionListQuery,
  type AuctionLoanItem,
  type BranchScope,
  type LendingPolicy,
} from '@goldledger/contracts';
import { goldAtPrices, type DayPrices } from '../lending/ltv.js';
import { isMissingPrices } from '../lending/ltv-prices.js';
import { auctionRowFromDb, type AuctionRow, type AuctionsTables } from '@goldledger/projections';
import { branchIn } from '../branches/branch-scope.js';
import { auctionReadyDate } from '../lending/loan.rules.js';
import type { PolicyBook } from '../policy/policy-versions.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';

type Book = Kysely<AuctionsTables>;
const book = (db: Kysely<Database>): Book => readModel(db, 'rm_auctions');
type Eb = ExpressionBuilder<AuctionsTables, 'auction_loans'>;

const r = paiseToRupees;

/** The lowest reserve price a schedule accepts today (the decider's own floor, by the loan's policy and failed auctions). */
export const minimumReservePaise = (valuePaise: number, failedAuctions: number, policy: LendingPolicy) =>
  Math.ceil((valuePaise * reserveFloorBps(failedAuctions, policy)) / 10_000);

/**
 * Open loans an admin may put up for auction by hand (the decider's rule): past
 * maturity, or with an installment marked overdue.
 */
const inDefault = (eb: Eb, today: string) =>
  eb.and([
    eb('loan_status', '=', 'active'),
    eb('auction_status', '=', 'not_ready'),
    eb.or([eb('maturity_date', '<', today), eb('overdue_installments', '>', 0)]),
  ]);

function byStatus(eb: Eb, status: AuctionListQuery['status'], today: string) {
  switch (status) {
    case 'all':
      return eb.and([
        eb('loan_status', '<>', 'deleted'),
        eb.or([eb('auction_status', '<>', 'not_ready'), inDefault(eb, today)]),
      ]);
    case 'not_ready':
      return inDefault(eb, today);
    default:
      return eb.and([eb('loan_status', '<>', 'deleted'), eb('auction_status', '=', status)]);
  }
}

/** A loan's gold at today's valuation prices, under its own policy version; null when today has no prices. */
export type PricesFor = (row: AuctionRow, policy: LendingPolicy) => Promise<DayPrices | null>;

export async function auctionLoanItem(
  row: AuctionRow,
  today: string,
  pricesFor: PricesFor,
  policies: PolicyBook,
): Promise<AuctionLoanItem> {
  // The loan's own version: its grace, ladder and reserve floor, as its decider applies them.
  const policy = policies.ofVersion(row.policy_version, row.branch_id);
  const prices = await pricesFor(row, policy);
  const value = prices && goldAtPrices(row.gold_items, prices).reduce((sum, i) => sum + i.valuePaise, 0);
  const listed = row.auction_status === 'ready_for_auction' || row.auction_status === 'auction_scheduled';
  const outstanding =
    row.auction_status === 'auctioned'
      ? { paise: row.outstanding_at_sale_paise ?? 0, asOf: row.auction_date! }
      : listed
        ? { paise: row.outstanding_at_ready_paise ?? 0, asOf: row.ready_on! }
        : { paise: row.principal_outstanding_paise + row.interest_outstanding_paise, asOf: row.ledger_as_of };
  const money = (p: number | null) => (p === null ? null : r(p));
  return {
    _id: row.loan_uuid,
    loanId: row.loan_id,
    version: row.version,
    customerName: row.customer_name,
    customerMobile: row.customer_mobile,
    auctionStatus: row.auction_status,
    auctionReadyDate: row.ready_on,
    finalAuctionDate: auctionReadyDate({
      disbursementDate: row.disbursement_date,
      termMonths: row.term_months,
      originalRateBps: row.original_rate_bps,
      policy,
    }),
    auctionDate: row.auction_date,
    outstandingAmount: r(outstanding.paise),
    outstandingAsOf: outstanding.asOf,
    totalGoldWeight: mgToGrams(row.total_net_mg),
    goldValue: value === null ? null : r(value),
    minimumReservePrice: value === null ? null : r(minimumReservePaise(value, row.failed_auctions, policy)),
    failedAuctions: row.failed_auctions,
    earliestAuctionDate: row.earliest_auction_date,
    surplusRefundDueBy: row.surplus_refund_due_by,
    surplusRefunded: row.surplus_refunded,
    reservePrice: money(row.reserve_price_paise),
    saleAmount: money(row.sale_paise),
    surplusAmount: money(row.surplus_paise),
    shortfallAmount: money(row.shortfall_paise),
    daysSinceReady: listed && row.ready_on ? daysBetween(row.ready_on, today) : null,
    notes: row.notes,
    history: row.history,
  };
}

/** Scheduled first (soonest auction on top), then ready, then loans in default, then sold; branches in scope. */
export async function listAuctionLoans(
  db: Kysely<Database>,
  q: AuctionListQuery,
  today: string,
  pricesFor: PricesFor,
  scope: BranchScope,
  policies: PolicyBook,
) {
  const where = (eb: Eb) => eb.and([byStatus(eb, q.status, today), branchIn(scope, 'branch_id')]);
  const [rows, total] = await Promise.all([
    book(db)
      .selectFrom('auction_loans')
      .selectAll()
      .where(where)
      .orderBy(
        sql`case auction_status when 'auction_scheduled' then 0 when 'ready_for_auction' then 1 when 'not_ready' then 2 else 3 end`,
      )
      .orderBy(
        sql`case when auction_status = 'auctioned' then null else coalesce(auction_date, ready_on, maturity_date) end`,
        'asc',
      )
      .orderBy('auction_date', (ob) => ob.desc().nullsLast())
      .orderBy('loan_id')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    book(db)
      .selectFrom('auction_loans')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  const data = await Promise.all(
    rows.map((row) => auctionLoanItem(auctionRowFromDb(row), today, pricesFor, policies)),
  );
  const count = Number(total.n);
  return {
    success: true as const,
    data,
    pagination: { page: q.page, limit: q.limit, total: count, totalPages: Math.ceil(count / q.limit) },
    ...(data.length === 0 ? { message: 'No loans ready for auction' } : {}),
  };
}

/**
 * Today's valuation prices per policy version, read once each; null (the list shows no
 * value) when the previous working day has no price yet.
 */
export function todaysPrices(
  lookup: (loan: {
    policyVersion: number;
    policy: LendingPolicy;
    goldItems: AuctionRow['gold_items'];
  }) => Promise<DayPrices>,
): PricesFor {
  return async (row, policy) => {
    try {
      return await lookup({ policyVersion: row.policy_version, policy, goldItems: row.gold_items });
    } catch (e) {
      if (isMissingPrices(e)) return null;
      throw e;
    }
  };
}
