import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BRANCH_ID,
  loanCashMovements,
  type CashDayEvent,
  type LoanEvent,
  type LoanEventAt,
} from '@goldledger/contracts';
import { decideCashDay } from './cash-day.decider.js';
import { evolveCashDay, initialCashDay, type CashRegisterState } from './cash-day.state.js';
import { loanCashMovementsWithSource } from './cash-gate.js';

/**
 * The cash book's money rule: for a random business day of cash and bank loans, handcash
 * repayments (some reversed the same day), online payments, cash and bank refunds and the
 * book's own entries, the expected closing is opening + Σ in − Σ out counted straight from
 * what happened, and neither the order the loans' events arrive in nor the order of the
 * day's lines changes it. The book's path is the real one: the gate's movements of each
 * loan's events, booked as `LoanCashBooked` lines, folded with the entries, closed by the
 * decider against a count of exactly the expected cash (no difference).
 */
const DAY = '2026-11-21';
const AT = '2026-11-21T06:30:00.000Z';
const by = { id: 'u1', name: 'Ravi' };
let serial = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

const Loan = fc.record({
  principal: fc.integer({ min: 100, max: 5_00_000 }),
  cash: fc.boolean(),
  /** Cash before the choice existed: no method on the event. */
  legacy: fc.boolean(),
  payments: fc.array(
    fc.record({ amount: fc.integer({ min: 1, max: 50_000 }), online: fc.boolean(), reversed: fc.boolean() }),
    { maxLength: 5 },
  ),
  refunds: fc.array(fc.record({ amount: fc.integer({ min: 1, max: 5_000 }), cash: fc.boolean() }), {
    maxLength: 2,
  }),
});
const Entry = fc.record({ in: fc.boolean(), amount: fc.integer({ min: 1, max: 20_000 }) });
type Of<A> = A extends fc.Arbitrary<infer T> ? T : never;
type LoanCase = Of<typeof Loan>;
type EntryCase = Of<typeof Entry>;

function loanEvents(l: LoanCase, n: number): Array<LoanEventAt & { eventId: string }> {
  const events: LoanEvent[] = [
    {
      type: 'LoanCreated',
      data: {
        loanId: `GL26110${String(n).padStart(4, '0')}`,
        disbursementDate: DAY,
        principalPaise: l.principal * 100,
        ...(l.cash && l.legacy ? {} : { disbursementMethod: l.cash ? 'cash' : 'bank' }),
        createdBy: { id: 'u1', name: 'Ravi', role: 'employee', email: null },
      } as Extract<LoanEvent, { type: 'LoanCreated' }>['data'],
    },
  ];
  for (const p of l.payments) {
    const paymentId = uuid();
    events.push({
      type: 'PaymentRecorded',
      data: {
        paymentId,
        amountPaise: p.amount * 100,
        method: p.online ? 'online' : 'handcash',
        paymentDate: DAY,
        status: p.online ? 'pending' : 'success',
        enteredBy: by,
      } as Extract<LoanEvent, { type: 'PaymentRecorded' }>['data'],
    });
    if (p.reversed) {
      events.push({
        type: 'PaymentReversed',
        data: { paymentId, reason: 'Wrong loan', reversedBy: by } as Extract<
          LoanEvent,
          { type: 'PaymentReversed' }
        >['data'],
      });
    }
  }
  for (const r of l.refunds) {
    events.push({
      type: 'RefundPaid',
      data: {
        refundId: uuid(),
        amountPaise: r.amount * 100,
        method: r.cash ? 'cash' : 'upi',
        reference: null,
        paidOn: DAY,
        paidBy: by,
        remainingPaise: 0,
      },
    });
  }
  return events.map((e) => ({ ...e, occurredAt: AT, eventId: uuid() }) as LoanEventAt & { eventId: string });
}

/** Σ in − Σ out as a cashier would add it up from what happened. */
function byHand(loans: LoanCase[], entries: EntryCase[]) {
  let paise = 0;
  for (const l of loans) {
    if (l.cash) paise -= l.principal * 100;
    for (const p of l.payments) if (!p.online && !p.reversed) paise += p.amount * 100;
    for (const r of l.refunds) if (r.cash) paise -= r.amount * 100;
  }
  for (const e of entries) paise += (e.in ? 1 : -1) * e.amount * 100;
  return paise;
}

