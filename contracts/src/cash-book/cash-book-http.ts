import { z } from 'zod';
import { BusinessDate } from '../lending/dates.js';
import { MAX_REQUEST_RUPEES, MAX_REQUEST_RUPEES_TEXT } from '../lending/money.js';
import { CashDirection, DenominationCount, LoanCashKind, OpeningSource } from './cash-book-events.js';

export const CashBookBranchParams = z.object({ branchId: z.uuid('Branch not found') });
export const CashBookDayParams = z.object({
  branchId: z.uuid('Branch not found'),
  date: BusinessDate,
});

/** Cash is counted in whole rupees: the drawer holds no paise. */
const WholeRupees = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be in whole rupees`)
    .max(MAX_REQUEST_RUPEES, `${label} must be at most ${MAX_REQUEST_RUPEES_TEXT}`);

/** POST /cash-book/{branchId}/start (admins): the cash in the drawer when the book starts. */
export const StartCashBookRequest = z.object({
  startDate: BusinessDate,
  openingBalance: WholeRupees('Opening balance').min(0, 'Opening balance cannot be negative'),
});

/** POST /cash-book/{branchId}/{date}/entries: cash in or out for a reason other than a loan. */
export const RecordCashEntryRequest = z.object({
  direction: CashDirection,
  amount: WholeRupees('Amount').min(1, 'Amount must be at least ₹1'),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, 'A reason is required')
    .max(300, 'Reason must be at most 300 characters'),
});

/** POST /cash-book/{branchId}/{date}/count: pieces per denomination. */
export const CountCashRequest = DenominationCount;

/** POST /cash-book/{branchId}/{date}/close. */
export const CloseCashDayRequest = z
  .object({
    /** Required when the count differs from the expected cash. */
    reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
    /** The day's version the person saw (`version` of the day): refused with 409 if it moved since. */
    expectedVersion: z.number().int().nonnegative().optional(),
  })
  .nullish();

const Amount = z.number();

export const CashBookMovement = z.object({
  /** The loan event or the entry. */
  id: z.string(),
  at: z.string(),
  kind: z.union([LoanCashKind, z.literal('entry')]),
  direction: CashDirection,
  amount: Amount,
  loanId: z.string().nullable(),
  loanUuid: z.string().nullable(),
  reason: z.string().nullable(),
  by: z.string().nullable(),
});
export type CashBookMovement = z.infer<typeof CashBookMovement>;

export const CashBookDayResponse = z.object({
  branch: z.object({ _id: z.string(), code: z.string(), name: z.string() }),
  date: BusinessDate,
  /** The day stream's version: what a close sends as `expectedVersion`. */
  version: z.number().int().nonnegative(),
  status: z.enum(['open', 'closed']),
  /** The branch's book: not started until an admin enters the opening cash. */
  book: z.object({ startDate: BusinessDate.nullable() }),
  opening: z.object({ amount: Amount, source: OpeningSource }).nullable(),
  movements: z.array(CashBookMovement),
  cashIn: Amount,
  cashOut: Amount,
  /** opening + in − out; null while the opening is unknown. */
  expected: Amount.nullable(),
  count: z
    .object({
      notes: z.record(z.string(), z.number()),
      coins: z.record(z.string(), z.number()),
      total: Amount,
      countedBy: z.string(),
      countedAt: z.string(),
    })
    .nullable(),
  /** counted − expected. */
  difference: Amount.nullable(),
  closed: z.object({ by: z.string(), at: z.string(), reason: z.string().nullable() }).nullable(),
  /**
   * Loan cash movements of this branch and day found in the loan events but not booked in
   * the cash book (loans recorded outside the book's gate, e.g. before it existed): shown,
   * never hidden, and not in the expected cash.
   */
  unbooked: z.array(
    z.object({ loanId: z.string(), kind: LoanCashKind, direction: CashDirection, amount: Amount }),
  ),
});
export type CashBookDayResponse = z.infer<typeof CashBookDayResponse>;

export const CashBookBranchesResponse = z.object({
  data: z.array(z.object({ _id: z.string(), code: z.string(), name: z.string() })),
});

/** GET /admin/cash-position: today's expected cash in each branch's drawer. */
export const CashPositionResponse = z.object({
  date: BusinessDate,
  branches: z.array(
    z.object({
      branchId: z.string(),
      code: z.string(),
      name: z.string(),
      started: z.boolean(),
      opening: Amount.nullable(),
      cashIn: Amount,
      cashOut: Amount,
      expected: Amount.nullable(),
      closed: z.boolean(),
    }),
  ),
});
export type CashPositionResponse = z.infer<typeof CashPositionResponse>;
