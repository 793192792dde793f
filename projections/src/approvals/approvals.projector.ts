import type { Kysely } from 'kysely';
import { evolveRows } from '../runtime/evolve-rows.js';
import { eventReader, type EventOf } from '../runtime/known-events.js';
import type { Projection } from '../runtime/projection.js';

/** One maker-checker request: the queue, its tabs and each maker's own list. */
export interface ApprovalRow {
  approval_id: string;
  action: string;
  rules: string[];
  summary: string;
  amount_paise: number | null;
  loan_uuid: string | null;
  loan_id: string | null;
  customer_name: string | null;
  maker_id: string;
  maker_name: string;
  maker_role: string;
  reason: string | null;
  requested_at: string;
  status: 'pending' | 'approved' | 'rejected';
  checker_id: string | null;
  checker_name: string | null;
  checker_role: string | null;
  decided_at: string | null;
  rejection_reason: string | null;
  /** After approval: null until the command has run. */
  outcome: 'executed' | 'failed' | null;
  outcome_message: string | null;
}

export interface ApprovalsTables {
  approvals: ApprovalRow;
}

export type ApprovalStreamEvent = EventOf<'approval'>;

const readEvents = eventReader('approval');

/** Pure: the row after one event of a request's stream. */
export function evolveApprovalRow(
  row: ApprovalRow | undefined,
  event: ApprovalStreamEvent,
): ApprovalRow | undefined {
  switch (event.type) {
    case 'ApprovalRequested': {
      const d = event.data;
      return {
        approval_id: d.approvalId,
        action: d.action,
        rules: d.rules,
        summary: d.summary,
        amount_paise: d.amountPaise,
        loan_uuid: d.subject.loanUuid,
        loan_id: d.subject.loanId,
        customer_name: d.subject.customerName,
        maker_id: d.maker.id,
        maker_name: d.maker.name,
        maker_role: d.maker.role,
        reason: d.reason,
        requested_at: event.occurredAt,
        status: 'pending',
        checker_id: null,
        checker_name: null,
        checker_role: null,
        decided_at: null,
        rejection_reason: null,
        outcome: null,
        outcome_message: null,
      };
    }
    case 'ApprovalGranted':
    case 'ApprovalRejected': {
      const d = event.data;
      return (
        row && {
          ...row,
          status: event.type === 'ApprovalGranted' ? 'approved' : 'rejected',
          checker_id: d.checker.id,
          checker_name: d.checker.name,
          checker_role: d.checker.role,
          decided_at: event.occurredAt,
          rejection_reason: event.type === 'ApprovalRejected' ? event.data.reason : null,
        }
      );
    }
    case 'ApprovalExecuted':
      return (
        row && {
          ...row,
          outcome: 'executed',
          outcome_message: event.data.message,
          loan_uuid: event.data.loanUuid ?? row.loan_uuid,
          loan_id: event.data.loanId ?? row.loan_id,
        }
      );
    case 'ApprovalExecutionFailed':
      return row && { ...row, outcome: 'failed', outcome_message: event.data.error };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const approvalsProjection: Projection<ApprovalsTables> = {
  name: 'approvals',
  version: 1,
  schema: 'rm_approvals',

  async createTables(db: Kysely<any>, schema: string) {
    await db.schema
      .withSchema(schema)
      .createTable('approvals')
      .addColumn('approval_id', 'uuid', (c) => c.primaryKey())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('rules', 'jsonb', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('amount_paise', 'bigint')
      .addColumn('loan_uuid', 'uuid')
      .addColumn('loan_id', 'text')
      .addColumn('customer_name', 'text')
      .addColumn('maker_id', 'text', (c) => c.notNull())
      .addColumn('maker_name', 'text', (c) => c.notNull())
      .addColumn('maker_role', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('checker_id', 'text')
      .addColumn('checker_name', 'text')
      .addColumn('checker_role', 'text')
      .addColumn('decided_at', 'timestamptz')
      .addColumn('rejection_reason', 'text')
      .addColumn('outcome', 'text')
      .addColumn('outcome_message', 'text')
      .execute();
    // The queue's tabs, newest first; a maker's own list.
    await db.schema
      .withSchema(schema)
      .createIndex('approvals_status_idx')
      .on('approvals')
      .columns(['status', 'requested_at desc'])
      .execute();
    await db.schema
      .withSchema(schema)
      .createIndex('approvals_maker_idx')
      .on('approvals')
      .columns(['maker_id', 'requested_at desc'])
      .execute();
  },

  async apply({ db }, events) {
    await evolveRows(
      db,
      {
        table: 'approvals',
        key: 'approval_id',
        columns: {
          json: ['rules'],
          bigint: ['amount_paise'],
          timestamp: ['requested_at', 'decided_at'],
        },
        keyOf: (e) => e.streamId.replace(/^approval-/, ''),
        evolve: evolveApprovalRow,
      },
      readEvents(events),
    );
  },
};
