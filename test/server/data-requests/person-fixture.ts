import type { EntityManager } from '@mikro-orm/postgresql';
import type { Order } from '../../../server/orders/order.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createOrder } from '../../utils/factories.js';
import type { TestServer } from '../../utils/test-server.js';
import { writeRating, writeVisitStatus } from '../../utils/visit-day.js';

/** A person whose data is in every table that can hold it; the words below are found nowhere else. */
export interface Person {
  name: string;
  email: string;
  /** As the first order stores it, and as the second. */
  phones: [string, string];
  street: string;
  city: string;
  /** Free texts the person and the office wrote about them. */
  notes: string[];
}

export const personNamed = (word: string): Person => ({
  name: `Henriëtte ${word}-Quist`,
  email: `H.${word}@Voorbeeld.test`,
  phones: ['+31612345678', '06-12 34 56 78'],
  street: `${word}laan`,
  city: `${word}stad`,
  notes: [`Bel bij ${word} aan`, `${word} was erg tevreden`, `Sleutel bij buren van ${word}`, `${word} belde terug`],
});

/** What a column may not hold once the person is erased: every way their name, address and number are written. */
export function tracesOf(person: Person): string[] {
  const word = person.street.replace(/laan$/, '').toLowerCase();
  return [word, person.email.toLowerCase(), '612345678', '12 34 56 78', 'quist'];
}

const execute = (em: EntityManager, sql: string, params: unknown[]) => em.getConnection().execute(sql, params, 'run');

/**
 * Two finished visits of the person at one door in November (the first left unrepaired, so the second is a follow-up
 * the figures tell apart), each with a reply, a rating, a call, messages, lookups, a mail read, a text message and the
 * order's history: everything the erase must empty.
 */
export async function arrangePerson(
  server: TestServer,
  person: Person,
  technician: Technician,
  appointments: [Date, Date],
): Promise<Order[]> {
  const em = server.em();
  const orders: Order[] = [];
  for (const [index, appointment] of appointments.entries()) {
    const order = await createOrder(em, {
      name: person.name,
      email: person.email,
      phone: person.phones[index],
      zipcode: '9999 ZZ',
      houseNumber: '77',
      houseNumberAddition: 'b',
      street: person.street,
      city: person.city,
      technician,
      appointment,
      createdAt: new Date(appointment.getTime() - 20 * 86_400_000),
    });
    const end = new Date(appointment.getTime() + 3600_000);
    await writeVisitStatus(em, order, {
      stage: 'FINISHED',
      arrivedAt: new Date(appointment.getTime() + 1800_000),
      finishedAt: end,
      outcome: index === 0 ? 'FOLLOW_UP_PARTS' : 'REPAIRED',
    });
    await execute(em, `update visit_statuses set note = ? where order_id = ?`, [person.notes[3], order.id]);
    await writeRating(em, order, 4 + index, end);
    await execute(em, `update visit_ratings set comment = ? where order_id = ?`, [person.notes[1], order.id]);
    await execute(
      em,
      `insert into consumer_replies (order_id, answer, access_note, created_at, updated_at) values (?, ?, ?, ?, ?)`,
      [order.id, index === 0 ? 'AT_HOME' : null, person.notes[0], appointment, appointment],
    );
    await execute(
      em,
      `insert into order_calls (order_id, call_date, status, note, set_at, set_by_name) values (?, ?, 'REACHED', ?, ?, 'Ad Min')`,
      [order.id, appointment.toISOString().slice(0, 10), person.notes[2], appointment],
    );
    for (const [channel, recipient] of [
      ['EMAIL', person.email.toLowerCase()],
      ['SMS', '+31612345678'],
    ] as const) {
      await execute(
        em,
        `insert into consumer_messages (order_id, kind, channel, window_start, window_seconds, recipient, language,
           status, tries, last_error, created_at, sent_at)
         values (?, 'WINDOW', ?, ?, 10800, ?, 'nl', 'SENT', 1, ?, ?, ?)`,
        [order.id, channel, appointment, recipient, `550 ${recipient} was slow`, appointment, appointment],
      );
    }
    await execute(
      em,
      `insert into site_visits (visited_at, order_id, user_agent, browser, os) values (?, ?, ?, 'Firefox', 'Linux')`,
      [appointment, order.id, `Mozilla/5.0 (${person.street}) Firefox/140.0`],
    );
    await execute(em, `insert into mail_opens (opened_at, order_id) values (?, ?)`, [appointment, order.id]);
    await execute(
      em,
      `insert into inbound_sms (message_sid, sender_hash, received_at, order_id, action) values (?, ?, ?, ?, 'AT_HOME')`,
      [`SM${order.id}${'0'.repeat(30)}`.slice(0, 34), 'h'.repeat(43), appointment, order.id],
    );
    await execute(
      em,
      `insert into order_events (order_id, occurred_at, kind, actor_type, actor_name, before, after)
       values (?, ?, 'ADDRESS_CHANGED', 'ADMIN', 'Ad Min', ?::jsonb, ?::jsonb)`,
      [
        order.id,
        appointment,
        JSON.stringify({ street: 'Oudeweg', city: 'Elders', name: person.name }),
        JSON.stringify({ street: person.street, city: person.city, phone: person.phones[index], special: false }),
      ],
    );
    orders.push(order);
  }
  return orders;
}

