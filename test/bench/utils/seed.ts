import pg from 'pg';

export interface SeedOrdersOptions {
  count: number;
  /** Reference numbers are `<prefix>-<n>`; a second seed needs another prefix. */
  prefix?: string;
  /** Every order in this country; by default two in three NL, one in three BE. */
  country?: 'NL' | 'BE';
  /** Rows per statement (each statement stays well inside the statement timeout). */
  slice?: number;
}

/** Runs SQL against a database URL on one connection. */
export async function withPg<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Orders made by generate_series in the database (seconds for hundreds of thousands). NL order n
 * lives at postcode `<1000 + n / 100>AB`, house number `n % 100 + 1`; BE order n has phone number
 * `+32 470 <n>`. Appointments spread from 90 days ago to 60 days ahead, in steps of a minute.
 */
export async function seedOrders(url: string, options: SeedOrdersOptions): Promise<void> {
  const prefix = options.prefix ?? 'BENCH';
  const slice = options.slice ?? 250_000;
  const country = options.country ? `'${options.country}'` : `(case when g % 3 = 0 then 'BE' else 'NL' end)`;
  await withPg(url, async (client) => {
    for (let first = 1; first <= options.count; first += slice) {
      const last = Math.min(options.count, first + slice - 1);
      await client.query(
        `insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city, country,
                             appointment, duration, created_at, updated_at)
         select '${prefix}-' || g, 'Klant ' || g, 'klant' || g || '@example.test', '+32 470 ' || g, '32470' || g,
                (1000 + g / 100) || 'AB', g % 100 + 1, 'Utrecht', ${country}::country,
                date_trunc('hour', now()) - interval '90 days' + (g % 216000) * interval '1 minute', 10800, now(), now()
           from generate_series(${first}, ${last}) as g`,
      );
    }
    // What autovacuum does soon after a bulk load: planner statistics and the visibility map.
    await client.query('vacuum analyze orders');
  });
}
