import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerStreamId } from '@goldledger/contracts';
import {
  confirmLoan,
  createTestDatabase,
  type TestApi,
  type TestDatabase,
} from '@goldledger/services/testing';
import { CaseBuilder, allowedCallers } from './support/fuzz-cases.js';
import { FuzzRunner, type Finding } from './support/fuzz-runner.js';
import { multipartBody, TINY_PNG } from './support/hostile-inputs.js';
import type { Known } from './support/json-schema-values.js';
import { CALLERS, createCatalogedApi, routeKey, type CatalogRoute } from './support/route-catalog.js';

/**
 * Every route of the real app, fed malformed JSON, wrong types, huge strings, hostile
 * ids and queries, wrong content types and broken uploads, as every kind of caller.
 * The answer is always a 4xx with a message (never a 5xx), and a refused request
 * appends nothing. FUZZ_SEED reproduces a run; FUZZ_RUNS sets the random cases per caller.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const RUNS_ALLOWED = Number(process.env.FUZZ_RUNS ?? 6);
const RUNS_REFUSED = 2;

let t: TestDatabase;
let api: TestApi;
let routes: CatalogRoute[];
let runner: FuzzRunner;
let cases: CaseBuilder;

/** Events after which a loan no longer takes most commands: fuzzing it further would stay shallow. */
const ENDING_EVENTS = [
  'LoanClosed',
  'LoanRenewed',
  'LoanDeleted',
  'MarkedReadyForAuction',
  'AuctionScheduled',
  'Auctioned',
  'GoldReturned',
];

/** The demo customer's primary mobile, from the last profile its stream recorded. */
async function demoMobile(): Promise<string> {
  const { rows } = await sql<{ mobile: string }>`
    select data->>'primaryMobile' as mobile from events
    where stream_id = ${customerStreamId(api.customers.demo)}
      and type in ('CustomerRegistered', 'CustomerUpdated')
    order by stream_position desc limit 1`.execute(t.db);
  return rows[0]!.mobile;
}

