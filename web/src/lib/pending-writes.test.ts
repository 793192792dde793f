import { describe, expect, it } from 'vitest';
import { overlayPendingWrites, PENDING_WRITE_MS, type PendingWrite } from './pending-writes';

type Row = { _id: string; name: string };
const a: Row = { _id: 'a', name: 'Asha' };
const b: Row = { _id: 'b', name: 'Bala' };
const now = 1_000_000;

describe('overlayPendingWrites', () => {
  it('replaces a row the list still shows in its old form', () => {
    const writes: PendingWrite<Row>[] = [
      { kind: 'upsert', row: { _id: 'a', name: 'Asha K' }, at: now, insert: false },
    ];
    expect(overlayPendingWrites([a, b], writes, now)).toEqual([{ _id: 'a', name: 'Asha K' }, b]);
  });

  it('adds an inserted row the list lacks at the front, but never a mere update', () => {
    const c: Row = { _id: 'c', name: 'Chitra' };
    expect(overlayPendingWrites([a], [{ kind: 'upsert', row: c, at: now, insert: true }], now)).toEqual([
      c,
      a,
    ]);
    expect(overlayPendingWrites([a], [{ kind: 'upsert', row: c, at: now, insert: false }], now)).toEqual([a]);
  });

  it('hides a deleted row until the list drops it', () => {
    expect(overlayPendingWrites([a, b], [{ kind: 'delete', id: 'a', at: now }], now)).toEqual([b]);
  });

  it('lets the list win once it agrees or the write is older than the window', () => {
    const renamed = { _id: 'a', name: 'Asha K' };
    const write: PendingWrite<Row> = { kind: 'upsert', row: renamed, at: now, insert: true };
    expect(overlayPendingWrites([renamed, b], [write], now)).toEqual([renamed, b]);
    expect(overlayPendingWrites([a, b], [write], now + PENDING_WRITE_MS + 1)).toEqual([a, b]);
  });

  it('compares with the given equality', () => {
    const write: PendingWrite<Row> = {
      kind: 'upsert',
      row: { _id: 'a', name: 'ASHA' },
      at: now,
      insert: false,
    };
    const sameName = (x: Row, y: Row) => x.name.toLowerCase() === y.name.toLowerCase();
    // The list agrees by that measure, so its own row stays.
    expect(overlayPendingWrites([a], [write], now, sameName)).toEqual([a]);
  });
});
