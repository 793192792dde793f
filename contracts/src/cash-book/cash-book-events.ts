import { z } from 'zod';
import { BusinessDate } from '../lending/dates.js';

/**
 * A branch's cash drawer, one business day per stream (`cash-day-<branchId>-<YYYY-MM-DD>`,
 * type `cash-day`): the cash loans and receipts booked into it (written in the same
 * transaction as the loan event that moved the cash), the book's own entries, the closing
 * count and the day-end close. Each branch also has a register (`cash-register-<branchId>`,
 * type `cash-register`): where its book starts (the opening cash an admin entered) and the
 * counted closing of every day closed, which is the next day's opening. Schema version 1.
 */
export const CASH_DAY_STREAM_TYPE = 'cash-day';
export const CASH_REGISTER_STREAM_TYPE = 'cash-register';
export const cashDayStreamId = (branchId: string, date: string) => `cash-day-${branchId}-${date}`;
export const cashRegisterStreamId = (branchId: string) => `cash-register-${branchId}`;
/** The branch and day of a `cash-day-…` stream id; null for any other. */
export function parseCashDayStreamId(streamId: string): { branchId: string; date: string } | null {
  const m = /^cash-day-([0-9a-f-]{36})-(\d{4}-\d{2}-\d{2})$/.exec(streamId);
  return m ? { branchId: m[1]!, date: m[2]! } : null;
}
export const branchOfCashRegister = (streamId: string) => streamId.slice('cash-register-'.length);

/** Indian currency in circulation, in rupees: notes, then coins (₹20 and ₹10 exist as both). */
export const NOTE_DENOMINATIONS = [2000, 500, 200, 100, 50, 20, 10] as const;
export const COIN_DENOMINATIONS = [20, 10, 5, 2, 1] as const;

const Pieces = z
  .number({ error: 'Each count must be a whole number of pieces' })
  .int('Each count must be a whole number of pieces')
  .min(0, 'A count cannot be negative')
  .max(1_000_000, 'A count must be at most 10,00,000 pieces');
const piecesOf = (values: readonly number[]) =>
  z.object(Object.fromEntries(values.map((v) => [String(v), Pieces.default(0)]))) as z.ZodObject<
    Record<string, z.ZodDefault<typeof Pieces>>
  >;

/** Pieces counted per denomination (keys are rupee values; a missing one is 0). */
export const DenominationCount = z.object({
  notes: piecesOf(NOTE_DENOMINATIONS).default({}),
  coins: piecesOf(COIN_DENOMINATIONS).default({}),
});
export type DenominationCount = z.infer<typeof DenominationCount>;

/** What a count comes to, in paise. */
export function countTotalPaise(count: DenominationCount): number {
  const sum = (values: readonly number[], pieces: Record<string, number>) =>
    values.reduce((total, v) => total + v * 100 * (pieces[String(v)] ?? 0), 0);
  return sum(NOTE_DENOMINATIONS, count.notes) + sum(COIN_DENOMINATIONS, count.coins);
}

export const CashDirection = z.enum(['in', 'out']);
export type CashDirection = z.infer<typeof CashDirection>;
/**
 * A loan event that moved cash: lent out, repaid in cash, refunded in cash, a cash repayment
 * reversed, compensation for a late release of gold paid in cash (issue 18).
 */
export const LoanCashKind = z.enum([
  'disbursement',
  'repayment',
  'refund',
  'reversal',
  'release_compensation',
]);
export type LoanCashKind = z.infer<typeof LoanCashKind>;

const Person = z.object({ id: z.string(), name: z.string() });
const PositivePaise = z.number().int().positive();

/** Where a day's opening cash came from: the book's start, or the counted close of an earlier day. */
export const OpeningSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('start') }),
  z.object({ kind: z.literal('close'), businessDate: BusinessDate }),
]);
export type OpeningSource = z.infer<typeof OpeningSource>;

export const CashDayEvents = {
  /** A loan event moved cash in this drawer on this day (booked with it, in one transaction). */
  LoanCashBooked: z.object({
    /** The loan event that moved the cash. */
    sourceEventId: z.uuid(),
    loanStreamId: z.string(),
    loanId: z.string(),
    kind: LoanCashKind,
    direction: CashDirection,
    amountPaise: PositivePaise,
    /** The payment or refund it was (null for a disbursement). */
    reference: z.string().nullable(),
    by: Person.nullable(),
  }),
  /** Cash in or out of the drawer for another reason (petty cash, a deposit to the bank, a correction). */
  CashEntryRecorded: z.object({
    entryId: z.uuid(),
    direction: CashDirection,
    amountPaise: PositivePaise,
    reason: z.string().min(1),
    enteredBy: Person,
  }),
  /** The drawer counted by denomination; the latest count is the one the close takes. */
  CashCounted: z.object({
    count: DenominationCount,
    countedPaise: z.number().int().nonnegative(),
    countedBy: Person,
  }),
  /** Day-end close: the figures as they stood. Nothing can be dated into the day after it. */
  CashDayClosed: z.object({
    branchId: z.uuid(),
    businessDate: BusinessDate,
    openingPaise: z.number().int().nonnegative(),
    openingSource: OpeningSource,
    cashInPaise: z.number().int().nonnegative(),
    cashOutPaise: z.number().int().nonnegative(),
    expectedPaise: z.number().int(),
    countedPaise: z.number().int().nonnegative(),
    /** counted − expected: above 0 the drawer holds more than the books say. */
    differencePaise: z.number().int(),
    /** Required when the difference is not zero. */
    reason: z.string().min(1).nullable(),
    closedBy: Person,
  }),
} as const;
export type CashDayEventType = keyof typeof CashDayEvents;
export type CashDayEvent = {
  [K in CashDayEventType]: { type: K; data: z.infer<(typeof CashDayEvents)[K]> };
}[CashDayEventType];

export const CashRegisterEvents = {
  /** An admin started the branch's cash book: the cash in the drawer at the start of that day. */
  CashBookStarted: z.object({
    branchId: z.uuid(),
    startDate: BusinessDate,
    openingPaise: z.number().int().nonnegative(),
    startedBy: Person,
  }),
  /** A day was closed with this counted cash: the opening of the next day that closes. */
  CashDayCloseRegistered: z.object({
    businessDate: BusinessDate,
    closingPaise: z.number().int().nonnegative(),
  }),
} as const;
export type CashRegisterEventType = keyof typeof CashRegisterEvents;
export type CashRegisterEvent = {
  [K in CashRegisterEventType]: { type: K; data: z.infer<(typeof CashRegisterEvents)[K]> };
}[CashRegisterEventType];
