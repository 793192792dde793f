import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checksumDifferences,
  projections,
  readModelChecksums,
  rebuildAll,
  type ReadModelChecksums,
} from '@goldledger/projections';
import { generateLoanBook } from '../demo/loan-book-generator.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

/**
 * `npm run rebuild` rebuilds every read model in one pass over the store (issue 19, point 9):
 * what it builds must equal, table by table, what the projectors built event batch by event
 * batch as the book was written.
 */

let t: TestDatabase;
let api: TestApi;
let live: ReadModelChecksums;

beforeAll(async () => {
  t = await createTestDatabase('rebuildall');
  api = await createTestApi(t);
  const book = await generateLoanBook({ store: api.store, clock: api.clock }, { loans: 40, seed: 11 });
  expect(book.failed).toBe(0);
  await api.project();
  live = await readModelChecksums(t.db, projections);
}, 600_000);

afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

describe('rebuilding every read model in one pass', () => {
  it.each([97, 5000])(
    'equals the read models built live (batches of %i)',
    async (batchSize) => {
      const seen: string[] = [];
      const result = await rebuildAll({
        db: t.db,
        reader: api.store,
        projections,
        batchSize,
        onDone: (name) => seen.push(name),
      });
      expect(result.events).toBeGreaterThan(0);
      expect(seen).toEqual(projections.map((p) => p.name));
      const rebuilt = await readModelChecksums(t.db, projections);
      expect(checksumDifferences(live, rebuilt)).toEqual([]);
      expect(rebuilt.overall).toBe(live.overall);
    },
    300_000,
  );
});
