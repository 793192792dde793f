import { z } from 'zod';
import { BusinessDate } from '../lending/dates.js';
import { MAX_GOLD_RATE_RUPEES_PER_GRAM } from '../settings/gold-rate.js';
import { GoldPriceSource } from './gold-price-events.js';

/** The earliest day the register takes a price for: history before it has no use in lending. */
export const GOLD_PRICES_EARLIEST_DATE = '2000-01-01';
/** Rows one CSV import may hold: ten years of every published purity, with room to spare. */
export const MAX_GOLD_PRICE_IMPORT_ROWS = 20_000;
/** The longest span the register's list answers at once (the chart's widest view). */
export const MAX_GOLD_PRICE_LIST_DAYS = 1_100;

/** True when `n` has no more than two decimal places (float noise such as 1.23 * 100 is tolerated). */
const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** The bound the gold rate has always had (₹1,00,000 a gram): a slip of the keyboard, not a market price. */
export const MAX_GOLD_PRICE_PAISE_PER_GRAM = MAX_GOLD_RATE_RUPEES_PER_GRAM * 100;

const priceMessage = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'Please enter the price per gram' : 'Price per gram must be a positive number';

/** Rupees per gram as the API speaks it: positive, at most 2 decimals, at most ₹1,00,000. */
export const GoldPriceRupees = z
  .number({ error: priceMessage })
  .positive('Price per gram must be a positive number')
  .max(MAX_GOLD_RATE_RUPEES_PER_GRAM, 'Price per gram must be at most ₹1,00,000')
  .refine(hasAtMostTwoDecimals, 'Price per gram can have at most 2 decimal places');

const purityMessage = 'Purity must be a fineness between 1 and 999 (916 is 22K)';
/** A fineness in parts per thousand; the server takes only the policy's published purities. */
export const PurityField = z
  .number({ error: purityMessage })
  .int(purityMessage)
  .min(1, purityMessage)
  .max(999, purityMessage);

const PriceDate = z.string({ error: 'Please enter the date' }).pipe(BusinessDate);

const OnePrice = z.object({ purity: PurityField, pricePerGram: GoldPriceRupees });

/**
 * `POST /api/admin/gold-prices`: one day's closing price for one purity
 * (`{date, purity, pricePerGram}`), or for several at once (`{date, prices: [{purity, pricePerGram}]}`,
 * the page's form: all or nothing). The same date and purity again corrects it.
 */
export const RecordGoldPriceRequest = z
  .object(
    {
      date: PriceDate,
      purity: PurityField.optional(),
      pricePerGram: GoldPriceRupees.optional(),
      prices: z
        .array(OnePrice, { error: 'Please enter the prices' })
        .min(1, 'Please enter at least one price')
        .max(20, 'At most 20 prices at once')
        .optional(),
    },
    { error: 'Please enter the date, purity and price per gram' },
  )
  .superRefine((b, ctx) => {
    if (b.prices !== undefined) {
      if (b.purity !== undefined || b.pricePerGram !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: 'Send either purity and pricePerGram, or prices',
          path: ['prices'],
        });
      }
      return;
    }
    if (b.purity === undefined)
      ctx.addIssue({ code: 'custom', message: 'Please choose the purity', path: ['purity'] });
    if (b.pricePerGram === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Please enter the price per gram', path: ['pricePerGram'] });
    }
  });
export type RecordGoldPriceRequest = z.infer<typeof RecordGoldPriceRequest>;

export const GoldPriceOutcome = z.enum(['recorded', 'corrected', 'unchanged']);
export type GoldPriceOutcome = z.infer<typeof GoldPriceOutcome>;

export const RecordGoldPriceResponse = z.object({
  message: z.string(),
  date: BusinessDate,
  prices: z.array(
    z.object({
      purity: z.number().int(),
      pricePerGram: z.number(),
      /** The price it replaced; null when it is the day's first for the purity. */
      previousPricePerGram: z.number().nullable(),
      outcome: GoldPriceOutcome,
    }),
  ),
});
export type RecordGoldPriceResponse = z.infer<typeof RecordGoldPriceResponse>;

