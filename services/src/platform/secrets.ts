import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, type Config } from './config.js';

export interface Secrets {
  jwt: string;
  otp: string;
}

const SECRET_NAMES = { jwt: 'JWT_SECRET', otp: 'OTP_SECRET' } as const;

/**
 * JWT_SECRET and OTP_SECRET come from the environment. Only the embedded one-command
 * mode (no DATABASE_URL, not production) may generate them, once, and keep them under
 * DATA_DIR so sessions survive a restart of `npm start`: a deployment with a real
 * database refuses to start without them, so no replica ever signs with a key of its own
 * and no key lives on a container's disk.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  if (config.JWT_SECRET && config.OTP_SECRET) return { jwt: config.JWT_SECRET, otp: config.OTP_SECRET };
  const file = path.resolve(config.DATA_DIR, 'secrets.json');
  if (config.DATABASE_URL || config.NODE_ENV === 'production') {
    const why = config.DATABASE_URL ? 'DATABASE_URL is set' : 'NODE_ENV is production';
    const missing = (['jwt', 'otp'] as const).filter((k) => !config[SECRET_NAMES[k]]);
    throw new ConfigError([
      ...missing.map(
        (k) =>
          `${SECRET_NAMES[k]}: required when ${why} (missing); at least 32 random characters, e.g. from \`openssl rand -base64 48\``,
      ),
      ...(existsSync(file)
        ? [`(an earlier start generated secrets into ${file}: set them from there to keep existing sessions)`]
        : []),
    ]);
  }
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(await readFile(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwt: config.JWT_SECRET ?? stored.jwt ?? randomBytes(48).toString('base64url'),
    otp: config.OTP_SECRET ?? stored.otp ?? randomBytes(48).toString('base64url'),
  };
  if (stored.jwt !== secrets.jwt || stored.otp !== secrets.otp) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}
