import { settleConsumerMessages } from '../../utils/consumer-messages.js';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { personalLinkUrls } from '../../../server/consumer-links/personal-link.js';
import { isUnsubscribed } from '../../../server/consumer-links/unsubscribes.js';
import { Order } from '../../../server/orders/order.entity.js';
import { SiteVisit } from '../../../server/statistics/site-visit.entity.js';
import { MessageSetting } from '../../../server/message-settings/message-setting.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

/** Tuesday afternoon: the windows of Wednesday's visits are shown since 13:30. */
const NOW = '2026-11-24T15:00:00+01:00';
const WEDNESDAY = new Date('2026-11-25T09:00:00+01:00');
const TUESDAY = new Date('2026-11-24T09:00:00+01:00');
const MONDAY = new Date('2026-11-23T09:00:00+01:00');

const OPEN = /* GraphQL */ `
  mutation ($token: String!, $countsAsSiteVisit: Boolean! = true) {
    openPersonalLink(token: $token, countsAsSiteVisit: $countsAsSiteVisit) {
      __typename
      ... on PersonalLinkOpened {
        dataToken
        country
        language
      }
      ... on PersonalLinkRefused {
        reason
        orderCountry
        orderLanguage
      }
    }
  }
`;

const UNSUBSCRIBE = /* GraphQL */ `
  mutation ($token: String!) {
    unsubscribeByPersonalLink(token: $token) {
      __typename
      ... on EmailUnsubscribed {
        maskedEmail
        language
      }
      ... on PersonalLinkRefused {
        reason
      }
    }
  }
`;

const VISITS = /* GraphQL */ `
  query {
    consumerVisits {
      referenceNumber
      windowAvailable
      windowShownFrom
      messageNotice {
        email
        mobile
      }
    }
  }
`;

const CALENDAR = /* GraphQL */ `
  query ($referenceNumber: String!) {
    visitCalendar(referenceNumber: $referenceNumber) {
      fileName
    }
  }
`;

interface OpenResult {
  openPersonalLink: {
    __typename: 'PersonalLinkOpened' | 'PersonalLinkRefused';
    dataToken?: string;
    reason?: string;
    country?: Country;
    language?: string;
    orderCountry?: Country | null;
    orderLanguage?: string | null;
  };
}

interface VisitsResult {
  consumerVisits: {
    referenceNumber: string;
    windowAvailable: boolean;
    windowShownFrom: string;
    messageNotice: { email: string | null; mobile: string | null } | null;
  }[];
}

/** A request with a chosen Host header (fetch cannot set it) and no cookies, as a mail provider's server sends. */
function rawRequest(
  baseUrl: string,
  method: 'GET' | 'HEAD' | 'POST',
  path: string,
  options: { host?: string; body?: string; contentType?: string; cookie?: string } = {},
): Promise<{ status: number; text: string }> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        headers: {
          host: options.host ?? url.host,
          accept: 'text/html,*/*',
          ...(options.body !== undefined
            ? {
                'content-type': options.contentType ?? 'application/x-www-form-urlencoded',
                'content-length': Buffer.byteLength(options.body),
              }
            : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    recordQueries: true,
    env: {
      CLOCK_NOW: NOW,
      APP_URL: 'https://afspraak.tijdvak.example',
      RATE_LIMIT_PERSONAL_LINK_PER_CLIENT: '1000/900',
    },
  });
});

afterAll(async () => {
  await server?.stop();
});

const tokenOf = (order: Order) => personalLinkUrls(server.services.config, order).page.split('/v/')[1];

async function open(token: string, countsAsSiteVisit = true) {
  const response = await server.graphql<OpenResult>(OPEN, { token, countsAsSiteVisit });
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.openPersonalLink;
}

async function visitsWith(dataToken: string) {
  const response = await server.graphql<VisitsResult>(VISITS, {}, { token: dataToken });
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.consumerVisits;
}