/** A live loan with a payment and a photo: the real ids behind `:id`, `:paymentId`, `:photoId`. */
async function openLoan(): Promise<{
  loanUuid: string;
  loanId: string;
  paymentId: string;
  photoIds: string[];
}> {
  const admin = { 'x-auth-token': await api.tokenFor('admin') };
  // The customer confirms the loan with the wizard's code, sent to the demo customer's
  // primary mobile as it is now: a fuzzed customer edit may have changed it.
  await confirmLoan(api, admin['x-auth-token'], { id: api.customers.demo, mobile: await demoMobile() });
  const created = await api.app.inject({
    method: 'POST',
    url: '/api/admin/loans',
    headers: admin,
    payload: {
      customerId: api.customers.demo,
      goldItems: [
        { description: 'Gold chain', grossWeight: 30, netWeight: 28.5 },
        { description: 'Bangle', grossWeight: 12, netWeight: 11.5 },
      ],
      interestRate: 18,
      amount: 50_000,
      term: 6,
      disbursementMode: 'bank_transfer',
      disbursementReference: 'UTR-FUZZ-50000',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const loan = created.json().data as { _id: string; loanId: string };
  const paid = await api.app.inject({
    method: 'POST',
    url: `/api/loans/${loan._id}/payment`,
    headers: admin,
    // Each loan its own bank transaction id: one id pays once (issue 15, point 4).
    payload: { amount: 1000, paymentMethod: 'online', transactionId: `UTR${loan.loanId}`, bankName: 'SBI' },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const upload = await api.app.inject({
    method: 'POST',
    url: `/api/loans/${loan._id}/photos`,
    headers: { ...admin, 'content-type': 'multipart/form-data; boundary=----fuzzboundary' },
    payload: multipartBody([
      { name: 'goldItemIndex', value: '0' },
      { name: 'photos', value: TINY_PNG, filename: 'chain.png', type: 'image/png' },
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  return {
    loanUuid: loan._id,
    loanId: loan.loanId,
    paymentId: paid.json().data.payment._id as string,
    photoIds: (upload.json().data as Array<{ _id: string }>).map((p) => p._id),
  };
}

let known: Known;
let loanUuid = '';
let loansOpened = 0;

/** Points every known id at a live loan again (fuzzed requests may close, renew or delete it). */
async function keepLoanOpen(): Promise<void> {
  if (loanUuid) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from events
      where stream_id = ${`loan-${loanUuid}`} and type = any(${ENDING_EVENTS})`.execute(t.db);
    if (Number(rows[0]!.n) === 0) return;
  }
  const loan = await openLoan();
  loanUuid = loan.loanUuid;
  const fresh: Known = {
    uuids: [loan.loanUuid, api.customers.demo, loan.paymentId, ...loan.photoIds],
    byName: {
      id: [loan.loanUuid],
      loanId: [loan.loanUuid, loan.loanId],
      customerId: [api.customers.demo, 'CUS000001'],
      paymentId: [loan.paymentId],
      photoId: loan.photoIds,
      aadhar: ['500000000003'],
      index: ['0', '1'],
      '*': ['index.html', 'assets/app.js', 'loans/123'],
    },
  };
  // In place: the case builder holds this object.
  Object.assign(known, fresh);
  cases?.forgetInputs();
  // The read side knows the new loan too (tests run no projector process).
  await api.project();
  await runner?.recount();
  loansOpened += 1;
}

beforeAll(async () => {
  t = await createTestDatabase('fuzz_routes');
  ({ api, routes } = await createCatalogedApi(t));
  known = { uuids: [], byName: {} };
  await keepLoanOpen();
  runner = new FuzzRunner(api, t);
  cases = new CaseBuilder(known, SEED);
  console.log(`route fuzz: seed ${SEED} (set FUZZ_SEED to reproduce), ${routes.length} routes`);
});

afterAll(async () => {
  if (runner) {
    console.log(
      [
        runner.summary(routes.length),
        `  loans opened for the fuzzing: ${loansOpened}`,
        `  routes with no schema-valid generated input: ${[...cases.withoutValidInput].join(', ') || 'none'}`,
      ].join('\n'),
    );
  }
  await api?.app.close();
  await t?.drop();
});

const show = (f: Finding[]) =>
  f.map((x) => `${x.status} ${x.problem}: ${x.caller} ${x.route} [${x.label}] ${x.url} → ${x.body}`);

describe('every route under fuzzing', () => {
  it('finds the whole API, and every route declares its access', () => {
    expect(routes.length).toBeGreaterThan(100);
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(routes.filter((r) => r.url.startsWith('/api') && r.access === undefined)).toEqual([]);
  });

  it('refuses wrong types, sharp values, hostile ids and queries field by field, with a message', async () => {
    const before = runner.findings.length;
    for (const route of routes) {
      await keepLoanOpen();
      for (const c of cases.systematic(route)) await runner.send(routeKey(route), c);
    }
    expect(show(runner.findings.slice(before))).toEqual([]);
  }, 300_000);

  it('answers random mixes from every caller with a 4xx and a message, never a 5xx', async () => {
    const before = runner.findings.length;
    for (const [i, route] of routes.entries()) {
      await keepLoanOpen();
      for (const caller of CALLERS) {
        const allowed = allowedCallers(route).includes(caller);
        const sample = fc.sample(cases.random(route, caller), {
          seed: SEED + i * CALLERS.length + CALLERS.indexOf(caller),
          numRuns: allowed ? RUNS_ALLOWED : RUNS_REFUSED,
        });
        for (const c of sample) await runner.send(routeKey(route), c);
      }
    }
    expect(show(runner.findings.slice(before))).toEqual([]);
    expect(runner.routesHit.size).toBe(routes.length);
  }, 300_000);
});
