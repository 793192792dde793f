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