/** A fair interleaving of the loans' streams (each keeps its own order), picked by `picks`. */
function interleave<T>(streams: T[][], picks: number[]): T[] {
  const queues = streams.map((s) => [...s]);
  const out: T[] = [];
  let k = 0;
  while (queues.some((q) => q.length > 0)) {
    const open = queues.filter((q) => q.length > 0);
    out.push(open[(picks[k++ % Math.max(picks.length, 1)] ?? 0) % open.length]!.shift()!);
  }
  return out;
}

function bookLines(
  streams: Array<Array<LoanEventAt & { eventId: string }>>,
  entries: EntryCase[],
): CashDayEvent[] {
  const booked: CashDayEvent[] = streams.flatMap((events) =>
    loanCashMovementsWithSource(events).map(({ eventId, m }) => ({
      type: 'LoanCashBooked' as const,
      data: {
        sourceEventId: eventId,
        loanStreamId: `loan-${eventId}`,
        loanId: m.loanId,
        kind: m.kind,
        direction: m.direction,
        amountPaise: m.amountPaise,
        reference: m.reference,
        by: m.by,
      },
    })),
  );
  const own: CashDayEvent[] = entries.map((e) => ({
    type: 'CashEntryRecorded',
    data: {
      entryId: uuid(),
      direction: e.in ? 'in' : 'out',
      amountPaise: e.amount * 100,
      reason: 'Petty cash',
      enteredBy: by,
    },
  }));
  return [...booked, ...own];
}

const register = (openingPaise: number): CashRegisterState => ({
  start: { startDate: DAY, openingPaise, by: 'Asha' },
  closes: [],
});

function close(lines: CashDayEvent[], openingPaise: number, expectedPaise: number) {
  const day = lines.reduce((s, e) => evolveCashDay(s, e), initialCashDay());
  const counted = evolveCashDay(day, {
    type: 'CashCounted',
    data: {
      count: { notes: {}, coins: { 1: expectedPaise / 100 } },
      countedPaise: expectedPaise,
      countedBy: by,
    },
  });
  const [closed] = decideCashDay(
    {
      type: 'CloseCashDay',
      branchId: DEFAULT_BRANCH_ID,
      branchName: 'Main',
      date: DAY,
      today: DAY,
      reason: null,
      by,
      register: register(openingPaise),
      earlierOpenDay: null,
    },
    counted,
  );
  return closed!.data as {
    expectedPaise: number;
    differencePaise: number;
    cashInPaise: number;
    cashOutPaise: number;
  };
}

describe('the expected closing cash of a day', () => {
  it('is opening + Σ in − Σ out of what happened, whatever order the events come in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_00_000 }),
        fc.array(Loan, { maxLength: 6 }),
        fc.array(Entry, { maxLength: 6 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        (openingRupees, loans, entries, picksA, picksB) => {
          const opening = openingRupees * 100;
          const streams = loans.map((l, i) => loanEvents(l, i + 1));
          const expected = opening + byHand(loans, entries);

          const lines = bookLines(streams, entries);
          const closed = close(lines, opening, expected);
          expect(closed.expectedPaise).toBe(expected);
          expect(closed.differencePaise).toBe(0);
          expect(closed.expectedPaise).toBe(opening + closed.cashInPaise - closed.cashOutPaise);

          // Another order of the day's lines: the same figures.
          const shuffled = interleave(
            lines.map((l) => [l]),
            picksA,
          );
          expect(close(shuffled, opening, expected)).toEqual(closed);

          // The loans' events interleaved (as the store may deliver them to the read model):
          // the movements the read side derives add up the same.
          const mixed = interleave(streams, picksB);
          const perLoan = new Map<string, LoanEventAt[]>();
          for (const e of mixed) {
            const key = streams.findIndex((s) => s.includes(e as never));
            perLoan.set(String(key), [...(perLoan.get(String(key)) ?? []), e]);
          }
          const net = [...perLoan.values()]
            .flatMap((events) => loanCashMovements(events))
            .reduce((s, m) => s + (m.direction === 'in' ? m.amountPaise : -m.amountPaise), 0);
          const entriesNet = entries.reduce((s, e) => s + (e.in ? 1 : -1) * e.amount * 100, 0);
          expect(opening + net + entriesNet).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
