/**
 * deploy/compose.yaml, the NATS configuration and the Caddyfile, checked without a container
 * engine: every YAML parses; the compose files against the Compose Specification schema
 * (bundled by `dclint`, schemas/compose.schema.json, from npm, nothing vendored); the NATS
 * configuration by nats-server, the Caddyfile by caddy when installed; and the facts that tie
 * them to the code (settings, roles, probes, secrets, the NATS cluster) hold.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

import { tmpdir } from 'node:os';
import path from 'node:path';

import Ajv from 'ajv';

import { describe, expect, it } from 'vitest';

import { ConfigSchema, loadConfig } from '../../services/src/platform/config.js';
import type { Json } from './support/deploy-files.js';
import {
  DEPLOYED_ROLES,
  ROLES,
  SECRET_NAME,
  compose,
  composeText,
  deployDir,
  filesUnder,
  interpolate,
  interpolatedNames,
  k8sObjects,
  observability,
  read,
  require,
  settingNames,
  yamlDocs,
} from './support/deploy-files.js';

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
