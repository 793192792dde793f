/**
 * `npm start` serves web/dist. This builds it first when it is missing or older than
 * anything it is built from (about two seconds), so `npm install && npm start` serves
 * the site on a fresh clone and after a `git pull`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const built = path.join(web, 'dist', 'index.html');
const sources = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'package.json'),
  // The app bundles the shared schemas.
  path.join(web, '..', 'contracts', 'src'),
];

function newest(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(target).map((name) => newest(path.join(target, name))));
}

const changedAt = Math.max(...sources.filter((s) => existsSync(s)).map(newest));
if (existsSync(built) && statSync(built).mtimeMs >= changedAt) process.exit(0);

process.stdout.write(`Building the web app (${existsSync(built) ? 'sources changed' : 'first start'})…\n`);
// Under npm, npm_execpath is npm's own script; run it with this Node.
const npm = process.env.npm_execpath;
const result = npm
  ? spawnSync(process.execPath, [npm, 'run', 'build', '-w', 'web'], {
      cwd: path.join(web, '..'),
      stdio: 'inherit',
    })
  : spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: path.join(web, '..'), stdio: 'inherit' });
process.exit(result.status ?? 1);
