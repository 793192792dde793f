import { z } from 'zod';

/**
 * Indian mobile numbers: one normaliser for every contract and every input that takes one.
 * India's mobiles are 10 digits starting 6-9; people write them with +91, 91 or a trunk 0
 * in front, and with spaces, dashes or dots between the groups
 * (`+91 98450 12345`, `+919845012345`, `098450 12345`, `98450-12345`). All of these are
 * the one number `9845012345`, the form we store, send codes to and look up by.
 */
export const MOBILE_MESSAGE = 'Please enter a valid 10-digit mobile number';

/** Separators people put between digit groups: whitespace (incl. no-break), dashes, dots, brackets. */
const SEPARATORS = /[\s\u2010-\u2015.()-]/g;
const INDIAN_MOBILE = /^(?:\+91|91|0)?([6-9]\d{9})$/;

/** The 10-digit form of an Indian mobile number as typed or pasted, or null if it is not one. */
export function normaliseMobile(typed: string): string | null {
  return INDIAN_MOBILE.exec(typed.replace(SEPARATORS, ''))?.[1] ?? null;
}

/**
 * What a mobile input shows after a keystroke or a paste: the number's 10 digits as soon as
 * the text is one (so a pasted `+91 98450 12345` becomes `9845012345`); otherwise what was
 * typed, keeping only the characters a number is written with, so typing can go on. Never
 * cut to 10 digits: cutting `+91 98450 12345` gives someone else's number.
 */
export function mobileInputValue(typed: string): string {
  return normaliseMobile(typed) ?? typed.replace(/[^\d+\s-]/g, '');
}

/**
 * What a search box holds, in the form the data is stored in: a mobile written any way
 * becomes its 10 digits, an amount written `₹47,947` or `47,947.00` becomes `47947`;
 * anything else is returned trimmed.
 */
export function normaliseSearchTerm(typed: string): string {
  const trimmed = typed.trim();
  const mobile = normaliseMobile(trimmed);
  if (mobile) return mobile;
  const amount = /^(?:₹|rs\.?|inr)?\s*(\d{1,3}(?:,\d{2,3})+|\d+)(?:\.(\d{1,2}))?$/i.exec(trimmed);
  if (amount && /[₹,.]|rs|inr/i.test(trimmed)) {
    const rupees = amount[1]!.replace(/,/g, '');
    return amount[2] && /[1-9]/.test(amount[2]) ? `${rupees}.${amount[2]}` : rupees;
  }
  return trimmed;
}

/** A required Indian mobile: any way of writing it is stored as its 10 digits; else `message`. */
export const IndianMobile = (message: string = MOBILE_MESSAGE, missing: string = message) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .transform((typed, ctx) => {
      const mobile = normaliseMobile(typed);
      if (mobile === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return mobile;
    });

/** An optional Indian mobile: empty, null or absent is null; anything else as `IndianMobile`. */
export const OptionalIndianMobile = (message: string = MOBILE_MESSAGE) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((typed, ctx) => {
      if (!typed) return null;
      const mobile = normaliseMobile(typed);
      if (mobile === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return mobile;
    });
