import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  addDays,
  DEFAULT_BRANCH_ID,
  paiseToRupees,
  REVIEW_DEFAULT_DAYS,
  type BranchScope,
  type GoldLoanReview,
  type GoldLoanReviewQuery,
  type LoanEvent,
} from '@goldledger/contracts';
import { branchCalendars } from '../holidays/holiday-calendar.js';
import { withBranchPolicy } from '../lending/loan-commands.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';
import { policyOn, readPolicyVersions } from '../policy/policy-versions.js';
import {
  partPaymentOf,
  quickClosureDays,
  stateBeforeRenewal,
  withoutFreshAppraisal,
} from './gold-loan-review.js';

/**
 * The review reads the loans' own events (as the vault register's history does): the
 * facts it needs (closings, renewals' old loans, each top-up's appraisal) are in no read
 * model, and a review for auditors is better exact than fast. Each query picks events by
 * type and business date; the old loans of the renewals found are read stream by stream.
 */

/** The range asked for, or the 90 days ending today. */
export function reviewRange(query: GoldLoanReviewQuery, today: string): { from: string; to: string } {
  const to = query.to ?? (query.from ? addDays(query.from, REVIEW_DEFAULT_DAYS - 1) : today);
  const from = query.from ?? addDays(to, -(REVIEW_DEFAULT_DAYS - 1));
  return { from, to };
}

/** The loan's branch (a LoanCreated's data, `c`) within the caller's scope. */
function branchOk(scope: BranchScope): RawBuilder<boolean> {
  if (scope.kind === 'all') return sql<boolean>`true`;
  if (scope.branchIds.length === 0) return sql<boolean>`false`;
  return sql<boolean>`coalesce(c.data->>'branchId', ${DEFAULT_BRANCH_ID}) = any(${[...scope.branchIds]}::text[])`;
}

/** The loan (stream `s`) was not deleted. */
const notDeleted = (stream: RawBuilder<unknown>) =>
  sql<boolean>`not exists (select 1 from events d where d.stream_id = ${stream} and d.type = 'LoanDeleted')`;

interface CreatedRow {
  stream_id: string;
  loan_id: string;
  customer_id: string;
  customer_name: string;
  branch_id: string;
  principal_paise: string;
  disbursement_date: string;
}

const createdColumns = sql`c.stream_id, c.data->>'loanId' as loan_id,
  c.data->'customer'->>'customerId' as customer_id, c.data->'customer'->>'name' as customer_name,
  coalesce(c.data->>'branchId', ${DEFAULT_BRANCH_ID}) as branch_id,
  c.data->>'principalPaise' as principal_paise, c.data->>'disbursementDate' as disbursement_date`;

const uuidOf = (streamId: string) => streamId.replace(/^loan-/, '');
const rupees = (paise: number | string) => paiseToRupees(Number(paise));
const borrower = (r: CreatedRow) => ({
  customerId: r.customer_id,
  customerName: r.customer_name,
  branchId: r.branch_id,
});

async function quickClosures(
  db: Kysely<Database>,
  from: string,
  to: string,
  scope: BranchScope,
  maxDays: number,
) {
  const { rows } = await sql<
    CreatedRow & { closed_on: string; reason: 'repaid' | 'auctioned'; renewed_to: string | null }
  >`
    select ${createdColumns}, x.data->>'closedOn' as closed_on, x.data->>'reason' as reason,
      (select r.data->>'newLoanId' from events r where r.stream_id = x.stream_id and r.type = 'LoanRenewed'
        order by r.stream_position desc limit 1) as renewed_to
    from events x join events c on c.stream_id = x.stream_id and c.type = 'LoanCreated'
    where x.type = 'LoanClosed' and x.data->>'closedOn' between ${from} and ${to}
      and ${branchOk(scope)} and ${notDeleted(sql.ref('x.stream_id'))}
    order by x.data->>'closedOn', c.data->>'loanId', x.stream_position`.execute(db);
  const seen = new Set<string>();
  return rows.flatMap((r) => {
    const days = quickClosureDays(r.disbursement_date, r.closed_on, maxDays);
    // A loan reopened and closed again counts once, at its first quick closing.
    if (days === null || seen.has(r.stream_id)) return [];
    seen.add(r.stream_id);
    return [
      {
        loanUuid: uuidOf(r.stream_id),
        loanId: r.loan_id,
        ...borrower(r),
        amount: rupees(r.principal_paise),
        disbursementDate: r.disbursement_date,
        closedOn: r.closed_on,
        days,
        reason: r.reason,
        renewedTo: r.renewed_to,
      },
    ];
  });
}