describe('opening a personal link', () => {
  it("gives a data token for the link's one visit, never for another order at the same address", async () => {
    const em = server.em();
    const a = await createOrder(em, { appointment: WEDNESDAY, zipcode: '3511 AA', houseNumber: '7' });
    const b = await createOrder(em, { appointment: WEDNESDAY, zipcode: '3511 AA', houseNumber: '7' });
    const opened = await open(tokenOf(a));
    expect(opened).toMatchObject({ __typename: 'PersonalLinkOpened', country: 'NL', language: 'NL' });
    const visits = await visitsWith(opened.dataToken!);
    expect(visits.map((visit) => visit.referenceNumber)).toEqual([a.referenceNumber]);
    // B's visit through A's data token: not found, as for any order outside the token
    const calendar = await server.graphql(
      CALENDAR,
      { referenceNumber: b.referenceNumber },
      { token: opened.dataToken },
    );
    expect(calendar.body.errors?.[0]?.extensions?.code).toBe('VISIT_NOT_FOUND');
  });

  it('records a site visit, but not for the unsubscribe page, which reads the visit beside its own purpose', async () => {
    const order = await createOrder(server.em(), { appointment: WEDNESDAY, email: 'alleen.afmelden@example.nl' });
    const siteVisits = async () => {
      await server.services.siteVisits.flush();
      return server.em().count(SiteVisit, { order: order.id });
    };
    const quiet = await open(tokenOf(order), false);
    expect(quiet).toMatchObject({ __typename: 'PersonalLinkOpened' });
    expect((await visitsWith(quiet.dataToken!)).map((visit) => visit.referenceNumber)).toEqual([order.referenceNumber]);
    expect(await siteVisits()).toBe(0);
    expect((await server.em().findOneOrFail(Order, order.id)).firstLookupAt).toBeNull();
    await open(tokenOf(order));
    expect(await siteVisits()).toBe(1);
  });

  it('answers a Belgian order in French', async () => {
    const order = await createOrder(server.em(), {
      appointment: WEDNESDAY,
      country: Country.BE,
      phone: '0470 12 34 56',
    });
    expect(await open(tokenOf(order))).toMatchObject({
      __typename: 'PersonalLinkOpened',
      country: 'BE',
      language: 'FR',
    });
  });

  it('refuses a forged, cut-off or tampered link without naming any order', async () => {
    const order = await createOrder(server.em(), { appointment: WEDNESDAY });
    const token = tokenOf(order);
    const otherId = `${(order.id + 1).toString(36)}${token.slice(token.indexOf('.'))}`;
    // A leading zero would name the same order: one spelling per link, anything else does not work.
    const padded = [`0${token}`, `000${token}`];
    for (const forged of [otherId, token.slice(0, -1), `${token}x`, 'x', '', 'a'.repeat(5000), ...padded]) {
      expect(await open(forged)).toEqual({
        __typename: 'PersonalLinkRefused',
        reason: 'INVALID',
        orderCountry: null,
        orderLanguage: null,
      });
    }
  });

  it('stays valid through the visit day and expires at local midnight after it', async () => {
    const today = await createOrder(server.em(), { appointment: TUESDAY });
    const yesterday = await createOrder(server.em(), {
      appointment: MONDAY,
      country: Country.BE,
      phone: '0470 11 22 33',
    });
    expect((await open(tokenOf(today))).__typename).toBe('PersonalLinkOpened');
    expect(await open(tokenOf(yesterday))).toEqual({
      __typename: 'PersonalLinkRefused',
      reason: 'EXPIRED',
      orderCountry: 'BE',
      orderLanguage: 'FR',
    });

    const lastMinute = await startTestServer({
      database: server.database,
      env: { CLOCK_NOW: '2026-11-24T23:59:00+01:00', JWT_SECRET: server.services.config.jwtSecret },
    });
    const midnight = await startTestServer({
      database: server.database,
      env: { CLOCK_NOW: '2026-11-25T00:00:00+01:00', JWT_SECRET: server.services.config.jwtSecret },
    });
    try {
      const before = await lastMinute.graphql<OpenResult>(OPEN, { token: tokenOf(today) });
      expect(before.body.data?.openPersonalLink.__typename).toBe('PersonalLinkOpened');
      const after = await midnight.graphql<OpenResult>(OPEN, { token: tokenOf(today) });
      expect(after.body.data?.openPersonalLink).toMatchObject({ reason: 'EXPIRED', orderLanguage: 'NL' });
    } finally {
      await lastMinute.stop();
      await midnight.stop();
    }
  });

  it('is revoked when the order is deleted, and keeps opening the order when it is moved or reassigned', async () => {
    const em = server.em();
    const admin = await createAdmin(em);
    const adminToken = tokensFor(server).admin(admin);
    const first = await createTechnician(em);
    const second = await createTechnician(em);
    const deleted = await createOrder(em, { appointment: WEDNESDAY });
    const moved = await createOrder(em, { appointment: WEDNESDAY });
    const reassigned = await createOrder(em, { appointment: WEDNESDAY, technician: first });
    const links = { deleted: tokenOf(deleted), moved: tokenOf(moved), reassigned: tokenOf(reassigned) };
    for (const token of Object.values(links)) expect((await open(token)).__typename).toBe('PersonalLinkOpened');

    const deletion = await server.graphql(
      'mutation ($id: Int!) { deleteOrder(id: $id) { id } }',
      { id: deleted.id },
      { token: adminToken },
    );
    expect(deletion.body.errors).toBeUndefined();
    const reassignment = await server.graphql(
      'mutation ($input: ReassignOrderInput!) { reassignOrder(input: $input) { id } }',
      { input: { referenceNumber: reassigned.referenceNumber, technician: String(second.id) } },
      { token: adminToken },
    );
    expect(reassignment.body.errors).toBeUndefined();
    // moved to the afternoon, as a new import of the order would
    const later = server.em();
    const movedOrder = await later.findOneOrFail(Order, moved.id, INCLUDING_DELETED);
    movedOrder.appointment = new Date(WEDNESDAY.getTime() + 4 * 3600_000);
    await later.flush();

    expect(await open(links.deleted)).toMatchObject({
      __typename: 'PersonalLinkRefused',
      reason: 'REVOKED',
      orderLanguage: 'NL',
    });
    // the links sent before a move or a reassignment open the order as it is now, and are the links made now
    for (const token of [links.moved, links.reassigned])
      expect((await open(token)).__typename).toBe('PersonalLinkOpened');
    expect(tokenOf(movedOrder)).toBe(links.moved);
  });

  it('is rate-limited per client like lookups', async () => {
    const limited = await startTestServer({
      database: server.database,
      env: { CLOCK_NOW: NOW, RATE_LIMIT_PERSONAL_LINK_PER_CLIENT: '3/900' },
    });
    try {
      const order = await createOrder(limited.em(), { appointment: WEDNESDAY });
      const token = personalLinkUrls(limited.services.config, order).page.split('/v/')[1];
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await limited.graphql<OpenResult>(OPEN, { token: attempt === 1 ? 'forged' : token });
        expect(answer.body.errors).toBeUndefined();
      }
      const refused = await limited.graphql<OpenResult>(OPEN, { token });
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    } finally {
      await limited.stop();
    }
  });
});

