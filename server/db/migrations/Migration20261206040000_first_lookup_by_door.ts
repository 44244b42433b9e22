import { Migration } from '@mikro-orm/migrations';

/**
 * A Dutch lookup finds the visits of its own door only: the house number's addition counts (12, 12a and 12-2 are
 * three addresses; orders/repository/customer-lookups.ts). The triggers that keep `orders.first_lookup_at` name the
 * orders of one customer by the same rule, so a lookup at 12 no longer marks the order at 12a as informed. The
 * functions are those of Migration20261126091500_order_first_lookup with the addition in the Dutch condition (and
 * among the columns whose change moves lookups); the triggers keep calling them by name. Existing values are worked
 * out again: the rule is stricter, so only orders marked so far can change.
 */

/** An order's addition as a lookup compares it: without separators, in lower case. */
const DOOR = (o: string) => `lower(translate(coalesce(${o}.house_number_addition, ''), ' ./-', ''))`;

const LISTED = (v: string, o: string) =>
  `${v}.visited_at >= ${o}.created_at and ${v}.visited_at < ${o}.appointment + make_interval(secs => ${o}.duration)`;

function functions(byDoor: boolean): string[] {
  const sameDoor = (o: string, same: string) => (byDoor ? ` and ${DOOR(same)} = ${DOOR(o)}` : '');
  const listedOrdersOfVisits = (visits: string, rows: string) => `
    select o.id, v.visited_at from ${visits} v join orders same on same.id = v.order_id
      join ${rows} o on o.country = same.country and o.zipcode = same.zipcode and o.house_number = same.house_number
     where same.country = 'NL'${sameDoor('o', 'same')} and ${LISTED('v', 'o')}
    union all
    select o.id, v.visited_at from ${visits} v join orders same on same.id = v.order_id
      join ${rows} o on o.country = same.country and o.phone_normalized = same.phone_normalized
     where same.country = 'BE' and ${LISTED('v', 'o')}`;
  const sameCustomer = (o: string, same: string) =>
    `((${o}.country = 'NL' and ${same}.country = 'NL' and ${same}.zipcode = ${o}.zipcode
        and ${same}.house_number = ${o}.house_number${sameDoor(o, same)})
      or (${o}.country = 'BE' and ${same}.country = 'BE' and ${same}.phone_normalized = ${o}.phone_normalized))`;
  const customerColumns = (o: string) =>
    `${o}.country, ${o}.zipcode, ${o}.house_number, ${o}.phone_normalized${byDoor ? `, ${o}.house_number_addition` : ''}`;
  return [
    `create or replace function tijdvak_refresh_first_lookup(order_ids int[]) returns void
      language sql volatile as $$
        with targets as materialized (select * from orders where id = any(order_ids)),
        found as (select listed.id, min(listed.visited_at) as first_lookup_at
                    from (${listedOrdersOfVisits('site_visits', 'targets')}) as listed group by listed.id)
        update orders target set first_lookup_at = found.first_lookup_at
        from targets left join found on found.id = targets.id
        where target.id = targets.id and target.first_lookup_at is distinct from found.first_lookup_at
      $$;`,
    `create or replace function tijdvak_site_visits_added() returns trigger language plpgsql as $$
      begin
        update orders target set first_lookup_at = found.first_lookup_at
        from (select listed.id, min(listed.visited_at) as first_lookup_at
                from (${listedOrdersOfVisits('added', 'orders')}) as listed group by listed.id) as found
        where target.id = found.id
          and (target.first_lookup_at is null or found.first_lookup_at < target.first_lookup_at);
        return null;
      end $$;`,
    `create or replace function tijdvak_site_visits_removed() returns trigger language plpgsql as $$
      begin
        perform tijdvak_refresh_first_lookup(array(
          select o.id from removed v join orders same on same.id = v.order_id
            join orders o on ${sameCustomer('o', 'same')}));
        return null;
      end $$;`,
    `create or replace function tijdvak_orders_added() returns trigger language plpgsql as $$
      declare
        since timestamptz := (select min(created_at) from added);
      begin
        if since is null or not exists (select 1 from site_visits where visited_at >= since) then
          return null;
        end if;
        update orders target set first_lookup_at = found.first_lookup_at
        from (select listed.id, min(listed.visited_at) as first_lookup_at
                from (${listedOrdersOfVisits('(select * from site_visits where visited_at >= since)', 'added')})
                  as listed group by listed.id) as found
        where target.id = found.id;
        return null;
      end $$;`,
    `create or replace function tijdvak_orders_changed() returns trigger language plpgsql as $$
      declare
        affected int[];
      begin
        affected := array(
          select a.id from after_change a join before_change b on b.id = a.id
           where (a.appointment, a.duration, a.created_at, ${customerColumns('a')})
             is distinct from (b.appointment, b.duration, b.created_at, ${customerColumns('b')})
          union
          select o.id from after_change a join before_change b on b.id = a.id
            join orders o on ${sameCustomer('o', 'a')} or ${sameCustomer('o', 'b')}
           where (${customerColumns('a')}) is distinct from (${customerColumns('b')})
             and exists (select 1 from site_visits v where v.order_id = a.id));
        if cardinality(affected) > 0 then
          perform tijdvak_refresh_first_lookup(affected);
        end if;
        return null;
      end $$;`,
    `create or replace function tijdvak_orders_removed() returns trigger language plpgsql as $$
      begin
        perform tijdvak_refresh_first_lookup(array(
          select o.id from removed r join orders o on ${sameCustomer('o', 'r')}));
        return null;
      end $$;`,
  ];
}

const RECOUNT = `select tijdvak_refresh_first_lookup(array(select id from orders where first_lookup_at is not null));`;

export class Migration20261206040000_first_lookup_by_door extends Migration {
  override async up(): Promise<void> {
    for (const sql of functions(true)) this.addSql(sql);
    this.addSql(RECOUNT);
  }

  override async down(): Promise<void> {
    for (const sql of functions(false)) this.addSql(sql);
    // The looser rule marks more orders: every order is worked out again.
    this.addSql(`select tijdvak_refresh_first_lookup(array(select id from orders));`);
  }
}
