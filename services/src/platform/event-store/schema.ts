import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { EventMetadata } from '@goldledger/contracts';

export interface StreamsTable {
  stream_id: string;
  stream_type: string;
  /** Number of events in the stream; 0 never exists (the row is created with the first event). */
  version: ColumnType<string, number, number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EventsTable {
  global_position: ColumnType<string, never, never>;
  transaction_id: ColumnType<string, never, never>;
  stream_id: string;
  stream_position: ColumnType<string, number, never>;
  event_id: string;
  type: string;
  schema_version: number;
  data: JSONColumnType<Record<string, unknown>>;
  metadata: JSONColumnType<EventMetadata>;
  occurred_at: ColumnType<Date, string, never>;
  recorded_at: ColumnType<Date, never, never>;
}

export interface IdempotencyKeysTable {
  idempotency_key: string;
  stream_id: string;
  first_stream_position: ColumnType<string, number, never>;
  next_expected_version: ColumnType<string, number, never>;
  event_ids: string[];
  recorded_at: ColumnType<Date, never, never>;
}

export interface EventStoreDatabase {
  streams: StreamsTable;
  events: EventsTable;
  idempotency_keys: IdempotencyKeysTable;
}
