import {
  DEFAULT_GOLD_RATE_RUPEES_PER_GRAM,
  type CalculateInterestRequest,
  type CalculateInterestResponse,
  type GoldRateResponse,
  type GoldValuationResponse,
} from '@goldledger/contracts';
import type { z } from 'zod';
import { env } from '@/config/env';
import { ApiError, NetworkError } from '@/lib/api-error';
import { usePublicQuery } from '@/lib/public-query';
import { CALCULATOR } from '../figures';

/*
 * The public pages' three reads, without zod or SWR (issue 19: `/` paints and hydrates
 * without them). Each answer is checked for the fields the pages show, with the types
 * the contracts give them; an answer without them is an error, as with the API client.
 */

type Check<T> = (body: unknown) => body is T;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const numbers = (v: Record<string, unknown>, ...names: string[]) =>
  names.every((n) => typeof v[n] === 'number' && Number.isFinite(v[n]));

type GoldRate = z.infer<typeof GoldRateResponse>;
const isGoldRate: Check<Pick<GoldRate, 'rate' | 'updatedAt'>> = (v): v is GoldRate =>
  isRecord(v) && numbers(v, 'rate') && (v.updatedAt === null || typeof v.updatedAt === 'string');

const isValuation: Check<Pick<GoldValuationResponse, 'price' | 'purity' | 'date'>> = (
  v,
): v is GoldValuationResponse => isRecord(v) && numbers(v, 'price', 'purity') && typeof v.date === 'string';

export type InterestQuote = Pick<
  z.infer<typeof CalculateInterestResponse>,
  | 'principal'
  | 'effectiveDays'
  | 'months'
  | 'totalInterest'
  | 'totalAmount'
  | 'minInterestApplied'
  | 'minDaysApplied'
  | 'message'
>;
const isQuote: Check<InterestQuote> = (v): v is InterestQuote =>
  isRecord(v) &&
  numbers(v, 'principal', 'effectiveDays', 'months', 'totalInterest', 'totalAmount') &&
  typeof v.minInterestApplied === 'boolean' &&
  typeof v.minDaysApplied === 'boolean' &&
  typeof v.message === 'string';

/** A public request (no session): its JSON answer if the status is a success and `check` holds. */
async function request<T>(path: string, check: Check<T>, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${env.VITE_API_URL}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, data);
  if (!check(data)) {
    // The contract and the server disagree: a bug to fix, not something to render.
    console.error(`Unexpected answer from ${path}`, data);
    throw new ApiError(response.status, data, 'Unexpected answer from the server');
  }
  return data;
}

/** The live gold rate (rupees per gram) for the footer; ₹7,000 while it cannot be had. */
export function usePublicGoldRate() {
  const path = '/api/settings/gold-rate';
  const { data, error, isLoading } = usePublicQuery(path, () => request(path, isGoldRate));
  return { rate: data?.rate ?? DEFAULT_GOLD_RATE_RUPEES_PER_GRAM, isLoading, error };
}

/** Today's valuation price of a purity (lib/valuation-price.ts says what it is); null: nothing to ask. */
export function usePublicValuationPrice(purity: number | null) {
  const path = purity === null ? null : `/api/gold-prices/valuation?purity=${purity}`;
  return usePublicQuery(path, () => request(path!, isValuation));
}

const DAY_MS = 86_400_000;

/** The API's quote for a principal at 12 % a year for 365 days from now (null: nothing to ask); the last answer stays while the next loads. */
export function usePublicInterestQuote(principal: number | null) {
  return usePublicQuery(
    principal ? `calculate-interest:${principal}` : null,
    () => {
      const now = new Date();
      const body: z.input<typeof CalculateInterestRequest> = {
        principal: principal!,
        annualRate: CALCULATOR.annualRatePercent,
        disbursementDate: now.toISOString(),
        closureDate: new Date(now.getTime() + CALCULATOR.termDays * DAY_MS).toISOString(),
      };
      return request('/api/loans/calculate-interest', isQuote, body);
    },
    { keepPrevious: true },
  );
}
