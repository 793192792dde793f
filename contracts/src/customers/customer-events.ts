import { z } from 'zod';

export const CustomerProfile = z.object({
  aadharNumber: z.string().regex(/^\d{12}$/),
  name: z.string().min(1),
  email: z.string().nullable(),
  primaryMobile: z.string(),
  secondaryMobile: z.string().nullable(),
  emergencyContact: z.object({ mobile: z.string(), relation: z.string() }),
  presentAddress: z.string(),
  permanentAddress: z.string(),
});
export type CustomerProfile = z.infer<typeof CustomerProfile>;

/** Events of a customer stream (`customer-<uuid>`, stream type `customer`). Schema version 1. */
export const CustomerEvents = {
  CustomerRegistered: CustomerProfile.extend({
    customerId: z.string().regex(/^CUS\d{6,}$/),
    /** The branch the relationship belongs to; absent on customers registered before branches (DEFAULT_BRANCH_ID). */
    branchId: z.uuid().optional(),
  }),
  /** The customer proved control of the primary mobile (or email) with an OTP. */
  CustomerVerified: z.object({ channel: z.enum(['sms', 'email']) }),
  /** The whole profile after a staff edit. */
  CustomerUpdated: CustomerProfile,
  /** A sign-in account (user stream) was opened for the customer's dashboard. */
  CustomerAccountLinked: z.object({ userId: z.uuid() }),
  /**
   * The customer must prove their mobile again: their primary mobile was changed (the
   * new number is not proved, and the old one is told). Follows that CustomerUpdated.
   */
  CustomerVerificationCleared: z.object({ reason: z.enum(['primary_mobile_changed']) }),
} as const;

export type CustomerEventType = keyof typeof CustomerEvents;
export type CustomerEvent = {
  [K in CustomerEventType]: { type: K; data: z.infer<(typeof CustomerEvents)[K]> };
}[CustomerEventType];

export const CUSTOMER_STREAM_TYPE = 'customer';
export const customerStreamId = (uuid: string) => `customer-${uuid}`;

/** Employees see `****-****-1234`; admins the full number (only admins see an Aadhar number whole). */
export const maskAadhar = (aadhar: string): string =>
  aadhar.length === 12 ? `****-****-${aadhar.slice(-4)}` : '****';

/**
 * A customer's unique keys, each claimed by a stream of its own (stream type
 * `customer-key`): `customer-aadhar:<12 digits>` keeps an Aadhar number to one
 * customer, `customer-number:<CUS…>` resolves a customer number to its stream.
 * Schema version 1.
 */
export const CustomerKeyEvents = {
  CustomerKeyClaimed: z.object({ customerUuid: z.uuid() }),
  CustomerKeyReleased: z.object({ customerUuid: z.uuid() }),
} as const;
export type CustomerKeyEventType = keyof typeof CustomerKeyEvents;
export const CUSTOMER_KEY_STREAM_TYPE = 'customer-key';