async function createdInRange(
  db: Kysely<Database>,
  link: 'renewalOf' | 'topUpOf',
  from: string,
  to: string,
  scope: BranchScope,
) {
  const { rows } = await sql<
    CreatedRow & { parent_stream_id: string; parent_loan_id: string; appraised_on: string | null }
  >`
    select ${createdColumns}, c.data->${link}->>'loanStreamId' as parent_stream_id,
      c.data->${link}->>'loanId' as parent_loan_id, c.data->'appraisal'->>'valuedOn' as appraised_on
    from events c
    where c.type = 'LoanCreated' and jsonb_typeof(c.data->${link}) = 'object'
      and c.data->>'disbursementDate' between ${from} and ${to}
      and ${branchOk(scope)} and ${notDeleted(sql.ref('c.stream_id'))}
    order by c.data->>'disbursementDate', c.data->>'loanId'`.execute(db);
  return rows;
}

async function partPaymentRenewals(
  db: Kysely<Database>,
  store: EventStore,
  from: string,
  to: string,
  scope: BranchScope,
) {
  const renewals = await createdInRange(db, 'renewalOf', from, to, scope);
  const [versions, calendars] = await Promise.all([readPolicyVersions(store), branchCalendars(store)]);
  const found = await Promise.all(
    renewals.map(async (r) => {
      const { events } = await store.readStream(r.parent_stream_id);
      const before = stateBeforeRenewal(events as unknown as LoanEvent[], r.stream_id);
      if (!before) return null;
      const part = partPaymentOf(
        await withBranchPolicy(before, versions, calendars),
        r.disbursement_date,
        Number(r.principal_paise),
      );
      return (
        part && {
          loanUuid: uuidOf(r.stream_id),
          loanId: r.loan_id,
          oldLoanUuid: uuidOf(r.parent_stream_id),
          oldLoanId: r.parent_loan_id,
          ...borrower(r),
          renewedOn: r.disbursement_date,
          newAmount: rupees(r.principal_paise),
          pattern: part.pattern,
          duesAtRenewal: rupees(part.duesAtRenewalPaise),
          paidOnDay: rupees(part.paidOnDayPaise),
          borrowerOwn: rupees(part.borrowerOwnPaise),
        }
      );
    }),
  );
  return found.filter((r) => r !== null);
}

async function topUpsWithoutAppraisal(db: Kysely<Database>, from: string, to: string, scope: BranchScope) {
  const topUps = await createdInRange(db, 'topUpOf', from, to, scope);
  return topUps
    .filter((r) => withoutFreshAppraisal(r.disbursement_date, r.appraised_on))
    .map((r) => ({
      loanUuid: uuidOf(r.stream_id),
      loanId: r.loan_id,
      parentLoanId: r.parent_loan_id,
      ...borrower(r),
      amount: rupees(r.principal_paise),
      sanctionedOn: r.disbursement_date,
      appraisedOn: r.appraised_on,
    }));
}

/** The review for a range of business dates, within the caller's branches. */
export async function buildGoldLoanReview(
  deps: { db: Kysely<Database>; store: EventStore },
  query: GoldLoanReviewQuery,
  today: string,
  scope: BranchScope,
): Promise<GoldLoanReview> {
  const { from, to } = reviewRange(query, today);
  const { policy } = await policyOn(deps.store, today);
  const days = policy.renewal.quickClosureDays;
  const [closures, renewals, topUps] = await Promise.all([
    quickClosures(deps.db, from, to, scope, days),
    partPaymentRenewals(deps.db, deps.store, from, to, scope),
    topUpsWithoutAppraisal(deps.db, from, to, scope),
  ]);
  return {
    from,
    to,
    asOf: today,
    quickClosureDays: days,
    counts: {
      quickClosures: closures.length,
      partPaymentRenewals: renewals.length,
      topUpsWithoutAppraisal: topUps.length,
    },
    quickClosures: closures,
    partPaymentRenewals: renewals,
    topUpsWithoutAppraisal: topUps,
  };
}