/** Every row of every table of the application, to compare before and after. */
async function databaseContents(): Promise<string> {
  const connection = server.em().getConnection();
  const tables = await connection.execute<{ table_name: string }[]>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const contents: Record<string, unknown> = {};
  for (const { table_name: table } of tables) {
    contents[table] = await connection.execute(`select * from "${table}" order by 1`);
  }
  return JSON.stringify(contents);
}

describe('a GET of any link of a message', () => {
  it('changes nothing in the database (mail scanners open every link)', async () => {
    const order = await createOrder(server.em(), { appointment: WEDNESDAY, email: 'scanner.test@example.nl' });
    const urls = personalLinkUrls(server.services.config, order);
    const forged = `${urls.page.slice(0, -3)}abc`;
    // let the site visits of earlier tests reach the table first, and the order's consumer messages be sent
    await server.services.siteVisits.flush();
    await settleConsumerMessages(server);
    const before = await databaseContents();
    for (const url of [urls.page, urls.replyAtHome, urls.replyCallMe, urls.unsubscribe, forged, `${forged}/afmelden`]) {
      const path = new URL(url).pathname + new URL(url).search;
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await rawRequest(server.url, method, path);
        // the page of the client (not built for these tests: its stand-in answer, 503)
        expect([200, 503], `${method} ${path}`).toContain(response.status);
      }
    }
    await server.services.siteVisits.flush();
    expect(await databaseContents()).toBe(before);
    expect(await isUnsubscribed(server.em(), 'EMAIL', 'scanner.test@example.nl')).toBe(false);
  });
});

