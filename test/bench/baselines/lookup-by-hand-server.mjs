// By-hand baseline of the consumer lookup benchmark: the same work as Tijdvak's lookup, written directly with
// node:http + pg and nothing else. Per request: both rate limits counted (the same chained upserts on
// rate_limit_buckets, keys HMAC'd), the orders read with the same indexed query, the answer sent, then the visit
// recorded with one INSERT of its own. No framework, no GraphQL, no token. Statements prepared once per connection.
// Usage: node test/bench/baselines/lookup-by-hand-server.mjs <database url> <port>; prints "listening" when ready.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const [databaseUrl, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const SECRET = 'by-hand-baseline';
const LIMITS = [
  { name: 'LOOKUP_PER_CLIENT', points: 1_000_000_000, windowSeconds: 900 },
  { name: 'LOOKUP_PER_ADDRESS', points: 1_000_000_000, windowSeconds: 900 },
];

const LIMITS_SQL = `with step0 as (
    insert into rate_limit_buckets as b (key, hits, window_ends_at) values ($1::varchar, 1, $2::timestamptz)
    on conflict (key) do update set
      hits = case when b.window_ends_at <= $5::timestamptz then 1 else b.hits + 1 end,
      window_ends_at = case when b.window_ends_at <= $5::timestamptz then excluded.window_ends_at else b.window_ends_at end
    returning hits, window_ends_at),
  step1 as (
    insert into rate_limit_buckets as b (key, hits, window_ends_at)
      select $3::varchar, 1, $4::timestamptz from step0 where step0.hits <= $6::int
    on conflict (key) do update set
      hits = case when b.window_ends_at <= $5::timestamptz then 1 else b.hits + 1 end,
      window_ends_at = case when b.window_ends_at <= $5::timestamptz then excluded.window_ends_at else b.window_ends_at end
    returning hits, window_ends_at)
  select 0 as step, hits from step0 union all select 1 as step, hits from step1`;
const LOOKUP_SQL = `select id, appointment, external_company from orders
  where zipcode = $1 and house_number = $2 and country = $3 and deleted_at is null and appointment >= $4
  order by appointment asc, id asc limit 20`;
const VISIT_SQL = `insert into site_visits (order_id, visited_at, user_agent, browser, os)
  values ($1, $2, $3, 'Chrome', 'Android')`;

const keyOf = (name, key) => `${name}:${createHmac('sha256', SECRET).update(key).digest('base64url')}`;

function startOfToday() {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return today;
}

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', async () => {
    try {
      const input = JSON.parse(body);
      const zipcode = String(input.zipcode).replace(/\s+/g, '').toUpperCase();
      const houseNumber = Number.parseInt(String(input.houseNumber), 10);
      const now = new Date();
      const windowEnd = (limit) => new Date(now.getTime() + limit.windowSeconds * 1000);
      const limits = await pool.query({
        name: 'limits_sql',
        text: LIMITS_SQL,
        values: [
          keyOf(LIMITS[0].name, req.socket.remoteAddress ?? ''),
          windowEnd(LIMITS[0]),
          keyOf(LIMITS[1].name, `NL:${zipcode}:${houseNumber}`),
          windowEnd(LIMITS[1]),
          now,
          LIMITS[0].points,
        ],
      });
      if (limits.rows.some((row) => row.hits > LIMITS[row.step].points)) {
        res.writeHead(429).end();
        return;
      }
      const { rows } = await pool.query({
        name: 'lookup_sql',
        text: LOOKUP_SQL,
        values: [zipcode, houseNumber, input.country, startOfToday()],
      });
      res.writeHead(rows.length ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ orders: rows.map((row) => row.id) }));
      if (rows.length)
        await pool.query({
          name: 'visit_sql',
          text: VISIT_SQL,
          values: [rows[0].id, now, String(req.headers['user-agent'] ?? '').slice(0, 512)],
        });
    } catch {
      if (!res.headersSent) res.writeHead(400).end();
    }
  });
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
