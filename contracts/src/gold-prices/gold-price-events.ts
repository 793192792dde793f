import { z } from 'zod';
import { BusinessDate } from '../lending/dates.js';
import { Fineness } from '../lending/policy-document.js';

/**
 * The daily register of gold closing prices per purity. One stream per calendar month of
 * the price's date (`gold-prices-YYYY-MM`, stream type `gold-prices`), so a valuation reads
 * at most two small streams. A later entry for the same date and purity corrects it.
 */
export const GOLD_PRICES_STREAM_TYPE = 'gold-prices';
export const goldPricesStreamId = (date: string) => `gold-prices-${date.slice(0, 7)}`;

export const GoldPriceSource = z.enum(['entry', 'import', 'gold-rate']);
export type GoldPriceSource = z.infer<typeof GoldPriceSource>;

/** Events of a `gold-prices-YYYY-MM` stream. Schema version 1. */
export const GoldPriceEvents = {
  GoldPriceRecorded: z.object({
    /** The day the price closed on. */
    date: BusinessDate,
    purity: Fineness,
    /** Closing price of one gram at this purity, in paise. */
    pricePerGramPaise: z.number().int().positive(),
    /** The price this entry replaces for the same day and purity; null when it is the first. */
    previousPricePerGramPaise: z.number().int().positive().nullable(),
    /** Typed on the prices page, one row of an imported CSV, or the seeds' single gold rate (22K today). */
    source: GoldPriceSource,
    /** The import a row came from (one id per uploaded file). */
    importId: z.string().nullable(),
  }),
} as const;
export type GoldPriceEventType = keyof typeof GoldPriceEvents;
export type GoldPriceEvent = {
  [K in GoldPriceEventType]: { type: K; data: z.infer<(typeof GoldPriceEvents)[K]> };
}[GoldPriceEventType];
