import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loanStreamId, packetStreamId } from '@goldledger/contracts';
import { loadLoan } from '../lending/loan-commands.js';
import { custodyWorld } from '../testing/custody-test-kit.js';

// The custody of one loan's gold from sealing to release, as one story; transfers, renewals
// and the limits on tries are in custody-moves.int.test.ts.
const world = custodyWorld('custody');
const { people } = world;
const api = () => world.api;

const eventCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from events`.execute(world.t.db)).rows[0]!.n);

const asRavi = () => world.kit.as(people.ravi.token);
const meenaByPassword = () => ({ identifier: people.meena.email, password: 'meena-secret' });

describe('the custody of a loan’s gold, from sealing to release', () => {
  let loan: { loanUuid: string; loanId: string };
  let customer: Awaited<ReturnType<typeof world.ops.newCustomer>>;
  const url = (rest = '') => `/api/loans/${loan.loanUuid}/custody${rest}`;

  it('shows a new loan’s gold as not sealed, with sealing the one move', async () => {
    world.ops.setDay('2026-11-21');
    customer = await world.ops.newCustomer();
    loan = await world.ops.openLoan(customer.customerUuid, '2026-10-01');
    const res = await asRavi()('GET', url());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      packet: null,
      allowedMoves: ['seal'],
      safes: ['Safe 1', 'Safe 2'],
    });
  });

  it('refuses the sealer as their own second person, a wrong password, and staff of another branch; nothing is written', async () => {
    const before = await eventCount();
    const self = await asRavi()('POST', url('/seal'), {
      sealedGrossWeight: 30,
      confirmer: { identifier: people.ravi.email, password: 'ravi-secret' },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toMatch(/must be a different member of staff/);

    const wrong = await asRavi()('POST', url('/seal'), {
      sealedGrossWeight: 30,
      confirmer: { identifier: people.meena.email, password: 'not-her-password' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe("The second person's password is not correct");

    const elsewhere = await asRavi()('POST', url('/seal'), {
      sealedGrossWeight: 30,
      confirmer: { identifier: people.kiran.email, password: 'kiran-secret' },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('Kiran West does not work at GoldLedger Main Branch');

    const nobody = await asRavi()('POST', url('/seal'), {
      sealedGrossWeight: 30,
      confirmer: { identifier: 'nobody@branch.local', password: 'x' },
    });
    expect(nobody.statusCode).toBe(403);
    expect(nobody.json().message).toBe('No member of staff has that email or mobile');

    const kiranHimself = await world.kit.as(people.kiran.token)('POST', url('/seal'), {
      sealedGrossWeight: 30,
      confirmer: meenaByPassword(),
    });
    expect(kiranHimself.statusCode).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('seals the gold with two staff of the branch: a packet number from the counter', async () => {
    const sealed = await asRavi()('POST', url('/seal'), {
      sealedGrossWeight: 30.125,
      confirmer: meenaByPassword(),
    });
    expect(sealed.statusCode, sealed.body).toBe(200);
    expect(sealed.json().data).toEqual({ packetNumber: 'PK00000001', status: 'sealed', incidentId: null });
    const again = await asRavi()('POST', url('/seal'), {
      sealedGrossWeight: 30.125,
      confirmer: meenaByPassword(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The gold of this loan is already sealed in packet PK00000001');
    const { events } = await api().store.readStream(packetStreamId(loan.loanUuid));
    expect(events.map((e) => e.type)).toEqual(['PacketSealed']);
    expect(events[0]!.data).toMatchObject({
      sealedGrossWeightMg: 30_125,
      by: { id: people.ravi.userId },
      confirmedBy: { id: people.meena.userId, method: 'password' },
    });
  });

  it('stores it with the second person confirming by a code sent to their own mobile', async () => {
    const sent = await asRavi()('POST', '/api/custody/confirmation-code', {
      identifier: people.meena.mobile,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await world.kit.lastCode(people.meena.mobile, 'custody_confirmation_otp');
    // Only the person who asked for the code can use it.
    const stolen = await world.kit.as(people.meena.token)('POST', url('/store'), {
      location: { safe: 'Safe 1', slot: 'A3' },
      confirmer: { identifier: people.ravi.email, code },
    });
    expect(stolen.statusCode).toBe(403);
    const badSafe = await asRavi()('POST', url('/store'), {
      location: { safe: 'Safe 9', slot: 'A3' },
      confirmer: { identifier: people.meena.mobile, code },
    });
    expect(badSafe.statusCode).toBe(400);
    expect(badSafe.json().message).toMatch(/There is no safe "Safe 9"/);
    const stored = await asRavi()('POST', url('/store'), {
      location: { safe: 'Safe 1', slot: 'A3' },
      confirmer: { identifier: people.meena.mobile, code },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().data.status).toBe('in_vault');
    const reused = await asRavi()('POST', url('/take-out'), {
      purpose: 'inspection',
      reason: 'Customer asked to see it',
      confirmer: { identifier: people.meena.mobile, code },
    });
    expect(reused.statusCode).toBe(403);
  });

  it('refuses impossible moves with a message: storing a packet already in the vault, releasing an open loan', async () => {
    const twice = await asRavi()('POST', url('/store'), {
      location: { safe: 'Safe 2', slot: 'B1' },
      confirmer: meenaByPassword(),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'Cannot put the packet in the vault: packet PK00000001 is in the vault',
    );
    const early = await asRavi()('POST', url('/take-out'), {
      purpose: 'release',
      reason: 'Customer is here',
      confirmer: meenaByPassword(),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/loan .* is not closed/);
  });

  it('takes it out for inspection and puts it back', async () => {
    const out = await asRavi()('POST', url('/take-out'), {
      purpose: 'inspection',
      reason: 'Quarterly inspection',
      confirmer: meenaByPassword(),
    });
    expect(out.statusCode, out.body).toBe(200);
    const back = await asRavi()('POST', url('/store'), {
      location: { safe: 'Safe 2', slot: 'B1' },
      reason: 'Inspected, seal intact',
      confirmer: meenaByPassword(),
    });
    expect(back.statusCode, back.body).toBe(200);
    const view = (await asRavi()('GET', url())).json().data;
    expect(view.packet).toMatchObject({ status: 'in_vault', location: { safe: 'Safe 2', slot: 'B1' } });
    expect(view.packet.movements.map((m: { type: string }) => m.type)).toEqual([
      'PacketSealed',
      'PacketStored',
      'PacketTakenOut',
      'PacketStored',
    ]);
    expect(view.packet.movements[2]).toMatchObject({
      by: { name: 'Ravi Employee' },
      confirmedBy: { name: 'Meena Employee', method: 'password' },
      reason: 'Quarterly inspection',
    });
  });

  it('prints a label whose QR code reads as the packet number', async () => {
    const res = await asRavi()('GET', url('/label.pdf'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'packet-label-'));
    try {
      writeFileSync(path.join(dir, 'label.pdf'), res.rawPayload);
      const text = execFileSync('pdftotext', [path.join(dir, 'label.pdf'), '-']).toString();
      for (const expected of [
        'PK00000001',
        loan.loanId,
        'GoldLedger Main Branch',
        '30.125 g',
        'Ravi Employee',
        'Meena Employee',
      ]) {
        expect(text).toContain(expected);
      }
      execFileSync('pdftoppm', [
        '-r',
        '200',
        '-png',
        '-singlefile',
        path.join(dir, 'label.pdf'),
        path.join(dir, 'label'),
      ]);
      const { data, info } = await sharp(readFileSync(path.join(dir, 'label.png')))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const qr = jsQR(new Uint8ClampedArray(data), info.width, info.height);
      expect(qr?.data).toBe('PK00000001');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('releases it to the customer present with their code, after the loan is closed; a weight difference opens an incident', async () => {
    await world.ops.repay(loan.loanUuid);
    const out = await asRavi()('POST', url('/take-out'), {
      purpose: 'release',
      reason: 'Loan repaid, customer at the counter',
      confirmer: meenaByPassword(),
    });
    expect(out.statusCode, out.body).toBe(200);
    const codeSent = await asRavi()('POST', url('/release-code'), {});
    expect(codeSent.statusCode, codeSent.body).toBe(200);
    expect(codeSent.json().message).toBe(
      `Code sent to the customer's mobile ending ${customer.mobile.slice(-4)}`,
    );
    const code = await world.kit.lastCode(customer.mobile, 'custody_release_otp');

    const wrongCode = await asRavi()('POST', url('/release'), {
      customerCode: code === '000000' ? '111111' : '000000',
      weighedGrossWeight: 30.1,
      confirmer: meenaByPassword(),
    });
    expect(wrongCode.statusCode).toBe(403);
    expect(wrongCode.json().message).toMatch(/^The customer's code is not correct/);

    const released = await asRavi()('POST', url('/release'), {
      customerCode: code,
      weighedGrossWeight: 30.1,
      confirmer: meenaByPassword(),
    });
    expect(released.statusCode, released.body).toBe(200);
    const incidentId = released.json().data.incidentId as string;
    expect(incidentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(released.json().message).toMatch(/an incident was opened/);

    // The loan's gold is returned in the same transaction.
    const { state } = await loadLoan(api().store, loan.loanUuid);
    expect(state.goldReturn.status).toBe('returned');
    const loanEvents = (await api().store.readStream(loanStreamId(loan.loanUuid))).events;
    expect(loanEvents.at(-1)!.type).toBe('GoldReturned');

    await api().project();
    const adminToken = await api().tokenFor('admin');
    const list = await world.kit.as(adminToken)('GET', '/api/admin/custody/incidents');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        incidentId,
        packetNumber: 'PK00000001',
        loanId: loan.loanId,
        expectedGrossWeightMg: 30_125,
        foundGrossWeightMg: 30_100,
        resolution: null,
      }),
    ]);
    const employeeList = await asRavi()('GET', '/api/admin/custody/incidents');
    expect(employeeList.statusCode).toBe(403);

    const short = await world.kit.as(adminToken)(
      'POST',
      `/api/admin/custody/incidents/${incidentId}/resolve`,
      {
        resolution: 'ok',
      },
    );
    expect(short.statusCode).toBe(400);
    const resolved = await world.kit.as(adminToken)(
      'POST',
      `/api/admin/custody/incidents/${incidentId}/resolve`,
      {
        resolution: 'Seal checked on camera; the scale was recalibrated. Customer signed for 30.100 g.',
      },
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    const twice = await world.kit.as(adminToken)(
      'POST',
      `/api/admin/custody/incidents/${incidentId}/resolve`,
      {
        resolution: 'Again, to be sure.',
      },
    );
    expect(twice.statusCode).toBe(409);
    await api().project();
    expect((await world.kit.as(adminToken)('GET', '/api/admin/custody/incidents')).json().data).toEqual([]);

    const view = (await asRavi()('GET', url())).json().data;
    expect(view.packet.status).toBe('released');
    expect(view.allowedMoves).toEqual([]);
    expect(view.packet.incidents[0]).toMatchObject({ resolvedBy: { name: 'Asha Admin' } });
  });

  it('keeps the gold-returns screen from marking sealed gold returned behind custody’s back', async () => {
    const other = await world.ops.openLoan((await world.ops.newCustomer()).customerUuid, '2026-10-01');
    const sealed = await asRavi()('POST', `/api/loans/${other.loanUuid}/custody/seal`, {
      sealedGrossWeight: 30,
      confirmer: meenaByPassword(),
    });
    expect(sealed.json().data.packetNumber).toBe('PK00000002');
    await world.ops.repay(other.loanUuid);
    const marked = await world.ops.call(
      'admin',
      'POST',
      `/api/gold-returns/${other.loanUuid}/mark-returned`,
      {},
    );
    expect(marked.statusCode).toBe(409);
    expect(marked.json().message).toMatch(
      /sealed in packet PK00000002: release it from the loan's custody page/,
    );
  });
});
