import type { Check } from './checks.js';

/**
 * What a cluster run prints: a progress line while it works (redrawn in place on a
 * terminal, every few seconds otherwise), then each check as ✓ or ✗ with its figures.
 */
export class Report {
  readonly checks: Check[] = [];
  private readonly started = performance.now();
  private lastPlain = 0;
  private progressShown = false;

  constructor(
    private readonly out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
    private readonly prefix = '',
  ) {}

  elapsed(): string {
    return `${((performance.now() - this.started) / 1000).toFixed(0).padStart(3)} s`;
  }

  /** A step starting or done, on its own line. */
  step(text: string): void {
    this.clearProgress();
    this.out.write(`${this.prefix}[${this.elapsed()}] ${text}\n`);
  }

  /** The running figures; cheap to call often. */
  progress(text: string): void {
    if (this.out.isTTY) {
      this.out.write(`\r\x1b[2K${this.prefix}[${this.elapsed()}] ${text}`);
      this.progressShown = true;
    } else if (performance.now() - this.lastPlain >= 5_000) {
      this.lastPlain = performance.now();
      this.out.write(`${this.prefix}[${this.elapsed()}] ${text}\n`);
    }
  }

  private clearProgress(): void {
    if (this.progressShown) {
      this.out.write('\r\x1b[2K');
      this.progressShown = false;
    }
  }

  add(...checks: Check[]): void {
    for (const c of checks) {
      this.checks.push(c);
      this.clearProgress();
      this.out.write(`${this.prefix}${c.ok ? '✓' : '✗'} ${c.name}${c.detail ? ` — ${c.detail}` : ''}\n`);
    }
  }

  get failed(): Check[] {
    return this.checks.filter((c) => !c.ok);
  }

  summary(): string {
    const failed = this.failed;
    return failed.length === 0
      ? `all ${this.checks.length} checks passed in ${this.elapsed().trim()}`
      : `${failed.length} of ${this.checks.length} checks FAILED: ${failed.map((c) => c.name).join('; ')}`;
  }
}
