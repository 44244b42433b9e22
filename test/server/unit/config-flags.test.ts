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

describe('message send rates', () => {
  it('are none unless set, and at least the lowest pace a batch allows', () => {
    expect(loadConfig(base).messageSendRates).toEqual({ mail: 0, sms: 0 });
    expect(loadConfig({ ...base, MAIL_SEND_RATE: '40', SMS_SEND_RATE: '10' }).messageSendRates).toEqual({
      mail: 40,
      sms: 10,
    });
    expect(loadConfig({ ...base, SMS_SEND_RATE: '0' }).messageSendRates.sms).toBe(0);
    expect(() => loadConfig({ ...base, SMS_SEND_RATE: '5' })).toThrow(
      new ConfigError('SMS_SEND_RATE must be 0 (no limit) or at least 10, got "5"'),
    );
    expect(() => loadConfig({ ...base, MAIL_SEND_RATE: '2.5' })).toThrow(ConfigError);
  });
});
