import { isIP } from 'node:net';
import { z } from 'zod';

const boolFromEnv = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

function isIpOrCidr(text: string): boolean {
  const [address, bits, ...rest] = text.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}

/** Every variable the processes read. Parsed once at start, frozen. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/.+/, 'must look like nats://host:4222')
    .optional(),
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('ES'),
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/)
    .default('es'),
  DATA_DIR: z.string().min(1).default('./.data'),
  /** How long a read carrying x-read-after waits for the read models (read-after-write.ts). */
  READ_AFTER_MAX_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(5000),
  /**
   * How many such reads one API process holds at once; a read beyond them checks the
   * read models once and answers (x-read-caught-up says whether they had caught up).
   */
  READ_AFTER_MAX_WAITING: z.coerce.number().int().min(0).max(10_000).default(50),
  /** How long the answer to a command sent with an Idempotency-Key is kept for its retries (http/idempotency.plugin.ts). */
  IDEMPOTENCY_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /**
   * How long a claimed key belongs to the request running it. A retry meanwhile waits; once
   * the lease runs out (the process died mid-request) a retry runs the request again.
   */
  IDEMPOTENCY_LEASE_MS: z.coerce.number().int().min(500).max(300_000).default(15_000),
  /** How long a retry waits for the same key's request still running before 409 "in progress". */
  IDEMPOTENCY_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** The largest request body, in bytes, for every route but the photo upload (which has PHOTO_MAX_BYTES per file). */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(16 * 1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /**
   * Which proxies may set X-Forwarded-For (the client's address for rate limits and the
   * events' clientIp): `false` (default: none, the socket's peer is the client), `true`
   * (any: only when nothing can reach the API except through the proxy), or the
   * proxies' addresses as a comma list of IPs or CIDRs (`10.0.0.0/8,127.0.0.1`).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((text, ctx): boolean | string[] => {
      if (text === 'false' || text === '0') return false;
      if (text === 'true' || text === '1') return true;
      const list = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((entry) => !isIpOrCidr(entry));
      if (list.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be true, false or a comma list of IP addresses / CIDRs${bad.length ? ` (not: ${bad.join(', ')})` : ''}`,
        });
        return z.NEVER;
      }
      return list;
    }),
  /**
   * Browser origins, besides the API's own, allowed to call the API (CORS), as a comma
   * list: `https://app.example.com,https://admin.example.com`. Unset: none (the web app
   * is served on the API's own origin and needs no CORS).
   */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((text, ctx): string[] => {
      if (text === undefined) return [];
      const list = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((entry) => !isOrigin(entry));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a comma list of origins like https://app.example.com (scheme, host and port only; not: ${bad.join(', ')})`,
        });
        return z.NEVER;
      }
      return list;
    }),
  /** 1 when visitors reach the site over HTTPS (TLS at the proxy): sends Strict-Transport-Security. */
  HSTS: boolFromEnv.default(false),
  /** The built web app to serve (default: web/dist, where `npm run build` writes it). */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Uploaded photos and their thumbnails (default: `blobs` under DATA_DIR). */
  BLOB_DIR: z.string().min(1).optional(),
  /** The largest photo accepted, in bytes (default 10 MB). */
  PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /**
   * The most pixels a photo may have, in megapixels (default 40: a 48 MP phone's binned
   * output is 12 MP). Read from the file's header before anything decodes it: a small file
   * can declare a huge image, and decoding it takes width × height × channels bytes.
   */
  PHOTO_MAX_MEGAPIXELS: z.coerce.number().int().min(1).max(250).default(40),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  RELAY_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  RELAY_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  READY_MAX_BEHIND_EVENTS: z.coerce.number().int().min(0).default(100),
  LOCK_RETRY_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  PRETTY_LOGS: boolFromEnv.optional(),
  /** Signs session tokens; at least 32 characters. Unset outside production: generated once under DATA_DIR. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Keys the HMAC of one-time codes; same rules as JWT_SECRET. */
  OTP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** DLT template ids by purpose, as JSON: {"login_otp":"1707…"}. */
  FAST2SMS_TEMPLATES: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        return z.record(z.string(), z.string().min(1)).parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object of purpose → template id' });
        return z.NEVER;
      }
    }),
  /** 1 exposes GET /api/dev/outbox for tests and demos; refused in production. */
  OUTBOX_API: boolFromEnv.default(false),
  /** 1 lets browser tests move the API's clock forward (POST /api/dev/clock); refused in production. */
  TEST_CLOCK: boolFromEnv.default(false),
  /** Fires every scheduled job on this cron pattern (seconds allowed) instead of its own: fault tests; refused in production. */
  SCHEDULER_CRON_OVERRIDE: z.string().trim().min(9).optional(),
  /** Create the demo accounts when the store is empty (default: on, except in production). */
  DEMO_SEED: boolFromEnv.optional(),
  /**
   * 1: until an admin first saves the maker-checker policy, no action needs a second person
   * (the tests written before maker-checker; docs/decisions.md); refused in production.
   */
  APPROVALS_OFF_UNTIL_SET: boolFromEnv.default(false),
  // Messaging: every channel goes to the outbox table unless its provider is configured.
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_FROM: z.string().min(3).default('GoldLedger <no-reply@goldledger.local>'),
  FAST2SMS_API_KEY: z.string().min(1).optional(),
  FAST2SMS_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{6}$/, 'must be the 6-character DLT sender id')
    .optional(),
  FAST2SMS_URL: z.url({ protocol: /^https?$/ }).default('https://www.fast2sms.com/dev/bulkV2'),
  MESSAGING_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  MESSAGING_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  MESSAGING_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * Days a delivered (or given-up) message keeps its subject and body; after that only
   * who, what for, when and the outcome remain (docs/decisions.md, issue 15).
   */
  MESSAGING_BODY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
});
export type Config = Readonly<z.infer<typeof ConfigSchema>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Treat empty strings as unset so `DATABASE_URL= npm start` means embedded mode.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = i.path.join('.');
        const value = cleaned[name];
        // Never echo a credential: URLs carry passwords, keys and secrets are secret.
        const shown = /(URL|KEY|SECRET|PASSWORD)$/.test(name) ? '(value hidden)' : `(got "${value}")`;
        return `${name}: ${i.message}${value === undefined ? ' (missing)' : ` ${shown}`}`;
      }),
    );
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production') {
    const problems = [
      !config.JWT_SECRET && 'JWT_SECRET: required in production (missing)',
      !config.OTP_SECRET && 'OTP_SECRET: required in production (missing)',
      config.OUTBOX_API && 'OUTBOX_API: the development outbox endpoint is refused in production',
      config.TEST_CLOCK && 'TEST_CLOCK: the movable test clock is refused in production',
      config.SCHEDULER_CRON_OVERRIDE && 'SCHEDULER_CRON_OVERRIDE: the test schedule is refused in production',
      config.APPROVALS_OFF_UNTIL_SET &&
        'APPROVALS_OFF_UNTIL_SET: starting without maker-checker is refused in production',
      !config.DATABASE_URL &&
        'DATABASE_URL: required in production (the embedded database is for one machine)',
    ].filter((p): p is string => typeof p === 'string');
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return Object.freeze(config);
}
