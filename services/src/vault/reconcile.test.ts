import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPacketNumber, type RegisterPacketStatus } from '@goldledger/contracts';
import {
  inCustody,
  securedLoan,
  type LoanBookStatus,
  type LoanFacts,
  type PacketFacts,
} from './custody-facts.js';
import { reconcile } from './reconcile.js';
import { maskName } from './vault-register.js';

const BRANCHES = ['00000000-0000-4000-8000-0000000b7a01', '11111111-1111-4111-8111-111111111111'];
const STATUSES: RegisterPacketStatus[] = [
  'sealed',
  'in_vault',
  'out_for_inspection',
  'out_for_release',
  'out_for_auction',
  'out_for_transfer',
  'released',
  'sent_to_auction',
  'in_transit',
];

/** Loans of two branches (renewals point forward), and packets naming them or no known loan. */
const books = fc
  .array(
    fc.record({
      branch: fc.constantFrom(...BRANCHES),
      status: fc.constantFrom<LoanBookStatus>('active', 'active', 'closed', 'renewed', 'deleted'),
    }),
    { maxLength: 30 },
  )
  .chain((loanSpecs) => {
    const loans = new Map<string, LoanFacts>();
    loanSpecs.forEach((l, i) => {
      const id = `loan-${i}`;
      loans.set(id, {
        loanStreamId: id,
        loanId: `GL${String(i).padStart(9, '0')}`,
        branchId: l.branch,
        status: l.status,
        customerStreamId: `customer-${i}`,
        customerId: `CUS${String(i).padStart(6, '0')}`,
        customerName: `Customer ${i}`,
        renewedTo: l.status === 'renewed' && i + 1 < loanSpecs.length ? `loan-${i + 1}` : null,
      });
    });
    const packet = fc.record({
      loan: fc.integer({ min: 0, max: loanSpecs.length + 2 }),
      branch: fc.constantFrom(...BRANCHES),
      status: fc.constantFrom(...STATUSES),
    });
    return fc.record({
      loans: fc.constant(loans),
      packets: fc.array(packet, { maxLength: 40 }).map((ps) =>
        ps.map((p, i): PacketFacts => ({
          packetId: `p-${i}`,
          packetNumber: formatPacketNumber(i + 1),
          loanStreamId: `loan-${p.loan}`,
          loanId: `GL${String(p.loan).padStart(9, '0')}`,
          branchId: p.branch,
          status: p.status,
          location: null,
          sealedGrossWeightMg: 1000,
          itemCount: 1,
          sealedAt: '2026-11-21T04:30:00.000Z',
          lastMovementAt: '2026-11-21T04:30:00.000Z',
        })),
      ),
      branch: fc.constantFrom(...BRANCHES),
    });
  });

describe('reconciling the loan book with the vault', () => {
  it('accounts for every packet in custody and every open loan, once', () => {
    fc.assert(
      fc.property(books, ({ loans, packets, branch }) => {
        const r = reconcile({ branchId: branch, loans, packets, nameOf: (l) => l.customerName });
        const held = packets.filter((p) => p.branchId === branch && inCustody(p.status));
        const open = [...loans.values()].filter((l) => l.status === 'active' && l.branchId === branch);
        // Every packet in custody is matched, held for a loan not open, or for another branch's loan.
        expect(r.matchedPackets + r.packetsOfLoansNotOpen.length + r.packetsOfOtherBranchLoans.length).toBe(
          held.length,
        );
        // Every open loan is matched or listed without a packet.
        expect(r.openLoans).toBe(open.length);
        expect(r.matchedLoans + r.openLoansWithoutPacket.length).toBe(open.length);
        expect(r.mismatches).toBe(
          r.openLoansWithoutPacket.length +
            r.packetsOfLoansNotOpen.length +
            r.packetsOfOtherBranchLoans.length,
        );
        expect(r.reconciled).toBe(r.mismatches === 0);
        // A loan listed without a packet really has none in this branch's custody.
        for (const l of r.openLoansWithoutPacket) {
          const own = held.filter((p) => securedLoan(loans, p.loanStreamId)?.loanId === l.loanId);
          expect(own).toEqual([]);
        }
      }),
    );
  });

  it('follows a renewal: the old loan’s packet secures the new loan', () => {
    const loan = (i: number, status: LoanBookStatus, renewedTo: string | null = null): LoanFacts => ({
      loanStreamId: `loan-${i}`,
      loanId: `GL00000000${i}`,
      branchId: BRANCHES[0]!,
      status,
      customerStreamId: 'customer-1',
      customerId: 'CUS000001',
      customerName: 'Lakshmi Customer',
      renewedTo,
    });
    const loans = new Map([
      ['loan-1', loan(1, 'renewed', 'loan-2')],
      ['loan-2', loan(2, 'active')],
    ]);
    const packet: PacketFacts = {
      packetId: 'p-1',
      packetNumber: 'PK00000001',
      loanStreamId: 'loan-1',
      loanId: 'GL000000001',
      branchId: BRANCHES[0]!,
      status: 'in_vault',
      location: { safe: 'Safe 1', slot: 'T1' },
      sealedGrossWeightMg: 30_000,
      itemCount: 1,
      sealedAt: '2026-11-21T04:30:00.000Z',
      lastMovementAt: '2026-11-21T04:30:00.000Z',
    };
    const r = reconcile({ branchId: BRANCHES[0]!, loans, packets: [packet], nameOf: () => null });
    expect(r).toMatchObject({
      openLoans: 1,
      matchedLoans: 1,
      matchedPackets: 1,
      mismatches: 0,
      reconciled: true,
    });
  });
});

describe('a masked name', () => {
  it('keeps each word’s first letter', () => {
    expect(maskName('Lakshmi Customer')).toBe('L*** C***');
    expect(maskName('  ravi   kumar s ')).toBe('R*** K*** S***');
  });
});
