import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { Admin } from '../../../server/admins/admin.entity.js';
import { ConsumerMessage, MessageChannel, MessageStatus } from '../../../server/messages/consumer-message.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';
import { Technician } from '../../../server/technicians/technician.entity.js';
import { publishMessagesNow } from '../../utils/consumer-messages.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload } from '../../utils/upload.js';

/**
 * Address-list syntax that a mail library reads as other recipients than the text shows: a list, a display name
 * with another address, a comment, quotes. Each was taken by the old rule (something, `@`, a domain with a dot) or
 * names another mailbox than the one a masked notice or an unsubscribe would name.
 */
const HOSTILE_EMAILS = [
  'a,b,c,attacker@evil.example',
  'victim<attacker@evil.example>',
  'victim<attacker@evil.example',
  'x;y@evil.example',
  'victim(attacker@evil.example)@example.test',
  '"victim@example.test"@evil.example',
  'victim@example.test,attacker@evil.example',
];

/** Names that show in another order than stored: each bidirectional override, embedding and isolate. */
const HOSTILE_NAMES = [
  'Jan \u202Eznaj',
  'Jan \u202Aznaj',
  'Jan \u202Dznaj',
  'Jan \u2066znaj\u2069',
  'Jan \u2067x',
  'Jan \u2068x',
];

const DUTCH_EMAIL = 'Dit is geen geldig e-mailadres.';
const FRENCH_EMAIL = "Ce n'est pas une adresse e-mail valable.";
const DUTCH_NAME =
  'Deze naam bevat tekens die hier niet kunnen, zoals een tab, een regeleinde of een stuurteken voor de leesrichting.';
const FRENCH_NAME =
  'Ce nom contient des caractères non admis ici, comme une tabulation, un saut de ligne ou un caractère de contrôle du sens de lecture.';

interface FieldError {
  field: string;
  message: string;
}
interface GraphQLAnswer {
  errors?: { extensions?: { code?: string; fields?: FieldError[] } }[];
}

const CREATE_ORDER = /* GraphQL */ `
  mutation CreateOrder($input: CreateOrderInput!) {
    createOrder(input: $input) {
      id
    }
  }
`;
const CREATE_TECHNICIAN = /* GraphQL */ `
  mutation CreateTechnician($input: CreateTechnicianInput!) {
    createTechnician(input: $input) {
      id
    }
  }
`;
const UPDATE_TECHNICIAN = /* GraphQL */ `
  mutation UpdateTechnician($id: Int!, $input: UpdateTechnicianInput!) {
    updateTechnician(id: $id, input: $input) {
      id
    }
  }
`;
const CREATE_ADMIN = /* GraphQL */ `
  mutation CreateAdmin($input: AdminInput!) {
    createAdmin(input: $input) {
      id
    }
  }
`;
const IMPORT = /* GraphQL */ `
  mutation Import($country: Country!, $file: Upload!) {
    importOrders(country: $country, file: $file) {
      __typename
      ... on ImportRowErrors {
        errors {
          line
          column
          message
        }
      }
    }
  }
`;

/** Tuesday 1 December 2026, 14:00 in Amsterdam: Wednesday's windows are shown, so its orders are told at once. */
const NOW = new Date('2026-12-01T13:00:00Z');
const WEDNESDAY_9 = new Date('2026-12-02T08:00:00Z');

let sequence = 0;

