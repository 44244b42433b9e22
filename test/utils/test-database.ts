import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('database').adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(inject('database').adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database for one test file: a clone of the migrated template, or empty (`migrated: false`). */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated === false ? 'template0' : inject('database').template;
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdminClient((client) => client.query(`create database ${name} template ${template}`));
      break;
    } catch (error) {
      // Two clones of one template at the same moment may collide; the next try succeeds.
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 100));
    }
  }
  return {
    url: urlOf(name),
    name,
    drop: () =>
      withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
