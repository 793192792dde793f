import {
  ErrorResponse,
  GoldRateHistoryResponse,
  GoldRateResponse,
  UpdateGoldRateRequest,
  UpdateGoldRateResponse,
} from '@goldledger/contracts';
import { ADMIN_READERS } from '../identity/access.plugin.js';
import { metadataOf } from '../platform/http/metadata.js';
import type { App } from '../platform/http/app.js';
import { executeGoldRateCommand, type SettingsDeps } from './gold-rate-commands.js';
import { readCurrentGoldRate, readGoldRateHistory } from './gold-rate.queries.js';

/** The API speaks rupees; the domain keeps paise. The request allows at most 2 decimals, so this is exact. */
const toPaise = (rupees: number) => Math.round(rupees * 100);
const toRupees = (paise: number) => paise / 100;

export function registerGoldRateRoutes(app: App, deps: SettingsDeps): void {
  // Public: the site footer and the calculator show it to every visitor.
  app.get(
    '/api/settings/gold-rate',
    {
      // Per IP, generous: every page's footer asks (once per visit), and a branch shares one address.
      config: { access: 'public', rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: { response: { 200: GoldRateResponse } },
    },
    async () => {
      const { ratePaisePerGram, lastChange } = await readCurrentGoldRate(deps.store);
      return {
        rate: toRupees(ratePaisePerGram),
        updatedAt: lastChange?.occurredAt ?? null,
        updatedBy: lastChange?.actor?.name ?? null,
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
      await executeGoldRateCommand(deps, { type: 'UpdateGoldRate', ratePaisePerGram }, metadataOf(request));
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
