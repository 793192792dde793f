import { mgToGrams, type RegisterPacket, type VaultRegister } from '@goldledger/contracts';
import { inCustody, securedLoan, type CustodyFacts, type LoanFacts } from './custody-facts.js';
import { reconcile } from './reconcile.js';

/**
 * A name as an employee sees it in the register: each word's first letter and `***`
 * ("Lakshmi Customer" → "L*** C***"). Enough to match a packet to the person at the
 * counter, not enough to read the vault's list of customers.
 */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .map((w) => `${Array.from(w)[0]!.toUpperCase()}***`)
    .join(' ');
}

export interface RegisterViewer {
  /** Admins and auditors read names in full; employees masked. */
  fullNames: boolean;
}

const statusOrder: Record<string, number> = {
  in_vault: 0,
  sealed: 1,
  out_for_inspection: 2,
  out_for_release: 3,
  out_for_auction: 4,
  out_for_transfer: 5,
};

/**
 * The branch's register from the folded facts: every packet in its custody (sealed, in
 * the vault, or out of it for a purpose and not yet gone), by location, with its totals and
 * the reconciliation with the loan book. Pure.
 */
export function buildRegister(
  facts: CustodyFacts,
  branch: VaultRegister['branch'],
  moment: { asOf: string; basis: VaultRegister['basis']; replay: boolean },
  viewer: RegisterViewer,
): VaultRegister {
  const nameOf = (loan: LoanFacts): string | null => {
    const name = facts.customerNames.get(loan.customerStreamId) ?? loan.customerName;
    return viewer.fullNames ? name : maskName(name);
  };
  const packets: RegisterPacket[] = [];
  for (const p of facts.packets.values()) {
    if (p.branchId !== branch.id || !inCustody(p.status)) continue;
    const loan = securedLoan(facts.loans, p.loanStreamId);
    packets.push({
      packetId: p.packetId,
      packetNumber: p.packetNumber,
      loanUuid: loan ? loan.loanStreamId.replace(/^loan-/, '') : null,
      loanId: loan?.loanId ?? p.loanId,
      loanStatus: loan?.status ?? 'unknown',
      customerId: loan?.customerId ?? null,
      customerName: loan ? nameOf(loan) : null,
      status: p.status,
      location: p.location,
      sealedGrossWeight: mgToGrams(p.sealedGrossWeightMg),
      itemCount: p.itemCount,
      sealedAt: p.sealedAt,
      lastMovementAt: p.lastMovementAt,
    });
  }
  packets.sort(
    (a, b) =>
      statusOrder[a.status]! - statusOrder[b.status]! ||
      (a.location?.safe ?? '').localeCompare(b.location?.safe ?? '', 'en', { numeric: true }) ||
      (a.location?.slot ?? '').localeCompare(b.location?.slot ?? '', 'en', { numeric: true }) ||
      a.packetNumber.localeCompare(b.packetNumber),
  );
  const totalMg = [...facts.packets.values()]
    .filter((p) => p.branchId === branch.id && inCustody(p.status))
    .reduce((sum, p) => sum + p.sealedGrossWeightMg, 0);
  const inVault = packets.filter((p) => p.status === 'in_vault').length;
  return {
    branch,
    asOf: moment.asOf,
    basis: moment.basis,
    replay: moment.replay,
    packets,
    totals: {
      packets: packets.length,
      sealedGrossWeight: mgToGrams(totalMg),
      inVault,
      outOfVault: packets.length - inVault,
    },
    reconciliation: reconcile({
      branchId: branch.id,
      loans: facts.loans,
      packets: facts.packets.values(),
      nameOf,
    }),
  };
}
