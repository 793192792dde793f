/**
 * The deployment files (deploy/) checked without a container engine: every YAML parses; the
 * compose files against the Compose Specification schema, the Kubernetes manifests against the
 * Kubernetes OpenAPI schemas; and the facts that tie them to the code (settings, roles, probes,
 * secrets, metric names, the NATS cluster) hold.
 *
 * Schema sources (npm, nothing vendored): the Compose Specification JSON schema bundled by
 * `dclint` (schemas/compose.schema.json); Kubernetes models and their ajv validators generated
 * from the Kubernetes OpenAPI spec by `kubernetes-models`, whose type declarations also catch
 * unknown fields (the validators allow them); PromQL parsed by `@prometheus-io/lezer-promql`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parser as promqlParser } from '@prometheus-io/lezer-promql';
import Ajv from 'ajv';
import client from 'prom-client';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ConfigSchema, loadConfig } from '../../services/src/platform/config.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const deployDir = path.join(root, 'deploy');
const k8sDir = path.join(deployDir, 'k8s');
const read = (...parts: string[]) => readFileSync(path.join(root, ...parts), 'utf8');
const require = createRequire(import.meta.url);

type Json = Record<string, any>;

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => pattern.test(f))
    .map((f) => path.join(dir, f))
    .sort();
}

/** Every document of a YAML file, with YAML merge keys (`<<:`) applied as Compose does. */
function yamlDocs(file: string): Json[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'), { merge: true });
  for (const doc of docs) {
    const problems = [...doc.errors, ...doc.warnings].map((e) => e.message);
    if (problems.length > 0) throw new Error(`${path.relative(root, file)}: ${problems.join('; ')}`);
  }
  return docs.map((d) => d.toJS() as Json).filter((d) => d !== null);
}

const compose = yamlDocs(path.join(deployDir, 'compose.yaml'))[0]!;
const observability = yamlDocs(path.join(deployDir, 'compose.observability.yaml'))[0]!;
const composeText = read('deploy/compose.yaml') + read('deploy/compose.observability.yaml');

const settingNames = new Set(Object.keys(ConfigSchema.shape));
const ROLES = (() => {
  const list = /const ROLES = \[([^\]]*)\]/.exec(read('services/src/main.ts'))?.[1];
  if (!list) throw new Error('ROLES not found in services/src/main.ts');
  return [...list.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]!);
})();
/** The processes a deployment runs: four long-lived roles and the one-shot migration. */
const DEPLOYED_ROLES = ['api', 'relay', 'projector', 'scheduler', 'migrate'];
const ENTRYPOINT = ['node', '--import', 'tsx', 'services/src/main.ts'];
/** Variables that hold credentials: never a literal value in the repository. */
const SECRET_NAME = /SECRET|PASSWORD|API_KEY|^SMTP_URL$|^DATABASE_URL$/;

