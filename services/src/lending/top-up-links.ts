import { loanTopUpsStreamId, type LoanEvent, type LoanTopUpEvent } from '@goldledger/contracts';
import { DomainError, fold } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { evolveLoan, initialLoanState, type LoanState } from './loan.state.js';

/** A top-up of a loan, as its link stream names it. */
export interface TopUpLink {
  loanUuid: string;
  loanId: string;
}

const uuidOf = (loanStreamId: string) => loanStreamId.replace(/^loan-/, '');

/** The loan's top-ups (`loan-top-ups-<uuid>`) and the stream's version, which a new top-up appends at. */
export async function readTopUpLinks(
  store: EventStore,
  parentUuid: string,
): Promise<{ version: number; links: TopUpLink[] }> {
  const { version, events } = await store.readStream(loanTopUpsStreamId(parentUuid));
  const links = events.map((e) => {
    const { data } = e as unknown as LoanTopUpEvent;
    return { loanUuid: uuidOf(data.topUpLoanStreamId), loanId: data.topUpLoanId };
  });
  return { version, links };
}

/** Each top-up with its state (folded without its policy document: callers read its books by its own rules). */
export async function topUpsOf(
  store: EventStore,
  parentUuid: string,
): Promise<{ version: number; topUps: Array<TopUpLink & { state: LoanState }> }> {
  const { version, links } = await readTopUpLinks(store, parentUuid);
  const topUps = await Promise.all(
    links.map(async (link) => {
      const { events } = await store.readStream(`loan-${link.loanUuid}`);
      const state = fold(
        (s: LoanState, e: { type: string; data: unknown }) => evolveLoan(s, e as LoanEvent),
        initialLoanState(),
        events,
      );
      return { ...link, state };
    }),
  );
  return { version, topUps };
}

/** The top-ups of the loan still open: its gold secures them too. */
export async function openTopUpsOf(store: EventStore, parentUuid: string): Promise<TopUpLink[]> {
  const { topUps } = await topUpsOf(store, parentUuid);
  return topUps
    .filter((t) => t.state.status === 'active')
    .map(({ loanUuid, loanId }) => ({ loanUuid, loanId }));
}

/**
 * Refuses to let the loan's gold go (gold returned, packet released) while a top-up it
 * secures is open: one packet holds the gold of the loan and its top-ups.
 */
export async function requireNoOpenTopUp(store: EventStore, loanUuid: string): Promise<void> {
  const open = await openTopUpsOf(store, loanUuid);
  if (open.length === 0) return;
  const ids = open.map((t) => t.loanId).join(', ');
  throw new DomainError(
    `The gold of this loan also secures its open top-up ${ids}: it can be returned only once ${open.length === 1 ? 'that loan is' : 'those loans are'} closed`,
    'top_up_open',
    409,
    { topUps: ids },
  );
}
