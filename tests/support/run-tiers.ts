import { spawn } from 'node:child_process';

/**
 * `npm test`: every tier, in two lanes side by side, then the fault suite alone.
 *
 * The browser tier mostly waits on one Chromium and one server, about a core; the other
 * tiers run while it does. The fault suite kills and restarts processes against time
 * limits, so it runs last, on a machine nobody else is using. A lane stops at its first
 * failing step, the other lane finishes, and the faults do not start after a failure.
 * Each line is prefixed with its step, and each step ends with how long it took.
 */
const lanes: string[][] = [
  ['lint', 'typecheck', 'test:unit', 'test:integration', 'test:system'],
  ['test:e2e'],
];
const last = ['test:faults'];

function run(script: string): Promise<boolean> {
  const started = Date.now();
  const tag = `[${script.replace(/^test:/, '')}]`;
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      let partial = '';
      from.setEncoding('utf8');
      from.on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) to.write(`${tag} ${line}\n`);
      });
      from.on('end', () => {
        if (partial) to.write(`${tag} ${partial}\n`);
      });
    }
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const outcome = code === 0 ? 'passed' : `FAILED (${code ?? signal})`;
      process.stdout.write(`\n== ${script} ${outcome} in ${seconds} s\n`);
      resolve(code === 0);
    });
  });
}

async function lane(scripts: string[]): Promise<boolean> {
  for (const script of scripts) if (!(await run(script))) return false;
  return true;
}

const started = Date.now();
const results = await Promise.all(lanes.map(lane));
const ok = results.every(Boolean) && (await lane(last));
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
process.stdout.write(`\n== all tiers ${ok ? 'passed' : 'did not pass'} in ${minutes} min\n`);
process.exitCode = ok ? 0 : 1;
