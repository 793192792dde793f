import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';

import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseAllDocuments } from 'yaml';
import { ConfigSchema } from '../../../services/src/platform/config.js';

// What the deploy tests share: the repository's deploy/ files read and parsed, the roles
// main.ts knows, the settings config.ts reads, and Compose's interpolation.

export const root = fileURLToPath(new URL('../../../', import.meta.url));
export const deployDir = path.join(root, 'deploy');
export const k8sDir = path.join(deployDir, 'k8s');
export const read = (...parts: string[]) => readFileSync(path.join(root, ...parts), 'utf8');
export const require = createRequire(import.meta.url);

export type Json = Record<string, any>;

export function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => pattern.test(f))
    .map((f) => path.join(dir, f))
    .sort();
}

/** Every document of a YAML file, with YAML merge keys (`<<:`) applied as Compose does. */
export function yamlDocs(file: string): Json[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'), { merge: true });
  for (const doc of docs) {
    const problems = [...doc.errors, ...doc.warnings].map((e) => e.message);
    if (problems.length > 0) throw new Error(`${path.relative(root, file)}: ${problems.join('; ')}`);
  }
  return docs.map((d) => d.toJS() as Json).filter((d) => d !== null);
}

export const compose = yamlDocs(path.join(deployDir, 'compose.yaml'))[0]!;
export const observability = yamlDocs(path.join(deployDir, 'compose.observability.yaml'))[0]!;
export const composeText = read('deploy/compose.yaml') + read('deploy/compose.observability.yaml');

export const settingNames = new Set(Object.keys(ConfigSchema.shape));
export const ROLES = (() => {
  const list = /const ROLES = \[([^\]]*)\]/.exec(read('services/src/main.ts'))?.[1];
  if (!list) throw new Error('ROLES not found in services/src/main.ts');
  return [...list.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]!);
})();
/** The processes a deployment runs: four long-lived roles and the one-shot migration. */
export const DEPLOYED_ROLES = ['api', 'relay', 'projector', 'scheduler', 'migrate'];
export const ENTRYPOINT = ['node', '--import', 'tsx', 'services/src/main.ts'];
/** Variables that hold credentials: never a literal value in the repository. */
export const SECRET_NAME = /SECRET|PASSWORD|API_KEY|^SMTP_URL$|^DATABASE_URL$/;

/** Compose interpolation (`${X}`, `${X:-default}`, `${X:?message}`, `$$`) against `env`. */
export function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{([A-Z0-9_]+)(?::?([-?])((?:[^{}]|\{[^{}]*\})*))?\}/g,
    (all, name, op, arg) => {
      if (all === '$$') return '$';
      const v = env[name as string];
      if (op === '?' && !v) throw new Error(`${name} required: ${arg}`);
      return v || (op === '-' ? (arg as string) : '');
    },
  );
}

export function interpolatedNames(text: string): Set<string> {
  return new Set([...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!));
}

/** Every object the Kubernetes kustomization lists. */
export const kustomization = yamlDocs(path.join(k8sDir, 'kustomization.yaml'))[0]!;
export function k8sObjects(): Json[] {
  return (kustomization.resources as string[]).flatMap((file) => yamlDocs(path.join(k8sDir, file)));
}
