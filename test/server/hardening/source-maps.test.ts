import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../utils/test-server.js';

describe('source maps of the built client', () => {
  let clientDir: string;

  beforeAll(() => {
    clientDir = mkdtempSync(join(tmpdir(), 'tijdvak-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(clientDir, 'assets', 'app-1.js'), 'console.log(1);');
    writeFileSync(join(clientDir, 'assets', 'app-1.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it.each([
    ['production', 404],
    ['development', 200],
  ])('are served with NODE_ENV=%s: %i', async (nodeEnv, status) => {
    const server = await startTestServer({
      env: { NODE_ENV: nodeEnv, JWT_SECRET: 'a-production-secret-of-at-least-32-characters', CLIENT_DIR: clientDir },
    });
    try {
      expect((await fetch(`${server.url}/assets/app-1.js`)).status).toBe(200);
      const map = await fetch(`${server.url}/assets/app-1.js.map`);
      expect(map.status).toBe(status);
      if (status === 404) expect(await map.text()).not.toContain('secret.ts');
    } finally {
      await server.stop();
    }
  });
});
