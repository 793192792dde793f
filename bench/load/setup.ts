import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { projections } from '@goldledger/projections';
import { createEventStore, systemClock, type Database } from '@goldledger/services';
import { generateLoanBook } from '../../services/src/demo/loan-book-generator.js';
import { Rng } from '../../services/src/demo/rng.js';
import { seedDemoData } from '../../services/src/identity/demo-seed.js';
import { registerStaff } from '../../services/src/identity/staff-registration.js';
import { waitUntil } from '../../tests/system/support/processes.js';
import { listRequests } from '../loan-book/list-loans.js';
import { progress } from '../lib/progress.js';
import type { ApiClient } from './http.js';
import type { Pools } from './mix.js';

/** How many customers sign in for the dashboard traffic. */
const CUSTOMERS = 12;

export interface BookFacts {
  loans: number;
  activeLoans: number;
  customers: number;
  events: number;
  generatedSeconds: number | null;
}

/** The demo book through the real command handlers (services/src/demo/loan-book-generator.ts). */
export async function generateBook(db: Kysely<Database>, loans: number, seed: number): Promise<number> {
  const deps = { store: createEventStore(db), clock: systemClock };
  await seedDemoData(deps);
  const bar = progress('generating', 'loans');
  const r = await generateLoanBook(deps, {
    loans,
    seed,
    concurrency: 8,
    includeDemoCustomer: true,
    onProgress: (done, total) => bar.update(done, total),
  });
  bar.stop();
  if (r.failed > 0) throw new Error(`${r.failed} loan lives failed, e.g. ${r.errors[0] ?? '?'}`);
  // What autovacuum would do after a bulk load, before anyone reads.
  await sql`vacuum (analyze) events, streams`.execute(db);
  return r.seconds;
}

