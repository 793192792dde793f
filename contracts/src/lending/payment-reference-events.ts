import { z } from 'zod';

/**
 * A bank transaction id (UTR) belongs to one online payment: each is claimed by a stream
 * of its own (stream type `payment-reference`), `payment-reference:<UTR, upper case,
 * without spaces>`. A reversed payment releases its id. Schema version 1.
 */
export const PaymentReferenceEvents = {
  PaymentReferenceClaimed: z.object({
    paymentId: z.uuid(),
    loanStreamId: z.string(),
    loanId: z.string(),
  }),
  PaymentReferenceReleased: z.object({ paymentId: z.uuid() }),
} as const;
export type PaymentReferenceEventType = keyof typeof PaymentReferenceEvents;
export const PAYMENT_REFERENCE_STREAM_TYPE = 'payment-reference';

/** The claim stream of a transaction id: case and spaces do not make another id. */
export const paymentReferenceStreamId = (transactionId: string) =>
  `payment-reference:${transactionId.replace(/\s+/g, '').toUpperCase()}`;