/** Compose interpolation (`${X}`, `${X:-default}`, `${X:?message}`, `$$`) against `env`. */
function interpolate(value: string, env: Record<string, string>): string {
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

function interpolatedNames(text: string): Set<string> {
  return new Set([...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!));
}

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

// ---- compose -------------------------------------------------------------------------

const composeSchema = JSON.parse(
  readFileSync(
    path.join(path.dirname(require.resolve('dclint/package.json')), 'schemas/compose.schema.json'),
    'utf8',
  ),
) as Json;

const appServices = Object.entries(compose.services as Record<string, Json>).filter(
  ([, s]) => s.build?.dockerfile === 'deploy/Dockerfile',
);
const roleOf = (service: Json) => (service.command as string[])[0]!;
/** A production environment for interpolation: every required secret set, nothing else. */
const sampleEnv = {
  POSTGRES_PASSWORD: 'p4ssw0rdForTests',
  JWT_SECRET: 'j'.repeat(40),
  OTP_SECRET: 'o'.repeat(40),
  GRAFANA_ADMIN_PASSWORD: 'g'.repeat(20),
};

describe('deploy/', () => {
  it('every YAML file parses', () => {
    const files = filesUnder(deployDir, /\.ya?ml$/);
    expect(files.length).toBeGreaterThanOrEqual(15);
    for (const file of files) expect(yamlDocs(file).length, file).toBeGreaterThan(0);
  });
});

describe('deploy/compose.yaml', () => {
  it('both compose files follow the Compose Specification schema', () => {
    // strictTypes off: the official schema leaves `type` implicit beside some keywords.
    const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
    // The schema names draft-07 by its https address; ajv knows it by the http one.
    ajv.addMetaSchema({ ...require('ajv/dist/refs/json-schema-draft-07.json'), $id: composeSchema.$schema });
    const validate = ajv.compile(composeSchema);
    for (const [name, doc] of [
      ['compose.yaml', compose],
      ['compose.observability.yaml', observability],
    ] as const) {
      const ok = validate(doc);
      expect(ok ? [] : validate.errors, name).toEqual([]);
    }
    // The schema does catch a misspelt key.
    const broken = structuredClone(compose);
    broken.services.relay.helthcheck = broken.services.relay.healthcheck;
    expect(validate(broken)).toBe(false);
  });

  it('runs each deployed role from the one image, and the APIs twice', () => {
    const roles = appServices.map(([, s]) => roleOf(s));
    for (const role of roles) expect(ROLES).toContain(role);
    expect(new Set(roles)).toEqual(new Set(DEPLOYED_ROLES));
    expect(roles.filter((r) => r === 'api')).toHaveLength(2);
    const images = new Set(appServices.map(([, s]) => s.image as string));
    expect(images.size).toBe(1);
    for (const [name, service] of appServices) {
      if (roleOf(service) === 'relay' || roleOf(service) === 'projector' || roleOf(service) === 'scheduler') {
        expect(service.deploy?.replicas, name).toBe(2);
      }
    }
  });

  it('starts nothing before the migration has finished, and the migration after the stream exists', () => {
    for (const [name, service] of appServices) {
      if (roleOf(service) === 'migrate') {
        expect(service.depends_on.postgres.condition).toBe('service_healthy');
        expect(service.depends_on['nats-init'].condition).toBe('service_completed_successfully');
        expect(service.restart).toBe('no');
      } else {
        expect(service.depends_on?.migrate?.condition, name).toBe('service_completed_successfully');
      }
    }
  });

  it('gives every long-running process a liveness check on /health; the proxy routes on /ready', () => {
    for (const [name, service] of appServices) {
      if (roleOf(service) === 'migrate') continue;
      expect((service.healthcheck.test as string[]).join(' '), name).toContain('/health');
    }
    const caddy = read('deploy/proxy/Caddyfile');
    expect(caddy).toMatch(/^\s*health_uri \/ready$/m);
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddy)?.[1]?.trim().split(/\s+/);
    const apis = appServices.filter(([, s]) => roleOf(s) === 'api').map(([n]) => `${n}:3000`);
    expect(upstreams?.sort()).toEqual(apis.sort());
    expect(caddy).toMatch(/max_size \{\$MAX_REQUEST_BODY:\d+MB\}/);
  });

  it('sets only settings that config.ts reads, and they make a valid production configuration', () => {
    for (const [name, service] of appServices) {
      const env = service.environment as Record<string, string>;
      for (const key of Object.keys(env)) expect(settingNames, `${name}: ${key}`).toContain(key);
      const resolved = Object.fromEntries(
        Object.entries(env).map(([k, v]) => [k, interpolate(String(v), sampleEnv)]),
      );
      const config = loadConfig(resolved);
      expect(config.NODE_ENV).toBe('production');
      expect(config.HOST).toBe('0.0.0.0');
      expect(config.DATABASE_URL).toBe(
        `postgres://goldledger:${sampleEnv.POSTGRES_PASSWORD}@postgres:5432/goldledger`,
      );
    }
  });

  it('writes no secret: each is a required ${VAR:?…} reference to the env file', () => {
    const services = { ...compose.services, ...observability.services } as Record<string, Json>;
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries((service.environment ?? {}) as Record<string, string>)) {
        if (!SECRET_NAME.test(key)) continue;
        const text = String(value);
        if (key === 'DATABASE_URL') {
          expect(text, name).toMatch(/^postgres:\/\/[a-z]+:\$\{POSTGRES_PASSWORD:\?[^}]+\}@/);
        } else if (
          ['JWT_SECRET', 'OTP_SECRET', 'POSTGRES_PASSWORD', 'GF_SECURITY_ADMIN_PASSWORD'].includes(key)
        ) {
          expect(text, `${name}: ${key}`).toMatch(/^\$\{[A-Z_]+:\?[^}]+\}$/);
        } else {
          expect(text, `${name}: ${key}`).toMatch(/^\$\{[A-Z0-9_]+:-\}$/);
        }
      }
    }
    expect(() => interpolate(String(compose['x-app'].environment.JWT_SECRET), {})).toThrow(
      /JWT_SECRET required/,
    );
  });

  it('documents every variable it reads in env.example, which holds no value for a secret', () => {
    const example = read('deploy/env.example');
    const listed = new Map(
      [...example.matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!] as [string, string]),
    );
    const used = [...interpolatedNames(composeText)];
    for (const name of used) expect([...listed.keys()], name).toContain(name);
    for (const [name, value] of listed) if (SECRET_NAME.test(name)) expect(value, name).toBe('');
    expect(read('deploy/.gitignore')).toMatch(/^\.env$/m);
  });

  it('points NATS_URL at every node of the 3-node cluster', () => {
    const nodes = Object.keys(compose.services).filter((n) => /^nats-\d$/.test(n));
    expect(nodes).toEqual(['nats-1', 'nats-2', 'nats-3']);
    const url = String(compose['x-app'].environment.NATS_URL);
    expect(url.split(',')).toEqual(nodes.map((n) => `nats://${n}:4222`));
    expect(compose.services['nats-init'].environment.NATS_URL).toBe(url);
    for (const node of nodes) {
      const service = compose.services[node];
      expect(service.environment.NATS_SERVER_NAME).toBe(node);
      expect(service.volumes).toContain(`${node}:/data`);
      expect(service.command).toEqual(['nats-server', '--config', '/etc/nats/nats.conf']);
    }
    const conf = read('deploy/nats/nats.conf');
    const routes = [...conf.matchAll(/nats-route:\/\/([a-z0-9-]+):6222/g)].map((m) => m[1]);
    expect(routes).toEqual(nodes);
  });

  it('scrapes every process with Prometheus, and Grafana loads the dashboard', () => {
    const prometheus = yamlDocs(path.join(deployDir, 'prometheus/prometheus.yml'))[0]!;
    const jobs = (prometheus.scrape_configs as Json[]).map((j) => j.job_name as string);
    expect(jobs.sort()).toEqual(['api', 'projector', 'relay', 'scheduler']);
    const api = (prometheus.scrape_configs as Json[]).find((j) => j.job_name === 'api')!;
    expect(api.static_configs[0].targets.sort()).toEqual(
      appServices.filter(([, s]) => roleOf(s) === 'api').map(([n]) => `${n}:3000`),
    );
    for (const job of prometheus.scrape_configs as Json[]) {
      if (job.dns_sd_configs)
        expect(job.dns_sd_configs[0]).toMatchObject({ names: [job.job_name], port: 3000 });
    }
    const mounts = (observability.services.grafana.volumes as string[]).join('\n');
    expect(mounts).toContain('./grafana/goldledger-dashboard.json:/etc/grafana/dashboards/');
    const provider = yamlDocs(path.join(deployDir, 'grafana/provisioning/dashboards/goldledger.yaml'))[0]!;
    expect(provider.providers[0].options.path).toBe('/etc/grafana/dashboards');
  });
});

