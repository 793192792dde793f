import { useCallback, useMemo, useState } from 'react';

/**
 * Lists are read from projections that trail the write by a moment, so a list fetched
 * right after a save may not show it yet. A screen keeps what its own writes answered
 * here and lays it over the list until the list agrees or `PENDING_WRITE_MS` has passed
 * (then the list, whatever it says, wins).
 */
export const PENDING_WRITE_MS = 15_000;

export type PendingWrite<T extends { _id: string }> =
  { kind: 'upsert'; row: T; at: number; insert: boolean } | { kind: 'delete'; id: string; at: number };

const idOf = <T extends { _id: string }>(w: PendingWrite<T>) => (w.kind === 'upsert' ? w.row._id : w.id);

/** True once the list says what the write said (same fields for an upsert; gone for a delete). */
function settled<T extends { _id: string }>(
  rows: readonly T[],
  write: PendingWrite<T>,
  same: (a: T, b: T) => boolean,
) {
  const found = rows.find((r) => r._id === idOf(write));
  return write.kind === 'delete' ? found === undefined : found !== undefined && same(found, write.row);
}

/**
 * The list as the user should see it: each write still pending (younger than
 * `PENDING_WRITE_MS`, not yet in the list) replaces its row, removes it, or, for an
 * `insert`, is added at the front when the list lacks it. Pure: `now` is passed in.
 */
export function overlayPendingWrites<T extends { _id: string }>(
  rows: readonly T[],
  writes: ReadonlyArray<PendingWrite<T>>,
  now: number,
  same: (a: T, b: T) => boolean = sameJson,
): T[] {
  let shown = [...rows];
  for (const write of writes) {
    if (now - write.at > PENDING_WRITE_MS || settled(rows, write, same)) continue;
    const id = idOf(write);
    if (write.kind === 'delete') {
      shown = shown.filter((r) => r._id !== id);
    } else if (shown.some((r) => r._id === id)) {
      shown = shown.map((r) => (r._id === id ? write.row : r));
    } else if (write.insert) {
      shown = [write.row, ...shown];
    }
  }
  return shown;
}

const sameJson = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `apply(rows)` lays this screen's recent writes over a fetched list; `upsert(row)`
 * and `remove(id)` record a write's answer (the caller revalidates the list as well).
 */
export function usePendingWrites<T extends { _id: string }>(same?: (a: T, b: T) => boolean) {
  const [writes, setWrites] = useState<Array<PendingWrite<T>>>([]);
  const record = useCallback((write: PendingWrite<T>) => {
    // The newest write of a row replaces any older one.
    setWrites((all) => [...all.filter((w) => idOf(w) !== idOf(write)), write]);
  }, []);
  const upsert = useCallback(
    (row: T, options: { insert?: boolean } = {}) =>
      record({ kind: 'upsert', row, at: Date.now(), insert: options.insert ?? false }),
    [record],
  );
  const remove = useCallback((id: string) => record({ kind: 'delete', id, at: Date.now() }), [record]);
  const apply = useCallback(
    (rows: readonly T[]) => overlayPendingWrites(rows, writes, Date.now(), same),
    [writes, same],
  );
  return useMemo(() => ({ apply, upsert, remove }), [apply, upsert, remove]);
}
