import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BRANCH_STREAM_TYPE,
  DEFAULT_BRANCH_DETAILS,
  LOAN_STREAM_TYPE,
  PACKET_STREAM_TYPE,
  formatPacketNumber,
  loanStreamId,
  packetStreamId,
  DEFAULT_BRANCH_ID,
  VaultRegisterResponse,
  branchStreamId,
  businessDate,
  type VaultRegister,
} from '@goldledger/contracts';
import { lendingApiKit, type Caller } from '../testing/lending-api-kit.js';
import { packetKit } from './packet-test-kit.js';

const { kit, call, newLoan } = lendingApiKit('vault_register');
const packets = packetKit(() => kit.api);
const HOUR = 3_600_000;

beforeAll(() => {
  // Near the wall clock, so `recorded` replays (the time events were written) can be asked for too.
  kit.api.clock.set(new Date());
});

async function register(caller: Caller, query = ''): Promise<VaultRegister> {
  const res = await call(caller, 'GET', `/api/vault/register${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return VaultRegisterResponse.parse(res.json()).data;
}

/** Pays what closes the loan today. */
async function repay(loan: { _id: string }) {
  const quote = await call('employee', 'POST', `/api/loans/${loan._id}/calculate-early-repayment`, {
    repaymentDate: businessDate(kit.api.clock.now()),
  });
  expect(quote.statusCode, quote.body).toBe(200);
  const paid = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
    amount: quote.json().totalDue,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  expect(paid.json().data.loan.status).toBe('closed');
}

const numbers = (r: VaultRegister) => r.packets.map((p) => p.packetNumber);

describe('the vault register', () => {
  it('lists every packet in the branch’s custody with its loan, customer, weight and place, and totals', async () => {
    const stored = await newLoan();
    const sealedOnly = await newLoan();
    const a = await packets.seal(stored, { weightMg: 30_250, location: { safe: 'Safe 2', slot: 'T7' } });
    const b = await packets.seal(sealedOnly, { weightMg: 12_500, location: null });

    const admin = await register('admin');
    expect(admin.branch).toMatchObject({ id: DEFAULT_BRANCH_ID, code: 'MAIN', vaultName: 'Main vault' });
    expect(admin.replay).toBe(false);
    const row = admin.packets.find((p) => p.packetNumber === a.packetNumber)!;
    expect(row).toMatchObject({
      loanUuid: stored._id,
      loanId: stored.loanId,
      loanStatus: 'active',
      status: 'in_vault',
      location: { safe: 'Safe 2', slot: 'T7' },
      sealedGrossWeight: 30.25,
    });
    expect(row.customerName).toMatch(/^Borrower \d+$/);
    expect(admin.packets.find((p) => p.packetNumber === b.packetNumber)).toMatchObject({
      status: 'sealed',
      location: null,
      sealedGrossWeight: 12.5,
    });
    expect(admin.totals.packets).toBe(admin.packets.length);
    const weight = admin.packets.reduce((s, p) => s + Math.round(p.sealedGrossWeight * 1000), 0) / 1000;
    expect(admin.totals.sealedGrossWeight).toBe(weight);
    expect(admin.totals.inVault + admin.totals.outOfVault).toBe(admin.totals.packets);

    // Employees read their own branch's register with names masked.
    const employee = await register('employee');
    const masked = employee.packets.find((p) => p.packetNumber === a.packetNumber)!;
    expect(masked.customerName).toMatch(/^B\*\*\* \d\*\*\*$/);
    expect(JSON.stringify(employee)).not.toMatch(/Borrower/);
  });

  it('shows, as of a moment before a release, the packet that is gone now', async () => {
    const loan = await newLoan();
    const p = await packets.seal(loan);
    kit.api.clock.advance(HOUR);
    const before = kit.api.clock.now().toISOString();
    const recordedBefore = new Date().toISOString();
    kit.api.clock.advance(HOUR);
    await repay(loan);
    await packets.release(p);

    const now = await register('admin');
    expect(numbers(now)).not.toContain(p.packetNumber);
    // Closed and released: nothing to reconcile.
    expect(now.reconciliation.openLoansWithoutPacket.map((l) => l.loanId)).not.toContain(loan.loanId);
    expect(now.reconciliation.packetsOfLoansNotOpen.map((x) => x.packetNumber)).not.toContain(p.packetNumber);

    const then = await register('admin', `?asOf=${encodeURIComponent(before)}`);
    expect(then.replay).toBe(true);
    expect(then.asOf).toBe(before);
    expect(then.packets.find((x) => x.packetNumber === p.packetNumber)).toMatchObject({
      status: 'in_vault',
      loanStatus: 'active',
    });
    // The same moment by the time the events were written.
    const recorded = await register('admin', `?asOf=${encodeURIComponent(recordedBefore)}&basis=recorded`);
    expect(numbers(recorded)).toContain(p.packetNumber);

    // Out for release, not yet handed over: still in the branch's custody.
    const other = await newLoan();
    const q = await packets.seal(other);
    await packets.takeOut(q, 'release');
    const out = await register('admin');
    expect(out.packets.find((x) => x.packetNumber === q.packetNumber)).toMatchObject({
      status: 'out_for_release',
      location: { safe: 'Safe 1' },
    });
  });

  it('shows a mismatch with the loan book: an open loan without a packet, a packet of a closed loan', async () => {
    const withoutPacket = await newLoan();
    const closed = await newLoan();
    const held = await packets.seal(closed);
    await repay(closed);

    const r = await register('admin');
    expect(r.reconciliation.reconciled).toBe(false);
    expect(r.reconciliation.openLoansWithoutPacket).toContainEqual(
      expect.objectContaining({ loanId: withoutPacket.loanId, loanUuid: withoutPacket._id, packets: [] }),
    );
    expect(r.reconciliation.packetsOfLoansNotOpen).toContainEqual({
      packetNumber: held.packetNumber,
      loanId: closed.loanId,
      loanStatus: 'closed',
      loanBranchId: DEFAULT_BRANCH_ID,
    });
    const c = r.reconciliation;
    expect(c.mismatches).toBe(
      c.openLoansWithoutPacket.length + c.packetsOfLoansNotOpen.length + c.packetsOfOtherBranchLoans.length,
    );
    expect(c.matchedLoans + c.openLoansWithoutPacket.length).toBe(c.openLoans);
    // Before the loan was made it was not on the books at all.
    const early = await register('admin', `?asOf=${encodeURIComponent(new Date(0).toISOString())}`);
    expect(early.packets).toEqual([]);
    expect(early.reconciliation).toMatchObject({ openLoans: 0, mismatches: 0, reconciled: true });
  });

  it('exports the register as CSV with a total row, names masked for employees', async () => {
    const loan = await newLoan();
    const p = await packets.seal(loan, { weightMg: 41_005 });
    const res = await call('employee', 'GET', '/api/vault/register.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="vault-register-MAIN-\d{8}T\d{4}\.csv"/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Packet number,Custody,Safe,Tray/slot,Loan,Loan status,Customer ID,Customer,Items,Sealed gross weight (g),Sealed at (IST),Last movement at (IST)',
    );
    const row = lines.find((l) => l.startsWith(p.packetNumber))!;
    expect(row).toContain(`In vault,Safe 1,`);
    expect(row).toContain(`,${loan.loanId},active,CUS`);
    expect(row).toMatch(/,B\*\*\* \d+\*\*\*,1,41\.005,/);
    const json = await register('employee');
    expect(lines).toHaveLength(json.packets.length + 2);
    expect(lines.at(-1)).toBe(
      `Total: ${json.totals.packets} packets,,,,,,,,,${json.totals.sealedGrossWeight.toFixed(3)},,`,
    );
  });

  it('keeps other branches’ vaults from employees, and each branch’s packets in its own register', async () => {
    const branchId = randomUUID();
    await kit.api.store.append(
      branchStreamId(branchId),
      [
        {
          type: 'BranchOpened',
          data: { ...DEFAULT_BRANCH_DETAILS, branchId, code: 'NORTH', name: 'North Branch' },
          occurredAt: kit.api.clock.now(),
        },
      ],
      { streamType: BRANCH_STREAM_TYPE, expectedVersion: 'no_stream' },
    );
    const loan = await newLoan();
    // The default branch's loan, its packet moved to the north vault: held for another branch's loan.
    const p = await packets.seal(loan, { branchId });

    const north = await register('admin', `?branchId=${branchId}`);
    expect(north.branch).toMatchObject({ id: branchId, code: 'NORTH' });
    expect(numbers(north)).toEqual([p.packetNumber]);
    expect(north.reconciliation.packetsOfOtherBranchLoans).toEqual([
      {
        packetNumber: p.packetNumber,
        loanId: loan.loanId,
        loanStatus: 'active',
        loanBranchId: DEFAULT_BRANCH_ID,
      },
    ]);
    const main = await register('admin');
    expect(numbers(main)).not.toContain(p.packetNumber);
    expect(main.reconciliation.openLoansWithoutPacket).toContainEqual(
      expect.objectContaining({
        loanId: loan.loanId,
        packets: [{ packetNumber: p.packetNumber, status: 'in_vault', branchId }],
      }),
    );

    for (const url of [
      `/api/vault/register?branchId=${branchId}`,
      `/api/vault/register.csv?branchId=${branchId}`,
    ]) {
      const denied = await call('employee', 'GET', url);
      expect(denied.statusCode, url).toBe(404);
      expect(denied.json().message).toBe('Branch not found');
    }
    const branches = await call('employee', 'GET', '/api/vault/branches');
    expect(branches.json().data.map((b: { code: string }) => b.code)).toEqual(['MAIN']);
    const all = await call('admin', 'GET', '/api/vault/branches');
    expect(all.json().data.map((b: { code: string }) => b.code)).toEqual(['MAIN', 'NORTH']);
  });

  it('refuses an as-of moment that is unreadable or still to come, with a message', async () => {
    const bad = await call('admin', 'GET', '/api/vault/register?asOf=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/asOf must be an ISO date-time/);
    const future = new Date(kit.api.clock.now().getTime() + HOUR).toISOString();
    const later = await call('admin', 'GET', `/api/vault/register?asOf=${encodeURIComponent(future)}`);
    expect(later.statusCode).toBe(400);
    expect(later.json().message).toMatch(/asOf is in the future/);
    const unknown = await call('admin', 'GET', `/api/vault/register?branchId=${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('replays a vault of 1,500 packets from one read of the store', async () => {
    const branchId = randomUUID();
    await kit.api.store.append(
      branchStreamId(branchId),
      [
        {
          type: 'BranchOpened',
          data: { ...DEFAULT_BRANCH_DETAILS, branchId, code: 'BIG', name: 'Big Vault Branch' },
          occurredAt: kit.api.clock.now(),
        },
      ],
      { streamType: BRANCH_STREAM_TYPE, expectedVersion: 'no_stream' },
    );
    // A real loan's LoanCreated, copied to 1,500 loans of the new branch, each with its packet.
    const model = await newLoan();
    const created = (await kit.api.store.readStream(loanStreamId(model._id))).events[0]!.data;
    const at = kit.api.clock.now();
    const COUNT = 1_500;
    for (let batch = 0; batch < COUNT; batch += 100) {
      await kit.api.store.transaction(async (tx) => {
        for (let i = batch; i < batch + 100; i++) {
          const loanUuid = randomUUID();
          const packetId = randomUUID();
          const loanId = `GLBIG${String(i).padStart(6, '0')}`;
          await tx.append(
            loanStreamId(loanUuid),
            [{ type: 'LoanCreated', data: { ...created, loanId, branchId }, occurredAt: at }],
            { streamType: LOAN_STREAM_TYPE, expectedVersion: 'no_stream' },
          );
          const movement = {
            by: { id: kit.api.users.employee, name: 'Ravi Employee' },
            confirmedBy: { id: kit.api.users.admin, name: 'Asha Admin', method: 'password' },
            at: at.toISOString(),
            reason: null,
          };
          await tx.append(
            packetStreamId(packetId),
            [
              {
                type: 'PacketSealed',
                data: {
                  ...movement,
                  packetId,
                  packetNumber: formatPacketNumber(50_000 + i),
                  loanStreamId: loanStreamId(loanUuid),
                  loanId,
                  branchId,
                  sealedGrossWeightMg: 10_001,
                  itemCount: 1,
                },
                occurredAt: at,
              },
              {
                type: 'PacketStored',
                data: { ...movement, branchId, location: { safe: 'Safe 1', slot: `T${i}` } },
                occurredAt: at,
              },
            ],
            { streamType: PACKET_STREAM_TYPE, expectedVersion: 'no_stream' },
          );
        }
      });
    }
    const started = performance.now();
    const r = await register('admin', `?branchId=${branchId}`);
    const took = performance.now() - started;
    expect(r.totals).toEqual({ packets: COUNT, sealedGrossWeight: 15_001.5, inVault: COUNT, outOfVault: 0 });
    expect(r.reconciliation).toMatchObject({
      openLoans: COUNT,
      matchedLoans: COUNT,
      mismatches: 0,
      reconciled: true,
    });
    // A generous bound on a shared 2-core machine; it answers in a fraction of it.
    expect(took).toBeLessThan(5_000);
  });
});
