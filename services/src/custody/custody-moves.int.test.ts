import { describe, expect, it } from 'vitest';
import { businessDate } from '@goldledger/contracts';
import { custodyWorld, WEST_BRANCH } from '../testing/custody-test-kit.js';
import { confirmBorrower, recordPricesBefore } from '../testing/renewal-test-kit.js';

// Custody beyond one branch's counter: a transfer between branches, a renewal keeping its
// packet, and the limit on wrong tries at a second person's credential.
const world = custodyWorld('custmove');
const { people } = world;
const api = () => world.api;

const asRavi = () => world.kit.as(people.ravi.token);
const meenaByPassword = () => ({ identifier: people.meena.email, password: 'meena-secret' });

describe('a transfer between branches', () => {
  it('goes out of one vault with its pair and into the other with the receiving pair', async () => {
    const loan = await world.ops.openLoan((await world.ops.newCustomer()).customerUuid, '2026-11-02');
    const u = (rest: string) => `/api/loans/${loan.loanUuid}/custody${rest}`;
    for (const [route, body] of [
      ['/seal', { sealedGrossWeight: 30 }],
      ['/store', { location: { safe: 'Safe 1', slot: 'C2' } }],
      ['/take-out', { purpose: 'transfer', reason: 'Consolidating at West' }],
      ['/transfer-out', { toBranchId: WEST_BRANCH, reason: 'Consolidating at West' }],
    ] as const) {
      const res = await asRavi()('POST', u(route), { ...body, confirmer: meenaByPassword() });
      expect(res.statusCode, `${route}: ${res.body}`).toBe(200);
    }
    // The West branch sees the packet on its way; its own pair receive it (Kiran and an admin).
    const west = world.kit.as(people.kiran.token);
    const view = await west('GET', u(''));
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toMatchObject({ allowedMoves: ['transfer_in'], safes: ['Vault A'] });
    const byMain = await asRavi()('POST', u('/transfer-in'), {
      location: { safe: 'Safe 1', slot: 'C2' },
      confirmer: meenaByPassword(),
    });
    expect(byMain.statusCode).toBe(403);
    await world.kit.setPassword(api().users.admin, 'asha-secret');
    const received = await west('POST', u('/transfer-in'), {
      location: { safe: 'Vault A', slot: '7' },
      confirmer: { identifier: 'admin@demo.local', password: 'asha-secret' },
    });
    expect(received.statusCode, received.body).toBe(200);
    await api().project();
    const packets = await west('GET', '/api/custody/packets?status=in_custody');
    expect(packets.json().data).toEqual([
      expect.objectContaining({
        loanId: loan.loanId,
        branchId: WEST_BRANCH,
        location: { safe: 'Vault A', slot: '7' },
      }),
    ]);
  });
});

describe('a renewal', () => {
  it('keeps the same sealed packet: the new loan holds it, the list names the new loan', async () => {
    const old = await world.ops.openLoan((await world.ops.newCustomer()).customerUuid, '2026-10-05');
    const sealed = await asRavi()('POST', `/api/loans/${old.loanUuid}/custody/seal`, {
      sealedGrossWeight: 30,
      confirmer: meenaByPassword(),
    });
    expect(sealed.statusCode, sealed.body).toBe(200);
    await world.ops.repay(old.loanUuid);
    // On the borrower's request, at today's valuation price (issue 17).
    await recordPricesBefore(api().store, businessDate(api().clock.now()), 6_500_00);
    await confirmBorrower(api(), old.loanUuid);
    const renewal = await world.ops.call('admin', 'POST', `/api/admin/loans/${old.loanUuid}/renew`, {
      amount: 40_000,
      interestRate: 18,
      term: 3,
      disbursementMode: 'bank_transfer',
      disbursementReference: 'UTR-RENEW-40000',
    });
    expect(renewal.statusCode, renewal.body).toBe(201);
    const renewed = renewal.json().data as { _id: string; loanId: string };
    const view = (await asRavi()('GET', `/api/loans/${renewed._id}/custody`)).json().data;
    expect(view.packet).toMatchObject({
      packetNumber: sealed.json().data.packetNumber,
      sealedForLoanId: old.loanId,
    });
    expect(view.allowedMoves).toEqual(['store']);
    await api().project();
    const listed = (await asRavi()('GET', '/api/custody/packets?status=sealed')).json().data;
    expect(
      listed.find((p: { packetNumber: string }) => p.packetNumber === view.packet.packetNumber),
    ).toMatchObject({
      loanUuid: renewed._id,
      loanId: renewed.loanId,
    });
  });
});

describe('confirmation attempts', () => {
  it('are limited per second person: past the limit even the right password waits', async () => {
    const loan = await world.ops.openLoan((await world.ops.newCustomer()).customerUuid, '2026-11-03');
    const victim = await world.kit.staff('Guarded Person', 3, 'guarded-secret');
    const tries = [];
    for (let i = 0; i < 10; i++) {
      tries.push(
        (
          await asRavi()('POST', `/api/loans/${loan.loanUuid}/custody/seal`, {
            sealedGrossWeight: 30,
            confirmer: { identifier: victim.email, password: `guess-${i}` },
          })
        ).statusCode,
      );
    }
    expect(tries).toEqual(Array(10).fill(403));
    const locked = await asRavi()('POST', `/api/loans/${loan.loanUuid}/custody/seal`, {
      sealedGrossWeight: 30,
      confirmer: { identifier: victim.email, password: 'guarded-secret' },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many wrong tries to confirm as Guarded Person/);
  });
});

describe('a second person’s codes', () => {
  it('are counted apart from their sign-in codes: a busy day of confirmations never locks them out', async () => {
    for (let i = 0; i < 11; i++) {
      api().clock.advance(61_000);
      const sent = await asRavi()('POST', '/api/custody/confirmation-code', {
        identifier: people.meena.email,
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const signIn = await api().app.inject({
      method: 'POST',
      url: '/api/auth/send-login-otp',
      payload: { identifier: people.meena.email },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(await world.kit.lastCode(people.meena.mobile, 'custody_confirmation_otp')).toMatch(/^\d{6}$/);
  });
  it('are refused for someone who is not staff, and for oneself', async () => {
    const customer = await asRavi()('POST', '/api/custody/confirmation-code', {
      identifier: 'customer@demo.local',
    });
    expect(customer.statusCode).toBe(403);
    expect(customer.json().message).toBe('No member of staff has that email or mobile');
    const self = await asRavi()('POST', '/api/custody/confirmation-code', { identifier: people.ravi.mobile });
    expect(self.statusCode).toBe(403);
  });
});
