import { GoldRateRupees } from '@goldledger/contracts';

/**
 * What the rate field holds, as the API takes it: rupees per gram, positive, at most
 * two decimals (the contract's own rule, so the page and the server say the same).
 */
export function parseGoldRate(input: string): { rate: number } | { error: string } {
  const text = input.trim();
  if (text === '') return { error: 'Please enter the gold rate per gram' };
  const value = Number(text);
  if (!Number.isFinite(value)) return { error: 'Gold rate must be a positive number' };
  const parsed = GoldRateRupees.safeParse(value);
  return parsed.success
    ? { rate: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? 'Gold rate must be a positive number' };
}

/** A message containing 'success' shows green, any other red. */
export const isSuccessMessage = (message: string) => /success/i.test(message);

/** The success message clears after 3000 ms. */
export const SUCCESS_MESSAGE_MS = 3000;
