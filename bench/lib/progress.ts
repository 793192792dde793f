import { Presets, SingleBar } from 'cli-progress';

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

/**
 * A bar on a terminal; one line per 10 % otherwise, so a log captured to a file
 * (CI, `| tee`) stays readable instead of filling with carriage returns.
 */
export function progress(label: string, unit: string): Progress {
  if (process.stdout.isTTY) {
    const bar = new SingleBar(
      {
        format: `${label.padEnd(22)} [{bar}] {percentage}% | {value}/{total} ${unit} | {eta_formatted} left`,
      },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update(done, total) {
        if (!started) bar.start(total, 0);
        started = true;
        bar.setTotal(total);
        bar.update(done);
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let lastTenth = -1;
  const t0 = performance.now();
  return {
    update(done, total) {
      const tenth = Math.floor((done / Math.max(total, 1)) * 10);
      if (tenth <= lastTenth) return;
      lastTenth = tenth;
      const seconds = (performance.now() - t0) / 1000;
      process.stdout.write(
        `  ${label}: ${String(tenth * 10).padStart(3)} % (${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${unit}, ${seconds.toFixed(1)} s)\n`,
      );
    },
    stop() {},
  };
}
