import type { Kysely } from 'kysely';
import type {
  AdminNotificationsTables,
  ApprovalsTables,
  AuctionsTables,
  AuditLogTables,
  CustodyTables,
  BranchesTables,
  CashBookTables,
  CustomersTables,
  GoldReturnsTables,
  LoansTables,
  MarginCallsTables,
  StreamStatsTables,
  UsersTables,
} from '@goldledger/projections';

/** Each read model's schema with its tables, as the projections define them. */
export interface ReadModels {
  rm_admin_notifications: AdminNotificationsTables;
  rm_approvals: ApprovalsTables;
  rm_auctions: AuctionsTables;
  rm_audit_log: AuditLogTables;
  rm_custody: CustodyTables;
  rm_branches: BranchesTables;
  rm_cash_book: CashBookTables;
  rm_customers: CustomersTables;
  rm_gold_returns: GoldReturnsTables;
  rm_loans: LoansTables;
  rm_margin_calls: MarginCallsTables;
  rm_stream_stats: StreamStatsTables;
  rm_users: UsersTables;
}

/** One schema's tables under their qualified names, e.g. `'rm_loans.loans'`. */
type Qualified<Schema extends string, Tables> = {
  [Table in keyof Tables & string as `${Schema}.${Table}`]: Tables[Table];
};

/** Every read model's tables by qualified name, as one kysely database type. */
export type ReadModelDatabase = Qualified<'rm_admin_notifications', AdminNotificationsTables> &
  Qualified<'rm_approvals', ApprovalsTables> &
  Qualified<'rm_auctions', AuctionsTables> &
  Qualified<'rm_audit_log', AuditLogTables> &
  Qualified<'rm_custody', CustodyTables> &
  Qualified<'rm_branches', BranchesTables> &
  Qualified<'rm_cash_book', CashBookTables> &
  Qualified<'rm_customers', CustomersTables> &
  Qualified<'rm_gold_returns', GoldReturnsTables> &
  Qualified<'rm_loans', LoansTables> &
  Qualified<'rm_margin_calls', MarginCallsTables> &
  Qualified<'rm_stream_stats', StreamStatsTables> &
  Qualified<'rm_users', UsersTables>;

/**
 * One read model's tables by their plain names (`loans`, not `rm_loans.loans`). kysely's
 * withSchema keeps the database type it was called on, so the schema's own types are
 * stated here, once, for every query.
 */
export const readModel = <DB, Schema extends keyof ReadModels>(
  db: Kysely<DB>,
  schema: Schema,
): Kysely<ReadModels[Schema]> => db.withSchema(schema) as unknown as Kysely<ReadModels[Schema]>;
