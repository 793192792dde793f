import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { danglingClaims, verifiedWithoutOneAccount } from '../cluster/checks.js';
import { codeFor, Numbers, send } from '../cluster/load-http.js';
import type { ApiEndpoint } from '../cluster/load-types.js';
import { waitReady } from '../system/support/processes.js';
import {
  apiEndpoints,
  startFaultCluster,
  stopFaultCluster,
  type FaultCluster,
} from './support/fault-cluster.js';

/**
 * Issue 15, point 17: the two-step writes, killed between their steps. An extra API is
 * started with FAULT_CRASH_AT naming the point (services/src/platform/crash-points.ts):
 * it SIGKILLs itself there, mid-request. Then the request is tried again on a live API,
 * as staff would, and the store is checked: every verified customer has exactly one
 * sign-in account, linked; every staff registration ended fully registered; no email or
 * mobile is left claimed for an account that does not exist.
 */
let f: FaultCluster | undefined;

beforeAll(async () => {
  f = await startFaultCluster({
    label: 'twostep',
    counts: { api: 1, relay: 1, projector: 1, scheduler: 0 },
  });
});
afterAll(async () => {
  await stopFaultCluster(f);
});

/** How long a claim must stand before a registration may take it over (IDENTIFIER_CLAIM_POLICY). */
const ABANDONED_AFTER_MS = 31_000;

/** An API that dies at `point`, ready to take the request that kills it. */
async function crashingApi(fc: FaultCluster, point: string, label: string) {
  const member = await fc.cluster.start('api', label, {}, { FAULT_CRASH_AT: point });
  await waitReady(member.proc, member.url, 240_000);
  return member;
}

/** Sends the request that kills the API; its answer never comes. */
async function sendToDie(
  member: Awaited<ReturnType<typeof crashingApi>>,
  pathname: string,
  token: string,
  body: unknown,
) {
  const answer = await send({ label: member.label, url: member.url }, 'POST', pathname, token, body).then(
    (a) => a,
    (error: unknown) => error,
  );
  const exit = await member.proc.exited;
  return { answer, exit };
}

const events = async (fc: FaultCluster, streamId: string) =>
  (
    await sql<{ type: string; data: Record<string, unknown> }>`
      select type, data from events where stream_id = ${streamId} order by stream_position`.execute(
      fc.cluster.db,
    )
  ).rows;

describe('SIGKILL between the two writes', () => {
  it('of a customer verification: never verified without the account; verified again, exactly one account', async () => {
    const fc = f!;
    const api: ApiEndpoint = apiEndpoints(fc.cluster)[0]!;
    const token = fc.staffToken;
    const numbers = new Numbers();
    for (let i = 1; i <= 2; i++) {
      const n = numbers.next();
      const created = await send(api, 'POST', '/api/admin/customers', token, {
        aadharNumber: n.aadhar,
        name: `Crash Customer ${i}`,
        email: null,
        primaryMobile: n.mobile,
        secondaryMobile: null,
        emergencyContact: { mobile: n.emergency, relation: 'Spouse' },
        presentAddress: '4 Car Street, Mylapore, Chennai 600004',
        permanentAddress: '4 Car Street, Mylapore, Chennai 600004',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const customerUuid = String(created.body.customer._id);
      const otp = await codeFor(api, n.mobile, 'customer_verification_otp');

      const crasher = await crashingApi(
        fc,
        'customer-verification:account-opened',
        `api-crash-customer-${i}`,
      );
      const { exit } = await sendToDie(crasher, '/api/admin/verify-customer-otp', token, {
        phoneNumber: n.mobile,
        otp,
      });
      expect(exit.signal).toBe('SIGKILL');
      const between = await events(fc, `customer-${customerUuid}`);
      expect(between.map((e) => e.type)).not.toContain('CustomerVerified');
      expect(await verifiedWithoutOneAccount(fc.cluster.db)).toEqual([]);

      // Staff try again: the code was used, so they ask for the loan gate's code and verify with it.
      const sent = await send(api, 'POST', '/api/loans/send-otp', token, { customerId: customerUuid });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const again = await codeFor(api, n.mobile, 'loan_otp');
      const verified = await send(api, 'POST', '/api/loans/verify-otp', token, {
        customerId: customerUuid,
        otp: again,
      });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      const after = (await events(fc, `customer-${customerUuid}`)).map((e) => e.type);
      expect(after.filter((t) => t === 'CustomerVerified')).toHaveLength(1);
      expect(after.filter((t) => t === 'CustomerAccountLinked')).toHaveLength(1);
    }
    expect(await verifiedWithoutOneAccount(fc.cluster.db)).toEqual([]);
    expect(await danglingClaims(fc.cluster.db)).toEqual([]);
  });

  it('of a staff registration: registered again, fully registered, no claim left dangling', async () => {
    const fc = f!;
    const api: ApiEndpoint = apiEndpoints(fc.cluster)[0]!;
    const token = fc.staffToken;
    const mobile = `8${String(randomInt(100_000_000, 1_000_000_000))}`;
    const body = {
      name: 'Crash Employee',
      email: `crash-${mobile}@faults.example`,
      mobile,
      role: 'employee',
      aadharNumber: `9${String(randomInt(10_000_000_000, 100_000_000_000))}`,
    };
    const crasher = await crashingApi(fc, 'account-registration:claimed', 'api-crash-staff');
    const diedAt = performance.now();
    const { exit } = await sendToDie(crasher, '/api/admin/employees', token, body);
    expect(exit.signal).toBe('SIGKILL');
    // What the dead process left: the email claimed for an account never written.
    expect(await danglingClaims(fc.cluster.db)).toHaveLength(1);

    // The admin tries again once the claim counts as abandoned.
    await sleep(Math.max(0, ABANDONED_AFTER_MS - (performance.now() - diedAt)));
    const registered = await send(api, 'POST', '/api/admin/employees', token, body);
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const userId = String(registered.body.data._id);
    expect((await events(fc, `user-${userId}`)).map((e) => e.type)).toEqual(['StaffRegistered']);
    for (const stream of [`user-identifier:email:${body.email}`, `user-identifier:mobile:${mobile}`]) {
      expect((await events(fc, stream)).at(-1)).toMatchObject({
        type: 'IdentifierClaimed',
        data: { userId },
      });
    }
    expect(await danglingClaims(fc.cluster.db)).toEqual([]);
    expect(await verifiedWithoutOneAccount(fc.cluster.db)).toEqual([]);
  });
});