describe('unsubscribing', () => {
  it('by one-click POST (RFC 8058): no cookie, no XSRF token, the signed link authorises it', async () => {
    const order = await createOrder(server.em(), { appointment: WEDNESDAY, email: 'Een.Klik@Example.nl' });
    const path = new URL(personalLinkUrls(server.services.config, order).unsubscribe).pathname;
    const response = await rawRequest(server.url, 'POST', path, { body: 'List-Unsubscribe=One-Click' });
    expect(response).toEqual({
      status: 200,
      text: 'Afgemeld: e•••@example.nl krijgt geen e-mails meer over uw afspraken.',
    });
    expect(await isUnsubscribed(server.em(), 'EMAIL', 'een.klik@example.nl')).toBe(true);
    // again: the same answer, one row
    expect((await rawRequest(server.url, 'POST', path, { body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
  });

  it('by one-click POST as multipart, and with a stale XSRF cookie a browser might send', async () => {
    const order = await createOrder(server.em(), { appointment: WEDNESDAY, email: 'multipart@example.nl' });
    const path = new URL(personalLinkUrls(server.services.config, order).unsubscribe).pathname;
    const body = [
      '--XyZ',
      'Content-Disposition: form-data; name="List-Unsubscribe"',
      '',
      'One-Click',
      '--XyZ--',
      '',
    ].join('\r\n');
    const response = await rawRequest(server.url, 'POST', path, {
      body,
      contentType: 'multipart/form-data; boundary=XyZ',
      cookie: 'XSRF-TOKEN=stale',
    });
    expect(response.status).toBe(200);
    expect(await isUnsubscribed(server.em(), 'EMAIL', 'multipart@example.nl')).toBe(true);
  });

  it('works after the visit day and after a move: stopping mail never fails for a reason the consumer cannot help', async () => {
    const order = await createOrder(server.em(), { appointment: MONDAY, email: 'oud@example.nl' });
    const path = new URL(personalLinkUrls(server.services.config, order).unsubscribe).pathname;
    expect((await rawRequest(server.url, 'POST', path, { body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    expect(await isUnsubscribed(server.em(), 'EMAIL', 'oud@example.nl')).toBe(true);
  });

  it('refuses a POST without the one-click body, and a forged link, in the language of the site or the order', async () => {
    const order = await createOrder(server.em(), { appointment: WEDNESDAY, email: 'geen.body@example.nl' });
    const path = new URL(personalLinkUrls(server.services.config, order).unsubscribe).pathname;
    const empty = await rawRequest(server.url, 'POST', path, { body: '' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('List-Unsubscribe=One-Click');
    expect(await isUnsubscribed(server.em(), 'EMAIL', 'geen.body@example.nl')).toBe(false);

    const forgedPath = path.replace(/\.[\w-]{16}\//, '.AAAAAAAAAAAAAAAA/');
    const dutch = await rawRequest(server.url, 'POST', forgedPath, { body: 'List-Unsubscribe=One-Click' });
    expect(dutch).toEqual({
      status: 404,
      text: 'Deze link is niet geldig. Zoek uw afspraak op met uw postcode en huisnummer.',
    });
    const french = await rawRequest(server.url, 'POST', forgedPath, {
      host: 'rendezvous.be.example.com',
      body: 'List-Unsubscribe=One-Click',
    });
    expect(french).toEqual({
      status: 404,
      text: "Ce lien n'est pas valable. Recherchez votre rendez-vous avec votre numéro de téléphone.",
    });
  });

  it("by the page's button, answering a Belgian order in French with the address masked", async () => {
    const order = await createOrder(server.em(), {
      appointment: WEDNESDAY,
      country: Country.BE,
      phone: '0470 99 88 77',
      email: 'marie.dubois@example.be',
    });
    const response = await server.graphql(UNSUBSCRIBE, { token: tokenOf(order) });
    expect(response.body.data).toEqual({
      unsubscribeByPersonalLink: { __typename: 'EmailUnsubscribed', maskedEmail: 'm•••@example.be', language: 'FR' },
    });
    expect(JSON.stringify(response.body)).not.toContain('marie.dubois');
    expect(await isUnsubscribed(server.em(), 'EMAIL', 'marie.dubois@example.be')).toBe(true);
    const forged = await server.graphql(UNSUBSCRIBE, { token: 'forged' });
    expect(forged.body.data).toEqual({
      unsubscribeByPersonalLink: { __typename: 'PersonalLinkRefused', reason: 'INVALID' },
    });
  });
});

describe('before the window is shown', () => {
  it('tells when it appears and where it will be sent, masked', async () => {
    const friday = new Date('2026-11-27T09:00:00+01:00');
    const order = await createOrder(server.em(), {
      appointment: friday,
      email: 'jan.jansen@example.nl',
      phone: '06 12345678',
    });
    const landline = await createOrder(server.em(), {
      appointment: friday,
      email: 'vast@example.nl',
      phone: '020 1234567',
    });
    const response = await server.graphql<VisitsResult>(VISITS, {}, { token: tokensFor(server).consumer([order]) });
    expect(response.body.data?.consumerVisits).toEqual([
      {
        referenceNumber: order.referenceNumber,
        windowAvailable: false,
        // 13:30 on Thursday, the working day before
        windowShownFrom: '2026-11-26T12:30:00.000Z',
        messageNotice: { email: 'j•••@example.nl', mobile: '06 •••• 5678' },
      },
    ]);
    const text = JSON.stringify(response.body);
    for (const clear of ['jan.jansen', '12345678', '612345678']) expect(text).not.toContain(clear);

    const noSms = await visitsWith(tokensFor(server).consumer([landline]));
    expect(noSms[0].messageNotice).toEqual({ email: 'v•••@example.nl', mobile: null });

    // unsubscribed: no longer promised
    await server.graphql(UNSUBSCRIBE, { token: tokenOf(landline) });
    expect((await visitsWith(tokensFor(server).consumer([landline])))[0].messageNotice).toBeNull();

    // only what will be sent is promised: no SMS when the country's SMS is off, nothing when messages are off
    const settings = (changes: Partial<Pick<MessageSetting, 'enabled' | 'sms'>>) =>
      server.em().nativeUpdate(MessageSetting, { country: Country.NL }, changes);
    await settings({ sms: false });
    expect((await visitsWith(tokensFor(server).consumer([order])))[0].messageNotice).toEqual({
      email: 'j•••@example.nl',
      mobile: null,
    });
    await settings({ sms: true, enabled: false });
    expect((await visitsWith(tokensFor(server).consumer([order])))[0].messageNotice).toBeNull();
    await settings({ enabled: true });

    // once shown, nothing to announce
    const shown = await visitsWith(
      tokensFor(server).consumer([await createOrder(server.em(), { appointment: WEDNESDAY })]),
    );
    expect(shown[0]).toMatchObject({ windowAvailable: true, messageNotice: null });
  });

  it('reads the notices of any number of waiting visits with the statements of one', async () => {
    const friday = new Date('2026-11-27T09:00:00+01:00');
    const one = await createOrder(server.em(), { appointment: friday, email: 'een@example.nl' });
    const many = [
      one,
      await createOrder(server.em(), { appointment: friday, email: 'twee@example.nl', phone: '06 22222222' }),
      await createOrder(server.em(), { appointment: friday, email: 'vast2@example.nl', phone: '020 7654321' }),
      await createOrder(server.em(), { appointment: friday, email: 'stop@example.nl', phone: '06 33333333' }),
      await createOrder(server.em(), {
        appointment: friday,
        country: Country.BE,
        email: 'un@example.be',
        phone: '0470 98 76 54',
      }),
    ];
    await server.graphql(UNSUBSCRIBE, { token: tokenOf(many[3]) });
    const statements = async (orders: Order[]) => {
      // Once before counting: the holidays of a country are cached after their first read.
      await visitsWith(tokensFor(server).consumer(orders));
      server.queries.length = 0;
      const visits = await visitsWith(tokensFor(server).consumer(orders));
      return { visits, count: server.queries.length };
    };
    const single = await statements([one]);
    const all = await statements(many);
    expect(all.visits.map((visit) => visit.messageNotice)).toEqual([
      { email: 'e•••@example.nl', mobile: '06 •••• 5678' },
      { email: 't•••@example.nl', mobile: '06 •••• 2222' },
      { email: 'v•••@example.nl', mobile: null },
      { email: null, mobile: '06 •••• 3333' },
      { email: 'u•••@example.be', mobile: '04 •••• 7654' },
    ]);
    expect(all.count).toBe(single.count);
  });
});
