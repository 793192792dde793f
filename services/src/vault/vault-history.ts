import { sql, type Kysely } from 'kysely';
import { PacketEvents, type RegisterBasis } from '@goldledger/contracts';
import {
  CUSTOMER_FACT_TYPES,
  LOAN_FACT_TYPES,
  foldFacts,
  type CustodyFacts,
  type FactEvent,
} from './custody-facts.js';

const PACKET_TYPES = Object.keys(PacketEvents).filter((t) => !t.startsWith('PacketIncident'));
const FACT_TYPES = [...PACKET_TYPES, ...LOAN_FACT_TYPES, ...CUSTOMER_FACT_TYPES];

interface FactRow {
  stream_id: string;
  type: string;
  data: Record<string, unknown>;
}

/**
 * Every packet, loan and customer name as of `moment`, replayed from the store in one
 * query: the events of the types the register folds (event type names are unique across
 * stream types), up to the moment, in the store's order. A LoanCreated brings only the
 * few fields the register reads, not its schedule and customer profile, so thousands of
 * loans stay a small answer. `occurred` compares each event's business time, `recorded`
 * the time it was written. The events were checked against their contracts when appended.
 */
export async function custodyFactsAsOf(
  db: Kysely<any>,
  /** Null: now, every event written. */
  moment: Date | null,
  basis: RegisterBasis,
): Promise<CustodyFacts> {
  const timeColumn = basis === 'recorded' ? sql.ref('recorded_at') : sql.ref('occurred_at');
  const upTo = moment ? sql`and ${timeColumn} <= ${moment}` : sql``;
  const { rows } = await sql<FactRow>`
    select stream_id, type,
      case when type = 'LoanCreated' then jsonb_build_object(
          'loanId', data->'loanId',
          'branchId', data->'branchId',
          'customerStreamId', data->'customer'->'customerStreamId',
          'customerId', data->'customer'->'customerId',
          'name', data->'customer'->'name')
        when type in ('CustomerRegistered', 'CustomerUpdated') then jsonb_build_object('name', data->'name')
        else data end as data
    from events
    where type = any(${FACT_TYPES}::text[]) ${upTo}
    order by transaction_id, global_position`.execute(db);
  return foldFacts(rows.map(toFactEvent));
}

function toFactEvent(row: FactRow): FactEvent {
  const data = row.data;
  // jsonb_build_object writes a missing branchId as null; the fold reads absent as the default branch.
  if (row.type === 'LoanCreated' && data.branchId === null) delete data.branchId;
  return { streamId: row.stream_id, type: row.type, data } as FactEvent;
}
