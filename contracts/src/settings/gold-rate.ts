import { z } from 'zod';

export { DEFAULT_GOLD_RATE_RUPEES_PER_GRAM } from './gold-rate-default.js';
/** A sanity bound, far above any market rate: catches a slip of the keyboard (an extra zero or two). */
export const MAX_GOLD_RATE_RUPEES_PER_GRAM = 100_000;

/** True when `n` has no more than two decimal places (float noise such as 1.23 * 100 is tolerated). */
const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** Events of the gold-rate setting stream (`settings-gold-rate`, stream type `settings`). Schema version 1. */
export const GoldRateEvents = {
  GoldRateUpdated: z.object({
    ratePaisePerGram: z.number().int().positive(),
    /** The rate in effect before this change (the default when none had been set). */
    previousRatePaisePerGram: z.number().int().positive(),
  }),
} as const;

export type GoldRateEventType = keyof typeof GoldRateEvents;
export type GoldRateEvent = {
  [K in GoldRateEventType]: { type: K; data: z.infer<(typeof GoldRateEvents)[K]> };
}[GoldRateEventType];

/** Rupees per gram, as the API speaks it: positive, at most 2 decimals, at most 1,00,000. */
export const GoldRateRupees = z
  .number({
    error: (issue) =>
      issue.input === undefined
        ? 'Please enter the gold rate per gram'
        : 'Gold rate must be a positive number',
  })
  .positive('Gold rate must be a positive number')
  .max(MAX_GOLD_RATE_RUPEES_PER_GRAM, 'Gold rate must be at most ₹1,00,000 per gram')
  .refine(hasAtMostTwoDecimals, 'Gold rate can have at most 2 decimal places');

export const UpdateGoldRateRequest = z.object(
  { rate: GoldRateRupees },
  { error: 'Please enter the gold rate per gram' },
);
export const UpdateGoldRateResponse = z.object({ message: z.string(), rate: z.number() });

export const GoldRateResponse = z.object({
  /** Rupees per gram. */
  rate: z.number(),
  /** When an admin last set it; null while the default applies. */
  updatedAt: z.string().nullable(),
  /** The admin's name; null while the default applies. */
  updatedBy: z.string().nullable(),
});

export const GoldRateHistoryEntry = z.object({
  rate: z.number(),
  previousRate: z.number(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  updatedById: z.string().nullable(),
});
export const GoldRateHistoryResponse = z.object({ data: z.array(GoldRateHistoryEntry) });
