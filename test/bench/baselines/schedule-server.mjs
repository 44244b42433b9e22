// Baseline of the technician schedule benchmark: one query per request. A bare node:http server that
// takes the technician and the day from the query string (no token, no working-day rule) and runs
// the same statement as Tijdvak's schedule (the lock and the day's orders) with `pg` directly, prepared once per
// connection.
// Usage: node test/bench/baselines/schedule-server.mjs <database url> <port>; prints "listening" when ready.
import { createServer } from 'node:http';
import pg from 'pg';

const [databaseUrl, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const SCHEDULE_SQL = `
  select c.id is not null as locked, o.id, o.appointment, o.duration, o.name, o.zipcode, o.city, o.special
  from (select 1) as one
  left join schedule_confirmations c on c.technician_id = $1 and c.date = cast($2 as date)
  left join orders o on o.technician_id = $1 and o.appointment >= $3 and o.appointment < $4 and o.deleted_at is null
  order by o.appointment, o.id`;

const server = createServer(async (req, res) => {
  try {
    const query = new URL(req.url, 'http://localhost').searchParams;
    const { rows } = await pool.query({
      name: 'schedule_sql',
      text: SCHEDULE_SQL,
      values: [Number(query.get('technician')), query.get('date'), query.get('from'), query.get('to')],
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        date: query.get('date'),
        locked: rows[0]?.locked === true,
        orders: rows
          .filter((row) => row.id !== null)
          .map((row) => ({
            id: row.id,
            appointment: row.appointment,
            duration: row.duration,
            name: row.name,
            zipcode: row.zipcode,
            city: row.city,
            flag: row.special ? 1 : 0,
          })),
      }),
    );
  } catch {
    res.writeHead(400).end();
  }
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
