import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { loadSecrets } from './secrets.js';

const JWT = 'j'.repeat(40);
const OTP = 'o'.repeat(40);
const DATABASE_URL = 'postgres://goldledger@db.internal:5432/goldledger';

let dataDir: string | undefined;
const freshDataDir = () => (dataDir = mkdtempSync(path.join(tmpdir(), 'goldledger-secrets-')));
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

describe('the signing secrets', () => {
  it('come from JWT_SECRET and OTP_SECRET when they are set', async () => {
    const config = loadConfig({ DATABASE_URL, JWT_SECRET: JWT, OTP_SECRET: OTP, DATA_DIR: freshDataDir() });
    expect(await loadSecrets(config)).toEqual({ jwt: JWT, otp: OTP });
    expect(existsSync(path.join(dataDir!, 'secrets.json'))).toBe(false);
  });

  it('are refused with a clear message when DATABASE_URL is set and either is missing, and nothing is written', async () => {
    const config = loadConfig({ DATABASE_URL, JWT_SECRET: JWT, DATA_DIR: freshDataDir() });
    const error = await loadSecrets(config).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'OTP_SECRET: required when DATABASE_URL is set (missing); at least 32 random characters, e.g. from `openssl rand -base64 48`',
    ]);
    expect(existsSync(path.join(dataDir!, 'secrets.json'))).toBe(false);
  });

  it('name the file an earlier start generated, so a deployment can keep its sessions', async () => {
    freshDataDir();
    writeFileSync(path.join(dataDir!, 'secrets.json'), JSON.stringify({ jwt: JWT, otp: OTP }));
    const error = await loadSecrets(loadConfig({ DATABASE_URL, DATA_DIR: dataDir! })).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(
      /JWT_SECRET: required[\s\S]*OTP_SECRET: required[\s\S]*secrets\.json/,
    );
  });

  it('must be at least 32 characters', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: must be at least 32 characters \(value hidden\)/,
    );
  });

  it('are generated once and kept under DATA_DIR in the embedded one-command mode', async () => {
    const config = loadConfig({ DATA_DIR: freshDataDir() });
    const first = await loadSecrets(config);
    expect(first.jwt.length).toBeGreaterThanOrEqual(32);
    expect(first.otp).not.toBe(first.jwt);
    const file = path.join(dataDir!, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await loadSecrets(config)).toEqual(first);
  });
});
