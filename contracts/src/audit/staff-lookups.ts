import { z } from 'zod';
import { Actor } from '../event-envelope.js';

/**
 * Staff looking customers up: the wizard's Aadhar check and the customer search. Each
 * one is an event, so the audit log says who looked up what (masked) and when; both
 * are limited per staff member, and a staff member who reaches the limit raises one
 * admin notification per burst.
 */
export const STAFF_LOOKUP_POLICY = Object.freeze({
  /** Aadhar checks and customer searches together, per staff member. */
  perWindow: 30,
  windowSeconds: 60,
  /** After a burst has raised a notification, the same staff member raises no other for this long. */
  alertCooldownSeconds: 15 * 60,
});

/** Events of a lookup's own stream (`staff-lookup-<uuid>`, stream type `staff-lookup`). Schema version 1. */
export const StaffLookupEvents = {
  AadharLookedUp: z.object({
    /** `****-****-1234` (maskAadhar): the log never holds the number whole. */
    aadharMasked: z.string(),
    found: z.boolean(),
    /** The customer's CUS number when found. */
    customerId: z.string().nullable(),
  }),
  CustomersSearched: z.object({
    /** The search text with any run of digits masked but its last 4 (a mobile, an Aadhar number). */
    searchMasked: z.string(),
    /** Customers on the whole result (all pages). */
    results: z.number().int().nonnegative(),
  }),
  /** A staff member reached the lookup limit: raised once per burst (STAFF_LOOKUP_POLICY.alertCooldownSeconds). */
  StaffLookupBurst: z.object({
    staff: Actor,
    limit: z.number().int().positive(),
    windowSeconds: z.number().int().positive(),
  }),
} as const;

export type StaffLookupEventType = keyof typeof StaffLookupEvents;
export type StaffLookupEvent = {
  [K in StaffLookupEventType]: { type: K; data: z.infer<(typeof StaffLookupEvents)[K]> };
}[StaffLookupEventType];

export const STAFF_LOOKUP_STREAM_TYPE = 'staff-lookup';
export const staffLookupStreamId = (uuid: string) => `staff-lookup-${uuid}`;

export const STAFF_LOOKUP_MESSAGES = {
  tooMany: `Too many customer lookups: at most ${STAFF_LOOKUP_POLICY.perWindow} a minute. Please try again in a minute.`,
} as const;

/** Search text for the log: each run of 5 or more digits keeps only its last 4; emails keep their domain. */
export const maskSearch = (search: string): string =>
  search.replace(/[^\s@]+@/g, '***@').replace(/\d[\d\s-]{3,}\d/g, (run) => {
    const digits = run.replace(/\D/g, '');
    return digits.length >= 5 ? `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}` : run;
  });

/** What the audit log shows after a lookup event's label; null for other events. */
export function staffLookupDetail(type: string, data: unknown): string | null {
  switch (type) {
    case 'AadharLookedUp': {
      const d = StaffLookupEvents.AadharLookedUp.safeParse(data);
      if (!d.success) return null;
      return `${d.data.aadharMasked}, ${d.data.found ? 'found' : 'not found'}`;
    }
    case 'CustomersSearched': {
      const d = StaffLookupEvents.CustomersSearched.safeParse(data);
      if (!d.success) return null;
      return `"${d.data.searchMasked}", ${d.data.results} result${d.data.results === 1 ? '' : 's'}`;
    }
    case 'StaffLookupBurst': {
      const d = StaffLookupEvents.StaffLookupBurst.safeParse(data);
      if (!d.success) return null;
      return `${d.data.staff.name} reached ${d.data.limit} lookups in ${d.data.windowSeconds} s`;
    }
    default:
      return null;
  }
}
