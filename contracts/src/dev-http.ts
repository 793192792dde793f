import { z } from 'zod';

/** `POST /api/dev/clock` (TEST_CLOCK=1, never in production): moves the API's clock forward. */
export const AdvanceClockRequest = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0, 'The test clock only moves forward')
    .max(366 * 24 * 3_600_000),
});
export const ClockResponse = z.object({
  /** The API's "now" after the move. */
  now: z.string(),
  /** How far ahead of the real clock it runs, in ms. */
  offsetMs: z.number().int(),
});