/** Statistics and visibility maps for the freshly built read models, as autovacuum would soon give them. */
export async function analyseReadModels(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select format('%I.%I', schemaname, tablename) as name from pg_tables
    where schemaname = any(${projections.map((p) => p.schema)}::text[])`.execute(db);
  for (const { name } of rows) await sql.raw(`vacuum (analyze) ${name}`).execute(db);
}

export async function bookFacts(db: Kysely<Database>, generatedSeconds: number | null): Promise<BookFacts> {
  const { rows } = await sql<{ loans: string; active: string; customers: string; events: string }>`
    select (select count(*) from rm_loans.loans where list_status <> 'hidden') as loans,
           (select count(*) from rm_loans.loans where status = 'active') as active,
           (select count(*) from rm_customers.customers) as customers,
           (select count(*) from events) as events`.execute(db);
  const r = rows[0]!;
  return {
    loans: Number(r.loans),
    activeLoans: Number(r.active),
    customers: Number(r.customers),
    events: Number(r.events),
    generatedSeconds,
  };
}

/**
 * Staff of the bench's own, new on every run: sign-in codes are limited to five per
 * number and hour, and a book made by the generator has only the demo accounts.
 * A number some account already holds is refused; another is drawn then.
 */
export async function registerBenchStaff(
  db: Kysely<Database>,
): Promise<{ admin: string; employees: string[] }> {
  const deps = { store: createEventStore(db), clock: systemClock };
  const register = async (role: 'admin' | 'employee', name: string): Promise<string> => {
    for (let attempt = 0; ; attempt++) {
      const n = String(randomInt(0, 10 ** 8)).padStart(8, '0');
      const mobile = `71${n}`;
      try {
        await registerStaff(deps, {
          role,
          name,
          email: `bench-load-${n}@demo.local`,
          primaryMobile: mobile,
          secondaryMobile: null,
          aadharNumber: `4071${n}`,
          mustResetPassword: false,
        });
        return mobile;
      } catch (error) {
        if (attempt >= 4) throw error;
      }
    }
  };
  return {
    admin: await register('admin', 'Bench Load Admin'),
    employees: [
      await register('employee', 'Bench Load Clerk One'),
      await register('employee', 'Bench Load Clerk Two'),
    ],
  };
}

/** Signs in as a person would: a code by SMS (read from the dev outbox), then the code. */
export async function signIn(client: ApiClient, mobile: string): Promise<string> {
  const askedAt = Date.now();
  const sent = await client.request('POST', '/api/auth/send-login-otp', { body: { identifier: mobile } });
  if (sent.status !== 200) throw new Error(`sign-in code for ${mobile}: ${sent.status} ${sent.body}`);
  let otp: string | undefined;
  await waitUntil(
    async () => {
      const res = await client.request('GET', `/api/dev/outbox?to=${mobile}&limit=5`);
      const { data } = JSON.parse(res.body) as {
        data: Array<{ text: string; purpose: string; createdAt: string }>;
      };
      otp = data
        .find((m) => m.purpose === 'login_otp' && Date.parse(m.createdAt) >= askedAt - 2_000)
        ?.text.match(/\b(\d{6})\b/)?.[1];
      return otp !== undefined;
    },
    { timeoutMs: 15_000, describe: () => `the sign-in code for ${mobile} in the outbox` },
  );
  const verified = await client.request('POST', '/api/auth/verify-otp', {
    body: { identifier: mobile, otp },
  });
  if (verified.status !== 200) throw new Error(`signing in ${mobile}: ${verified.status} ${verified.body}`);
  return (JSON.parse(verified.body) as { token: string }).token;
}

function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** What the actions draw from, from the read models; signs the staff and some customers in. */
export async function buildPools(
  db: Kysely<Database>,
  client: ApiClient,
  staffMobiles: { admin: string; employees: string[] },
  seed: number,
): Promise<Pools> {
  const rng = new Rng(seed);
  const list = await listRequests(db, seed, 4000);
  const loans = await sql<{ loan_uuid: string; status: string }>`
    select loan_uuid, status from rm_loans.loans where list_status <> 'hidden'`.execute(db);
  const borrowers = await sql<{ customer_uuid: string; primary_mobile: string }>`
    select customer_uuid, primary_mobile from rm_customers.customers where verified`.execute(db);
  // Customers with an account and at least one loan, drawn at random (the codes' hourly limit is per number).
  const accounts = await sql<{ mobile: string }>`
    select c.primary_mobile as mobile from rm_customers.customers c
    where c.user_id is not null
      and exists (select 1 from rm_loans.loans l
                  where l.customer_stream_id = 'customer-' || c.customer_uuid and l.list_status <> 'hidden')
    order by random() limit ${CUSTOMERS}`.execute(db);
  if (accounts.rows.length === 0)
    throw new Error('no customer with a sign-in account and a loan in the book');

  const tokens = {
    admin: await signIn(client, staffMobiles.admin),
    employees: [] as string[],
  };
  for (const m of staffMobiles.employees) tokens.employees.push(await signIn(client, m));
  const customers: Pools['customers'] = [];
  for (const { mobile } of accounts.rows) {
    const token = await signIn(client, mobile);
    const res = await client.request('GET', '/api/loans/customer', { token });
    if (res.status !== 200) throw new Error(`customer ${mobile}'s loans: ${res.status} ${res.body}`);
    const own = (JSON.parse(res.body) as { data: Array<{ _id: string }> }).data.map((l) => l._id);
    if (own.length > 0) customers.push({ token, loans: own });
  }
  const rate = await client.request('GET', '/api/settings/gold-rate');
  return {
    tokens,
    pages: list.filter((r) => r.kind === 'none'),
    searches: list.filter((r) => r.kind !== 'none'),
    loans: loans.rows.map((r) => r.loan_uuid),
    payable: shuffle(
      rng,
      loans.rows.filter((r) => r.status === 'active').map((r) => r.loan_uuid),
    ),
    borrowers: borrowers.rows.map((r) => ({ id: r.customer_uuid, mobile: r.primary_mobile })),
    customers,
    goldRate: (JSON.parse(rate.body) as { rate: number }).rate,
  };
}
