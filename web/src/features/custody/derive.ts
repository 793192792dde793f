import {
  formatPacketWeight,
  type CustodyMove,
  type CustodyResponse,
  type PacketStatus,
  type PacketView,
  type TakeOutPurpose,
} from '@goldledger/contracts';

type Custody = CustodyResponse['data'];

export const PURPOSE_LABELS: Record<TakeOutPurpose, string> = {
  inspection: 'Inspection',
  release: 'Release to the customer',
  auction: 'Auction',
  transfer: 'Transfer to another branch',
};

/** A movement's button and dialog title; "Put in vault" reads "Put back" once it was in. */
export const MOVE_LABELS: Record<CustodyMove, (packet: PacketView | null) => string> = {
  seal: () => 'Seal gold',
  store: (p) => (p?.status === 'out' ? 'Put back in vault' : 'Put in vault'),
  take_out: () => 'Take out of vault',
  release: () => 'Release to customer',
  send_to_auction: () => 'Send to auction',
  transfer_out: () => 'Send to branch',
  transfer_in: () => 'Receive packet',
};

export const STATUS_LABELS: Record<PacketStatus, string> = {
  sealed: 'Sealed, not in vault',
  in_vault: 'In vault',
  out: 'Out of vault',
  in_transit: 'In transit',
  released: 'Released',
  sent_to_auction: 'Sent to auction',
};

export const STATUS_TONES: Record<PacketStatus, 'success' | 'info' | 'warning' | 'neutral'> = {
  sealed: 'warning',
  in_vault: 'success',
  out: 'warning',
  in_transit: 'info',
  released: 'neutral',
  sent_to_auction: 'neutral',
};

/** Where the packet is, in one line. */
export function whereNow(p: PacketView): string {
  switch (p.status) {
    case 'sealed':
      return `Sealed at ${p.branchName}; not yet put in the vault`;
    case 'in_vault':
      return `${p.branchName} vault: ${p.location?.safe ?? '?'}, tray/slot ${p.location?.slot ?? '?'}`;
    case 'out':
      return `Out of the ${p.branchName} vault for ${PURPOSE_LABELS[p.outPurpose ?? 'inspection'].toLowerCase()}`;
    case 'in_transit':
      return `On its way from ${p.branchName} to ${p.toBranchName ?? 'another branch'}`;
    case 'released':
      return 'Handed back to the customer';
    case 'sent_to_auction':
      return 'Sent to auction';
  }
}

/** Why a packet may leave the vault now: release once the loan is closed, auction once it is on the track. */
export function takeOutPurposes(c: Custody): TakeOutPurpose[] {
  const out: TakeOutPurpose[] = ['inspection'];
  if (c.loan.status === 'closed') out.push('release');
  if (c.loan.auctionStatus !== 'not_ready') out.push('auction');
  if (c.transferTargets.length > 0) out.push('transfer');
  return out;
}

export const weight = formatPacketWeight;

/** Incidents not yet resolved by an admin. */
export const openIncidents = (p: PacketView | null) =>
  p ? p.incidents.filter((i) => i.resolvedAt === null) : [];
