import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadDriver } from '../cluster/load.js';
import { Cluster } from '../cluster/cluster.js';
import { waitReady, waitUntil, type ProductProcess } from '../system/support/processes.js';
import { registerVerifiedCustomer } from '../../services/src/customers/customer-commands.js';
import { createLoan } from '../../services/src/lending/loan-commands.js';
import { systemClock } from '../../services/src/platform/clock.js';
import { createEventStore } from '../../services/src/platform/event-store/event-store.js';
import { BANK_PAYOUT, seedRecentGoldPrices } from '../../services/src/testing/gold-prices-kit.js';
import { FreezingProxy } from './support/freezing-proxy.js';

/**
 * Issue 15, point 4: a payment cut by a crash was committed though the client never saw
 * the answer, and its retry paid again. Here one API process takes a burst of payments,
 * each sent with an Idempotency-Key and retried by the client (same key, same body) until
 * it gets an answer, and is SIGKILLed in the middle of the burst, then started again.
 * Every payment must be recorded exactly once, and every client's answer must name the
 * payment that was recorded.
 *
 * A kill rarely lands in the microsecond between a commit and its answer, so the API
 * reaches PostgreSQL through a proxy that, just before the kill, stops passing the
 * database's answers back (`FreezingProxy`): statements already sent still commit, the
 * API never learns they did, and the kill then cuts those requests off. If no payment
 * was caught committed-but-unanswered, the round is repeated (at most three times).
 *
 * One API on the shared local PostgreSQL and NATS (no relay, projector or scheduler: the
 * check reads the store), with a short claim lease so a request the kill cut off is run
 * again within seconds.
 */
const PAYMENTS = 90;
const CLIENTS = 8;
const LOANS = 4;
const LEASE_MS = 1_500;
const MAX_ROUNDS = 3;

let cluster: Cluster | undefined;
let proxy: FreezingProxy | undefined;
let api: { label: string; url: string; proc: ProductProcess } | undefined;
let token = '';
const loans: string[] = [];

