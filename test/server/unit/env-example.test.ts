import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../../../server/config.js';

const example = readFileSync('.env.example', 'utf8');
/** `NAME=value` lines, commented out (a default kept) or not. */
const settings = [...example.matchAll(/^#?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, name, value]) => ({ name, value }));

/** Every variable the server reads: the configuration's, and the embedded PostgreSQL's shared directory. */
function variablesTheServerReads(): string[] {
  const config = readFileSync('server/config.ts', 'utf8');
  const read = [...config.matchAll(/'([A-Z][A-Z0-9_]{2,})'/g)].map((match) => match[1]);
  const embedded = readFileSync('server/db/embedded-postgres.ts', 'utf8');
  const direct = [...embedded.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]);
  const limits = Object.keys(DEFAULT_RATE_LIMITS).map((name) => `RATE_LIMIT_${name}`);
  return [...new Set([...read, ...direct, ...limits])].sort();
}

describe('.env.example', () => {
  it('lists every variable the server reads, once', () => {
    const names = settings.map((setting) => setting.name);
    expect(names).toHaveLength(new Set(names).size);
    expect([...names].sort()).toEqual(variablesTheServerReads());
  });

  it('gives each default the server really has', () => {
    const base = { DATA_DIR: mkdtempSync(join(tmpdir(), 'tijdvak-env-')) };
    const defaults = loadConfig(base);
    const commented = settings.filter(({ name, value }) => value !== '' && example.includes(`\n#${name}=${value}\n`));
    expect(commented.length).toBeGreaterThan(40);
    for (const { name, value } of commented) {
      // Two paths the test must not use: their defaults as the code writes them.
      if (name === 'TIJDVAK_SHARED_DIR' || name === 'DATA_DIR') {
        const [file, code] =
          name === 'DATA_DIR'
            ? ['server/config.ts', `'DATA_DIR') ?? '${value}'`]
            : ['server/db/embedded-postgres.ts', `TIJDVAK_SHARED_DIR ?? '${value}'`];
        expect(readFileSync(file, 'utf8')).toContain(code);
        continue;
      }
      expect(loadConfig({ ...base, [name]: value }), name).toEqual(defaults);
    }
  });

  it('leaves every secret empty', () => {
    for (const name of [
      'JWT_SECRET',
      'JWT_PREVIOUS_SECRETS',
      'SMTP_URL',
      'TWILIO_AUTH_TOKEN',
      'METRICS_TOKEN',
      'ADMIN_PASSWORD',
    ]) {
      expect(settings.find((setting) => setting.name === name)?.value, name).toBe('');
    }
  });
});
