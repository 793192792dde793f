import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@goldledger/contracts';
import { evolveRows } from '../runtime/evolve-rows.js';
import type { Projection } from '../runtime/projection.js';

/**
 * One row per stream: how many events it holds and what happened last. It reads only
 * the envelope, so it counts every event, of whatever type, and has nothing to switch over.
 */
export interface StreamStatsRow {
  stream_id: string;
  stream_type: string;
  events: number;
  last_version: number;
  last_event_type: string;
  first_event_at: string;
  last_event_at: string;
}

export interface StreamStatsTables {
  stream_stats: StreamStatsRow;
}

/** Pure: the row after one more event. */
export function evolveStreamStats(row: StreamStatsRow | undefined, e: RecordedEvent): StreamStatsRow {
  return {
    stream_id: e.streamId,
    stream_type: e.streamType,
    events: (row?.events ?? 0) + 1,
    last_version: e.streamPosition,
    last_event_type: e.type,
    first_event_at: row?.first_event_at ?? e.occurredAt,
    last_event_at: e.occurredAt,
  };
}

export const streamStatsProjection: Projection<StreamStatsTables> = {
  name: 'stream-stats',
  version: 1,
  schema: 'rm_stream_stats',

  async createTables(db: Kysely<any>, schema: string) {
    await db.schema
      .withSchema(schema)
      .createTable('stream_stats')
      .addColumn('stream_id', 'text', (c) => c.primaryKey())
      .addColumn('stream_type', 'text', (c) => c.notNull())
      .addColumn('events', 'integer', (c) => c.notNull())
      .addColumn('last_version', 'integer', (c) => c.notNull())
      .addColumn('last_event_type', 'text', (c) => c.notNull())
      .addColumn('first_event_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_event_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .withSchema(schema)
      .createIndex('stream_stats_type_idx')
      .on('stream_stats')
      .columns(['stream_type', 'last_event_at'])
      .execute();
  },

  async apply({ db }, events) {
    await evolveRows<StreamStatsRow>(
      db,
      {
        table: 'stream_stats',
        key: 'stream_id',
        columns: { timestamp: ['first_event_at', 'last_event_at'] },
        keyOf: (e) => e.streamId,
        evolve: evolveStreamStats,
      },
      events,
    );
  },
};
