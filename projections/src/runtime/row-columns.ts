import { sql, type QueryCreator } from 'kysely';

/** How a column is stored, for the trip to Postgres and back. */
export interface RowColumnKinds<Row> {
  /** jsonb: pg would send a JS array as a Postgres array literal, so these go as JSON text. */
  json?: ReadonlyArray<keyof Row & string>;
  /** bigint: read back as strings; kept as numbers (paise and milligrams fit easily). */
  bigint?: ReadonlyArray<keyof Row & string>;
  /** date: `YYYY-MM-DD`. */
  date?: ReadonlyArray<keyof Row & string>;
  /** timestamptz: ISO strings, as evolve writes them. */
  timestamp?: ReadonlyArray<keyof Row & string>;
}

const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A row as read back → the shape evolve writes. */
export function rowFromDb<Row>(columns: RowColumnKinds<Row>, raw: object): Row {
  const row: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const c of columns.bigint ?? []) if (row[c] != null) row[c] = Number(row[c]);
  for (const c of columns.date ?? []) if (row[c] instanceof Date) row[c] = ymd(row[c] as Date);
  for (const c of columns.timestamp ?? [])
    if (row[c] != null) row[c] = new Date(row[c] as string).toISOString();
  return row as Row;
}

/** A row as evolve wrote it → what pg is handed. */
export function rowToDb<Row>(columns: RowColumnKinds<Row>, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const c of columns.json ?? []) out[c] = out[c] == null ? null : JSON.stringify(out[c]);
  return out;
}

/** Inserts rows, or overwrites every other column of the rows whose `key` is taken. */
export async function upsertRows(
  db: QueryCreator<any>,
  table: string,
  key: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first).filter((c) => c !== key);
  // Postgres takes at most 65,535 parameters a statement.
  const chunk = Math.max(1, Math.floor(60_000 / (columns.length + 1)));
  for (let i = 0; i < rows.length; i += chunk) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk))
      .onConflict((oc) =>
        oc.column(key).doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
}
