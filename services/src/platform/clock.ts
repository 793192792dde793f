/** The only source of "now" in domain code; tests and replays inject their own. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move: for tests and `--as-of` runs. */
export class FixedClock implements Clock {
  private current: Date;
  constructor(start: Date | string) {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date | string): void {
    this.current = new Date(to);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * Another clock moved forward by an offset that only grows (TEST_CLOCK=1, never in
 * production): browser tests reach an expiry without waiting. Forward only, so the
 * times written to the store never run backwards.
 */
export class OffsetClock implements Clock {
  private offset = 0;
  constructor(private readonly base: Clock = systemClock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offset);
  }
  get offsetMs(): number {
    return this.offset;
  }
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The test clock only moves forward');
    this.offset += ms;
  }
}
