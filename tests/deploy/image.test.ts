/**
 * The image (deploy/Dockerfile), checked without a container engine: what it runs, from
 * which base, with which files and as whom.
 */

import { describe, expect, it } from 'vitest';

import { DEPLOYED_ROLES, ENTRYPOINT, ROLES, read, settingNames } from './support/deploy-files.js';

// ---- the Dockerfile -------------------------------------------------------------------

interface Instruction {
  op: string;
  args: string;
  stage: string;
}
const dockerfile: Instruction[] = (() => {
  const lines = read('deploy/Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  let stage = '';
  return lines.map((line) => {
    const [op, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (op === 'FROM') stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? '';
    return { op: op!.toUpperCase(), args, stage };
  });
})();
const inStage = (stage: string, op: string) =>
  dockerfile.filter((i) => i.stage === stage && i.op === op).map((i) => i.args);
const execForm = (args: string): string[] => JSON.parse(args.replace(/^CMD\s+/, '')) as string[];

describe('the image (deploy/Dockerfile)', () => {
  it('runs main.ts through tsx, as api unless told another role', () => {
    expect(execForm(inStage('runtime', 'ENTRYPOINT')[0]!)).toEqual(ENTRYPOINT);
    const cmd = execForm(inStage('runtime', 'CMD')[0]!);
    expect(cmd).toEqual(['api']);
    for (const role of DEPLOYED_ROLES) expect(ROLES).toContain(role);
  });

  it('is Node 20 on Debian bookworm (slim) in every stage, as the engines field asks', () => {
    const base = dockerfile.find((i) => i.op === 'ARG' && i.args.startsWith('NODE_IMAGE='))?.args;
    expect(base).toBe('NODE_IMAGE=node:20-bookworm-slim');
    const froms = dockerfile.filter((i) => i.op === 'FROM').map((i) => i.args.split(/\s+/)[0]);
    for (const from of froms) expect(['${NODE_IMAGE}', 'deps']).toContain(from);
    expect(JSON.parse(read('package.json')).engines.node).toMatch(/^>=20\./);
  });

  it('installs from the lockfile with every workspace manifest present', () => {
    const workspaces = JSON.parse(read('package.json')).workspaces as string[];
    for (const stage of ['deps', 'prod-deps']) {
      const copies = inStage(stage, 'COPY').join('\n');
      expect(copies).toContain('package.json package-lock.json ./');
      for (const w of workspaces) expect(copies, `${stage} copies ${w}`).toContain(`${w}/package.json ${w}/`);
      expect(inStage(stage, 'RUN').join('\n')).toMatch(/npm ci\b/);
    }
    expect(inStage('build', 'RUN')).toContain('npm run build');
  });

  it('keeps tsx after --omit=dev: it is a dependency of services, not only a dev tool', () => {
    expect(inStage('prod-deps', 'RUN').join('\n')).toContain('--omit=dev');
    expect(JSON.parse(read('services/package.json')).dependencies.tsx).toBeDefined();
  });

  it('carries the source of services and of every workspace it imports, and the built web app', () => {
    const copies = inStage('runtime', 'COPY').join('\n');
    const needed = new Set<string>();
    const visit = (pkg: string) => {
      if (needed.has(pkg)) return;
      needed.add(pkg);
      const deps = JSON.parse(read(pkg, 'package.json')).dependencies ?? {};
      for (const name of Object.keys(deps)) {
        if (name.startsWith('@goldledger/')) visit(name.slice('@goldledger/'.length));
      }
    };
    visit('services');
    expect([...needed].sort()).toEqual(['contracts', 'projections', 'services']);
    for (const pkg of needed) {
      expect(copies).toContain(`${pkg}/src ${pkg}/src`);
      expect(copies).toContain(`${pkg}/package.json ${pkg}/`);
    }
    expect(copies).toContain('--from=build /app/web/dist web/dist');
    expect(copies).toContain('--from=prod-deps /app/node_modules ./node_modules');
  });

  it('runs as a non-root user, in production mode on all interfaces, with a liveness health check', () => {
    const user = inStage('runtime', 'USER');
    expect(user).toHaveLength(1);
    expect(user[0]).not.toMatch(/^(root|0)(:|$)/);
    const env = inStage('runtime', 'ENV').join(' ');
    expect(env).toContain('NODE_ENV=production');
    expect(env).toContain('HOST=0.0.0.0');
    for (const [name] of env.matchAll(/([A-Z_]+)=/g)) expect(settingNames).toContain(name.slice(0, -1));
    expect(inStage('runtime', 'HEALTHCHECK')[0]).toContain('/health');
  });

  it('leaves secrets, host builds and local data out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    for (const entry of ['.git', '**/node_modules', '**/.data', '**/.env']) expect(ignored).toContain(entry);
  });
});
