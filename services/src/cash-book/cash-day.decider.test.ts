import { describe, it } from 'vitest';
import { DEFAULT_BRANCH_ID, type CashDayEvent } from '@goldledger/contracts';
import type { Decider } from '../platform/decider.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { closedDayMessage, decideCashDay, type CashDayCommand } from './cash-day.decider.js';
import {
  evolveCashDay,
  initialCashDay,
  type CashDayState,
  type CashRegisterState,
} from './cash-day.state.js';

const decider: Decider<CashDayCommand, CashDayEvent, CashDayState> = {
  decide: decideCashDay,
  evolve: (s, e) => evolveCashDay(s, e),
  initialState: initialCashDay,
};
const spec = deciderSpec(decider);

const by = { id: 'u1', name: 'Ravi' };
const day = { branchId: DEFAULT_BRANCH_ID, branchName: 'Main', date: '2026-11-21', today: '2026-11-21' };
const started: CashRegisterState = {
  start: { startDate: '2026-11-20', openingPaise: 10_000_00, by: 'Asha' },
  closes: [],
};
const booked = (direction: 'in' | 'out', amountPaise: number): CashDayEvent => ({
  type: 'LoanCashBooked',
  data: {
    sourceEventId: crypto.randomUUID(),
    loanStreamId: 'loan-1',
    loanId: 'GL261100001',
    kind: direction === 'in' ? 'repayment' : 'disbursement',
    direction,
    amountPaise,
    reference: null,
    by,
  },
});
const counted = (rupees: number): CashDayEvent => ({
  type: 'CashCounted',
  data: { count: { notes: {}, coins: { 1: rupees } }, countedPaise: rupees * 100, countedBy: by },
});
const close = (over: Partial<Extract<CashDayCommand, { type: 'CloseCashDay' }>> = {}): CashDayCommand => ({
  type: 'CloseCashDay',
  ...day,
  reason: null,
  by,
  register: started,
  earlierOpenDay: null,
  ...over,
});

describe('a day of the cash book', () => {
  it('opens with the last close before it, or with the start', () => {
    const twoCloses: CashRegisterState = {
      ...started,
      closes: [
        { date: '2026-11-19', closingPaise: 1 },
        { date: '2026-11-20', closingPaise: 9_000_00 },
      ],
    };
    spec
      .given([booked('in', 500_00), counted(9_500)])
      .when(close({ register: twoCloses }))
      .then([
        {
          type: 'CashDayClosed',
          data: {
            branchId: DEFAULT_BRANCH_ID,
            businessDate: '2026-11-21',
            openingPaise: 9_000_00,
            openingSource: { kind: 'close', businessDate: '2026-11-20' },
            cashInPaise: 500_00,
            cashOutPaise: 0,
            expectedPaise: 9_500_00,
            countedPaise: 9_500_00,
            differencePaise: 0,
            reason: null,
            closedBy: by,
          },
        },
      ]);
  });

  it('refuses a close with a difference and no reason, and takes it with one', () => {
    const given = spec.given([booked('out', 2_000_00), counted(7_900)]);
    given
      .when(close())
      .thenThrows(
        'The count is ₹100 less than the expected ₹8,000: give a reason to close the day with a difference',
      );
    spec
      .given([booked('out', 2_000_00), counted(8_100)])
      .when(close())
      .thenThrows(/₹100 more than the expected ₹8,000/);
  });

  it.each([
    ['an uncounted drawer', [], close(), 'Count the cash before closing the day'],
    [
      'a book not started',
      [counted(1)],
      close({ register: { start: null, closes: [] } }),
      /has not been started/,
    ],
    [
      'a day before the start',
      [counted(1)],
      close({ date: '2026-11-19' }),
      'The cash book of Main starts on 20 Nov 2026; 19 Nov 2026 is before it',
    ],
    [
      'a day after a later close',
      [counted(1)],
      close({ register: { ...started, closes: [{ date: '2026-11-22', closingPaise: 0 }] } }),
      'Days close in order: 2026-11-22 is already closed',
    ],
    [
      'a day after an earlier one still open',
      [counted(1)],
      close({ earlierOpenDay: '2026-11-20' }),
      'Close 2026-11-20 first: it has cash in the book and is not closed',
    ],
    ['a day to come', [counted(1)], close({ date: '2026-11-22' }), /has not come yet/],
  ] as const)('refuses to close %s', (_name, events, command, message) => {
    spec
      .given([...events])
      .when(command)
      .thenThrows(message);
  });

  it('refuses entries and counts into a closed day with the closed-day message', () => {
    const closedDay = spec.given([
      counted(10_000),
      {
        type: 'CashDayClosed',
        data: {
          branchId: DEFAULT_BRANCH_ID,
          businessDate: '2026-11-21',
          openingPaise: 10_000_00,
          openingSource: { kind: 'start' },
          cashInPaise: 0,
          cashOutPaise: 0,
          expectedPaise: 10_000_00,
          countedPaise: 10_000_00,
          differencePaise: 0,
          reason: null,
          closedBy: by,
        },
      },
    ]);
    const message = closedDayMessage('Main', '2026-11-21');
    closedDay
      .when({
        type: 'RecordCashEntry',
        ...day,
        entryId: crypto.randomUUID(),
        direction: 'in',
        amountPaise: 1_00,
        reason: 'Late',
        by,
      })
      .thenThrows(message);
    closedDay.when({ type: 'CountCash', ...day, count: { notes: {}, coins: {} }, by }).thenThrows(message);
    closedDay.when(close()).thenThrows(message);
  });
});
