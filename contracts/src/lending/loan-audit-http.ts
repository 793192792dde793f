import { z } from 'zod';
import { Actor } from '../event-envelope.js';
import { LedgerSnapshot } from './loan-events.js';

/**
 * The auditors' view of one loan (admins only): its event log and its state replayed to a
 * moment (services/src/lending/loan-audit.routes.ts). Event data stays as stored (paise,
 * milligrams, basis points); the replayed loan speaks rupees, grams and percent.
 */

export const LoanEventRecord = z.object({
  /** Position in the loan's stream, from 1. */
  version: z.number().int(),
  eventId: z.string(),
  type: z.string(),
  schemaVersion: z.number().int(),
  /** When it happened (the command's clock). */
  occurredAt: z.string(),
  /** When the store wrote it. */
  recordedAt: z.string(),
  actor: Actor.nullable(),
  correlationId: z.string().nullable(),
  /** As stored; parse with `LoanEvents[type]`. */
  data: z.record(z.string(), z.unknown()),
});
export type LoanEventRecord = z.infer<typeof LoanEventRecord>;

export const LoanEventsResponse = z.object({
  loanId: z.string(),
  units: z.string(),
  data: z.array(LoanEventRecord),
});

export const AsOfBasis = z.enum(['recorded', 'occurred']);
export type AsOfBasis = z.infer<typeof AsOfBasis>;

export const LoanAsOfQuery = z.object({
  /** An ISO date-time with offset, or a business date (the end of that day in Asia/Kolkata). */
  date: z.string(),
  basis: AsOfBasis.optional(),
});

/** The loan replayed to a moment, its books run to that day. */
export const LoanAsOfView = z.object({
  _id: z.string(),
  loanId: z.string(),
  status: z.string(),
  customerId: z.string().nullable(),
  name: z.string().nullable(),
  amount: z.number(),
  term: z.number().int(),
  interestRate: z.number(),
  originalInterestRate: z.number(),
  currentInterestRate: z.number(),
  currentUpgradeLevel: z.number().int(),
  disbursementDate: z.string(),
  monthlyPayment: z.number(),
  totalPayment: z.number(),
  totalPaid: z.number(),
  principalOutstanding: z.number(),
  interestOutstanding: z.number(),
  remainingBalance: z.number(),
  nextUpgradeDate: z.string().nullable(),
  closedOn: z.string().nullable(),
  goldItems: z.array(
    z.object({
      description: z.string(),
      grossWeight: z.number(),
      netWeight: z.number(),
      purityKarat: z.number(),
    }),
  ),
  installments: z.array(
    z.object({
      number: z.number().int(),
      dueDate: z.string(),
      amount: z.number(),
      amountPaid: z.number(),
      status: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      _id: z.string(),
      date: z.string(),
      amount: z.number(),
      method: z.string(),
      paymentType: z.string(),
      status: z.string(),
      installmentNumber: z.number().int(),
      receiptNumber: z.string(),
    }),
  ),
  depositedBank: z.string().nullable(),
  renewalDate: z.string().nullable(),
  bankMobileNumber: z.string().nullable(),
  bankLoanAmount: z.number().nullable(),
  renewedTo: z.unknown().nullable(),
});
export type LoanAsOfView = z.infer<typeof LoanAsOfView>;

export const LoanAsOfResponse = z.object({
  asOf: z.string(),
  basis: AsOfBasis,
  eventCount: z.number().int(),
  lastEvent: z.object({
    version: z.number().int(),
    type: z.string(),
    occurredAt: z.string(),
    recordedAt: z.string(),
  }),
  loan: LoanAsOfView,
  /** The books as the last event before the moment recorded them (paise). */
  recordedLedger: LedgerSnapshot,
});
export type LoanAsOfResponse = z.infer<typeof LoanAsOfResponse>;
