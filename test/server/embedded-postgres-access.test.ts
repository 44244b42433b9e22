import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';

describe('the embedded PostgreSQL in a directory only its owner may enter', () => {
  // mkdtemp makes a 0700 directory, like root's home or a `mktemp -d` checkout.
  const closed = mkdtempSync(join(tmpdir(), 'tijdvak-closed-'));
  afterAll(() => rmSync(closed, { recursive: true, force: true }));

  it('stops with one sentence saying what to do when PostgreSQL runs as another user (root), and starts otherwise', async () => {
    const dir = join(closed, 'data');
    mkdirSync(dir);
    const starting = startEmbeddedPostgres({ dir, logger: pino({ level: 'silent' }), ephemeral: true });
    if (process.getuid?.() === 0) {
      await expect(starting).rejects.toThrow(
        new RegExp(`user "postgres" when started as root, and that user cannot enter ${closed}.*move the project`),
      );
    } else {
      const database = await starting;
      expect(database.url).toMatch(/^postgres:\/\//);
      await database.stop();
    }
  });
});
