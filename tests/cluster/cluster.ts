import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ensureRuntimeTables } from '@goldledger/projections';
import { migrateToLatest, type Database } from '@goldledger/services';
import { TEST_DATABASE_URL, TEST_NATS_URL, testNatsNames, uniqueName } from '@goldledger/services/testing';
import {
  ProcessGroup,
  cleanEnv,
  getJson,
  waitReady,
  type ProductProcess,
  type StartOptions,
} from '../system/support/processes.js';
import type { PrivateNats, PrivatePostgres } from './servers.js';

export type Role = 'api' | 'relay' | 'projector' | 'scheduler';
export const ROLES: readonly Role[] = ['api', 'relay', 'projector', 'scheduler'];

/** One running product process of the cluster, with the URL it answers /ready on. */
export interface Member {
  role: Role;
  /** api-1, relay-2, … (a restart keeps the label and adds "′"). */
  label: string;
  proc: ProductProcess;
  url: string;
}

export interface ClusterOptions {
  /** How many processes of each role (default 2 of each). */
  counts?: Partial<Record<Role, number>>;
  /** Extra environment for every process (e.g. LOG_LEVEL). */
  env?: NodeJS.ProcessEnv;
  /** Where the database and NATS live: the shared local servers, or private ones. */
  servers?: { postgres: PrivatePostgres; nats: PrivateNats };
  label?: string;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Pool sizes that keep eight processes inside a shared server's 100 connections. */
const POOL_SIZE: Record<Role, string> = { api: '8', relay: '3', projector: '4', scheduler: '3' };

/**
 * A fresh database and JetStream stream, and the product running on them as separate
 * processes: APIs, relays, projectors and schedulers (two of each by default), with
 * the production defaults for leader-lock retry and relay polling.
 */
export class Cluster {
  readonly group: ProcessGroup;
  readonly members: Member[] = [];
  readonly db: Kysely<Database>;
  private constructor(
    readonly databaseUrl: string,
    readonly natsUrl: string,
    readonly nats: { stream: string; subjectPrefix: string },
    readonly dataDir: string,
    readonly pool: pg.Pool,
    readonly nc: NatsConnection,
    readonly jsm: JetStreamManager,
    private readonly dropDatabase: () => Promise<void>,
    env: NodeJS.ProcessEnv,
  ) {
    this.db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    this.group = new ProcessGroup(env);
  }

  static async create(options: ClusterOptions = {}): Promise<Cluster> {
    const label = options.label ?? 'cluster';
    const adminUrl = options.servers ? options.servers.postgres.url() : TEST_DATABASE_URL;
    const natsUrl = options.servers ? options.servers.nats.url : TEST_NATS_URL;
    const name = uniqueName(`gl_${label}`).toLowerCase();
    await adminQuery(adminUrl, `create database ${name}`);
    const databaseUrl = withDatabase(adminUrl, name);
    const nats = testNatsNames(label);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `goldledger-${label}-`));
    // The checker's own connections: few, replaced after a database restart.
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 4,
      application_name: 'goldledger-checker',
    });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const nc = await connect({ servers: natsUrl, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    const env: NodeJS.ProcessEnv = {
      ...cleanEnv(),
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      NATS_STREAM: nats.stream,
      NATS_SUBJECT_PREFIX: nats.subjectPrefix,
      DATA_DIR: dataDir,
      BLOB_DIR: path.join(dataDir, 'blobs'),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      // Every API must accept every other's tokens and codes.
      JWT_SECRET: `cluster-jwt-secret-${'x'.repeat(32)}`,
      OTP_SECRET: `cluster-otp-secret-${'y'.repeat(32)}`,
      OUTBOX_API: '1',
      DEMO_SEED: '0',
      ...options.env,
    };
    const cluster = new Cluster(
      databaseUrl,
      natsUrl,
      nats,
      dataDir,
      pool,
      nc,
      await jetstreamManager(nc),
      () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
      env,
    );
    // Migrated once here, so the processes do not race to migrate at start.
    await migrateToLatest(cluster.db);
    await ensureRuntimeTables(cluster.db);
    return cluster;
  }

  /** Starts a process of `role`; resolves once it listens (not yet ready). `env` adds to the cluster's. */
  async start(
    role: Role,
    label: string,
    options: StartOptions = {},
    env: NodeJS.ProcessEnv = {},
  ): Promise<Member> {
    const proc = this.group.start(label, [role], { DATABASE_POOL_SIZE: POOL_SIZE[role], ...env }, options);
    const url = (await proc.url(180_000)).replace('//localhost:', '//127.0.0.1:');
    const member = { role, label, proc, url };
    this.members.push(member);
    return member;
  }

  /** Starts `counts` of each role at once and waits until every one answers /ready. */
  async startAll(
    counts: Partial<Record<Role, number>> = {},
    options: Partial<Record<Role, StartOptions>> = {},
  ): Promise<Member[]> {
    const wanted: Array<[Role, string]> = [];
    for (const role of ROLES) {
      for (let i = 1; i <= (counts[role] ?? 2); i++) wanted.push([role, `${role}-${i}`]);
    }
    const started = await Promise.all(wanted.map(([role, label]) => this.start(role, label, options[role])));
    await Promise.all(started.map((m) => waitReady(m.proc, m.url, 180_000)));
    return started;
  }

  live(role?: Role): Member[] {
    return this.members.filter((m) => m.proc.running && (!role || m.role === role));
  }

  byPid(pid: number): Member | undefined {
    return this.members.find((m) => m.proc.pid === pid);
  }

  /** Runs a one-shot role (rebuild, checksums, create-admin, job) to its end. */
  run(label: string, args: readonly string[], timeoutMs = 180_000): Promise<ProductProcess> {
    return this.group.run(label, args, timeoutMs);
  }

  async natsState(): Promise<{ messages: number; lastSeq: number } | undefined> {
    try {
      const info = await this.jsm.streams.info(this.nats.stream);
      return { messages: info.state.messages, lastSeq: info.state.last_seq };
    } catch {
      return undefined;
    }
  }

  /** Waits until every live process answers /ready (store, transport, projections caught up). */
  async waitAllReady(timeoutMs = 120_000): Promise<void> {
    await Promise.all(this.live().map((m) => waitReady(m.proc, m.url, timeoutMs)));
  }

  async readyOf(m: Member): Promise<unknown> {
    return (await getJson(`${m.url}/ready`))?.body;
  }

  async close(): Promise<void> {
    await this.group.killAll();
    await this.jsm.streams.delete(this.nats.stream).catch(() => undefined);
    await this.nc.close().catch(() => undefined);
    await this.db.destroy().catch(() => undefined);
    await this.dropDatabase().catch(() => undefined);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
