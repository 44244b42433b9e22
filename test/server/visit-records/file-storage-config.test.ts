import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';

const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/tijdvak-config-test' };

describe('file storage configuration', () => {
  it('keeps files in PostgreSQL by default, for 180 days after the visit', () => {
    const config = loadConfig(base);
    expect(config.fileStorage).toEqual({ kind: 'postgres' });
    expect(config.visitFileRetentionDays).toBe(180);
  });

  it('reads an S3-compatible bucket, and refuses one with settings missing or wrong', () => {
    const s3 = { ...base, FILE_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' }).fileStorage).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'b',
      accessKeyId: 'k',
      secretAccessKey: 's',
      pathStyle: true,
    });
    expect(() => loadConfig({ ...s3, S3_BUCKET: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...base, FILE_STORAGE: 'disk' })).toThrow(/FILE_STORAGE/);
    expect(() => loadConfig({ ...base, VISIT_FILE_RETENTION_DAYS: '0' })).toThrow(/VISIT_FILE_RETENTION_DAYS/);
  });
});
