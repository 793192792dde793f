import {
  DEFAULT_GOLD_RATE_RUPEES_PER_GRAM,
  ErrorResponse,
  LENDING_POLICY,
  GoldRateHistoryResponse,
  GoldRateResponse,
  UpdateGoldRateRequest,
  UpdateGoldRateResponse,
} from '@goldledger/contracts';
import { ADMIN_READERS } from '../identity/access.plugin.js';
import { metadataOf } from '../platform/http/metadata.js';
import type { App } from '../platform/http/app.js';
import { latestClose } from '../gold-prices/gold-price.queries.js';
import type { SliceDeps } from '../slice-deps.js';
import { updateGoldRate } from './gold-rate-commands.js';
import { readGoldRateHistory } from './gold-rate.queries.js';

/** The API speaks rupees; the domain keeps paise. The request allows at most 2 decimals, so this is exact. */
const toPaise = (rupees: number) => Math.round(rupees * 100);
const toRupees = (paise: number) => paise / 100;

export function registerGoldRateRoutes(app: App, deps: Pick<SliceDeps, 'store' | 'clock' | 'db'>): void {
  // Public: the site footer shows it to every visitor. Issue 17: it is the latest 22K close
  // in the gold price register (by date), ₹7,000 until one is entered; lending never uses it.
  app.get(
    '/api/settings/gold-rate',
    {
      // Per IP, generous: every page's footer asks (once per visit), and a branch shares one address.
      config: { access: 'public', rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: { response: { 200: GoldRateResponse } },
    },
    async () => {
      const close = await latestClose(deps, LENDING_POLICY.goldPrices.referencePurity);
      return {
        rate: close ? toRupees(close.pricePerGramPaise) : DEFAULT_GOLD_RATE_RUPEES_PER_GRAM,
        updatedAt: close?.occurredAt ?? null,
        updatedBy: close?.actor?.name ?? null,
      };
    },
  );

  app.post(
    '/api/settings/update-gold-rate',
    {
      config: { access: ['admin'] },
      schema: {
        body: UpdateGoldRateRequest,
        response: { 200: UpdateGoldRateResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const ratePaisePerGram = toPaise(request.body.rate);
      // Also today's 22K close in the gold price register, in the same transaction.
      await updateGoldRate(deps, ratePaisePerGram, LENDING_POLICY, metadataOf(request));
      return { message: 'Gold rate updated successfully!', rate: toRupees(ratePaisePerGram) };
    },
  );

  app.get(
    '/api/settings/gold-rate/history',
    { config: { access: ADMIN_READERS }, schema: { response: { 200: GoldRateHistoryResponse } } },
    async () => {
      const history = await readGoldRateHistory(deps.store);
      return {
        data: history.reverse().map((c) => ({
          rate: toRupees(c.ratePaisePerGram),
          previousRate: toRupees(c.previousRatePaisePerGram),
          updatedAt: c.occurredAt,
          updatedBy: c.actor?.name ?? null,
          updatedById: c.actor?.id ?? null,
        })),
      };
    },
  );
}
