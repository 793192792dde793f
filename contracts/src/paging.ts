import { z } from 'zod';

/** A 1-based page number from a query string. */
export const PageNumber = z.coerce
  .number({ error: 'Page must be a whole number' })
  .int('Page must be a whole number')
  .min(1, 'Page must be at least 1');

/** Rows a page from a query string: at least 1, at most `max`, `fallback` when absent. */
export const PageLimit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Limit must be a whole number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(max, `Limit can be at most ${max}`)
    .default(fallback);

/** `page` (default 1) and `limit` fields of a list's query string. */
export const pageFields = (max: number, fallback: number) => ({
  page: PageNumber.default(1),
  limit: PageLimit(max, fallback),
});
