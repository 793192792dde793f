import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadDriver } from '../cluster/load.js';
import { Cluster, type Member } from '../cluster/cluster.js';
import { waitReady, waitUntil } from '../system/support/processes.js';
import { registerVerifiedCustomer } from '../../services/src/customers/customer-commands.js';
import { createLoan } from '../../services/src/lending/loan-commands.js';
import { systemClock } from '../../services/src/platform/clock.js';
import { createEventStore } from '../../services/src/platform/event-store/event-store.js';
import { apiEndpoints } from './support/fault-cluster.js';

/**
 * Issue 15, point 4: a payment cut by a crash was committed though the client never saw
 * the answer, and its retry paid again. Here one API process takes a burst of payments,
 * each sent with an Idempotency-Key and retried by the client (same key, same body) until
 * it gets an answer; the API is SIGKILLed in the middle of the burst and started again.
 * Every payment must then be recorded exactly once, and every client's answer must name
 * the payment that was recorded.
 *
 * One API on the shared local PostgreSQL and NATS (no relay, projector or scheduler: the
 * check reads the store), with a short claim lease so a request the kill cut off is run
 * again within seconds.
 */
const PAYMENTS = 40;
const CLIENTS = 8;
const LOANS = 4;
const LEASE_MS = 1_500;

let cluster: Cluster | undefined;
let token = '';
const loans: string[] = [];

beforeAll(async () => {
  cluster = await Cluster.create({
    label: 'idem',
    env: { IDEMPOTENCY_LEASE_MS: String(LEASE_MS), IDEMPOTENCY_WAIT_MS: '1000' },
  });
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
  const api = await cluster.start('api', 'api-1');
  await waitReady(api.proc, api.url, 180_000);
  token = (await LoadDriver.signIn(apiEndpoints(cluster)[0]!, mobile)).token;
  const adminId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  // The loans are set up in-process: only the payments go through the API under test.
  const deps = { store: createEventStore(cluster.db), clock: systemClock };
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

/** Sends one payment until it is answered (anything but a network error, 5xx or 409 "in progress"). */
async function payUntilAnswered(c: Cluster, p: Payment, deadline: number): Promise<void> {
  const body = JSON.stringify({ amount: p.rupees, paymentMethod: 'handcash' });
  while (performance.now() < deadline) {
    p.attempts++;
    const api = apiEndpoints(c)[0]!;
    try {
      const res = await fetch(`${api.url}/api/loans/${p.loanUuid}/payment`, {
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
    const deadline = performance.now() + 45_000;
    const queue = [...payments];
    const clients = Array.from({ length: CLIENTS }, async () => {
      for (let p = queue.shift(); p; p = queue.shift()) await payUntilAnswered(c, p, deadline);
    });

    // Kill once a few payments are answered and others are in flight.
    await waitUntil(() => payments.filter((p) => p.answer).length >= 6, {
      timeoutMs: 30_000,
      intervalMs: 5,
      describe: () => `${payments.filter((p) => p.answer).length} payments answered`,
    });
    const victim: Member = c.live('api')[0]!;
    const answeredAtKill = payments.filter((p) => p.answer).length;
    await victim.proc.stop('SIGKILL', 10_000);
    const back = await c.start('api', `${victim.label}′`);
    await waitReady(back.proc, back.url, 180_000);
    await Promise.all(clients);

    const { rows } = await sql<{ stream_id: string; amount: string; payment_id: string; n: string }>`
      select stream_id, data->>'amountPaise' as amount, min(data->>'paymentId') as payment_id, count(*) as n
      from events where type = 'PaymentRecorded'
      group by stream_id, data->>'amountPaise'`.execute(c.db);
    const recorded = new Map(rows.map((r) => [`${r.stream_id}|${r.amount}`, r]));
    const unanswered = payments.filter((p) => !p.answer);
    const problems = payments.flatMap((p) => {
      const row = recorded.get(`loan-${p.loanUuid}|${p.rupees * 100}`);
      if (!row) return [`₹${p.rupees} on ${p.loanUuid}: not recorded (answer ${JSON.stringify(p.answer)})`];
      if (Number(row.n) !== 1) return [`₹${p.rupees} on ${p.loanUuid}: recorded ${row.n} times`];
      if (p.answer && (p.answer.status !== 201 || p.answer.paymentId !== row.payment_id)) {
        return [`₹${p.rupees}: answered ${JSON.stringify(p.answer)}, recorded ${row.payment_id}`];
      }
      return [];
    });
    const cut = payments.filter((p) => p.misses.length > 0);
    const reruns = await sql<{ n: string }>`select count(*) as n from request_idempotency where runs > 1`
      .execute(c.db)
      .then((r) => r.rows[0]!.n)
      .catch(() => 'no');
    const missed = new Map<string, number>();
    for (const miss of cut.flatMap((p) => p.misses)) missed.set(miss, (missed.get(miss) ?? 0) + 1);
    process.stdout.write(
      `[idem] ${PAYMENTS} payments by ${CLIENTS} clients; killed ${victim.label} (${victim.proc.pid}) with ${answeredAtKill} answered; ` +
        `${cut.length} payments needed retries (${[...missed].map(([k, n]) => `${n} × ${k}`).join(', ')}); ` +
        `${payments.filter((p) => p.answer?.replayed).length} answered by a replay; ` +
        `${reruns} claims run again after their lease; ${rows.length} payments in the store\n`,
    );
    expect(unanswered.map((p) => p.rupees)).toEqual([]);
    expect(problems).toEqual([]);
    expect(rows.length).toBe(PAYMENTS);
    // The kill did cut requests off: otherwise this test proved nothing.
    expect(cut.length).toBeGreaterThan(0);
  });
});
