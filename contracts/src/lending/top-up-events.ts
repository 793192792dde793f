import { z } from 'zod';
import { BusinessDate } from './dates.js';

/**
 * The top-ups of one loan (its parent): a stream per parent, `loan-top-ups-<parent uuid>`
 * (stream type `loan-top-ups`), written in the same transaction as the top-up's
 * `LoanCreated`. Its version serialises two top-ups of one loan (each checks the combined
 * exposure on the same gold), and it lists the loans the parent's gold also secures (the
 * gold is not released while one is open). Schema version 1.
 */
export const LoanTopUpEvents = {
  TopUpLinked: z.object({
    topUpLoanStreamId: z.string(),
    topUpLoanId: z.string(),
    principalPaise: z.number().int().positive(),
    sanctionedOn: BusinessDate,
  }),
} as const;
export type LoanTopUpEventType = keyof typeof LoanTopUpEvents;
export type LoanTopUpEvent = {
  [K in LoanTopUpEventType]: { type: K; data: z.infer<(typeof LoanTopUpEvents)[K]> };
}[LoanTopUpEventType];

export const LOAN_TOP_UPS_STREAM_TYPE = 'loan-top-ups';
export const loanTopUpsStreamId = (parentLoanUuid: string) => `loan-top-ups-${parentLoanUuid}`;
