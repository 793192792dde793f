import { describe, expect, it } from 'vitest';
import { loanStreamId, packetStreamId } from '@goldledger/contracts';
import { loadLoan } from '../lending/loan-commands.js';
import { custodyWorld } from '../testing/custody-test-kit.js';

// Maker-checker on a release (policy rule `release`): the customer's code and the second
// person are checked when staff ask; nothing leaves the vault's books until a checker approves.
const world = custodyWorld('custapprove');
const { people } = world;
const api = () => world.api;
const asRavi = () => world.kit.as(people.ravi.token);
const meenaByPassword = () => ({ identifier: people.meena.email, password: 'meena-secret' });

describe('a release held for a checker', () => {
  it('answers 202, changes neither the packet nor the loan, and releases once when an admin approves', async () => {
    world.ops.setDay('2026-11-21');
    const customer = await world.ops.newCustomer();
    const loan = await world.ops.openLoan(customer.customerUuid, '2026-10-01');
    const url = (rest: string) => `/api/loans/${loan.loanUuid}/custody${rest}`;
    for (const [route, body] of [
      ['/seal', { sealedGrossWeight: 30 }],
      ['/store', { location: { safe: 'Safe 1', slot: 'A1' } }],
    ] as const) {
      const res = await asRavi()('POST', url(route), { ...body, confirmer: meenaByPassword() });
      expect(res.statusCode, `${route}: ${res.body}`).toBe(200);
    }
    await world.ops.repay(loan.loanUuid);
    const out = await asRavi()('POST', url('/take-out'), {
      purpose: 'release',
      reason: 'Customer at the counter',
      confirmer: meenaByPassword(),
    });
    expect(out.statusCode, out.body).toBe(200);

    const admin = world.kit.as(await api().tokenFor('admin'));
    const policy = await admin('PUT', '/api/admin/approvals/policy', {
      rules: { release: true },
      reason: 'Releases need a checker',
    });
    expect(policy.statusCode, policy.body).toBe(200);

    expect((await asRavi()('POST', url('/release-code'), {})).statusCode).toBe(200);
    const code = await world.kit.lastCode(customer.mobile, 'custody_release_otp');
    const packetBefore = (await api().store.readStream(packetStreamId(loan.loanUuid))).version;
    const loanBefore = (await api().store.readStream(loanStreamId(loan.loanUuid))).version;

    const asked = await asRavi()('POST', url('/release'), {
      customerCode: code,
      weighedGrossWeight: 30,
      confirmer: meenaByPassword(),
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toBe('Sent for approval');
    const approvalId = asked.json().approvalId as string;
    expect((await api().store.readStream(packetStreamId(loan.loanUuid))).version).toBe(packetBefore);
    expect((await api().store.readStream(loanStreamId(loan.loanUuid))).version).toBe(loanBefore);
    expect((await asRavi()('GET', url(''))).json().data.packet.status).toBe('out');

    const approved = await admin('POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const view = (await asRavi()('GET', url(''))).json().data;
    expect(view.packet.status).toBe('released');
    const { state } = await loadLoan(api().store, loan.loanUuid);
    expect(state.goldReturn.status).toBe('returned');

    const again = await admin('POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(again.statusCode).toBe(409);
    const released = (await api().store.readStream(packetStreamId(loan.loanUuid))).events.filter(
      (e) => e.type === 'PacketReleased',
    );
    expect(released).toHaveLength(1);
  });
});
