import { z } from 'zod';
import { MAX_REQUEST_GRAMS, MAX_REQUEST_RUPEES, MAX_REQUEST_RUPEES_TEXT } from './money.js';

/*
 * The request schemas of money and weight, apart from money.ts's conversions and
 * formatters: a page that formats rupees loads no zod (issue 19, the public pages).
 */

const decimalsAtMost = (places: number) => (n: number) => {
  const scaled = n * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** A rupee amount in a request: a finite number with at most 2 decimals. */
export const Rupees = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .max(MAX_REQUEST_RUPEES, `${label} must be at most ${MAX_REQUEST_RUPEES_TEXT}`)
    .refine(decimalsAtMost(2), `${label} can have at most 2 decimal places`);

/** A weight in grams in a request: at most 3 decimals (milligrams). */
export const Grams = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .max(MAX_REQUEST_GRAMS, `${label} must be at most 1,00,000 grams`)
    .refine(decimalsAtMost(3), `${label} can have at most 3 decimal places`);
