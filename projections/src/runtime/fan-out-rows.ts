import { sql, type QueryCreator } from 'kysely';
import { LOAN_STREAM_TYPE, type RecordedEvent } from '@goldledger/contracts';

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

export interface FanOutRowsSpec<Row extends object> {
  table: string;
  /** The primary-key column. */
  key: keyof Row & string;
  columns: RowColumnKinds<Row>;
  /** The row an event touches directly; undefined when none. */
  keyOf: (event: RecordedEvent) => string | undefined;
  /**
   * Events that touch every row holding a value in `column` (a customer's edit reaching
   * each of their loans): the value the event names, or undefined.
   */
  fanOut: { column: keyof Row & string; valueOf: (event: RecordedEvent) => string | undefined };
  /** Pure: the row after the event (undefined: no row yet and none to make). */
  evolve: (row: Row | undefined, event: RecordedEvent) => Row | undefined;
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

function rowToDb<Row>(columns: RowColumnKinds<Row>, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const c of columns.json ?? []) out[c] = out[c] == null ? null : JSON.stringify(out[c]);
  return out;
}

/**
 * The batch shape of a read model with one row per loan that also mirrors the
 * customer's later edits: load every row the batch touches (by key or by the fanned-out
 * column) in one query, fold the events in memory with the pure `evolve`, write back
 * only the rows that changed.
 */
export async function evolveFanOutRows<Row extends object>(
  db: QueryCreator<any>,
  spec: FanOutRowsSpec<Row>,
  events: readonly RecordedEvent[],
): Promise<void> {
  const keys = new Set<string>();
  const fanValues = new Set<string>();
  for (const e of events) {
    const k = spec.keyOf(e);
    if (k !== undefined) keys.add(k);
    const v = spec.fanOut.valueOf(e);
    if (v !== undefined) fanValues.add(v);
  }
  if (keys.size === 0 && fanValues.size === 0) return;

  const loaded = await db
    .selectFrom(spec.table)
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(keys.size > 0 ? [eb(sql.ref(spec.key), 'in', [...keys])] : []),
        ...(fanValues.size > 0 ? [eb(sql.ref(spec.fanOut.column), 'in', [...fanValues])] : []),
      ]),
    )
    .execute();
  const before = new Map<string, Row>();
  for (const raw of loaded) {
    const row = rowFromDb<Row>(spec.columns, raw);
    before.set(String(row[spec.key]), row);
  }
  const rows = new Map(before);
  const keyOfRow = (r: Row) => String(r[spec.key]);
  const fanOf = (r: Row) => String(r[spec.fanOut.column]);

  for (const e of events) {
    const k = spec.keyOf(e);
    if (k !== undefined) {
      const next = spec.evolve(rows.get(k), e);
      if (next) rows.set(k, next);
    }
    const v = spec.fanOut.valueOf(e);
    if (v !== undefined) {
      for (const r of [...rows.values()].filter((x) => fanOf(x) === v)) {
        const next = spec.evolve(r, e);
        if (next) rows.set(keyOfRow(next), next);
      }
    }
  }

  const changed = [...rows.values()].filter((r) => r !== before.get(keyOfRow(r)));
  const first = changed[0];
  if (!first) return;
  const columns = Object.keys(first).filter((c) => c !== spec.key);
  // Postgres takes at most 65,535 parameters a statement.
  const chunk = Math.max(1, Math.floor(60_000 / (columns.length + 1)));
  for (let i = 0; i < changed.length; i += chunk) {
    await db
      .insertInto(spec.table)
      .values(changed.slice(i, i + chunk).map((r) => rowToDb(spec.columns, r)))
      .onConflict((oc) =>
        oc
          .column(spec.key)
          .doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
}

/**
 * The spec shared by the read models with one row per loan that follow the customer's later
 * edits: loan events touch their own row, a `CustomerUpdated` reaches every row of that customer.
 */
export function perLoanFollowingCustomer<Row extends object>(
  table: string,
  columns: RowColumnKinds<Row>,
  evolve: FanOutRowsSpec<Row>['evolve'],
): FanOutRowsSpec<Row> {
  return {
    table,
    key: 'loan_uuid' as keyof Row & string,
    columns,
    keyOf: (e) => (e.streamType === LOAN_STREAM_TYPE ? e.streamId.replace(/^loan-/, '') : undefined),
    fanOut: {
      column: 'customer_stream_id' as keyof Row & string,
      valueOf: (e) => (e.streamType === 'customer' && e.type === 'CustomerUpdated' ? e.streamId : undefined),
    },
    evolve,
  };
}
