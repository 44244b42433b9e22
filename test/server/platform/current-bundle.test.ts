import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { currentBundle } from '../../../server/main.js';

describe('which server code a build starts', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A dist/ with the server's folder; the bundle and tsc's build record written at the given times (s). */
  function dist(files: { bundleAt?: number; buildRecordAt?: number }): URL {
    const root = mkdtempSync(join(tmpdir(), 'tijdvak-dist-'));
    dirs.push(root);
    mkdirSync(join(root, 'server'));
    const write = (path: string, at: number) => {
      writeFileSync(path, '');
      utimesSync(path, at, at);
    };
    if (files.bundleAt !== undefined) write(join(root, 'server', 'server.bundle.js'), files.bundleAt);
    if (files.buildRecordAt !== undefined) write(join(root, '.tsbuildinfo-server'), files.buildRecordAt);
    return pathToFileURL(join(root, 'server') + '/');
  }

  it('starts the bundle made after the modules were compiled', () => {
    const directory = dist({ buildRecordAt: 1_000, bundleAt: 1_010 });
    expect(currentBundle(directory)?.href).toBe(new URL('server.bundle.js', directory).href);
  });

  it('starts the modules when tsc compiled them again after the bundle was made', () => {
    expect(currentBundle(dist({ bundleAt: 1_000, buildRecordAt: 1_010 }))).toBeUndefined();
  });

  it('starts the modules when there is no bundle, and the bundle when there is no build record', () => {
    expect(currentBundle(dist({ buildRecordAt: 1_000 }))).toBeUndefined();
    expect(currentBundle(dist({ bundleAt: 1_000 }))).toBeDefined();
  });
});
