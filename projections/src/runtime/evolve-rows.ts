import { sql, type QueryCreator } from 'kysely';
import type { RecordedEvent } from '@goldledger/contracts';

export interface EvolveRowsSpec<Row extends object> {
  table: string;
  /** The primary-key column. */
  key: keyof Row & string;
  /** timestamptz columns: read back as Date, kept as ISO strings like evolve writes them. */
  dateColumns: ReadonlyArray<keyof Row & string>;
  /** Which row an event touches; undefined for events this read model ignores. */
  keyOf: (event: RecordedEvent) => string | undefined;
  /** Pure: the row after the event (undefined: no row yet and none to make). */
  evolve: (row: Row | undefined, event: RecordedEvent) => Row | undefined;
}

/**
 * The batch shape of a one-row-per-key read model: load the rows the batch touches
 * in one query, fold the events over them in memory with the pure `evolve`, write
 * them back with one upsert per chunk.
 */
export async function evolveRows<Row extends object>(
  db: QueryCreator<any>,
  spec: EvolveRowsSpec<Row>,
  events: readonly RecordedEvent[],
): Promise<void> {
  const keys = [...new Set(events.map(spec.keyOf).filter((k): k is string => k !== undefined))];
  if (keys.length === 0) return;
  const existing = (await db
    .selectFrom(spec.table)
    .selectAll()
    .where(sql.ref(spec.key), 'in', keys)
    .execute()) as Row[];
  const rows = new Map<string, Row>();
  for (const r of existing) {
    const row: Record<string, unknown> = { ...(r as Record<string, unknown>) };
    for (const c of spec.dateColumns) if (row[c] != null) row[c] = new Date(row[c] as string).toISOString();
    rows.set(String(row[spec.key]), row as Row);
  }
  for (const e of events) {
    const k = spec.keyOf(e);
    if (k === undefined) continue;
    const next = spec.evolve(rows.get(k), e);
    if (next) rows.set(k, next);
  }
  const values = [...rows.values()];
  const first = values[0];
  if (!first) return;
  const columns = Object.keys(first).filter((c) => c !== spec.key);
  // Postgres takes at most 65,535 parameters a statement.
  const chunk = Math.max(1, Math.floor(60_000 / (columns.length + 1)));
  for (let i = 0; i < values.length; i += chunk) {
    await db
      .insertInto(spec.table)
      .values(values.slice(i, i + chunk))
      .onConflict((oc) =>
        oc
          .column(spec.key)
          .doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
}
