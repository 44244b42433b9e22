import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../server/db/migrations/index.js';

describe('the list of migrations a start compares with the database', () => {
  it('names every migration file once: a file left out would never run', () => {
    const files = readdirSync('server/db/migrations').flatMap((file) => /^(Migration\w+)\.ts$/.exec(file)?.[1] ?? []);
    const listed = MIGRATIONS.map((migration) => migration.name);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(files.sort());
  });

  it('loads, for each name, the class of that name', async () => {
    for (const { name, load } of MIGRATIONS) expect((await load()).name).toBe(name);
  });
});