// ---- NATS ----------------------------------------------------------------------------

function natsServer(): string {
  const found = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find((p) =>
    existsSync(p),
  );
  if (!found)
    throw new Error('nats-server is needed to check the NATS configuration (apt-get install nats-server)');
  return found;
}

function natsConfigProblems(conf: string, env: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'goldledger-nats-conf-'));
  try {
    writeFileSync(path.join(dir, 'nats.conf'), conf);
    const run = spawnSync(natsServer(), ['-t', '-c', path.join(dir, 'nats.conf')], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    return run.status === 0 ? '' : `${run.stdout}${run.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the NATS configuration', () => {
  it('is accepted by nats-server, for compose and for Kubernetes', () => {
    expect(natsConfigProblems(read('deploy/nats/nats.conf'), { NATS_SERVER_NAME: 'nats-1' })).toBe('');
    const k8sConf = k8sObjects().find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'nats-config')!;
    expect(natsConfigProblems(k8sConf.data['nats.conf'], { POD_NAME: 'nats-0' })).toBe('');
    // and nats-server does reject what it does not know.
    expect(natsConfigProblems('jetstrem { store_dir: /tmp/x }\n', {})).toMatch(/unknown field/);
  });

  it('creates the stream GoldLedger publishes to, with three replicas, the same way in both', () => {
    const stream = JSON.parse(read('deploy/nats/stream-es.json')) as Json;
    const defaults = ConfigSchema.parse({});
    expect(stream.name).toBe(defaults.NATS_STREAM);
    expect(stream.subjects).toEqual([`${defaults.NATS_SUBJECT_PREFIX}.>`]);
    expect(stream).toMatchObject({ num_replicas: 3, storage: 'file', retention: 'limits' });
    // The relay's Nats-Msg-Id dedup window (services/src/platform/transport.ts): two minutes.
    expect(read('services/src/platform/transport.ts')).toContain('duplicate_window: 2 * 60 * 1_000_000_000');
    expect(stream.duplicate_window).toBe(2 * 60 * 1_000_000_000);
    const job = k8sObjects().find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name === 'goldledger-nats-stream',
    )!;
    expect(JSON.parse(job.data['stream-es.json'])).toEqual(stream);
    expect(job.data['ensure-stream.sh']).toBe(read('deploy/nats/ensure-stream.sh'));
    const sh = spawnSync('sh', ['-n', path.join(deployDir, 'nats/ensure-stream.sh')], { encoding: 'utf8' });
    expect(sh.stderr).toBe('');
  });
});

// ---- the proxy -----------------------------------------------------------------------

const caddy = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((p) => existsSync(p));
describe('the Caddyfile', () => {
  // Optional locally; CI installs Debian's caddy to run it.
  it.runIf(Boolean(caddy))('is valid for caddy, for plain HTTP and for a domain with automatic HTTPS', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'goldledger-caddy-'));
    try {
      for (const site of [':80', 'goldledger.example.com']) {
        const run = spawnSync(
          caddy!,
          ['validate', '--adapter', 'caddyfile', '--config', path.join(deployDir, 'proxy/Caddyfile')],
          {
            env: {
              PATH: process.env.PATH,
              HOME: home,
              XDG_DATA_HOME: home,
              XDG_CONFIG_HOME: home,
              SITE_ADDRESS: site,
            },
            encoding: 'utf8',
          },
        );
        expect(run.status, run.stderr).toBe(0);
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

// ---- Kubernetes ----------------------------------------------------------------------

const kustomization = yamlDocs(path.join(k8sDir, 'kustomization.yaml'))[0]!;
function k8sObjects(): Json[] {
  return (kustomization.resources as string[]).flatMap((file) => yamlDocs(path.join(k8sDir, file)));
}
const appWorkloads = () =>
  k8sObjects().filter((o) =>
    (o.spec?.template?.spec?.containers as Json[] | undefined)?.some((c) => c.image === 'goldledger'),
  );
const appContainers = () =>
  appWorkloads().flatMap((o) =>
    (o.spec.template.spec.containers as Json[]).map((c) => ({
      kind: o.kind as string,
      name: o.metadata.name,
      c,
    })),
  );

/** The kubernetes-models class for an object: `kubernetes-models/<apiVersion>/<kind>`. */
async function k8sModel(apiVersion: string, kind: string): Promise<new (data: Json) => { validate(): void }> {
  const module = (await import(`kubernetes-models/${apiVersion}/${kind}`)) as Record<string, any>;
  return module[kind];
}

describe('the Kubernetes manifests (deploy/k8s)', () => {
  it('lists every manifest in kustomization.yaml, and never a Secret', () => {
    const files = readdirSync(k8sDir).filter((f) => /\.ya?ml$/.test(f));
    const expected = files.filter((f) => f !== 'kustomization.yaml' && !f.endsWith('.example.yaml'));
    expect([...(kustomization.resources as string[])].sort()).toEqual(expected.sort());
    expect(k8sObjects().filter((o) => o.kind === 'Secret')).toEqual([]);
    const namespace = k8sObjects().find((o) => o.kind === 'Namespace')!;
    expect(kustomization.namespace).toBe(namespace.metadata.name);
    expect(kustomization.images).toEqual([expect.objectContaining({ name: 'goldledger' })]);
  });

  it('match the Kubernetes OpenAPI schemas (ajv validators of kubernetes-models)', async () => {
    const objects = [...k8sObjects(), ...yamlDocs(path.join(k8sDir, 'secret.example.yaml'))];
    expect(objects.length).toBeGreaterThanOrEqual(20);
    for (const object of objects) {
      const Model = await k8sModel(object.apiVersion, object.kind);
      expect(() => new Model(object).validate(), `${object.kind} ${object.metadata.name}`).not.toThrow();
    }
    // and the validators do refuse a wrong type.
    const api = structuredClone(objects.find((o) => o.kind === 'Deployment')!);
    api.spec.replicas = 'two';
    const Deployment = await k8sModel('apps/v1', 'Deployment');
    expect(() => new Deployment(api).validate()).toThrow(/replicas/);
  });

  it('use no field that Kubernetes does not know (type declarations of kubernetes-models)', () => {
    const objects = [...k8sObjects(), ...yamlDocs(path.join(k8sDir, 'secret.example.yaml'))];
    const check = (list: Json[]) => {
      const imports = new Set<string>();
      const body = list.map((o, i) => {
        imports.add(`import type { I${o.kind} } from 'kubernetes-models/${o.apiVersion}/${o.kind}';`);
        return `export const m${i}: I${o.kind} = ${JSON.stringify(o)};`;
      });
      return typeCheck([...imports, ...body].join('\n'));
    };
    expect(check(objects)).toEqual([]);
    const typo = structuredClone(objects.find((o) => o.kind === 'Deployment')!);
    typo.spec.template.spec.containers[0].readinesProbe =
      typo.spec.template.spec.containers[0].readinessProbe;
    expect(check([typo]).join('\n')).toMatch(/readinesProbe/);
  }, 180_000);

  it('run each deployed role, with two replicas of every long-running one and a migration Job', () => {
    const roles = appContainers().map(({ kind, c }) => ({ kind, role: (c.args as string[])[0]! }));
    for (const { role } of roles) expect(ROLES).toContain(role);
    expect(new Set(roles.map((r) => r.role))).toEqual(new Set(DEPLOYED_ROLES));
    expect(roles.find((r) => r.role === 'migrate')?.kind).toBe('Job');
    for (const workload of appWorkloads().filter((o) => o.kind === 'Deployment')) {
      expect(workload.spec.replicas, workload.metadata.name).toBe(2);
      const pdb = k8sObjects().find(
        (o) => o.kind === 'PodDisruptionBudget' && o.metadata.name === workload.metadata.name,
      );
      expect(pdb?.spec.selector, workload.metadata.name).toEqual(workload.spec.selector);
    }
  });

  it('probe every process: startup and liveness on /health, readiness on /ready', () => {
    const config = k8sObjects().find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name === 'goldledger-config',
    )!;
    for (const { kind, name, c } of appContainers()) {
      if (kind !== 'Deployment') continue;
      expect(c.ports, name).toEqual([{ name: 'http', containerPort: Number(config.data.PORT) }]);
      expect(c.startupProbe?.httpGet, name).toEqual({ path: '/health', port: 'http' });
      expect(c.livenessProbe?.httpGet, name).toEqual({ path: '/health', port: 'http' });
      expect(c.readinessProbe?.httpGet, name).toEqual({ path: '/ready', port: 'http' });
      expect(c.resources?.requests && c.resources?.limits, name).toBeTruthy();
    }
  });

  it('run as non-root on a read-only root filesystem, with a writable /tmp', () => {
    for (const object of k8sObjects().filter((o) => o.spec?.template?.spec)) {
      const pod = object.spec.template.spec;
      expect(pod.securityContext, object.metadata.name).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      for (const c of pod.containers as Json[]) {
        expect(c.securityContext, c.name).toEqual({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        if (c.image === 'goldledger') {
          expect(c.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
        }
      }
    }
  });

  it('set only settings that config.ts reads, and they make a valid production configuration', () => {
    const config = k8sObjects().find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name === 'goldledger-config',
    )!;
    const data = config.data as Record<string, string>;
    for (const key of Object.keys(data)) expect(settingNames, key).toContain(key);
    for (const key of Object.keys(data)) expect(key, 'a secret in the ConfigMap').not.toMatch(SECRET_NAME);
    for (const { name, c } of appContainers()) {
      expect(c.envFrom, name).toEqual([{ configMapRef: { name: 'goldledger-config' } }]);
      const env = (c.env ?? []) as Json[];
      for (const e of env) {
        expect(settingNames, `${name}: ${e.name}`).toContain(e.name);
        if (SECRET_NAME.test(e.name)) {
          expect(e.value, `${name}: ${e.name} is literal`).toBeUndefined();
          expect(e.valueFrom.secretKeyRef.name, `${name}: ${e.name}`).toBe('goldledger-secrets');
        }
      }
      const sample: Record<string, string> = {
        DATABASE_URL: 'postgres://goldledger:pw@db.internal:5432/goldledger',
        SMTP_URL: 'smtps://user:pw@mail.internal:465',
      };
      const secrets = Object.fromEntries(env.map((e) => [e.name, sample[e.name] ?? 's'.repeat(40)]));
      expect(loadConfig({ ...data, ...secrets }).NODE_ENV).toBe('production');
    }
    const example = yamlDocs(path.join(k8sDir, 'secret.example.yaml'))[0]!;
    for (const [key, value] of Object.entries(example.stringData as Record<string, string>)) {
      expect(settingNames).toContain(key);
      expect(value, `${key} in secret.example.yaml`).toBe('');
    }
  });

  it('point NATS_URL at every node of the StatefulSet, whose routes name every node', () => {
    const set = k8sObjects().find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'nats')!;
    const headless = k8sObjects().find(
      (o) => o.kind === 'Service' && o.metadata.name === set.spec.serviceName,
    )!;
    expect(headless.spec.clusterIP).toBe('None');
    const nodes = Array.from(
      { length: set.spec.replicas as number },
      (_, i) => `nats-${i}.${headless.metadata.name}`,
    );
    expect(nodes).toHaveLength(3);
    const config = k8sObjects().find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name === 'goldledger-config',
    )!;
    expect(config.data.NATS_URL.split(',')).toEqual(nodes.map((n) => `nats://${n}:4222`));
    const conf = k8sObjects().find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'nats-config')!;
    const routes = [...String(conf.data['nats.conf']).matchAll(/nats-route:\/\/([a-z0-9.-]+):6222/g)].map(
      (m) => m[1],
    );
    expect(routes).toEqual(nodes);
    expect(set.spec.volumeClaimTemplates[0].metadata.name).toBe('data');
  });

  it('route the Ingress to the API Service, whose pods are the API Deployment', () => {
    const ingress = k8sObjects().find((o) => o.kind === 'Ingress')!;
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    const service = k8sObjects().find((o) => o.kind === 'Service' && o.metadata.name === backend.name)!;
    const api = appWorkloads().find((o) => o.spec.template.spec.containers[0].args[0] === 'api')!;
    expect(service.spec.selector).toEqual(api.spec.selector.matchLabels);
    expect(service.spec.ports.map((p: Json) => p.name)).toContain(backend.port.name);
    expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('12m');
  });
});

