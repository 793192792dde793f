import {
  ErrorResponse,
  GoldPriceListQuery,
  GoldPriceListResponse,
  GoldValuationQuery,
  GoldValuationResponse,
  ImportGoldPricesError,
  ImportGoldPricesRequest,
  ImportGoldPricesResponse,
  LENDING_POLICY,
  MAX_GOLD_PRICE_LIST_DAYS,
  RecordGoldPriceRequest,
  RecordGoldPriceResponse,
  addDays,
  businessDate,
  daysBetween,
  formatBusinessDate,
  minDate,
  paiseToRupees,
  rupeesToPaise,
  type GoldPriceOutcome,
} from '@goldledger/contracts';
import { STAFF_READERS } from '../identity/access.plugin.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import { requestScopedUuid } from '../platform/request-idempotency.js';
import type { SliceDeps } from '../slice-deps.js';
import { parseGoldPriceCsv } from './gold-price-csv.js';
import { recordGoldPrices, type RecordPricesResult } from './gold-price-commands.js';
import { readRegisterDays, valuationOn } from './gold-price.queries.js';

const r = paiseToRupees;
const ADMIN = ['admin'] as const;

/** How far back the prices page looks when not told: a year. */
const DEFAULT_LIST_DAYS = 365;

const counted = (result: RecordPricesResult) =>
  (['recorded', 'corrected', 'unchanged'] as const satisfies readonly GoldPriceOutcome[])
    .filter((o) => result[o] > 0)
    .map((o) => `${result[o].toLocaleString('en-IN')} ${o}`)
    .join(', ');

/**
 * The gold price register (issue 17, point 2): admins enter a day's closing prices per
 * purity or import a CSV; staff read the register; anyone may ask the valuation price
 * (the public calculators need it). Today's policy prices every route here; a loan is
 * priced by its own policy version by the lending slice, through gold-price.queries.ts.
 */
export function registerGoldPriceRoutes(app: App, deps: Pick<SliceDeps, 'store' | 'clock'>): void {
  const today = () => businessDate(deps.clock.now());

  app.post(
    '/api/admin/gold-prices',
    {
      config: { access: ADMIN },
      schema: {
        body: RecordGoldPriceRequest,
        response: { 200: RecordGoldPriceResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const b = request.body;
      const prices = b.prices ?? [{ purity: b.purity!, pricePerGram: b.pricePerGram! }];
      const result = await recordGoldPrices(
        deps,
        prices.map((p) => ({
          date: b.date,
          purity: p.purity,
          pricePerGramPaise: rupeesToPaise(p.pricePerGram),
        })),
        { source: 'entry', importId: null, policy: LENDING_POLICY, metadata: metadataOf(request) },
      );
      const message =
        b.prices === undefined
          ? `Gold price ${result.outcomes[0]!.outcome}`
          : `Gold prices for ${formatBusinessDate(b.date)}: ${counted(result)}`;
      return {
        message,
        date: b.date,
        prices: result.outcomes.map((o) => ({
          purity: o.purity,
          pricePerGram: r(o.pricePerGramPaise),
          previousPricePerGram: o.previousPricePerGramPaise === null ? null : r(o.previousPricePerGramPaise),
          outcome: o.outcome,
        })),
      };
    },
  );

  app.post(
    '/api/admin/gold-prices/import',
    {
      config: { access: ADMIN },
      schema: {
        body: ImportGoldPricesRequest,
        response: { 200: ImportGoldPricesResponse, 400: ImportGoldPricesError },
      },
    },
    async (request) => {
      const rows = parseGoldPriceCsv(request.body.csv);
      const importId = requestScopedUuid('gold-price-import');
      const result = await recordGoldPrices(deps, rows, {
        source: 'import',
        importId,
        policy: LENDING_POLICY,
        metadata: metadataOf(request),
      });
      const dates = rows.map((row) => row.date).sort();
      return {
        message: `${rows.length.toLocaleString('en-IN')} ${rows.length === 1 ? 'price' : 'prices'} imported: ${counted(result)}`,
        importId,
        rows: rows.length,
        recorded: result.recorded,
        corrected: result.corrected,
        unchanged: result.unchanged,
        from: dates[0]!,
        to: dates.at(-1)!,
      };
    },
  );

  app.get(
    '/api/admin/gold-prices',
    {
      config: { access: STAFF_READERS },
      schema: {
        querystring: GoldPriceListQuery,
        response: { 200: GoldPriceListResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const to = minDate(request.query.to ?? today(), today());
      const from = request.query.from ?? addDays(to, -(DEFAULT_LIST_DAYS - 1));
      if (from > to)
        throw new DomainError('From must be on or before to (and to no later than today)', 'range_reversed');
      if (daysBetween(from, to) >= MAX_GOLD_PRICE_LIST_DAYS) {
        throw new DomainError(
          `The register lists at most ${MAX_GOLD_PRICE_LIST_DAYS.toLocaleString('en-IN')} days at once`,
          'range_too_long',
        );
      }
      const policy = LENDING_POLICY;
      const days = await readRegisterDays(deps.store, from, to, policy);
      return {
        from,
        to,
        purities: [...policy.goldPrices.publishedPurities].sort((a, b) => b - a),
        referencePurity: policy.goldPrices.referencePurity,
        days: days.map((d) => ({
          date: d.date,
          closes: d.closes.map((c) => ({
            purity: c.purity,
            pricePerGram: r(c.pricePerGramPaise),
            source: c.source,
          })),
          valuation: d.valuation ? { price: r(d.valuation.pricePaise), bound: d.valuation.bound } : null,
        })),
      };
    },
  );

  // Public: the site's calculator and eligibility page value gold with it. Per IP, like the
  // interest calculator it sits beside (both debounce their input).
  app.get(
    '/api/gold-prices/valuation',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        querystring: GoldValuationQuery,
        response: { 200: GoldValuationResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const policy = LENDING_POLICY;
      const date = request.query.date ?? today();
      if (date > today()) throw new DomainError('Date cannot be in the future', 'date_in_future');
      const purity = request.query.purity ?? policy.goldPrices.referencePurity;
      const v = await valuationOn(deps.store, purity, date, policy);
      return {
        date,
        purity: v.purity,
        pricedFrom: v.pricedFrom,
        price: r(v.pricePaise),
        average30: r(v.average30Paise),
        previousClose: r(v.previousClosePaise),
        bound: v.bound,
        from: v.from,
        to: v.to,
        previousDay: v.previousDay,
        closesInWindow: v.closesInWindow,
      };
    },
  );
}
