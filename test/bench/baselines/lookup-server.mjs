// Baseline of the consumer lookup benchmark: the least a server can do for the same answer. A bare
// node:http server that reads the JSON body, normalises the postcode, runs the same indexed query
// as Tijdvak's lookup with `pg` directly (a pool of 10, like ours) and answers the order ids.
// No framework, no GraphQL, no rate limit, no token, no statistics. The statement is prepared once per connection
// (named), as Tijdvak's are when it reaches PostgreSQL directly.
// Usage: node test/bench/baselines/lookup-server.mjs <database url> <port>; prints "listening" when ready.
import { createServer } from 'node:http';
import pg from 'pg';

const [databaseUrl, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

// The statement MikroORM issues for ConsumerService.lookUp (the orders_address_lookup_idx index).
const LOOKUP_SQL = `select o0.* from orders as o0
  where o0.zipcode = $1 and o0.house_number = $2 and o0.country = $3 and o0.deleted_at is null and o0.appointment >= $4
  order by o0.appointment asc, o0.id asc limit 20`;

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
      const { rows } = await pool.query({
        name: 'lookup_sql',
        text: LOOKUP_SQL,
        values: [zipcode, houseNumber, input.country, startOfToday()],
      });
      res.writeHead(rows.length ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ orders: rows.map((row) => row.id) }));
    } catch {
      res.writeHead(400).end();
    }
  });
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
