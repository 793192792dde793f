import {
  CustodyStatus,
  DEFAULT_BRANCH_ID,
  type LoanEventData,
  type PacketEvent,
  type RegisterPacketStatus,
  type VaultLocation,
} from '@goldledger/contracts';

/**
 * What the vault register needs to know of packets, loans and customers, folded from
 * their events. Pure: the events arrive already read (vault-history.ts), in store order.
 */

/** A packet as its movements leave it. `branchId` holds it (or, in transit, will). */
export interface PacketFacts {
  packetId: string;
  packetNumber: string;
  loanStreamId: string;
  loanId: string;
  branchId: string;
  status: RegisterPacketStatus;
  /** Where in the vault it lies, or last lay before it was taken out; null until stored. */
  location: VaultLocation | null;
  sealedGrossWeightMg: number;
  itemCount: number;
  sealedAt: string;
  lastMovementAt: string;
}

export type LoanBookStatus = 'active' | 'closed' | 'renewed' | 'deleted';

export interface LoanFacts {
  loanStreamId: string;
  loanId: string;
  branchId: string;
  status: LoanBookStatus;
  customerStreamId: string;
  customerId: string;
  /** The name on the loan when it was made; the customer stream's later edits win. */
  customerName: string;
  /** The loan a renewal moved this one's gold to. */
  renewedTo: string | null;
}

/** LoanCreated as the register reads it (the rest of its data is not fetched). */
export interface LoanOpenedFacts {
  loanId: string;
  branchId?: string | undefined;
  customerStreamId: string;
  customerId: string;
  name: string;
}

/** The loan events that move a loan in or out of the open book, with only what the register reads. */
export type LoanFactEvent =
  | { type: 'LoanCreated'; data: LoanOpenedFacts }
  | { type: 'LoanClosed'; data: Pick<LoanEventData<'LoanClosed'>, 'reason'> }
  | { type: 'LoanReopened'; data: Partial<LoanEventData<'LoanReopened'>> }
  | { type: 'LoanRenewed'; data: Pick<LoanEventData<'LoanRenewed'>, 'newLoanStreamId'> }
  | { type: 'LoanDeleted'; data: Partial<LoanEventData<'LoanDeleted'>> };

export const LOAN_FACT_TYPES: readonly LoanFactEvent['type'][] = [
  'LoanCreated',
  'LoanClosed',
  'LoanReopened',
  'LoanRenewed',
  'LoanDeleted',
];

/** A customer's name, from CustomerRegistered or CustomerUpdated. */
export type CustomerFactEvent = { type: 'CustomerRegistered' | 'CustomerUpdated'; data: { name: string } };
export const CUSTOMER_FACT_TYPES: readonly CustomerFactEvent['type'][] = [
  'CustomerRegistered',
  'CustomerUpdated',
];

