import type { Kysely } from 'kysely';
import type { ApprovalItem, ApprovalStatus } from '@goldledger/contracts';
import { paiseToRupees } from '@goldledger/contracts';
import type { ApprovalRow } from '@goldledger/projections';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';

const toItem = (r: ApprovalRow): ApprovalItem => ({
  _id: r.approval_id,
  action: r.action as ApprovalItem['action'],
  rules: r.rules as ApprovalItem['rules'],
  summary: r.summary,
  amount: r.amount_paise === null ? null : paiseToRupees(Number(r.amount_paise)),
  loanId: r.loan_id,
  loanRef: r.loan_uuid,
  customerName: r.customer_name,
  maker: { id: r.maker_id, name: r.maker_name, role: r.maker_role },
  reason: r.reason,
  requestedAt: new Date(r.requested_at).toISOString(),
  status: r.status,
  checker:
    r.checker_id === null
      ? null
      : { id: r.checker_id, name: r.checker_name ?? '', role: r.checker_role ?? '' },
  decidedAt: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
  rejectionReason: r.rejection_reason,
  outcome: r.outcome,
  outcomeMessage: r.outcome_message,
});

/**
 * The queue (admins: everyone's requests) or one maker's own requests, newest first, one
 * status a page, with the count of each status for the tabs.
 */
export async function listApprovals(
  db: Kysely<Database>,
  query: { status?: ApprovalStatus; page: number; limit: number },
  makerId?: string,
) {
  const rm = readModel(db, 'rm_approvals');
  let base = rm.selectFrom('approvals');
  if (makerId) base = base.where('maker_id', '=', makerId);
  const filtered = query.status ? base.where('status', '=', query.status) : base;
  const [rows, counts] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('requested_at', 'desc')
      .orderBy('approval_id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute(),
  ]);
  const count = (s: ApprovalStatus) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  const total = query.status ? count(query.status) : count('pending') + count('approved') + count('rejected');
  return {
    success: true as const,
    data: rows.map((r) => toItem(r as ApprovalRow)),
    counts: { pending: count('pending'), approved: count('approved'), rejected: count('rejected') },
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
    },
  };
}