/** Type-checks one virtual module (beside this file, so node_modules resolves); returns the errors. */
function typeCheck(source: string): string[] {
  const file = fileURLToPath(new URL('./k8s-manifests.check.ts', import.meta.url));
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    lib: ['lib.es2022.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

// ---- the Grafana dashboard -----------------------------------------------------------

const dashboard = JSON.parse(read('deploy/grafana/goldledger-dashboard.json')) as Json;
const queries = (dashboard.panels as Json[]).flatMap((p) =>
  ((p.targets ?? []) as Json[]).map((t) => ({ panel: p.title as string, expr: t.expr as string })),
);
/** Grafana's `label_values(<selector>, <label>)`: the selector is PromQL. */
const variableQueries = (dashboard.templating.list as Json[])
  .filter((v) => v.type === 'query')
  .map((v) => {
    const selector = /^label_values\((.+), *\w+\)$/.exec(v.definition as string)?.[1];
    if (!selector) throw new Error(`variable ${v.name}: not label_values(selector, label)`);
    return { panel: `variable ${v.name}`, expr: selector };
  });

/** Grafana's variables replaced by values, so the text is plain PromQL. */
const asPromql = (expr: string) =>
  expr.replace(/\$__(rate_interval|interval|range)/g, '5m').replace(/\$\{?(\w+)\}?/g, '.*');

/** Metric names a PromQL expression selects, or the parse errors. */
function promqlMetrics(expr: string): { metrics: string[]; errors: number } {
  const text = asPromql(expr);
  const metrics: string[] = [];
  let errors = 0;
  promqlParser.parse(text).iterate({
    enter(node) {
      if (node.type.isError) errors++;
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') {
        metrics.push(text.slice(node.from, node.to));
      }
    },
  });
  return { metrics, errors };
}

/** Every series name the processes expose: our metrics (found in the source) and prom-client's defaults. */
async function exposedSeries(): Promise<Set<string>> {
  const names = new Set<string>();
  const add = (name: string, type: string) => {
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_count', '_sum']) names.add(name + s);
    if (type === 'summary') for (const s of ['_count', '_sum']) names.add(name + s);
  };
  const sources = ['services/src', 'projections/src'].flatMap((dir) =>
    filesUnder(path.join(root, dir), /(?<!\.test)\.ts$/),
  );
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /new client\.(Counter|Gauge|Histogram|Summary)\(\{\s*name: '([a-z_:]+)'/g,
    )) {
      add(m[2]!, m[1]!.toLowerCase());
    }
  }
  const defaults = new client.Registry();
  client.collectDefaultMetrics({ register: defaults, prefix: 'goldledger_' });
  for (const metric of await defaults.getMetricsAsJSON()) add(metric.name, String(metric.type));
  defaults.clear();
  return names;
}