export function evolvePacketFacts(p: PacketFacts | undefined, event: PacketEvent): PacketFacts | undefined {
  switch (event.type) {
    case 'PacketSealed': {
      const d = event.data;
      return {
        packetId: d.packetId,
        packetNumber: d.packetNumber,
        loanStreamId: d.loanStreamId,
        loanId: d.loanId,
        branchId: d.branchId,
        status: 'sealed',
        location: null,
        sealedGrossWeightMg: d.sealedGrossWeightMg,
        itemCount: d.itemCount,
        sealedAt: d.at,
        lastMovementAt: d.at,
      };
    }
    case 'PacketStored':
      return (
        p && {
          ...p,
          status: 'in_vault',
          branchId: event.data.branchId,
          location: event.data.location,
          lastMovementAt: event.data.at,
        }
      );
    case 'PacketTakenOut':
      return (
        p && {
          ...p,
          status: `out_for_${event.data.purpose}`,
          branchId: event.data.branchId,
          lastMovementAt: event.data.at,
        }
      );
    case 'PacketReleased':
      return p && { ...p, status: 'released', lastMovementAt: event.data.at };
    case 'PacketSentToAuction':
      return p && { ...p, status: 'sent_to_auction', lastMovementAt: event.data.at };
    case 'PacketItemsAdded':
      return (
        p && {
          ...p,
          sealedGrossWeightMg: event.data.sealedGrossWeightMg,
          itemCount: event.data.itemCount,
          lastMovementAt: event.data.at,
        }
      );
    case 'PacketTransferredOut':
      return (
        p && {
          ...p,
          status: 'in_transit',
          branchId: event.data.toBranchId,
          location: null,
          lastMovementAt: event.data.at,
        }
      );
    case 'PacketTransferredIn':
      return (
        p && {
          ...p,
          status: 'in_vault',
          branchId: event.data.toBranchId,
          location: event.data.location,
          lastMovementAt: event.data.at,
        }
      );
    // A weighing's incident says nothing of where the packet is.
    case 'PacketIncidentOpened':
    case 'PacketIncidentResolved':
      return p;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export function evolveLoanFacts(
  loan: LoanFacts | undefined,
  loanStreamId: string,
  event: LoanFactEvent,
): LoanFacts | undefined {
  switch (event.type) {
    case 'LoanCreated': {
      const d = event.data;
      return {
        loanStreamId,
        loanId: d.loanId,
        branchId: d.branchId ?? DEFAULT_BRANCH_ID,
        status: 'active',
        customerStreamId: d.customerStreamId,
        customerId: d.customerId,
        customerName: d.name,
        renewedTo: null,
      };
    }
    case 'LoanClosed':
      return loan && { ...loan, status: 'closed' };
    case 'LoanReopened':
      return loan && { ...loan, status: 'active' };
    case 'LoanRenewed':
      return loan && { ...loan, status: 'renewed', renewedTo: event.data.newLoanStreamId };
    case 'LoanDeleted':
      return loan && { ...loan, status: 'deleted' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const inCustody = (status: RegisterPacketStatus): status is CustodyStatus =>
  (CustodyStatus.options as readonly string[]).includes(status);

/** The vault's whole picture at one moment: every packet, loan and customer name. */
export interface CustodyFacts {
  packets: Map<string, PacketFacts>;
  loans: Map<string, LoanFacts>;
  customerNames: Map<string, string>;
}

export const emptyFacts = (): CustodyFacts => ({
  packets: new Map(),
  loans: new Map(),
  customerNames: new Map(),
});

/** The recorded events the register folds, in store order. */
export type FactEvent =
  | ({ streamId: string } & PacketEvent)
  | ({ streamId: string } & LoanFactEvent)
  | ({ streamId: string } & CustomerFactEvent);

export function foldFacts(events: Iterable<FactEvent>, facts: CustodyFacts = emptyFacts()): CustodyFacts {
  for (const e of events) {
    if (isCustomerFact(e)) {
      facts.customerNames.set(e.streamId, e.data.name);
    } else if (isLoanFact(e)) {
      const next = evolveLoanFacts(facts.loans.get(e.streamId), e.streamId, e);
      if (next) facts.loans.set(e.streamId, next);
    } else {
      const next = evolvePacketFacts(facts.packets.get(e.streamId), e as PacketEvent);
      if (next) facts.packets.set(e.streamId, next);
    }
  }
  return facts;
}

const isCustomerFact = (e: FactEvent): e is { streamId: string } & CustomerFactEvent =>
  (CUSTOMER_FACT_TYPES as readonly string[]).includes(e.type);

const isLoanFact = (e: FactEvent): e is { streamId: string } & LoanFactEvent =>
  (LOAN_FACT_TYPES as readonly string[]).includes(e.type);

/**
 * The loan a packet's gold secures now: its own, or, after renewals, the last loan of the
 * chain (a renewal keeps the same pledged gold). Null when the packet names no known loan.
 */
export function securedLoan(loans: ReadonlyMap<string, LoanFacts>, loanStreamId: string): LoanFacts | null {
  let loan = loans.get(loanStreamId) ?? null;
  for (let hops = 0; loan?.status === 'renewed' && loan.renewedTo && hops < 1000; hops++) {
    const next = loans.get(loan.renewedTo);
    if (!next) break;
    loan = next;
  }
  return loan;
}
