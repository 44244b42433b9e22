// Baseline of the CSV export benchmark: PostgreSQL writing the same rows as CSV itself,
// `COPY (SELECT ...) TO STDOUT`, with the export's join and order, read to the end by this process.
// Prints {"ms": <elapsed>, "bytes": <CSV size>}.
// Usage: node test/bench/baselines/copy-out.mjs <database url> <country>
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

const [databaseUrl, country] = process.argv.slice(2);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const started = performance.now();
const stream = client.query(
  copyTo(`copy (
    select o.reference_number, o.name, o.email, o.phone, o.zipcode, o.house_number, o.city, o.country,
           to_char(o.appointment at time zone 'Europe/Amsterdam', 'DD-MM-YYYY'),
           to_char(o.appointment at time zone 'Europe/Amsterdam', 'HH24:MI') || '/' ||
             to_char((o.appointment + o.duration * interval '1 second') at time zone 'Europe/Amsterdam', 'HH24:MI'),
           t.personal_number, o.special::int, o.external_company
    from orders o left join technicians t on t.id = o.technician_id
    where o.country = '${country === 'BE' ? 'BE' : 'NL'}' and o.deleted_at is null
    order by o.appointment, o.reference_number
  ) to stdout with (format csv, header true, delimiter ';')`),
);
let bytes = 0;
for await (const chunk of stream) bytes += chunk.length;
const ms = performance.now() - started;
await client.end();
process.stdout.write(`${JSON.stringify({ ms, bytes })}\n`);
