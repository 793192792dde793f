/**
 * Simulated time for the demo loan book. History is cut into windows (calendar months);
 * the windows run one after another, and inside a window up to `concurrency` loan
 * lives run at once. A life runs its commands one after another and, when its next
 * command falls in a later window, gives up its slot and parks until that window.
 * So the store fills roughly in business-time order: a loan is priced at the gold
 * rate of its month, and no command sees a "today" later than the next one's.
 */
export class Simulation {
  private current = -1;
  private readonly parked = new Map<number, Array<{ date: string; wake: () => void }>>();
  private free: number;
  private readonly slotWaiters: Array<() => void> = [];
  private idleWaiters: Array<() => void> = [];

  /** `windowStarts`: each window's first business date, ascending. */
  constructor(
    private readonly windowStarts: readonly string[],
    private readonly concurrency: number,
  ) {
    this.free = concurrency;
  }

  /** The window a business date falls in (dates before the first belong to it). */
  windowOf(date: string): number {
    let lo = 0;
    let hi = this.windowStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.windowStarts[mid]! <= date) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Starts `life` when the simulation reaches the window of `date`; its errors go to `onError`. */
  schedule(date: string, life: () => Promise<void>, onError: (error: unknown) => void): void {
    this.park(this.windowOf(date), date, () => {
      life()
        .catch(onError)
        .finally(() => this.release());
    });
  }

  /** Called by a running life: returns at once if `date` is in the current window, else parks until it is. */
  async reach(date: string): Promise<void> {
    const w = this.windowOf(date);
    if (w <= this.current) return;
    await new Promise<void>((wake) => {
      this.park(w, date, wake);
      this.release();
    });
  }

  /** Runs every window in turn; `beforeWindow` runs alone at each window's start (e.g. the month's gold rate). */
  async run(beforeWindow: (window: number, startDate: string) => Promise<void>): Promise<void> {
    for (let w = 0; w < this.windowStarts.length; w++) {
      this.current = w;
      await beforeWindow(w, this.windowStarts[w]!);
      const due = (this.parked.get(w) ?? []).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      this.parked.delete(w);
      for (const { wake } of due) {
        await this.acquire();
        wake();
      }
      await this.idle();
    }
  }

  private park(w: number, date: string, wake: () => void): void {
    const list = this.parked.get(w) ?? [];
    list.push({ date, wake });
    this.parked.set(w, list);
  }

  private acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.slotWaiters.push(resolve));
  }

  private release(): void {
    const next = this.slotWaiters.shift();
    if (next) return next(); // the slot passes straight on
    this.free += 1;
    if (this.free === this.concurrency) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  private idle(): Promise<void> {
    if (this.free === this.concurrency) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
