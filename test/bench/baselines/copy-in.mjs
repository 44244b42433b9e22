// Baseline of the CSV import benchmark: the same orders written by PostgreSQL's own bulk path,
// `COPY orders (...) FROM STDIN`, streamed from a file already in the table's format (no checks,
// no windows, no upsert). Prints {"ms": <elapsed>}.
// Usage: node test/bench/baselines/copy-in.mjs <database url> <file>
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const [databaseUrl, file] = process.argv.slice(2);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const started = performance.now();
await pipeline(
  createReadStream(file),
  client.query(
    copyFrom(`copy orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city, country,
                           appointment, duration, technician_id, special, created_at, updated_at)
              from stdin with (format csv, header true, delimiter ';')`),
  ),
);
const ms = performance.now() - started;
await client.end();
process.stdout.write(`${JSON.stringify({ ms })}\n`);
