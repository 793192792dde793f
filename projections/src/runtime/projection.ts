import type { Kysely, QueryCreator } from 'kysely';
import type { Position, RecordedEvent } from '@goldledger/contracts';

/**
 * A read model: its tables live in their own Postgres schema so a rebuild can fill a
 * fresh copy and swap it in atomically. `apply` writes one batch of events inside
 * the runner's transaction (which also advances the checkpoint).
 */
export interface Projection<Tables = any> {
  /** kebab-case, stable: the checkpoint and dead letters are keyed by it. */
  name: string;
  /** Bump when the tables or the meaning of apply change: the runner rebuilds. */
  version: number;
  /** The Postgres schema holding the read model, e.g. `rm_stream_stats`. */
  schema: string;
  /**
   * Creates the tables in `schema` (the live one or a rebuild copy). Untyped: this is the
   * read model's migration, run before its tables exist, in a schema named at run time.
   */
  createTables(db: Kysely<any>, schema: string): Promise<void>;
  /**
   * Secondary indexes only the read side uses (never `apply`'s own look-ups, which must stay
   * in `createTables`). A new read model gets them with its tables; a rebuild builds them once
   * after its bulk, instead of maintaining them row by row through a million events.
   */
  createIndexes?(db: Kysely<any>, schema: string): Promise<void>;
  /** Applies events in order. Throwing rolls back the whole batch. */
  apply(scope: ApplyScope<Tables>, events: readonly RecordedEvent[]): Promise<void>;
}

export interface ApplyScope<Tables = any> {
  /** Queries scoped to the schema being written (live or rebuild copy). */
  db: QueryCreator<Tables>;
  /**
   * The transaction, for raw SQL: qualify tables with `schema`. Untyped: the schema is the
   * live one or `<schema>__rebuild`, known only at run time; `db` above is the typed view.
   */
  trx: Kysely<any>;
  schema: string;
}

/** Reading the store, as the runner needs it (the services' EventStore fits). */
export interface EventReader {
  readAll(after: Position, limit: number): Promise<RecordedEvent[]>;
  headPosition(): Promise<Position>;
}

/**
 * What a transport hands to projectors: an event and the position of the event the
 * relay published before it. A runner whose checkpoint is behind `prev` has missed
 * something (it started late, NATS dropped old messages, a rebuild moved it) and
 * fills the gap from the store before applying.
 */
export interface Delivery {
  event: RecordedEvent;
  prev: Position;
}
