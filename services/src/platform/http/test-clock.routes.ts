import { AdvanceClockRequest, ClockResponse } from '@goldledger/contracts';
import { OffsetClock, type Clock } from '../clock.js';
import type { App } from './app.js';

/**
 * TEST_CLOCK=1 (refused in production): the API runs on `base` moved forward by
 * `POST /api/dev/clock {advanceMs}`, so browser tests reach an OTP's expiry without
 * waiting three minutes. Registered only then, like GET /api/dev/outbox.
 */
export function registerTestClock(app: App, base: Clock): OffsetClock {
  const clock = new OffsetClock(base);
  app.post(
    '/api/dev/clock',
    {
      // Test-only (TEST_CLOCK=1, refused in production): not limited.
      config: { access: 'public', rateLimit: false },
      schema: { body: AdvanceClockRequest, response: { 200: ClockResponse } },
    },
    async (request) => {
      clock.advance(request.body.advanceMs);
      request.log.warn({ offsetMs: clock.offsetMs }, 'test clock moved forward');
      return { now: clock.now().toISOString(), offsetMs: clock.offsetMs };
    },
  );
  return clock;
}