/** The columns of every table, in every schema, where a text can be: text, varchar, char, json and arrays. */
export async function columnsHolding(server: TestServer, traces: string[]): Promise<string[]> {
  const connection = server.em().getConnection();
  const columns = await connection.execute<{ table_schema: string; table_name: string; column_name: string }[]>(
    `select c.table_schema, c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema not in ('pg_catalog', 'information_schema') and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
             or c.udt_name in ('citext'))`,
  );
  const patterns = `{${traces.map((trace) => `"%${trace}%"`).join(',')}}`;
  const found: string[] = [];
  for (const column of columns) {
    const rows = await connection.execute<{ n: string }[]>(
      `select count(*) as n from "${column.table_schema}"."${column.table_name}"
        where lower("${column.column_name}"::text) like any(?::text[])`,
      [patterns],
    );
    if (Number(rows[0].n) > 0) found.push(`${column.table_schema}.${column.table_name}.${column.column_name}`);
  }
  return found;
}

/**
 * The technician's record of the order's visit, its notes naming the person, signed and with a photo whose files are
 * in the server's file storage. Resolves to the keys of the stored files.
 */
export async function arrangeVisitRecord(server: TestServer, person: Person, order: Order): Promise<string[]> {
  const em = server.em();
  const at = new Date(order.appointment.getTime() + 3000_000);
  const keys = [`visit/${order.id}/signature.png`, `visit/${order.id}/photo.jpg`, `visit/${order.id}/photo-thumb.jpg`];
  for (const key of keys) await server.services.files.put(key, Buffer.from(`file ${key}`), 'image/jpeg');
  await execute(
    em,
    `insert into visit_records (order_id, appliance_brand, appliance_model, parts_used, parts_needed, office_note,
       consumer_note, signature_key, signature_client_id, signed_at, updated_at)
     values (?, 'Miele', 'W1', ?, '[]', ?, ?, ?, ?, ?, ?)`,
    [
      order.id,
      JSON.stringify([{ name: 'Pomp', articleNumber: 'A-1', quantity: 1 }]),
      `${person.name} belt op ${person.phones[0]}`,
      `Beste ${person.name}, de pomp is vervangen.`,
      keys[0],
      `sig-${order.id}`,
      at,
      at,
    ],
  );
  await execute(
    em,
    `insert into visit_photos (order_id, client_id, kind, for_consumer, file_key, thumbnail_key, width, height, created_at)
     values (?, ?, 'BEFORE', true, ?, ?, 1600, 1200, ?)`,
    [order.id, `photo-${order.id}`, keys[1], keys[2], at],
  );
  return keys;
}
