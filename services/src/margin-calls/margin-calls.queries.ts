import type { Kysely } from 'kysely';
import {
  addDays,
  bpsToPercent,
  daysBetween,
  mgToGrams,
  paiseToRupees,
  type BranchScope,
  type MarginCallItem,
  type MarginCallsQuery,
} from '@goldledger/contracts';
import { marginCallRowFromDb, type MarginCallRow } from '@goldledger/projections';
import { branchIn } from '../branches/branch-scope.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';
import { documentOfVersion, type PolicyVersionRecord } from '../policy/policy-versions.js';

const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

function itemOf(row: MarginCallRow, today: string, versions: readonly PolicyVersionRecord[]): MarginCallItem {
  const raisedOn = row.raised_on!;
  const r = (paise: number | null) => paiseToRupees(paise ?? 0);
  return {
    _id: row.loan_uuid,
    loanId: row.loan_id,
    branchId: row.branch_id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    customerMobile: row.customer_mobile,
    raisedOn,
    daysInBreach: Math.max(0, daysBetween(raisedOn, today)),
    deadline: addDays(raisedOn, documentOfVersion(versions, row.policy_version).marginCall.escalateAfterDays),
    escalated: row.status === 'escalated',
    escalatedOn: row.escalated_on,
    asOf: row.as_of!,
    ltvPercent: bpsToPercent(row.ltv_bps ?? 0),
    capPercent: bpsToPercent(row.cap_bps ?? 0),
    owed: r(row.owed_paise),
    goldValue: r(row.gold_value_paise),
    shortfall: r(row.shortfall_paise),
    goldToAddGrams: mgToGrams(row.gold_to_add_mg ?? 0),
  };
}

/**
 * The staff list of margin calls at the branches in scope: oldest call first (the longest
 * in breach), escalated ones flagged; `status=escalated` lists only those.
 */
export async function listMarginCalls(
  db: Kysely<Database>,
  query: MarginCallsQuery,
  scope: BranchScope,
  today: string,
  versions: readonly PolicyVersionRecord[],
) {
  const calls = readModel(db, 'rm_margin_calls');
  const inScope = calls
    .selectFrom('margin_calls')
    .where('status', 'is not', null)
    .where(branchIn(scope, 'branch_id'));
  const [rows, counts] = await Promise.all([
    inScope
      .selectAll()
      .where((eb) => (query.status === 'escalated' ? eb('status', '=', 'escalated') : eb.lit(true)))
      .orderBy('raised_on')
      .orderBy('loan_uuid')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    inScope
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute(),
  ]);
  const escalated = Number(counts.find((c) => c.status === 'escalated')?.n ?? 0);
  const open = counts.reduce((sum, c) => sum + Number(c.n), 0);
  const total = query.status === 'escalated' ? escalated : open;
  return {
    data: rows.map((raw) => itemOf(marginCallRowFromDb(raw), today, versions)),
    counts: { open, escalated },
    pagination: { page: query.page, limit: query.limit, total, totalPages: pageCount(total, query.limit) },
  };
}

/** The open margin calls of some loans by their uuid (the loan rows and the customer's dashboard show them). */
export async function marginCallsOf(db: Kysely<Database>, loanUuids: readonly string[]) {
  if (loanUuids.length === 0) return new Map<string, MarginCallRow>();
  const rows = await readModel(db, 'rm_margin_calls')
    .selectFrom('margin_calls')
    .selectAll()
    .where('loan_uuid', 'in', [...loanUuids])
    .where('status', 'is not', null)
    .execute();
  return new Map(rows.map((raw) => marginCallRowFromDb(raw)).map((r) => [r.loan_uuid, r]));
}