/** An API process whose database connections go through the proxy. */
async function startApi(c: Cluster, label: string): Promise<void> {
  const url = new URL(c.databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(proxy!.port);
  const proc = c.group.start(label, ['api'], { DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '8' });
  const base = (await proc.url(180_000)).replace('//localhost:', '//127.0.0.1:');
  await waitReady(proc, base, 180_000);
  api = { label, url: base, proc };
}

beforeAll(async () => {
  cluster = await Cluster.create({
    label: 'idem',
    env: { IDEMPOTENCY_LEASE_MS: String(LEASE_MS), IDEMPOTENCY_WAIT_MS: '1000' },
  });
  const target = new URL(cluster.databaseUrl);
  proxy = await FreezingProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
  const mobile = `6${String(randomInt(100_000_000, 1_000_000_000))}`;
  await cluster.run('create-admin', [
    'create-admin',
    '--email',
    `clerk-${mobile}@faults.example`,
    '--mobile',
    mobile,
    '--name',
    'Fault Clerk',
  ]);
  await startApi(cluster, 'api-1');
  token = (await LoadDriver.signIn(api!, mobile)).token;
  const adminId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  // The loans are set up in-process: only the payments go through the API under test.
  const deps = { store: createEventStore(cluster.db), clock: systemClock };
  // Loans are valued at the register's prices: the last two months, to yesterday.
  await seedRecentGoldPrices(deps.store, systemClock);
  const serial = randomInt(100_000, 1_000_000);
  for (let i = 0; i < LOANS; i++) {
    const { customerUuid } = await registerVerifiedCustomer(deps, {
      aadharNumber: `8${serial}${String(i).padStart(5, '0')}`,
      name: `Borrower ${i}`,
      email: null,
      primaryMobile: `9${serial}${String(i * 2).padStart(3, '0')}`,
      secondaryMobile: null,
      emergencyContact: { mobile: `8${serial}${String(i * 2 + 1).padStart(3, '0')}`, relation: 'Son' },
      presentAddress: '12 Temple Street, Mylapore, Chennai 600004',
      permanentAddress: '12 Temple Street, Mylapore, Chennai 600004',
    });
    const { loanUuid } = await createLoan(deps, {
      customerRef: customerUuid,
      goldItems: [{ description: 'Gold chain', grossWeightMg: 30_000, netWeightMg: 28_500, purityKarat: 22 }],
      ...BANK_PAYOUT,
      principalPaise: 10_000_000,
      annualRateBps: 1800,
      termMonths: 6,
      loanDate: null,
      createdBy: { id: adminId, name: 'Fault Clerk', role: 'admin', email: null },
    });
    loans.push(loanUuid);
  }
}, 240_000);

afterAll(async () => {
  await cluster?.close();
  await proxy?.close();
});

interface Payment {
  key: string;
  loanUuid: string;
  rupees: number;
  attempts: number;
  /** What each failed attempt met: a network error, or a status. */
  misses: string[];
  answer?: { status: number; paymentId: string; replayed: boolean };
}

const storeKey = (loanUuid: string, paise: number | string) => `loan-${loanUuid}|${paise}`;

/** Every recorded payment by loan and amount: how many times, and one of its ids. */
async function recordedPayments(c: Cluster) {
  const { rows } = await sql<{ stream_id: string; amount: string; payment_id: string; n: string }>`
    select stream_id, data->>'amountPaise' as amount, min(data->>'paymentId') as payment_id, count(*) as n
    from events where type = 'PaymentRecorded'
    group by stream_id, data->>'amountPaise'`.execute(c.db);
  return new Map(rows.map((r) => [`${r.stream_id}|${r.amount}`, r]));
}

/** Sends one payment until it is answered (anything but a network error, 5xx or 409 "in progress"). */
async function payUntilAnswered(p: Payment, deadline: number): Promise<void> {
  const body = JSON.stringify({ amount: p.rupees, paymentMethod: 'handcash' });
  while (performance.now() < deadline) {
    p.attempts++;
    try {
      const res = await fetch(`${api!.url}/api/loans/${p.loanUuid}/payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-token': token, 'idempotency-key': p.key },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      const text = await res.text();
      if (res.status >= 500 || res.status === 409) {
        p.misses.push(String(res.status));
      } else {
        const parsed = JSON.parse(text) as { data?: { payment?: { _id?: string } } };
        p.answer = {
          status: res.status,
          paymentId: parsed.data?.payment?._id ?? '',
          replayed: res.headers.get('idempotency-replayed') === 'true',
        };
        return;
      }
    } catch (error) {
      p.misses.push((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name);
    }
    await sleep(50 + randomInt(100));
  }
}

describe('SIGKILL of the API during a burst of payments sent with idempotency keys', () => {
  it('records every payment exactly once, and each client is answered with the payment recorded', async () => {
    const c = cluster!;
    // Distinct amounts per loan: each payment is recognisable in the store by loan and amount.
    const payments: Payment[] = Array.from({ length: PAYMENTS }, (_, i) => ({
      key: randomUUID(),
      loanUuid: loans[i % LOANS]!,
      rupees: 100 + i,
      attempts: 0,
      misses: [],
    }));
    const deadline = performance.now() + 50_000;
    const queue = [...payments];
    const clients = Array.from({ length: CLIENTS }, async () => {
      for (let p = queue.shift(); p; p = queue.shift()) {
        await payUntilAnswered(p, deadline);
        await sleep(100);
      }
    });

    const answered = () => payments.filter((p) => p.answer).length;
    const rounds: string[] = [];
    let cutAfterCommit: Payment[] = [];
    for (let round = 1; round <= MAX_ROUNDS && cutAfterCommit.length === 0; round++) {
      const before = answered();
      await waitUntil(() => answered() >= before + 5, {
        timeoutMs: 30_000,
        intervalMs: 5,
        describe: () => `${answered()} payments answered`,
      });
      // Answers stop as a payment's COMMIT goes by; statements in flight still commit; then the process dies.
      await proxy!.freezeAtNextCommit(5_000);
      await sleep(300);
      const victim = api!;
      await victim.proc.stop('SIGKILL', 10_000);
      proxy!.reset();
      const recorded = await recordedPayments(c);
      cutAfterCommit = payments.filter(
        (p) => !p.answer && p.attempts > 0 && recorded.has(storeKey(p.loanUuid, p.rupees * 100)),
      );
      rounds.push(
        `round ${round}: killed ${victim.label} (${victim.proc.pid}) with ${answered()} answered, ${cutAfterCommit.length} committed but unanswered`,
      );
      await startApi(c, `api-1${'′'.repeat(round)}`);
    }
    await Promise.all(clients);

    const recorded = await recordedPayments(c);
    const problems = payments.flatMap((p) => {
      const row = recorded.get(storeKey(p.loanUuid, p.rupees * 100));
      if (!p.answer) return [`₹${p.rupees} on ${p.loanUuid}: never answered (${p.misses.length} tries)`];
      if (!row)
        return [`₹${p.rupees} on ${p.loanUuid}: answered ${JSON.stringify(p.answer)} but not recorded`];
      if (Number(row.n) !== 1) return [`₹${p.rupees} on ${p.loanUuid}: recorded ${row.n} times`];
      if (p.answer.status !== 201 || p.answer.paymentId !== row.payment_id) {
        return [`₹${p.rupees}: answered ${JSON.stringify(p.answer)}, recorded ${row.payment_id}`];
      }
      return [];
    });
    const retried = payments.filter((p) => p.misses.length > 0);
    const missed = new Map<string, number>();
    for (const miss of retried.flatMap((p) => p.misses)) missed.set(miss, (missed.get(miss) ?? 0) + 1);
    const reruns = await sql<{ n: string }>`select count(*) as n from request_idempotency where runs > 1`
      .execute(c.db)
      .then((r) => r.rows[0]!.n)
      .catch(() => 'no');
    process.stdout.write(
      `[idem] ${PAYMENTS} payments by ${CLIENTS} clients; ${rounds.join('; ')}; ` +
        `${retried.length} payments needed retries (${[...missed].map(([k, n]) => `${n} × ${k}`).join(', ')}); ` +
        `${payments.filter((p) => p.answer?.replayed).length} answered by a replay; ` +
        `${reruns} claims run again after their lease; ${recorded.size} payments in the store\n`,
    );
    expect(problems).toEqual([]);
    expect(recorded.size).toBe(PAYMENTS);
    // A payment committed whose client had no answer when the API died: otherwise this proved nothing.
    expect(cutAfterCommit.length).toBeGreaterThan(0);
  });
});
