import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults for the one-command start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './.data', NATS_STREAM: 'ES' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.NATS_URL).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', NATS_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('lists every bad variable at once, with the value it got', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y', NATS_URL: 'localhost', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT: .*\(got "eighty"\)/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL/);
    expect(problems.join('\n')).toMatch(/NATS_URL: must look like nats:\/\/host:4222/);
    expect((error as Error).message).toMatch(/^Invalid configuration:\n {2}- /);
  });
});

describe('configuration errors', () => {
  it('never echo a credential', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail' })).toThrow(
      /SMTP_URL: .*\(value hidden\)/,
    );
    try {
      loadConfig({ SMTP_URL: 'http://user:hunter2@mail' });
    } catch (e) {
      expect((e as Error).message).not.toContain('hunter2');
    }
  });

  it('refuse unsafe settings in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', OUTBOX_API: '1' })).toThrow(
      /JWT_SECRET: required in production[\s\S]*OUTBOX_API: the development outbox endpoint is refused/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: '1' })).toThrow(
      /TEST_CLOCK: the movable test clock is refused in production/,
    );
  });
});

describe('the HTTP settings', () => {
  it('default to a closed, plain-HTTP server that trusts no proxy', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      TRUST_PROXY: false,
      CORS_ORIGINS: [],
      HSTS: false,
      BODY_LIMIT_BYTES: 1024 * 1024,
    });
  });

  it('trust all proxies, none, or the listed addresses and networks', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(
      /TRUST_PROXY: must be true, false or a comma list/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,proxy.local' })).toThrow(
      /not: 10\.0\.0\.0\/33, proxy\.local/,
    );
  });

  it('take CORS origins as scheme, host and port only', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://app.example.in, http://localhost:5173' }).CORS_ORIGINS,
    ).toEqual(['https://app.example.in', 'http://localhost:5173']);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example.in/,*' })).toThrow(
      /CORS_ORIGINS: must be a comma list of origins .*not: https:\/\/app\.example\.in\/, \*/,
    );
  });

  it('bound the request body limit', () => {
    expect(loadConfig({ BODY_LIMIT_BYTES: '2097152' }).BODY_LIMIT_BYTES).toBe(2 * 1024 * 1024);
    expect(() => loadConfig({ BODY_LIMIT_BYTES: '100' })).toThrow(/BODY_LIMIT_BYTES/);
  });
});
