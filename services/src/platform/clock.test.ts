import { describe, expect, it } from 'vitest';
import { FixedClock, OffsetClock } from './clock.js';

describe('the test clock (TEST_CLOCK=1)', () => {
  it('runs ahead of its base by what it was moved', () => {
    const base = new FixedClock('2026-11-21T04:30:00Z');
    const clock = new OffsetClock(base);
    clock.advance(181_000);
    expect(clock.now().toISOString()).toBe('2026-11-21T04:33:01.000Z');
    base.advance(1_000);
    expect(clock.now().toISOString()).toBe('2026-11-21T04:33:02.000Z');
    expect(clock.offsetMs).toBe(181_000);
  });

  it('refuses to move backwards, so stored times never run back', () => {
    expect(() => new OffsetClock().advance(-1)).toThrow('The test clock only moves forward');
  });
});
