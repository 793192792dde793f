import { mkdtemp, readFile, readdir, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START, type Position } from '@goldledger/contracts';
import {
  checksumDifferences,
  projections,
  readModelChecksums,
  rebuildProjection,
  type ReadModelChecksums,
} from '@goldledger/projections';
import { generateLoanBook } from '../demo/loan-book-generator.js';
import { createTestApi } from '../testing/test-api.js';
import { createTestDatabase, untilCommittedReadable, type TestDatabase } from '../testing/test-infra.js';
import { advanceTransactionCounter, backup, restore, type BackupManifest } from './backup.js';
import { createEventStore } from './event-store/event-store.js';
import type { Database } from './platform.js';

const quiet = () => undefined;

async function rebuildAll(t: TestDatabase): Promise<ReadModelChecksums> {
  const reader = createEventStore(t.db);
  for (const projection of projections) await rebuildProjection({ db: t.db, reader, projection });
  return readModelChecksums(t.db, projections);
}

/** Every event, byte for byte as stored, in store order: one digest. */
async function eventsDigest(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ d: string }>`
    select md5(string_agg(to_jsonb(e)::text, E'\n' order by global_position)) as d from events e`.execute(db);
  return rows[0]!.d;
}

async function currentTransactionId(db: Kysely<Database>): Promise<bigint> {
  return BigInt((await sql<{ id: string }>`select pg_current_xact_id()::text as id`.execute(db)).rows[0]!.id);
}

describe('backup and restore', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let dir: string;
  let manifest: BackupManifest;
  let before: ReadModelChecksums;
  const blobs = { source: '', target: '' };

  beforeAll(async () => {
    source = await createTestDatabase('backup_src');
    target = await createTestDatabase('backup_dst');
    dir = await mkdtemp(path.join(tmpdir(), 'goldledger-backup-'));
    blobs.source = path.join(dir, 'source-blobs');
    blobs.target = path.join(dir, 'target-blobs');
    await mkdir(path.join(blobs.source, 'ab'), { recursive: true });
    await writeFile(path.join(blobs.source, 'ab', 'photo-1.jpg'), Buffer.from('jpeg bytes'));

    const api = await createTestApi(source);
    const book = await generateLoanBook({ store: api.store, clock: api.clock }, { loans: 80, seed: 3 });
    expect(book.failed).toBe(0);
    await api.app.close();
    await untilCommittedReadable(source.db);
    before = await rebuildAll(source);
  }, 180_000);

  afterAll(async () => {
    await source?.drop();
    await target?.drop();
  });

  it('dumps the store from one snapshot, with a manifest of what it holds', async () => {
    manifest = await backup({
      connectionString: source.url,
      out: path.join(dir, 'b1'),
      blobDir: blobs.source,
      log: quiet,
    });
    const events = Number(
      (await sql<{ n: string }>`select count(*) as n from events`.execute(source.db)).rows[0]!.n,
    );
    expect(manifest.rows.events).toBe(events);
    expect(manifest.rows.events).toBeGreaterThan(500);
    expect(manifest.blobs).toEqual({ files: 1, bytes: 10 });
    expect(JSON.parse(await readFile(path.join(dir, 'b1', 'manifest.json'), 'utf8'))).toEqual(manifest);
    await expect(
      backup({ connectionString: source.url, out: path.join(dir, 'b1'), blobDir: undefined, log: quiet }),
    ).rejects.toThrow(/is not empty/);
  }, 60_000);

  it('restores into a fresh database whose rebuilt read models equal the original, checksum for checksum', async () => {
    await restore({
      db: target.db,
      connectionString: target.url,
      from: path.join(dir, 'b1'),
      blobDir: blobs.target,
      log: quiet,
      onBurnProgress: quiet,
    });
    expect(await eventsDigest(target.db)).toBe(await eventsDigest(source.db));
    const after = await rebuildAll(target);
    expect(checksumDifferences(before, after)).toEqual([]);
    expect(after.overall).toBe(before.overall);
    expect(after.projections.loans!.loans!.rows).toBe(80);
    expect(await readdir(path.join(blobs.target, 'ab'))).toEqual(['photo-1.jpg']);
  }, 180_000);

  it('goes on after the restore: the next event follows the restored ones and is read in order', async () => {
    const store = createEventStore(target.db, { contracts: 'unchecked' });
    await untilCommittedReadable(target.db);
    const head: Position = await store.headPosition();
    await store.append('restore-check-1', [{ type: 'Noted', data: {}, occurredAt: new Date() }], {
      streamType: 'restore-check',
      expectedVersion: 'no_stream',
    });
    // The store reads below the server-wide xmin: another file's open transaction holds it back.
    await untilCommittedReadable(target.db);
    const next = await store.readAll(head, 10);
    expect(next.map((e) => e.streamId)).toEqual(['restore-check-1']);
    expect(BigInt(next[0]!.position.globalPosition)).toBe(BigInt(manifest.head!.globalPosition) + 1n);
    expect(BigInt(next[0]!.position.transactionId)).toBeGreaterThan(BigInt(manifest.maxTransactionId));
    expect((await store.readAll(START, 100_000)).length).toBe(manifest.rows.events! + 1);
  });

  it('refuses a database that already holds events, and a folder that is not a backup', async () => {
    const attempt = (from: string) =>
      restore({
        db: target.db,
        connectionString: target.url,
        from,
        blobDir: undefined,
        log: quiet,
        onBurnProgress: quiet,
      });
    await expect(attempt(path.join(dir, 'b1'))).rejects.toThrow(
      /already holds \d+ events: restore into an empty database/,
    );
    await expect(attempt(dir)).rejects.toThrow(/not a GoldLedger backup/);
  });

  it('moves a younger cluster’s transaction counter past the restored ids', async () => {
    const now = await currentTransactionId(target.db);
    const progress: number[] = [];
    // Other sessions on the cluster use ids too, so fewer than 2,500 may need burning.
    const burnt = await advanceTransactionCounter(target.db, now + 2_500n, (done) => progress.push(done));
    expect(burnt).toBeGreaterThan(0);
    expect(await currentTransactionId(target.db)).toBeGreaterThan(now + 2_500n);
    expect(progress.length).toBeGreaterThan(0);
    // Already past: nothing to do.
    expect(await advanceTransactionCounter(target.db, now, quiet)).toBe(0);
    // Too far for an online catch-up: told how to do it offline.
    await expect(advanceTransactionCounter(target.db, now + 50_000_000n, quiet)).rejects.toThrow(
      /pg_resetwal -x/,
    );
  }, 60_000);
});
