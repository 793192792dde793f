import type { Kysely } from 'kysely';
import {
  type BranchScope,
  bpsToPercent,
  GoldItemRecord,
  maskAadhar,
  mgToGrams,
  paiseToRupees,
  RepaymentType,
  type CustomerDetails,
  type CustomerRow as CustomerRowResponse,
  normaliseMobile,
} from '@goldledger/contracts';
import type { CustomerLoanRow, CustomerRow } from '@goldledger/projections';
import { z } from 'zod';
import { branchIn } from '../branches/branch-scope.js';
import type { Customer } from './customer.state.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';

/** Who reads: admins see full Aadhar numbers and may search inside them; employees see `****-****-1234`. */
export interface Viewer {
  fullAadhar: boolean;
}

export const readModelOf = (db: Kysely<Database>) => readModel(db, 'rm_customers');

const aadharFor = (aadhar: string, viewer: Viewer) => (viewer.fullAadhar ? aadhar : maskAadhar(aadhar));

/** A customer from its stream, as every customer route answers it. */
export function customerDetails(customerUuid: string, c: Customer, viewer: Viewer): CustomerDetails {
  const p = c.profile;
  return {
    _id: customerUuid,
    customerId: c.customerId,
    branchId: c.branchId,
    name: p.name,
    email: p.email,
    aadharNumber: aadharFor(p.aadharNumber, viewer),
    primaryMobile: p.primaryMobile,
    secondaryMobile: p.secondaryMobile,
    emergencyContact: p.emergencyContact,
    presentAddress: p.presentAddress,
    permanentAddress: p.permanentAddress,
    verified: c.verified,
    hasUserAccount: c.userId !== null,
  };
}

interface LoanSummary {
  activeLoans: number;
  totalLoans: number;
  latest: CustomerLoanRow | null;
}

const NO_LOANS: LoanSummary = { activeLoans: 0, totalLoans: 0, latest: null };

const goldItemsOf = (json: string) =>
  z
    .array(GoldItemRecord)
    .parse(JSON.parse(json))
    .map((g) => ({
      description: g.description,
      grossWeight: mgToGrams(g.grossWeightMg),
      netWeight: mgToGrams(g.netWeightMg),
      purityKarat: g.purityKarat,
    }));

function loanFields(s: LoanSummary) {
  const l = s.latest;
  return {
    activeLoans: s.activeLoans,
    totalLoans: s.totalLoans,
    latestLoan: l && {
      _id: l.loan_stream_id.replace(/^loan-/, ''),
      loanId: l.loan_id,
      amount: paiseToRupees(Number(l.principal_paise)),
      term: l.term_months,
      repaymentType: RepaymentType.parse(l.repayment_type),
      interestRate: bpsToPercent(l.annual_rate_bps),
      monthlyPayment: paiseToRupees(Number(l.monthly_payment_paise)),
      totalPayment: paiseToRupees(Number(l.total_payment_paise)),
      status: l.status,
      disbursementDate: l.disbursement_date,
      depositedBank: l.deposited_bank,
      renewalDate: l.renewal_date,
    },
    goldItems: l ? goldItemsOf(l.gold_items) : [],
  };
}

/** Loan counts (deleted loans do not count) and the latest non-deleted loan, per customer. */
async function loanSummaries(
  db: Kysely<Database>,
  customerUuids: string[],
): Promise<Map<string, LoanSummary>> {
  const summaries = new Map<string, LoanSummary>();
  if (customerUuids.length === 0) return summaries;
  const rm = readModelOf(db);
  const [counts, latest] = await Promise.all([
    rm
      .selectFrom('customer_loans')
      .select((eb) => [
        'customer_uuid',
        eb.fn.countAll<string>().as('total'),
        eb.fn.countAll<string>().filterWhere('status', '=', 'active').as('active'),
      ])
      .where('customer_uuid', 'in', customerUuids)
      .where('status', '<>', 'deleted')
      .groupBy('customer_uuid')
      .execute(),
    rm
      .selectFrom('customer_loans')
      .selectAll()
      .distinctOn('customer_uuid')
      .where('customer_uuid', 'in', customerUuids)
      .where('status', '<>', 'deleted')
      .orderBy('customer_uuid')
      .orderBy('disbursement_date', 'desc')
      .orderBy('created_position', 'desc')
      .execute(),
  ]);
  for (const c of counts) {
    summaries.set(c.customer_uuid, {
      activeLoans: Number(c.active),
      totalLoans: Number(c.total),
      latest: null,
    });
  }
  for (const l of latest) {
    const s = summaries.get(l.customer_uuid);
    if (s) s.latest = l;
  }
  return summaries;
}

