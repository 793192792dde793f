import {
  cashTotals,
  countTotalPaise,
  formatInr,
  type CashDayEvent,
  type CashDirection,
  type DenominationCount,
  formatBusinessDate,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import { openingOf, type CashDayState, type CashRegisterState } from './cash-day.state.js';

interface Person {
  id: string;
  name: string;
}

/** Whose drawer and which day a command is about, and the business date it is sent on. */
interface DayRef {
  branchId: string;
  branchName: string;
  date: string;
  today: string;
}

export type CashDayCommand =
  | (DayRef & {
      type: 'RecordCashEntry';
      entryId: string;
      direction: CashDirection;
      amountPaise: number;
      reason: string;
      by: Person;
    })
  | (DayRef & { type: 'CountCash'; count: DenominationCount; by: Person })
  | (DayRef & {
      type: 'CloseCashDay';
      reason: string | null;
      by: Person;
      register: CashRegisterState;
      /** An earlier day of the branch with cash in its book and not closed (from the read model). */
      earlierOpenDay: string | null;
    });

/** The words every refusal of cash into a closed day uses: the book's own and the loans'. */
export const closedDayMessage = (branchName: string, date: string) =>
  `The cash book of ${branchName} for ${date} is closed; cash cannot be entered into a closed day.`;

export const closedDayError = (branchName: string, date: string) =>
  new DomainError(closedDayMessage(branchName, date), 'cash_day_closed', 409);

/** opening + Σ in − Σ out of the day's lines; null while the opening is unknown. */
export function dayFigures(state: CashDayState, register: CashRegisterState, date: string) {
  const opening = openingOf(register, date);
  const totals = cashTotals(opening?.openingPaise ?? 0, state.lines);
  return {
    opening,
    cashInPaise: totals.cashInPaise,
    cashOutPaise: totals.cashOutPaise,
    expectedPaise: opening ? totals.expectedPaise : null,
  };
}

function refuseIntoDay(c: DayRef, s: CashDayState) {
  if (s.closed) throw closedDayError(c.branchName, c.date);
  if (c.date > c.today) {
    throw new DomainError(
      `${c.date} has not come yet: cash is entered on or after its day`,
      'cash_day_future',
    );
  }
}

/** Pure: the events a command on one day's book leads to, or a refusal. */
export function decideCashDay(c: CashDayCommand, s: CashDayState): CashDayEvent[] {
  switch (c.type) {
    case 'RecordCashEntry':
      refuseIntoDay(c, s);
      return [
        {
          type: 'CashEntryRecorded',
          data: {
            entryId: c.entryId,
            direction: c.direction,
            amountPaise: c.amountPaise,
            reason: c.reason,
            enteredBy: c.by,
          },
        },
      ];
    case 'CountCash':
      refuseIntoDay(c, s);
      return [
        {
          type: 'CashCounted',
          data: { count: c.count, countedPaise: countTotalPaise(c.count), countedBy: c.by },
        },
      ];
    case 'CloseCashDay': {
      if (s.closed) throw closedDayError(c.branchName, c.date);
      if (c.date > c.today) {
        throw new DomainError(`${c.date} has not come yet: a day is closed at its end`, 'cash_day_future');
      }
      const { start, closes } = c.register;
      if (!start) {
        throw new DomainError(
          `The cash book of ${c.branchName} has not been started: an admin enters the opening cash first`,
          'cash_book_not_started',
          409,
        );
      }
      if (c.date < start.startDate) {
        throw new DomainError(
          `The cash book of ${c.branchName} starts on ${formatBusinessDate(start.startDate)}; ${formatBusinessDate(c.date)} is before it`,
          'cash_day_before_start',
          409,
        );
      }
      const later = closes.find((x) => x.date > c.date);
      if (later) {
        throw new DomainError(
          `Days close in order: ${later.date} is already closed`,
          'cash_day_out_of_order',
          409,
        );
      }
      if (c.earlierOpenDay) {
        throw new DomainError(
          `Close ${c.earlierOpenDay} first: it has cash in the book and is not closed`,
          'cash_day_earlier_open',
          409,
        );
      }
      if (!s.count) throw new DomainError('Count the cash before closing the day', 'cash_not_counted', 409);
      const f = dayFigures(s, c.register, c.date);
      const opening = f.opening!;
      const expectedPaise = f.expectedPaise!;
      const differencePaise = s.count.countedPaise - expectedPaise;
      const reason = c.reason?.trim() || null;
      if (differencePaise !== 0 && !reason) {
        const word = differencePaise > 0 ? 'more' : 'less';
        throw new DomainError(
          `The count is ${formatInr(Math.abs(differencePaise))} ${word} than the expected ${formatInr(expectedPaise)}: give a reason to close the day with a difference`,
          'cash_difference_reason_required',
          422,
          { difference: differencePaise / 100 },
        );
      }
      return [
        {
          type: 'CashDayClosed',
          data: {
            branchId: c.branchId,
            businessDate: c.date,
            openingPaise: opening.openingPaise,
            openingSource: opening.source,
            cashInPaise: f.cashInPaise,
            cashOutPaise: f.cashOutPaise,
            expectedPaise,
            countedPaise: s.count.countedPaise,
            differencePaise,
            reason,
            closedBy: c.by,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = c;
      return _exhaustive;
    }
  }
}