describe('one plain e-mail address and names without bidirectional controls, through every door', () => {
  let server: TestServer;
  let token: string;
  let technician: Technician;

  beforeAll(async () => {
    server = await startTestServer();
    server.services.clock.travelTo(NOW);
    token = tokensFor(server).admin(await createAdmin(server.em()));
    technician = await createTechnician(server.em(), { personalNumber: 'N8100' });
  });
  afterAll(() => server?.stop());

  const orderInput = (overrides: Record<string, unknown>) => ({
    referenceNumber: `PLAIN-${++sequence}`,
    name: 'Anna de Boer',
    email: 'anna@example.test',
    phone: '06 12345678',
    zipcode: '1234 AB',
    houseNumber: '12',
    city: 'Utrecht',
    appointment: WEDNESDAY_9.toISOString(),
    technician: 'N8100',
    ...overrides,
  });
  const fieldsOf = (body: GraphQLAnswer) => {
    expect(body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    return body.errors?.[0].extensions?.fields ?? [];
  };
  const orderCount = () => server.em().count(Order, {}, INCLUDING_DELETED);

  it('createOrder refuses each hostile address and name with the field and its text, writes nothing, takes a plain one', async () => {
    const before = await orderCount();
    for (const email of HOSTILE_EMAILS) {
      const { status, body } = await server.graphql(CREATE_ORDER, { input: orderInput({ email }) }, { token });
      expect(status, email).toBe(200);
      expect(fieldsOf(body), email).toEqual([{ field: 'email', message: DUTCH_EMAIL }]);
    }
    for (const name of HOSTILE_NAMES) {
      const { body } = await server.graphql(CREATE_ORDER, { input: orderInput({ name }) }, { token });
      expect(fieldsOf(body), name).toEqual([{ field: 'name', message: DUTCH_NAME }]);
    }
    const french = await server.graphql(
      CREATE_ORDER,
      { input: orderInput({ email: HOSTILE_EMAILS[1], name: HOSTILE_NAMES[0] }) },
      { token, headers: { 'accept-language': 'fr' } },
    );
    expect(fieldsOf(french.body)).toEqual([
      { field: 'name', message: FRENCH_NAME },
      { field: 'email', message: FRENCH_EMAIL },
    ]);
    expect(await orderCount()).toBe(before);

    // A plain address with the punctuation real addresses have is still taken, stored as it is sent.
    const { body } = await server.graphql<{ createOrder: { id: number } }>(
      CREATE_ORDER,
      { input: orderInput({ email: " O'Brien+repair@Mail.Example.test " }) },
      { token },
    );
    expect(body.errors).toBeUndefined();
    const order = await server.em().findOneOrFail(Order, body.data!.createOrder.id);
    expect(order.email).toBe("o'brien+repair@mail.example.test");
  });

  it('the legacy REST call refuses them as BAD_USER_INPUT (400), never a server error, and writes nothing', async () => {
    const before = await orderCount();
    const legacyForm = (overrides: Record<string, string>) => ({
      name: 'Piet Bakker',
      email: 'piet@example.test',
      city: 'Amsterdam',
      house_number: '4',
      zipcode: '1011AB',
      appointment: String(WEDNESDAY_9.getTime() / 1000),
      duration: '10800',
      reference_number: `PLAIN-LEG-${++sequence}`,
      flag: '0',
      phone: '020 1234567',
      ...overrides,
    });
    for (const form of [
      ...HOSTILE_EMAILS.map((email) => legacyForm({ email })),
      ...HOSTILE_NAMES.map((name) => legacyForm({ name })),
    ]) {
      const answer = await server.rest('POST', '/api/admin/appointment/create', { token, form });
      expect(answer, JSON.stringify(form)).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
    }
    for (const [path, form] of [
      ['/api/admin/technician', { firstname: 'Kees', lastname: 'Vos', personalNumber: 'N8101' }],
      ['/api/admin/user', { firstname: 'Kees', lastname: 'Vos' }],
    ] as const) {
      for (const email of HOSTILE_EMAILS) {
        const answer = await server.rest('POST', path, { token, form: { ...form, email } });
        expect(answer, `${path} ${email}`).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
      }
      const bidi = await server.rest('POST', path, {
        token,
        form: { ...form, email: 'kees@example.test', lastname: HOSTILE_NAMES[0] },
      });
      expect(bidi).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT' } });
    }
    expect(await orderCount()).toBe(before);
    expect(await server.em().count(Technician, { personalNumber: 'N8101' })).toBe(0);
    expect(await server.em().count(Admin, { lastname: 'Vos' })).toBe(0);
  });

  it('technicians and admins: create and edit refuse hostile addresses and names, per field, and change nothing', async () => {
    const technicianInput = (overrides: Record<string, string>) => ({
      firstname: 'Kees',
      lastname: 'Vos',
      email: 'kees.vos@example.test',
      personalNumber: 'N8102',
      ...overrides,
    });
    const adminInput = (overrides: Record<string, string>) => ({
      firstname: 'Kees',
      lastname: 'Vos',
      email: 'kees.admin@example.test',
      ...overrides,
    });
    const updateInput = (overrides: Record<string, string>): Record<string, string | number> => ({
      firstname: technician.firstname,
      lastname: technician.lastname,
      email: technician.email,
      startingTime: 8,
      ...overrides,
    });
    for (const email of HOSTILE_EMAILS) {
      for (const [query, variables] of [
        [CREATE_TECHNICIAN, { input: technicianInput({ email }) }],
        [CREATE_ADMIN, { input: adminInput({ email }) }],
        [UPDATE_TECHNICIAN, { id: technician.id, input: updateInput({ email }) }],
      ] as const) {
        const { body } = await server.graphql(query, variables, { token });
        expect(fieldsOf(body), email).toEqual([{ field: 'email', message: DUTCH_EMAIL }]);
      }
    }
    for (const name of HOSTILE_NAMES) {
      for (const [query, variables] of [
        [CREATE_TECHNICIAN, { input: technicianInput({ firstname: name }) }],
        [CREATE_ADMIN, { input: adminInput({ lastname: name }) }],
        [UPDATE_TECHNICIAN, { id: technician.id, input: updateInput({ firstname: name }) }],
      ] as const) {
        const { body } = await server.graphql(query, variables, { token });
        expect(
          fieldsOf(body).map((problem) => problem.message),
          name,
        ).toEqual([DUTCH_NAME]);
      }
    }
    const french = await server.graphql(
      CREATE_ADMIN,
      { input: adminInput({ email: HOSTILE_EMAILS[0], firstname: HOSTILE_NAMES[3] }) },
      { token, headers: { 'accept-language': 'fr' } },
    );
    expect(fieldsOf(french.body)).toEqual([
      { field: 'firstname', message: FRENCH_NAME },
      { field: 'email', message: FRENCH_EMAIL },
    ]);
    const em = server.em();
    expect(await em.count(Technician, { personalNumber: 'N8102' })).toBe(0);
    expect(await em.count(Admin, { lastname: 'Vos' })).toBe(0);
    const unchanged = await em.findOneOrFail(Technician, technician.id, { refresh: true });
    expect([unchanged.firstname, unchanged.email]).toEqual([technician.firstname, technician.email]);
  });

  it('the CSV import reports each hostile row in its line and column, in the language asked, and writes no order', async () => {
    const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
    const header = 'reference_number;name;email;phone;zipcode;house_number;city;date;time;technician';
    const rows = [
      ...HOSTILE_EMAILS.map((email) => ({ name: 'Anna de Boer', email })),
      ...HOSTILE_NAMES.map((name) => ({ name, email: 'anna@example.test' })),
    ];
    const file = [
      header,
      'CSV-OK;Els Smit;els@example.test;0612345679;5611 JK;150;Eindhoven;02-12-2026;08:00/11:00;',
      ...rows.map(
        (row, index) =>
          `CSV-${index};${quote(row.name)};${quote(row.email)};06 12345678;1234 AB;12;Utrecht;02-12-2026;08:00/11:00;`,
      ),
    ].join('\r\n');
    const importAs = (language: string) =>
      postGraphQLUpload<{
        importOrders: { __typename: string; errors: { line: number; column: string | null; message: string }[] };
      }>(
        server.url,
        IMPORT,
        { country: 'NL' },
        'file',
        { name: 'orders.csv', content: `${file}\r\n` },
        { token, headers: { 'accept-language': language } },
      );
    const before = await orderCount();
    const dutch = (await importAs('nl')).body;
    expect(dutch.errors).toBeUndefined();
    expect(dutch.data?.importOrders.__typename).toBe('ImportRowErrors');
    expect(dutch.data?.importOrders.errors).toEqual(
      rows.map((row, index) =>
        row.email === 'anna@example.test'
          ? { line: index + 3, column: 'name', message: DUTCH_NAME }
          : { line: index + 3, column: 'email', message: DUTCH_EMAIL },
      ),
    );
    const french = (await importAs('fr')).body;
    expect(french.data?.importOrders.errors[0]).toEqual({ line: 3, column: 'email', message: FRENCH_EMAIL });
    expect(await orderCount()).toBe(before);
  });
});

/** A real SMTP server that keeps each mail's envelope recipients (RCPT TO), which is where a mail really goes. */
async function startRecordingSmtp() {
  const recipients: string[] = [];
  let sessions = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      recipients.push(address.address);
      callback();
    },
    onData(stream, _session, callback) {
      stream.on('end', () => {
        sessions += 1;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    recipients,
    mails: () => sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the mail goes to exactly the stored address, and a stored list reaches nobody', () => {
  let smtp: Awaited<ReturnType<typeof startRecordingSmtp>>;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startRecordingSmtp();
    server = await startTestServer({
      env: { SMTP_URL: smtp.url, JOB_POLL_INTERVAL_MS: '300', CLOCK_NOW: NOW.toISOString() },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('one RCPT TO for a valid order; hostile values stored before the rule was strict are failed, never sent', async () => {
    const em = server.em();
    // Written straight into the database, as an older version of the rule let them in.
    const valid = await createOrder(em, { appointment: WEDNESDAY_9, email: 'anna.de.boer@example.test', phone: '' });
    const hostile = await Promise.all(
      ['victim@example.test,attacker@evil.example', 'victim<attacker@evil.example>', 'x;attacker@evil.example'].map(
        (email) => createOrder(server.em(), { appointment: WEDNESDAY_9, email, phone: '' }),
      ),
    );
    await publishMessagesNow(server);
    const settled = (order: Order) =>
      waitFor(`the mail of order ${order.id}`, async () => {
        const message = await server
          .em()
          .findOne(ConsumerMessage, { order: order.id, channel: MessageChannel.EMAIL }, { refresh: true });
        return message && message.status !== MessageStatus.QUEUED ? message : undefined;
      });
    const sent = await settled(valid);
    expect(sent.status).toBe(MessageStatus.SENT);
    for (const order of hostile) {
      const message = await settled(order);
      expect([message.status, message.failureCode], order.email).toEqual([
        MessageStatus.FAILED,
        'SMTP_RECIPIENT_REFUSED',
      ]);
      expect(message.lastError).not.toContain('attacker');
    }
    expect(smtp.recipients).toEqual(['anna.de.boer@example.test']);
    expect(smtp.mails()).toBe(1);
  });
});
