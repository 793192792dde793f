import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from '../../system/support/processes.js';

/**
 * Vitest globalSetup of the e2e project: the browser tests drive the built app as the
 * API serves it in production (one origin), so build it once per run. E2E_SKIP_BUILD=1
 * reuses the build as it is. WEB_DIST_DIR (an absolute path) builds into, and has the
 * servers serve, a folder of its own, so two runs on one checkout do not collide.
 */
export default function buildWeb(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // In a child with NODE_ENV=production: under Vitest it is "test", which would bundle
  // React's development build.
  const vite = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  const outDir = process.env.WEB_DIST_DIR ? ['--outDir', process.env.WEB_DIST_DIR, '--emptyOutDir'] : [];
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', ...outDir], {
    cwd: path.join(REPO_ROOT, 'web'),
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `building web/ failed (${result.status ?? result.signal})\n${result.stdout}\n${result.stderr}`,
    );
  }
}