describe('the Grafana dashboard', () => {
  it('imports cleanly: its data source is the DS_PROMETHEUS variable and every variable it uses exists', () => {
    const variables = (dashboard.templating.list as Json[]).map((v) => v.name as string);
    expect(dashboard.templating.list[0]).toMatchObject({
      name: 'DS_PROMETHEUS',
      type: 'datasource',
      query: 'prometheus',
    });
    for (const panel of dashboard.panels as Json[]) {
      if (panel.type === 'row') continue;
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${DS_PROMETHEUS}' });
      for (const target of panel.targets as Json[]) {
        for (const [, name] of String(target.expr).matchAll(/\$(?!__)\{?(\w+)/g))
          expect(variables).toContain(name);
      }
    }
    const ids = (dashboard.panels as Json[]).map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lays its panels out without overlap on the 24-column grid', () => {
    const boxes = (dashboard.panels as Json[]).map((p) => ({ title: p.title, ...p.gridPos }));
    for (const [i, a] of boxes.entries()) {
      expect(a.x + a.w, a.title).toBeLessThanOrEqual(24);
      for (const b of boxes.slice(i + 1)) {
        const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        expect(overlap, `${a.title} / ${b.title}`).toBe(false);
      }
    }
  });

  it('asks only for metrics the code registers, in valid PromQL', async () => {
    const exposed = await exposedSeries();
    // Written by Prometheus itself for every target.
    exposed.add('up');
    const asked = new Set<string>();
    for (const { panel, expr } of [...queries, ...variableQueries]) {
      const { metrics, errors } = promqlMetrics(expr);
      expect(errors, `${panel}: ${expr}`).toBe(0);
      expect(metrics.length, `${panel}: ${expr}`).toBeGreaterThan(0);
      for (const metric of metrics) {
        asked.add(metric);
        expect(exposed, `${panel}: ${metric}`).toContain(metric);
      }
    }
    // The panels the brief asks for.
    for (const metric of [
      'goldledger_http_request_duration_seconds_count',
      'goldledger_events_appended_total',
      'goldledger_append_duration_seconds_bucket',
      'goldledger_append_conflicts_total',
      'goldledger_relay_published_total',
      'goldledger_projection_behind_events',
      'goldledger_projection_lag_seconds_bucket',
      'goldledger_dead_letters',
      'goldledger_leader',
      'goldledger_process_cpu_seconds_total',
      'goldledger_process_resident_memory_bytes',
      'goldledger_nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(asked, metric).toContain(metric);
    }
    expect(promqlMetrics('sum by (le (rate(x[5m]))').errors).toBeGreaterThan(0);
  });
});
