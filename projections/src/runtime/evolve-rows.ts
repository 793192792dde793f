import { sql, type QueryCreator } from 'kysely';
import type { RecordedEvent } from '@goldledger/contracts';
import { rowFromDb, rowToDb, upsertRows, type RowColumnKinds } from './row-columns.js';

export interface EvolveRowsSpec<Row extends object, E = RecordedEvent> {
  table: string;
  /** The primary-key column. */
  key: keyof Row & string;
  columns: RowColumnKinds<Row>;
  /** The row an event touches directly; undefined when none. */
  keyOf: (event: E) => string | undefined;
  /**
   * Events that also touch every row holding a value in `column` (a customer's edit
   * reaching each of their loans): the value the event names, or undefined.
   */
  fanOut?: { column: keyof Row & string; valueOf: (event: E) => string | undefined };
  /** Pure: the row after the event (undefined: no row yet and none to make). */
  evolve: (row: Row | undefined, event: E) => Row | undefined;
  /**
   * Sees every event, in order, with the row it touched directly as that event left
   * it (undefined when none): for what a read model derives per event rather than
   * per row, such as a notification naming the loan as it then stood.
   */
  onEvolved?: (event: E, row: Row | undefined) => void;
}

/** A row the batch changed: as it was loaded (undefined: new) and as it is written. */
export interface RowChange<Row> {
  before: Row | undefined;
  after: Row;
}

/**
 * The batch shape of a read model with one row per key: load every row the batch
 * touches (by key or by the fanned-out column) in one query, fold the events over
 * them in memory with the pure `evolve`, write back only the rows that changed, in one
 * upsert per chunk. Returns those changes, for tables derived from the rows.
 */
export async function evolveRows<Row extends object, E = RecordedEvent>(
  db: QueryCreator<any>,
  spec: EvolveRowsSpec<Row, E>,
  events: readonly E[],
): Promise<RowChange<Row>[]> {
  const { key, fanOut } = spec;
  const keys = new Set<string>();
  const fanValues = new Set<string>();
  for (const e of events) {
    const k = spec.keyOf(e);
    if (k !== undefined) keys.add(k);
    const v = fanOut?.valueOf(e);
    if (v !== undefined) fanValues.add(v);
  }
  if (keys.size === 0 && fanValues.size === 0 && !spec.onEvolved) return [];

  const before = new Map<string, Row>();
  if (keys.size > 0 || fanValues.size > 0) {
    const loaded = await db
      .selectFrom(spec.table)
      .selectAll()
      .where((eb) =>
        eb.or([
          ...(keys.size > 0 ? [eb(sql.ref(key), 'in', [...keys])] : []),
          ...(fanOut && fanValues.size > 0 ? [eb(sql.ref(fanOut.column), 'in', [...fanValues])] : []),
        ]),
      )
      .execute();
    for (const raw of loaded) {
      const row = rowFromDb<Row>(spec.columns, raw);
      before.set(String(row[key]), row);
    }
  }

  const rows = new Map<string, Row>();
  // The keys of the rows holding each fanned-out value, kept as rows are made.
  const byFanValue = new Map<string, Set<string>>();
  const put = (row: Row) => {
    const k = String(row[key]);
    rows.set(k, row);
    if (!fanOut) return;
    const v = String(row[fanOut.column]);
    const held = byFanValue.get(v);
    if (held) held.add(k);
    else byFanValue.set(v, new Set([k]));
  };
  for (const row of before.values()) put(row);

  for (const e of events) {
    const k = spec.keyOf(e);
    let touched: Row | undefined;
    if (k !== undefined) {
      const next = spec.evolve(rows.get(k), e);
      if (next && next !== rows.get(k)) put(next);
      touched = rows.get(k);
    }
    const v = fanOut?.valueOf(e);
    if (fanOut && v !== undefined) {
      for (const held of [...(byFanValue.get(v) ?? [])]) {
        const row = rows.get(held);
        if (!row || String(row[fanOut.column]) !== v) continue;
        const next = spec.evolve(row, e);
        if (next && next !== row) put(next);
      }
    }
    spec.onEvolved?.(e, touched);
  }

  const changes: RowChange<Row>[] = [];
  for (const [k, after] of rows) {
    const was = before.get(k);
    if (after !== was) changes.push({ before: was, after });
  }
  await upsertRows(
    db,
    spec.table,
    key,
    changes.map((c) => rowToDb(spec.columns, c.after)),
  );
  return changes;
}
