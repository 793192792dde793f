import { z } from 'zod';

const boolFromEnv = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

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
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  RELAY_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  RELAY_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  READY_MAX_BEHIND_EVENTS: z.coerce.number().int().min(0).default(100),
  LOCK_RETRY_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  PRETTY_LOGS: boolFromEnv.optional(),
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
        return `${name}: ${i.message}${value === undefined ? ' (missing)' : ` (got "${value}")`}`;
      }),
    );
  }
  return Object.freeze(parsed.data);
}
