import type { AuctionStatus, GoldItemRecord } from '@goldledger/contracts';
import { rowFromDb, type RowColumnKinds } from '../runtime/row-columns.js';

export interface AuctionHistoryRow {
  status: 'ready_for_auction' | 'auction_scheduled' | 'auctioned' | 'cancelled' | 'failed';
  at: string;
  by: string | null;
  notes: string | null;
  reason: string | null;
}

/**
 * Auction management, where a loan goes not_ready → ready_for_auction →
 * auction_scheduled → auctioned (cancelling from ready or scheduled goes back to
 * not_ready): a row per loan with what the auction screen shows and what decides whether a loan belongs on it (in default:
 * past maturity or with an overdue installment; or on the auction track). Figures are
 * copied from the events; gold value at today's rate is the query's business.
 */
export interface AuctionRow {
  loan_uuid: string;
  loan_id: string;
  version: number;
  /** The loan's branch (the default branch for loans made before branches). */
  branch_id: string;
  customer_stream_id: string;
  customer_name: string;
  customer_mobile: string;
  gold_items: GoldItemRecord[];
  /** Σ net weight. */
  total_net_mg: number;
  loan_status: 'active' | 'closed' | 'renewed' | 'deleted';
  disbursement_date: string;
  term_months: number;
  original_rate_bps: number;
  /** The lending policy version the loan was sanctioned under (its auction rules). */
  policy_version: number;
  maturity_date: string;
  /** Installments the scheduler has marked overdue (the decider's "in default" counts them too). */
  overdue_installments: number;
  principal_outstanding_paise: number;
  interest_outstanding_paise: number;
  ledger_as_of: string;
  auction_status: AuctionStatus;
  ready_on: string | null;
  outstanding_at_ready_paise: number | null;
  auction_date: string | null;
  reserve_price_paise: number | null;
  gold_value_at_schedule_paise: number | null;
  sale_paise: number | null;
  surplus_paise: number | null;
  shortfall_paise: number | null;
  outstanding_at_sale_paise: number | null;
  /** Auctions of this gold that failed since it was listed (a cancellation starts afresh). */
  failed_auctions: number;
  /** The notice's day + the policy's notice days: the first day an auction may be held. */
  earliest_auction_date: string | null;
  /** A sale's surplus: the day it is due back by, and whether the refunds since have paid it. */
  surplus_refund_due_by: string | null;
  surplus_refunded: boolean;
  notes: string | null;
  history: AuctionHistoryRow[];
  updated_at: string;
}

export interface AuctionsTables {
  auction_loans: AuctionRow;
}

export const AUCTION_COLUMNS: RowColumnKinds<AuctionRow> = {
  json: ['gold_items', 'history'],
  bigint: [
    'total_net_mg',
    'principal_outstanding_paise',
    'interest_outstanding_paise',
    'outstanding_at_ready_paise',
    'reserve_price_paise',
    'gold_value_at_schedule_paise',
    'sale_paise',
    'surplus_paise',
    'shortfall_paise',
    'outstanding_at_sale_paise',
  ],
  date: [
    'disbursement_date',
    'maturity_date',
    'ledger_as_of',
    'ready_on',
    'auction_date',
    'earliest_auction_date',
    'surplus_refund_due_by',
  ],
  timestamp: ['updated_at'],
};

export const auctionRowFromDb = (raw: object): AuctionRow => rowFromDb<AuctionRow>(AUCTION_COLUMNS, raw);
