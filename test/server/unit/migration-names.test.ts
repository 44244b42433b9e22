import { describe, expect, it } from 'vitest';
import { migrationNames } from '../../../server/db/orm.js';
import { MIGRATIONS } from '../../../server/db/migrations/index.js';

describe('the migrations a start compares with the database', () => {
  it('are the files beside the list, each in the list once: a file left out of it would be loaded at every start', () => {
    const listed = MIGRATIONS.map((migration) => migration.name);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...migrationNames()].sort()).toEqual([...listed].sort());
  });
});
