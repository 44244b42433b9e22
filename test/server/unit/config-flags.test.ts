import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';

const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/tijdvak-config-test' };

describe('yes/no settings', () => {
  it('read true/1 and false/0 in any case, and keep their defaults when unset', () => {
    const defaults = loadConfig(base);
    expect(defaults.migrateAtStart).toBe(true);
    expect(defaults.demoData).toBe(true);
    expect(defaults.webhooks.threadAtIdle).toBe(true);
    expect(defaults.webhooks.allowHttp).toBe(false);
    expect(defaults.databasePreparedStatements).toBe(true);

    const set = loadConfig({
      ...base,
      MIGRATE_AT_START: 'FALSE',
      DEMO_DATA: '0',
      WEBHOOK_THREAD_IDLE: ' 0 ',
      WEBHOOK_ALLOW_HTTP: 'True',
      DATABASE_PREPARED_STATEMENTS: 'false',
    });
    expect(set.migrateAtStart).toBe(false);
    expect(set.demoData).toBe(false);
    expect(set.webhooks.threadAtIdle).toBe(false);
    expect(set.webhooks.allowHttp).toBe(true);
    expect(set.databasePreparedStatements).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/tijdvak', DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/tijdvak' }).demoData).toBe(false);
  });

  it('refuse anything else, naming the setting, rather than reading it as no', () => {
    for (const name of [
      'MIGRATE_AT_START',
      'DEMO_DATA',
      'WEBHOOK_THREAD_IDLE',
      'WEBHOOK_ALLOW_LOOPBACK',
      'DATABASE_PREPARED_STATEMENTS',
      'S3_FORCE_PATH_STYLE',
    ]) {
      const env = { ...base, FILE_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
      expect(() => loadConfig({ ...env, [name]: 'yes' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, [name]: 'yes' })).toThrow(new RegExp(`${name} must be true or false`));
    }
  });
});
