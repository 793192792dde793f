import type { RegisterPacketStatus, Reconciliation } from '@goldledger/contracts';
import { inCustody, securedLoan, type LoanFacts, type PacketFacts } from './custody-facts.js';

/**
 * The loan book against the vault, for one branch: open loans of the branch ↔ packets in
 * its custody. Pure. Every packet in custody lands in exactly one of matched, held for a
 * loan that is not open, or held for another branch's open loan; every open loan of the
 * branch is matched or listed without a packet. A mismatch is counted and listed, never
 * dropped.
 */
export function reconcile(input: {
  branchId: string;
  loans: ReadonlyMap<string, LoanFacts>;
  /** Every packet known, of any branch (an open loan's packet may be elsewhere). */
  packets: Iterable<PacketFacts>;
  /** The name the caller may see (masked for employees). */
  nameOf: (loan: LoanFacts) => string | null;
}): Reconciliation {
  const { branchId, loans } = input;
  const covered = new Set<string>();
  const packetsOfLoan = new Map<string, PacketFacts[]>();
  let matchedPackets = 0;
  const packetsOfLoansNotOpen: Reconciliation['packetsOfLoansNotOpen'] = [];
  const packetsOfOtherBranchLoans: Reconciliation['packetsOfOtherBranchLoans'] = [];

  for (const packet of input.packets) {
    const loan = securedLoan(loans, packet.loanStreamId);
    if (loan) packetsOfLoan.set(loan.loanStreamId, [...(packetsOfLoan.get(loan.loanStreamId) ?? []), packet]);
    if (packet.branchId !== branchId || !inCustody(packet.status)) continue;
    if (!loan || loan.status !== 'active') {
      packetsOfLoansNotOpen.push({
        packetNumber: packet.packetNumber,
        loanId: loan?.loanId ?? packet.loanId,
        loanStatus: loan?.status ?? 'unknown',
        loanBranchId: loan?.branchId ?? null,
      });
    } else if (loan.branchId !== branchId) {
      packetsOfOtherBranchLoans.push({
        packetNumber: packet.packetNumber,
        loanId: loan.loanId,
        loanStatus: loan.status,
        loanBranchId: loan.branchId,
      });
    } else {
      matchedPackets += 1;
      covered.add(loan.loanStreamId);
    }
  }

  let openLoans = 0;
  const openLoansWithoutPacket: Reconciliation['openLoansWithoutPacket'] = [];
  for (const loan of loans.values()) {
    if (loan.status !== 'active' || loan.branchId !== branchId) continue;
    openLoans += 1;
    if (covered.has(loan.loanStreamId)) continue;
    openLoansWithoutPacket.push({
      loanUuid: loan.loanStreamId.replace(/^loan-/, ''),
      loanId: loan.loanId,
      customerName: input.nameOf(loan),
      packets: (packetsOfLoan.get(loan.loanStreamId) ?? []).map((p) => ({
        packetNumber: p.packetNumber,
        status: p.status as RegisterPacketStatus,
        branchId: p.branchId,
      })),
    });
  }
  byNumber(packetsOfLoansNotOpen);
  byNumber(packetsOfOtherBranchLoans);
  openLoansWithoutPacket.sort((a, b) => a.loanId.localeCompare(b.loanId));

  const mismatches =
    openLoansWithoutPacket.length + packetsOfLoansNotOpen.length + packetsOfOtherBranchLoans.length;
  return {
    openLoans,
    matchedLoans: covered.size,
    matchedPackets,
    openLoansWithoutPacket,
    packetsOfLoansNotOpen,
    packetsOfOtherBranchLoans,
    mismatches,
    reconciled: mismatches === 0,
  };
}

const byNumber = (rows: Array<{ packetNumber: string }>) =>
  rows.sort((a, b) => a.packetNumber.localeCompare(b.packetNumber));
