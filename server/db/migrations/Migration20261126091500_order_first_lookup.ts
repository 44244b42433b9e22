import { Migration } from '@mikro-orm/migrations';

/** A visit `v` listed order `o`: made after the order existed and before its window ended (orders/customer-lookups.ts). */
const LISTED = (v: string, o: string) =>
  `${v}.visited_at >= ${o}.created_at and ${v}.visited_at < ${o}.appointment + make_interval(secs => ${o}.duration)`;

/**
 * The orders (`o`) of the same customer as order `same`: postcode and house number in the Netherlands, phone
 * number in Belgium, the same country (orders/customer-lookups.ts). Two equi-joins, so a bulk statement can
 * hash them; `rows` names the rows that play `o`.
 */
const LISTED_ORDERS_OF_VISITS = (visits: string, rows: string) => `
  select o.id, v.visited_at from ${visits} v join orders same on same.id = v.order_id
    join ${rows} o on o.country = same.country and o.zipcode = same.zipcode and o.house_number = same.house_number
   where same.country = 'NL' and ${LISTED('v', 'o')}
  union all
  select o.id, v.visited_at from ${visits} v join orders same on same.id = v.order_id
    join ${rows} o on o.country = same.country and o.phone_normalized = same.phone_normalized
   where same.country = 'BE' and ${LISTED('v', 'o')}`;

/** Order `o` and order `same` belong to one customer (either country). */
const SAME_CUSTOMER = (o: string, same: string) =>
  `((${o}.country = 'NL' and ${same}.country = 'NL' and ${same}.zipcode = ${o}.zipcode
      and ${same}.house_number = ${o}.house_number)
    or (${o}.country = 'BE' and ${same}.country = 'BE' and ${same}.phone_normalized = ${o}.phone_normalized))`;

/**
 * "Informed?" as a column: `orders.first_lookup_at` is the first consumer lookup that listed the order (a visit
 * recorded on any order of the same customer, after the order was made and before its window ended), null when
 * none did. The order list's informed filter reads it through a partial index instead of working the rule out
 * per order (about 35 µs an order: a day of orders took 100 ms). Triggers keep it, so no write path (lookups in
 * batches, imports in SQL, order changes through the ORM) can forget it: new visits, new orders, a changed
 * window or customer (the lookups recorded on an order move with its address), and removed visits or orders.
 */