/**
 * `POST /api/admin/gold-prices/import`: a CSV file's text (the page reads the file and sends
 * it as JSON). Columns `date,purity,pricePerGram` named in a header row; see docs/decisions.md.
 */
export const ImportGoldPricesRequest = z.object(
  {
    csv: z
      .string({ error: 'Please choose a CSV file' })
      .min(1, 'The file is empty')
      .max(1_000_000, 'The file is too large: at most 1 MB'),
  },
  { error: 'Please choose a CSV file' },
);

export const ImportGoldPricesResponse = z.object({
  message: z.string(),
  /** One id per uploaded file, kept on each price it recorded. */
  importId: z.string(),
  rows: z.number().int(),
  recorded: z.number().int(),
  corrected: z.number().int(),
  unchanged: z.number().int(),
  /** The first and last dates in the file. */
  from: BusinessDate,
  to: BusinessDate,
});
export type ImportGoldPricesResponse = z.infer<typeof ImportGoldPricesResponse>;

/** The import's refusal: the first bad line, by number (1 is the header). */
export const ImportGoldPricesError = z.object({
  message: z.string(),
  code: z.string().optional(),
  line: z.number().int().optional(),
});

export const GoldPriceListQuery = z.object({
  from: BusinessDate.optional(),
  to: BusinessDate.optional(),
});

export const GoldPriceBound = z.enum(['average30', 'previousClose']);

export const GoldPriceDay = z.object({
  date: BusinessDate,
  closes: z.array(z.object({ purity: z.number().int(), pricePerGram: z.number(), source: GoldPriceSource })),
  /** The valuation price of the reference purity for loans made on this day; null without a previous close. */
  valuation: z.object({ price: z.number(), bound: GoldPriceBound }).nullable(),
});
export type GoldPriceDay = z.infer<typeof GoldPriceDay>;

/** `GET /api/admin/gold-prices?from&to`: the register day by day, oldest first. */
export const GoldPriceListResponse = z.object({
  from: BusinessDate,
  to: BusinessDate,
  /** The policy's published purities, purest first, and the one the footer and the chart's valuation speak of. */
  purities: z.array(z.number().int()),
  referencePurity: z.number().int(),
  /** Days with at least one close or a valuation price, oldest first. */
  days: z.array(GoldPriceDay),
});
export type GoldPriceListResponse = z.infer<typeof GoldPriceListResponse>;

const valuationPurityMessage = 'Purity must be a fineness between 1 and 999 (916 is 22K)';
export const GoldValuationQuery = z.object({
  purity: z.coerce
    .number({ error: valuationPurityMessage })
    .int(valuationPurityMessage)
    .min(1, valuationPurityMessage)
    .max(999, valuationPurityMessage)
    .optional(),
  /** The valuation date; today when left out. */
  date: BusinessDate.optional(),
});

/** `GET /api/gold-prices/valuation`: the valuation price of a purity on a day, and its two limbs (rupees per gram). */
export const GoldValuationResponse = z.object({
  date: BusinessDate,
  purity: z.number().int(),
  /** The published purity whose prices were used (the same, or the nearest, scaled by fineness). */
  pricedFrom: z.number().int(),
  price: z.number(),
  average30: z.number(),
  previousClose: z.number(),
  bound: GoldPriceBound,
  /** The averaging window, inclusive. */
  from: BusinessDate,
  to: BusinessDate,
  previousDay: BusinessDate,
  closesInWindow: z.number().int(),
});
export type GoldValuationResponse = z.infer<typeof GoldValuationResponse>;

/** How `POST /api/loans/valuation` priced each item: the valuation price of its purity on the day. */
export const GoldPriceBasis = z.object({
  valuedOn: BusinessDate,
  previousDay: BusinessDate,
  averageFrom: BusinessDate,
  averageTo: BusinessDate,
  items: z.array(
    z.object({
      index: z.number().int(),
      purity: z.number().int(),
      pricedFrom: z.number().int(),
      netWeight: z.number(),
      pricePerGram: z.number(),
      average30: z.number(),
      previousClose: z.number(),
      bound: GoldPriceBound,
      value: z.number(),
    }),
  ),
});
export type GoldPriceBasis = z.infer<typeof GoldPriceBasis>;
