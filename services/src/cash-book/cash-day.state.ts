import {
  cashDayStreamId,
  cashRegisterStreamId,
  type CashDayEvent,
  type CashDirection,
  type CashRegisterEvent,
  type DenominationCount,
  type LoanCashKind,
  type OpeningSource,
} from '@goldledger/contracts';
import type { EventStore } from '../platform/event-store/event-store.js';

/** A line of the day's book: a loan's cash (booked with its event) or an entry of the book's own. */
export interface CashDayLine {
  /** The loan event's id, or the entry's. */
  id: string;
  at: string;
  kind: LoanCashKind | 'entry';
  direction: CashDirection;
  amountPaise: number;
  loanId: string | null;
  loanStreamId: string | null;
  reason: string | null;
  by: string | null;
}

export interface CashDayState {
  lines: CashDayLine[];
  count: { count: DenominationCount; countedPaise: number; by: string; at: string } | null;
  closed: (Extract<CashDayEvent, { type: 'CashDayClosed' }>['data'] & { at: string }) | null;
}

export const initialCashDay = (): CashDayState => ({ lines: [], count: null, closed: null });

type Evolvable = { type: string; data: unknown; occurredAt?: string };

export function evolveCashDay(state: CashDayState, recorded: Evolvable): CashDayState {
  const at = recorded.occurredAt ?? '';
  const event = recorded as unknown as CashDayEvent;
  switch (event.type) {
    case 'LoanCashBooked': {
      const d = event.data;
      const line: CashDayLine = {
        id: d.sourceEventId,
        at,
        kind: d.kind,
        direction: d.direction,
        amountPaise: d.amountPaise,
        loanId: d.loanId,
        loanStreamId: d.loanStreamId,
        reason: null,
        by: d.by?.name ?? null,
      };
      return { ...state, lines: [...state.lines, line] };
    }
    case 'CashEntryRecorded': {
      const d = event.data;
      const line: CashDayLine = {
        id: d.entryId,
        at,
        kind: 'entry',
        direction: d.direction,
        amountPaise: d.amountPaise,
        loanId: null,
        loanStreamId: null,
        reason: d.reason,
        by: d.enteredBy.name,
      };
      return { ...state, lines: [...state.lines, line] };
    }
    case 'CashCounted':
      return {
        ...state,
        count: {
          count: event.data.count,
          countedPaise: event.data.countedPaise,
          by: event.data.countedBy.name,
          at,
        },
      };
    case 'CashDayClosed':
      return { ...state, closed: { ...event.data, at } };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export async function loadCashDay(store: EventStore, branchId: string, date: string) {
  const { version, events } = await store.readStream(cashDayStreamId(branchId, date));
  return { state: events.reduce(evolveCashDay, initialCashDay()), version };
}

/** Where a branch's book starts, and the counted closing of every day closed (in date order). */
export interface CashRegisterState {
  start: { startDate: string; openingPaise: number; by: string } | null;
  closes: Array<{ date: string; closingPaise: number }>;
}

export const initialCashRegister = (): CashRegisterState => ({ start: null, closes: [] });

export function evolveCashRegister(state: CashRegisterState, recorded: Evolvable): CashRegisterState {
  const event = recorded as unknown as CashRegisterEvent;
  switch (event.type) {
    case 'CashBookStarted':
      return {
        ...state,
        start: {
          startDate: event.data.startDate,
          openingPaise: event.data.openingPaise,
          by: event.data.startedBy.name,
        },
      };
    case 'CashDayCloseRegistered':
      return {
        ...state,
        closes: [
          ...state.closes,
          { date: event.data.businessDate, closingPaise: event.data.closingPaise },
        ].sort((a, b) => (a.date < b.date ? -1 : 1)),
      };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export async function loadCashRegister(store: EventStore, branchId: string) {
  const { version, events } = await store.readStream(cashRegisterStreamId(branchId));
  return { state: events.reduce(evolveCashRegister, initialCashRegister()), version };
}

/**
 * A day's opening cash: the counted closing of the latest day closed before it, or, when
 * none was, the opening an admin entered when the book started (from its start date on).
 * Null before the book starts.
 */
export function openingOf(
  register: CashRegisterState,
  date: string,
): { openingPaise: number; source: OpeningSource } | null {
  const previous = register.closes.filter((c) => c.date < date).at(-1);
  if (previous)
    return { openingPaise: previous.closingPaise, source: { kind: 'close', businessDate: previous.date } };
  if (register.start && register.start.startDate <= date) {
    return { openingPaise: register.start.openingPaise, source: { kind: 'start' } };
  }
  return null;
}