export class Migration20261126091500_order_first_lookup extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders" add column "first_lookup_at" timestamptz null;`);

    // Works the column out again for the given orders, from all lookups of their customers (equi-joins, so a
    // bulk change of many orders is hashed rather than looked up order by order).
    this.addSql(`create or replace function tijdvak_refresh_first_lookup(order_ids int[]) returns void
      language sql volatile as $$
        with targets as materialized (select * from orders where id = any(order_ids)),
        found as (select listed.id, min(listed.visited_at) as first_lookup_at
                    from (${LISTED_ORDERS_OF_VISITS('site_visits', 'targets')}) as listed group by listed.id)
        update orders target set first_lookup_at = found.first_lookup_at
        from targets left join found on found.id = targets.id
        where target.id = targets.id and target.first_lookup_at is distinct from found.first_lookup_at
      $$;`);

    // New lookups: every order of the same customer that they listed (a batch of visits is one statement).
    this.addSql(`create or replace function tijdvak_site_visits_added() returns trigger language plpgsql as $$
      begin
        update orders target set first_lookup_at = found.first_lookup_at
        from (select listed.id, min(listed.visited_at) as first_lookup_at
                from (${LISTED_ORDERS_OF_VISITS('added', 'orders')}) as listed group by listed.id) as found
        where target.id = found.id
          and (target.first_lookup_at is null or found.first_lookup_at < target.first_lookup_at);
        return null;
      end $$;`);
    this.addSql(`create trigger "site_visits_first_lookup_added" after insert on "site_visits"
      referencing new table as added for each statement execute function tijdvak_site_visits_added();`);

    this.addSql(`create or replace function tijdvak_site_visits_removed() returns trigger language plpgsql as $$
      begin
        perform tijdvak_refresh_first_lookup(array(
          select o.id from removed v join orders same on same.id = v.order_id
            join orders o on ${SAME_CUSTOMER('o', 'same')}));
        return null;
      end $$;`);
    this.addSql(`create trigger "site_visits_first_lookup_removed" after delete on "site_visits"
      referencing old table as removed for each statement execute function tijdvak_site_visits_removed();`);

    // A new order made "earlier" than lookups already recorded (an import, a back-dated order). Usually no lookup
    // was made since the earliest new order's creation, and the check through the visits' time index ends it.
    this.addSql(`create or replace function tijdvak_orders_added() returns trigger language plpgsql as $$
      declare
        since timestamptz := (select min(created_at) from added);
      begin
        if since is null or not exists (select 1 from site_visits where visited_at >= since) then
          return null;
        end if;
        update orders target set first_lookup_at = found.first_lookup_at
        from (select listed.id, min(listed.visited_at) as first_lookup_at
                from (${LISTED_ORDERS_OF_VISITS('(select * from site_visits where visited_at >= since)', 'added')})
                  as listed group by listed.id) as found
        where target.id = found.id;
        return null;
      end $$;`);
    this.addSql(`create trigger "orders_first_lookup_added" after insert on "orders"
      referencing new table as added for each statement execute function tijdvak_orders_added();`);

    // A changed window, creation time or customer: the order itself; and when the customer changed, the lookups
    // recorded on this order now belong to the new customer's orders and no longer to the old one's.
    // Its own update of the column comes back here with nothing to do: the check for an empty list ends it (an
    // update of no rows still fires a statement trigger).
    this.addSql(`create or replace function tijdvak_orders_changed() returns trigger language plpgsql as $$
      declare
        affected int[];
      begin
        affected := array(
          select a.id from after_change a join before_change b on b.id = a.id
           where (a.appointment, a.duration, a.created_at, a.country, a.zipcode, a.house_number, a.phone_normalized)
             is distinct from (b.appointment, b.duration, b.created_at, b.country, b.zipcode, b.house_number,
                               b.phone_normalized)
          union
          select o.id from after_change a join before_change b on b.id = a.id
            join orders o on ${SAME_CUSTOMER('o', 'a')} or ${SAME_CUSTOMER('o', 'b')}
           where (a.country, a.zipcode, a.house_number, a.phone_normalized)
             is distinct from (b.country, b.zipcode, b.house_number, b.phone_normalized)
             and exists (select 1 from site_visits v where v.order_id = a.id));
        if cardinality(affected) > 0 then
          perform tijdvak_refresh_first_lookup(affected);
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "orders_first_lookup_changed" after update on "orders"
      referencing old table as before_change new table as after_change
      for each statement execute function tijdvak_orders_changed();`);

    // A removed order takes its lookups with it (cascade): the other orders of its customer lose them.
    this.addSql(`create or replace function tijdvak_orders_removed() returns trigger language plpgsql as $$
      begin
        perform tijdvak_refresh_first_lookup(array(
          select o.id from removed r join orders o on ${SAME_CUSTOMER('o', 'r')}));
        return null;
      end $$;`);
    this.addSql(`create trigger "orders_first_lookup_removed" after delete on "orders"
      referencing old table as removed for each statement execute function tijdvak_orders_removed();`);

    // The lookups made so far.
    this.addSql(`update orders target set first_lookup_at = found.first_lookup_at
      from (select listed.id, min(listed.visited_at) as first_lookup_at
              from (${LISTED_ORDERS_OF_VISITS('site_visits', 'orders')}) as listed group by listed.id) as found
      where target.id = found.id;`);
    // The informed filter: informed orders by day, in the list's order; "not informed" is most orders, read from
    // the appointment index.
    this.addSql(
      `create index "orders_informed_appointment_idx" on "orders" ("appointment", "id") where "first_lookup_at" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "orders_first_lookup_removed" on "orders";`);
    this.addSql(`drop trigger if exists "orders_first_lookup_changed" on "orders";`);
    this.addSql(`drop trigger if exists "orders_first_lookup_added" on "orders";`);
    this.addSql(`drop trigger if exists "site_visits_first_lookup_removed" on "site_visits";`);
    this.addSql(`drop trigger if exists "site_visits_first_lookup_added" on "site_visits";`);
    for (const name of [
      'orders_removed',
      'orders_changed',
      'orders_added',
      'site_visits_removed',
      'site_visits_added',
    ]) {
      this.addSql(`drop function if exists tijdvak_${name}();`);
    }
    this.addSql(`drop function if exists tijdvak_refresh_first_lookup(int[]);`);
    this.addSql(`drop index if exists "orders_informed_appointment_idx";`);
    this.addSql(`alter table "orders" drop column if exists "first_lookup_at";`);
  }
}
