import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';

export interface Secrets {
  jwt: string;
  otp: string;
}

/**
 * From the environment when set (production requires it). Otherwise generated once
 * and kept under DATA_DIR, so sessions survive a restart of `npm start`.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  if (config.JWT_SECRET && config.OTP_SECRET) return { jwt: config.JWT_SECRET, otp: config.OTP_SECRET };
  const file = path.resolve(config.DATA_DIR, 'secrets.json');
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