function toRow(r: CustomerRow, loans: LoanSummary, viewer: Viewer): CustomerRowResponse {
  return {
    _id: r.customer_uuid,
    mongoId: r.customer_uuid,
    customerId: r.customer_id,
    branchId: r.branch_id,
    name: r.name,
    email: r.email,
    aadharNumber: aadharFor(r.aadhar_number, viewer),
    primaryMobile: r.primary_mobile,
    secondaryMobile: r.secondary_mobile,
    emergencyContact: { mobile: r.emergency_mobile, relation: r.emergency_relation },
    presentAddress: r.present_address,
    permanentAddress: r.permanent_address,
    verified: r.verified,
    hasUserAccount: r.user_id !== null,
    createdAt: new Date(r.created_at).toISOString(),
    ...loanFields(loans),
  };
}

/** LIKE wildcards typed by the user are matched literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A number typed with spaces, dashes or +91 (`+91 90000 00003`, `5000 0000 0003`) is
 * searched in the form it is stored in.
 */
export function normaliseSearch(raw: string): string {
  const t = raw.trim().toLowerCase();
  const mobile = normaliseMobile(t);
  if (mobile) return mobile;
  const compact = t.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : t;
}

export interface CustomerListParams {
  search?: string | undefined;
  page: number;
  limit: number;
}

/**
 * The customers page, newest first, of the branches in `scope`. Search is a case-insensitive substring
 * of the name, email, customer number, either mobile and the Aadhar number as the
 * caller sees it: admins match inside the full number; employees match the masked
 * form they see, or the full number typed exactly (as the Aadhar check allows), so no
 * run of searches can reveal hidden digits.
 */
export async function listCustomers(
  db: Kysely<Database>,
  params: CustomerListParams,
  viewer: Viewer,
  scope: BranchScope,
): Promise<{ data: CustomerRowResponse[]; total: number }> {
  const rm = readModelOf(db);
  const term = params.search ? normaliseSearch(params.search) : '';
  const pattern = `%${escapeLike(term)}%`;
  const base = rm
    .selectFrom('customers')
    .where(branchIn(scope, 'branch_id'))
    .$if(term !== '', (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('search_text', 'like', pattern),
          viewer.fullAadhar ? eb('aadhar_number', 'like', pattern) : eb('aadhar_number', '=', term),
        ]),
      ),
    );
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('customer_id', 'desc')
      .limit(params.limit)
      .offset((params.page - 1) * params.limit)
      .execute(),
  ]);
  const loans = await loanSummaries(
    db,
    rows.map((r) => r.customer_uuid),
  );
  return {
    total: Number(count.n),
    data: rows.map((r) => toRow(r, loans.get(r.customer_uuid) ?? NO_LOANS, viewer)),
  };
}

/** Postgres "undefined table": the projector has not created the read model yet. */
const notCreatedYet = (error: unknown) => (error as { code?: string }).code === '42P01';

/**
 * One customer's list row right after a change: the profile from its stream (the
 * read model may not have caught up yet), the loans from the read model, which a
 * write must not fail for: before the projector's first start it counts no loans.
 */
export async function customerRowNow(
  db: Kysely<Database>,
  customerUuid: string,
  c: Customer,
  viewer: Viewer,
  now: Date,
): Promise<CustomerRowResponse> {
  let loans = NO_LOANS;
  let createdAt = now.toISOString();
  try {
    loans = (await loanSummaries(db, [customerUuid])).get(customerUuid) ?? NO_LOANS;
    const row = await readModelOf(db)
      .selectFrom('customers')
      .select('created_at')
      .where('customer_uuid', '=', customerUuid)
      .executeTakeFirst();
    if (row) createdAt = new Date(row.created_at).toISOString();
  } catch (error) {
    if (!notCreatedYet(error)) throw error;
  }
  return {
    ...customerDetails(customerUuid, c, viewer),
    mongoId: customerUuid,
    createdAt,
    ...loanFields(loans),
  };
}
