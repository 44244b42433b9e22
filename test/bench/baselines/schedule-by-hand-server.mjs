// By-hand baseline of the technician schedule benchmark: the same work as Tijdvak's legacy schedule call, written
// directly with node:http + pg + jsonwebtoken and nothing else. Per request: the bearer token verified (HS256
// pinned, expiry), the technician's session checked against the database (the row exists with the token's version),
// the next working day worked out (Sundays and the holidays, read once at start; Saturday is a working day), then the lock and the day's
// orders in one statement, answered in the legacy shape. Two statements, as one would write it by hand, each
// prepared once per connection.
// Usage: node test/bench/baselines/schedule-by-hand-server.mjs <database url> <jwt secret> <port>
import { createServer } from 'node:http';
import jwt from 'jsonwebtoken';
import pg from 'pg';

const [databaseUrl, secret, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const ZONE = { NL: 'Europe/Amsterdam', BE: 'Europe/Brussels' };

const SESSION_SQL = `select id, country from technicians where id = $1 and token_version = $2`;
const SCHEDULE_SQL = `
  select c.id is not null as locked, o.id, o.appointment, o.duration, o.name, o.zipcode, o.city, o.special
  from (select 1) as one
  left join schedule_confirmations c on c.technician_id = $1 and c.date = cast($2 as date)
  left join orders o on o.technician_id = $1 and o.appointment >= $3 and o.appointment < $4 and o.deleted_at is null
  order by o.appointment, o.id`;

const holidays = new Set(
  (await pool.query(`select country, to_char(date, 'YYYY-MM-DD') as date from holidays`)).rows.map(
    (row) => `${row.country}:${row.date}`,
  ),
);

/** The local date (YYYY-MM-DD) of an instant in a zone. */
const localDate = (instant, zone) => instant.toLocaleDateString('sv-SE', { timeZone: zone });
const addDays = (date, days) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The instant a local date starts in a zone (the zone's offset at noon that day; no change happens at midnight). */
function startOf(date, zone) {
  const noon = new Date(`${date}T12:00:00Z`);
  const local = new Date(noon.toLocaleString('en-US', { timeZone: zone }) + ' UTC');
  return new Date(Date.parse(`${date}T00:00:00Z`) - (local.getTime() - noon.getTime()));
}
function nextWorkingDay(country, today) {
  let date = addDays(today, 1);
  for (;;) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && !holidays.has(`${country}:${date}`)) return date;
    date = addDays(date, 1);
  }
}

const server = createServer(async (req, res) => {
  try {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    let claims;
    try {
      claims = jwt.verify(token, secret, { algorithms: ['HS256'] });
    } catch {
      res.writeHead(401).end();
      return;
    }
    const session = await pool.query({
      name: 'session_sql',
      text: SESSION_SQL,
      values: [Number(claims.sub), claims.ver],
    });
    const technician = session.rows[0];
    if (claims.role !== 'TECHNICIAN' || !technician) {
      res.writeHead(401).end();
      return;
    }
    const zone = ZONE[technician.country];
    const date = nextWorkingDay(technician.country, localDate(new Date(), zone));
    const { rows } = await pool.query({
      name: 'schedule_sql',
      text: SCHEDULE_SQL,
      values: [technician.id, date, startOf(date, zone), startOf(addDays(date, 1), zone)],
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        date,
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
    if (!res.headersSent) res.writeHead(400).end();
  }
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
