import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lendingApiKit } from '../../services/src/testing/lending-api-kit.js';

/**
 * Issue 15, point 6: three quick upgrade clicks took a loan from 18 % to 36 % in a second.
 * Every manual loan command carries the version the person saw; a stale one gets 409. An
 * upgrade before the loan's upgrade date needs an explicit confirmation with a reason.
 */
const { kit, call, eventCount, newLoan } = lendingApiKit('sec_stale_commands');

const upgrades = async (loanUuid: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from events
        where stream_id = ${`loan-${loanUuid}`} and type = 'RateUpgraded'`.execute(kit.t.db)
    ).rows[0]!.n,
  );

describe('manual loan commands carry the version the person saw', () => {
  it('three parallel upgrades sent with the same version: one lands, two get 409', async () => {
    const loan = await newLoan();
    // The version the admin sees on the loan's detail (the read model).
    await kit.api.project();
    const detail = await call('admin', 'GET', `/api/loans/${loan._id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const seen = detail.json().data.version as number;
    expect(seen).toBe(1);
    const body = { expectedVersion: seen, confirmEarly: true, reason: 'Customer asked for the higher slab' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('admin', 'POST', `/api/admin/loans/${loan._id}/upgrade-rate`, body)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const stale of answers.filter((a) => a.statusCode === 409)) {
      expect(stale.json().message).toMatch(/has changed since you opened it/);
    }
    expect(answers.find((a) => a.statusCode === 200)!.json().data).toMatchObject({
      currentInterestRate: 24,
      version: 2,
    });
    expect(await upgrades(loan._id)).toBe(1);
  });

  it('an early upgrade without a confirmed reason is refused and appends nothing', async () => {
    const loan = await newLoan();
    const before = await eventCount();
    for (const body of [{}, { expectedVersion: 1 }, { expectedVersion: 1, confirmEarly: true }]) {
      const res = await call('admin', 'POST', `/api/admin/loans/${loan._id}/upgrade-rate`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(
        /next upgrade is due on .*confirm the early upgrade and give a reason/,
      );
    }
    expect(await eventCount()).toBe(before);
    const ok = await call('admin', 'POST', `/api/admin/loans/${loan._id}/upgrade-rate`, {
      expectedVersion: 1,
      confirmEarly: true,
      reason: 'Customer asked for the higher slab',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const { rows } = await sql<{ data: { earlyReason: string } }>`select data from events
      where stream_id = ${`loan-${loan._id}`} and type = 'RateUpgraded'`.execute(kit.t.db);
    expect(rows[0]!.data.earlyReason).toBe('Customer asked for the higher slab');
  });

  it('a payment sent with a version the loan has moved past gets 409 and appends nothing', async () => {
    const loan = await newLoan();
    const pay = (expectedVersion: number) =>
      call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
        amount: 1_000,
        paymentMethod: 'handcash',
        paymentType: 'interest',
        expectedVersion,
      });
    const first = await pay(1);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.loan.version).toBe(2);
    const before = await eventCount();
    const again = await pay(1);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'stale_version', expectedVersion: 1, currentVersion: 2 });
    expect(await eventCount()).toBe(before);
  });
});
