import { z } from 'zod';
import { IndianMobile, MOBILE_MESSAGE } from '../identity/mobile.js';

export const MAX_CONTACT_NAME_LENGTH = 100;
export const MAX_CONTACT_MESSAGE_LENGTH = 2000;
/** A sanity bound on the gold an enquirer mentions (100 kg): far above any loan we make. */
export const MAX_CONTACT_GOLD_GRAMS = 100_000;

/** True when `n` has no more than two decimal places (float noise such as 1.23 * 100 is tolerated). */
const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** A required text field: anything but a non-blank string gets the "please enter" message. */
const requiredText = (missing: string) => z.string({ error: missing }).trim().min(1, missing);

/** Events of an enquiry stream (`contact-<enquiryId>`, stream type `contact`). Schema version 1. */
export const ContactEvents = {
  ContactMessageReceived: z.object({
    enquiryId: z.uuid(),
    name: z.string().min(1),
    /** Lower-cased. */
    email: z.string(),
    /** Integer milligrams (the form speaks grams with at most 2 decimals). */
    goldMilligrams: z.number().int().nonnegative(),
    /** 10 digits, without +91. */
    phone: z.string(),
    message: z.string().min(1),
  }),
} as const;

export type ContactEventType = keyof typeof ContactEvents;
export type ContactEvent = {
  [K in ContactEventType]: { type: K; data: z.infer<(typeof ContactEvents)[K]> };
}[ContactEventType];

/** The public contact form: name, email, gold, phone and message, all required. */
export const ContactRequest = z.object(
  {
    name: requiredText('Please enter your name').max(
      MAX_CONTACT_NAME_LENGTH,
      `Name must be at most ${MAX_CONTACT_NAME_LENGTH} characters`,
    ),
    email: requiredText('Please enter your email address')
      .max(254, 'Please enter a valid email address')
      .pipe(z.email('Please enter a valid email address'))
      .transform((e) => e.toLowerCase()),
    /** Grams of gold, 0 allowed (an enquiry need not be about a loan yet). */
    gold: z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? 'Please enter the weight of your gold in grams'
            : 'Gold weight must be a number of grams',
      })
      .nonnegative('Gold weight cannot be negative')
      .max(MAX_CONTACT_GOLD_GRAMS, 'Gold weight must be at most 1,00,000 grams')
      .refine(hasAtMostTwoDecimals, 'Gold weight can have at most 2 decimal places'),
    /** An Indian mobile: 10 digits starting 6-9; +91 or 91 in front, spaces and dashes are fine. */
    phone: IndianMobile(MOBILE_MESSAGE, 'Please enter your phone number'),
    message: requiredText('Please enter your message').max(
      MAX_CONTACT_MESSAGE_LENGTH,
      'Message must be at most 2,000 characters',
    ),
  },
  { error: 'Please fill in the contact form' },
);
export type ContactRequest = z.infer<typeof ContactRequest>;
