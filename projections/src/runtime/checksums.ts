import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Projection } from './projection.js';

/** One table's fingerprint: its row count and a digest of its rows, whatever their order. */
export interface TableChecksum {
  rows: number;
  digest: string;
}

export interface ReadModelChecksums {
  /** projection name → table name → fingerprint */
  projections: Record<string, Record<string, TableChecksum>>;
  /** One digest over every table above: equal read models, equal `overall`. */
  overall: string;
}

/**
 * Fingerprints every read-model table. Each row is hashed as its canonical JSON text
 * (`to_jsonb`), and the hashes are summed: the result does not depend on physical
 * order, but a missing, changed or doubled row changes it. Runs in Postgres, so a
 * table of millions of rows costs one scan, not a transfer. Any database type will do:
 * the tables are found in the catalog, by each projection's schema.
 */
export async function readModelChecksums<DB>(
  db: Kysely<DB>,
  projections: readonly Projection[],
): Promise<ReadModelChecksums> {
  const result: ReadModelChecksums['projections'] = {};
  for (const projection of [...projections].sort((a, b) => a.name.localeCompare(b.name))) {
    const { rows: tables } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = ${projection.schema} and table_type = 'BASE TABLE'
      order by table_name`.execute(db);
    const perTable: Record<string, TableChecksum> = {};
    for (const { name } of tables) {
      // Two 60-bit halves of each row's md5, summed as numerics (no overflow).
      const { rows } = await sql<{ n: string; hi: string | null; lo: string | null }>`
        select count(*) as n,
          sum(('x' || substr(h, 1, 15))::bit(60)::bigint::numeric)::text as hi,
          sum(('x' || substr(h, 16, 15))::bit(60)::bigint::numeric)::text as lo
        from (select md5(to_jsonb(t)::text) as h from ${sql.id(projection.schema, name)} t) hashed`.execute(
        db,
      );
      const row = rows[0]!;
      const count = Number(row.n);
      perTable[name] = {
        rows: count,
        digest: createHash('sha256')
          .update(`${count}:${row.hi ?? 0}:${row.lo ?? 0}`)
          .digest('hex')
          .slice(0, 32),
      };
    }
    result[projection.name] = perTable;
  }
  const overall = createHash('sha256').update(JSON.stringify(result)).digest('hex');
  return { projections: result, overall };
}

/** Tables whose fingerprints differ between two runs, as "projection/table: a ≠ b" lines. */
export function checksumDifferences(a: ReadModelChecksums, b: ReadModelChecksums): string[] {
  const out: string[] = [];
  const names = new Set([...Object.keys(a.projections), ...Object.keys(b.projections)]);
  for (const projection of [...names].sort()) {
    const ta = a.projections[projection] ?? {};
    const tb = b.projections[projection] ?? {};
    for (const table of [...new Set([...Object.keys(ta), ...Object.keys(tb)])].sort()) {
      const x = ta[table];
      const y = tb[table];
      if (x?.digest !== y?.digest) {
        const show = (c: TableChecksum | undefined) =>
          c ? `${c.rows} rows ${c.digest.slice(0, 12)}` : 'absent';
        out.push(`${projection}/${table}: ${show(x)} ≠ ${show(y)}`);
      }
    }
  }
  return out;
}
