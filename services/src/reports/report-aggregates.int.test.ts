import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BRANCH_ID,
  LENDING_POLICY,
  START,
  addReportMonths,
  type BranchScope,
  type ReportsData,
} from '@goldledger/contracts';
import { ProjectionRunner, loansProjection, rebuildProjection } from '@goldledger/projections';
import { openBranch } from '../branches/branch-commands.js';
import { generateLoanBook } from '../demo/loan-book-generator.js';
import { DEMO_SECOND_BRANCH } from '../identity/demo-seed.js';
import { executeLoanCommand } from '../lending/loan-commands.js';
import { reportsByScan } from '../testing/reports-by-scan.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, untilCommittedReadable, type TestDatabase } from '../testing/test-infra.js';
import { buildReports } from './reports.queries.js';

/**
 * The reports' aggregates (issue 19, point 9) against the scans they replace, over random
 * histories: books made by the real command handlers from random seeds, in two branches,
 * with loans deleted after payments and upgrades (their figures leave every total), fed to
 * the loans projection in random batch sizes, live and by rebuild, then asked for random
 * ranges of months and every branch scope.
 */

const SECOND_BRANCH = '00000000-0000-4000-8000-0000000b7a19';
const SCOPES: BranchScope[] = [
  { kind: 'all' },
  { kind: 'branches', branchIds: [DEFAULT_BRANCH_ID] },
  { kind: 'branches', branchIds: [SECOND_BRANCH] },
];

let t: TestDatabase;
let api: TestApi;
/** The book's months, first to last. */
let span: { first: string; last: string };

const deps = () => ({ store: api.store, clock: api.clock });

/** Deletes a few loans that had payments and upgrades, so their figures must leave the totals. */
async function deleteSomeLoans(count: number): Promise<void> {
  const { rows } = await sql<{ stream_id: string }>`
    select s.stream_id from streams s
    where s.stream_type = 'loan'
      and exists (select 1 from events e where e.stream_id = s.stream_id and e.type = 'RateUpgraded')
      and exists (select 1 from events e where e.stream_id = s.stream_id and e.type = 'PaymentRecorded')
      and not exists (select 1 from events e where e.stream_id = s.stream_id
                      and e.type in ('LoanClosed', 'LoanRenewed', 'LoanDeleted'))
    order by s.stream_id limit ${count}`.execute(t.db);
  for (const r of rows)
    await executeLoanCommand(deps(), r.stream_id.replace(/^loan-/, ''), {
      type: 'DeleteLoan',
      reason: 'Entered twice',
    });
}

/** Replaces the loans read model with one fed the whole store in batches of `batch` events. */
async function projectLoans(batch: number, how: 'live' | 'rebuild'): Promise<void> {
  await sql`drop schema if exists rm_loans cascade`.execute(t.db);
  await sql`delete from projection_checkpoints where projection = 'loans'`.execute(t.db);
  // The store reads below the server-wide xmin: a transaction open elsewhere holds the last events back.
  await untilCommittedReadable(t.db);
  if (how === 'rebuild') {
    await rebuildProjection({ db: t.db, reader: api.store, projection: loansProjection, batchSize: batch });
    return;
  }
  const runner = new ProjectionRunner({
    db: t.db,
    reader: api.store,
    projection: loansProjection,
    catchUpBatch: batch,
  });
  await runner.init();
  await runner.catchUp();
}

/** What the aggregates answer: the report's parts that the scans also compute. */
async function fromAggregates(from: string, to: string, scope: BranchScope) {
  const r: ReportsData = await buildReports(
    t.db,
    { from, to },
    `${span.last}-28`,
    'employee',
    scope,
    LENDING_POLICY,
  );
  return {
    disbursements: r.disbursements,
    collections: r.collections,
    upgradesPerMonth: r.upgradesPerMonth,
    portfolio: r.portfolio,
    upgradeLevels: r.upgradeLevels,
  };
}

beforeAll(async () => {
  t = await createTestDatabase('reportagg');
  api = await createTestApi(t, undefined, {}, { goldPrices: false });
  await openBranch(deps(), SECOND_BRANCH, DEMO_SECOND_BRANCH.details, {});
  for (const seed of [3, 19]) {
    const result = await generateLoanBook(deps(), {
      loans: 30,
      seed,
      branches: [{ branchId: SECOND_BRANCH, customerShare: 1 / 3, staffEmails: ['employee@demo.local'] }],
    });
    expect(result.failed).toBe(0);
  }
  await deleteSomeLoans(3);
  // Every read model once (the scans read the audit log).
  await api.project();
  const { rows } = await sql<{ first: string; last: string }>`
    select to_char(min(disbursement_date), 'YYYY-MM') as first, to_char(max(disbursement_date), 'YYYY-MM') as last
    from rm_loans.loans`.execute(t.db);
  span = { first: rows[0]!.first, last: addReportMonths(rows[0]!.last, 2) };
}, 600_000);

afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

describe('the reports from the aggregates', () => {
  it('has deleted loans with payments and upgrades, in both branches, to test against', async () => {
    const { rows } = await sql<{ deleted: string; branches: string; upgrades: string }>`
      select count(*) filter (where status = 'deleted') as deleted,
             count(distinct branch_id) as branches,
             count(*) filter (where upgrade_level > 0) as upgrades
      from rm_loans.loans`.execute(t.db);
    expect(Number(rows[0]!.deleted)).toBeGreaterThanOrEqual(3);
    expect(Number(rows[0]!.branches)).toBe(2);
    expect(Number(rows[0]!.upgrades)).toBeGreaterThan(0);
  });

  it('equal the scans of the loans, their payments and the audit log, however the events were batched', async () => {
    const months = (from: string, to: string) => {
      const all: string[] = [];
      for (let m = from; m <= to; m = addReportMonths(m, 1)) all.push(m);
      return all;
    };
    const book = months(addReportMonths(span.first, -1), span.last);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 400 }),
        fc.constantFrom<'live' | 'rebuild'>('live', 'rebuild'),
        fc.array(
          fc
            .tuple(fc.integer({ min: 0, max: book.length - 1 }), fc.integer({ min: 0, max: 13 }))
            .map(([start, length]) => ({
              from: book[start]!,
              to: book[Math.min(book.length - 1, start + length)]!,
            })),
          { minLength: 2, maxLength: 4 },
        ),
        async (batch, how, ranges) => {
          await projectLoans(batch, how);
          for (const { from, to } of [{ from: span.first, to: span.last }, ...ranges])
            for (const scope of SCOPES)
              expect(await fromAggregates(from, to, scope)).toEqual(
                await reportsByScan(t.db, from, to, scope),
              );
        },
      ),
      { numRuns: 4 },
    );
  }, 600_000);

  it('count a loan nowhere once it is deleted, and nothing twice when a batch is delivered again', async () => {
    await projectLoans(50, 'live');
    const before = await fromAggregates(span.first, span.last, { kind: 'all' });
    // The same events applied a second time (a redelivery the checkpoint did not stop).
    const events = await api.store.readAll(START, 100_000);
    await t.db
      .transaction()
      .execute((trx) =>
        loansProjection.apply({ db: trx.withSchema('rm_loans') as never, trx, schema: 'rm_loans' }, events),
      );
    expect(await fromAggregates(span.first, span.last, { kind: 'all' })).toEqual(before);
    expect(before).toEqual(await reportsByScan(t.db, span.first, span.last, { kind: 'all' }));
  }, 120_000);
});
