import 'reflect-metadata';
import express, { type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlDirect } from '../../../server/common/http/graphql-direct.js';
import { GRAPHQL_LIMITS, graphqlArmor, graphqlValidationRules } from '../../../server/common/graphql-limits.js';
import { lookUpVisitsField } from '../../../server/consumers/lookup.js';
import { technicianScheduleField } from '../../../server/planner/planner.direct.js';
import { createContext } from '../../../server/request-context.js';
import { buildAppSchema } from '../../../server/schema.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const LOOK_UP = `mutation LookUpVisits($input: LookUpVisitsInput!) {
  lookUpVisits(input: $input) { dataToken windowAvailable sign __typename }
}`;
const SCHEDULE = `query TechnicianSchedule {
  technicianSchedule {
    date locked confirmedAt
    orders { id appointment duration name zipcode city flag special externalPartner reply { answer accessNote } }
  }
}`;
/** The legacy app's selection: the orders' own fields, answered without joining replies and statuses. */
const PLAIN_SCHEDULE = `query TechnicianSchedule {
  technicianSchedule { date locked orders { __typename id appointment duration name zipcode city flag special } }
}`;
/** The same operation as GraphQL's executor runs it: the direct path leaves a fragment to it. */
const throughApollo = (query: string) =>
  query.replace(
    /(lookUpVisits\(input: \$input\)|technicianSchedule) \{(.*)\}\s*\}\s*$/s,
    (_whole, field: string, selection: string) =>
      `${field} { ... on ${field === 'technicianSchedule' ? 'TechnicianSchedule' : 'LookUpVisitsPayload'} {${selection}} } }`,
  );

const codeOf = (text: string) =>
  (JSON.parse(text) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code;

/** Headers that differ between any two answers, whoever writes them. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'etag', 'connection', 'keep-alive']);

async function answerOf(response: Response | globalThis.Response) {
  const headers: [string, string][] = [];
  (response as globalThis.Response).headers.forEach((value, name) => {
    if (!PER_ANSWER.has(name)) headers.push([name, value]);
  });
  const text = await (response as globalThis.Response).text();
  return {
    status: (response as globalThis.Response).status,
    headers: Object.fromEntries(headers.sort(([a], [b]) => a.localeCompare(b))),
    // Tokens carry their moment of issue; the rest of the answer must be byte for byte the same.
    text: text.replace(/"dataToken":"[^"]+"/, '"dataToken":"…"'),
  };
}

/**
 * The lookup and the technician's schedule are answered without Apollo's pipeline (common/http/graphql-direct.ts):
 * every answer, refusal and header must be what GraphQL's own executor gives for the same request.
 */
describe('GraphQL operations answered directly', () => {
  let server: TestServer;
  let technicianToken: string;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({
      recordQueries: true,
      env: { CLOCK_NOW: '2026-11-23T10:00:00+01:00', RATE_LIMIT_LOOKUP_PER_ADDRESS: '4/900' },
    });
    const em = server.em();
    const technician = await createTechnician(em);
    await createOrder(em, {
      zipcode: '4321 ZX',
      houseNumber: '77',
      appointment: new Date('2026-11-24T08:00:00+01:00'),
    });
    for (const hour of [8, 11, 14]) {
      await createOrder(em, {
        zipcode: '1111 AA',
        houseNumber: String(hour),
        technician,
        special: hour === 11,
        appointment: new Date(`2026-11-24T${String(hour).padStart(2, '0')}:00:00+01:00`),
      });
    }
    technicianToken = tokensFor(server).technician(technician);
    adminToken = tokensFor(server).admin(await createAdmin(em));
  });
  afterAll(() => server.stop());

  const post = (query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });

  /** One request both ways: the direct answer and GraphQL's. */
  const bothWays = async (query: string, variables: Record<string, unknown>, headers?: Record<string, string>) => ({
    direct: await answerOf(await post(query, variables, headers)),
    graphql: await answerOf(await post(throughApollo(query), variables, headers)),
  });

  it('answers a found address as GraphQL does, with a token that reads the visits', async () => {
    const input = { country: 'NL', zipcode: '4321 zx', houseNumber: '77' };
    const { direct, graphql } = await bothWays(LOOK_UP, { input }, { 'x-forwarded-for': '192.0.2.1' });
    expect(direct.status).toBe(200);
    expect(direct).toEqual(graphql);
    expect(direct.text).toBe(
      '{"data":{"lookUpVisits":{"dataToken":"…","windowAvailable":false,"sign":1,"__typename":"LookUpVisitsPayload"}}}\n',
    );
    const { body } = await server.graphql<{ lookUpVisits: { dataToken: string } }>(LOOK_UP, { input });
    const visits = await server.graphql<{ consumerVisits: { zipcode: string }[] }>(
      'query { consumerVisits { zipcode } }',
      {},
      { token: body.data!.lookUpVisits.dataToken },
    );
    expect(visits.body.data?.consumerVisits).toEqual([{ zipcode: '4321ZX' }]);
  });

  it('answers in the media type Apollo chooses for the Accept headers our clients send', async () => {
    const accepts = [
      ['application/json', 'application/json; charset=utf-8'],
      ['application/graphql-response+json, application/json', 'application/graphql-response+json; charset=utf-8'],
      ['application/graphql-response+json,application/json;q=0.9', 'application/graphql-response+json; charset=utf-8'],
    ];
    // Each address is looked up twice (both ways), within its limit.
    for (const [index, houseNumber] of ['8', '11', '14'].entries()) {
      const [accept, mediaType] = accepts[index];
      const input = { country: 'NL', zipcode: '1111 AA', houseNumber };
      const { direct, graphql } = await bothWays(LOOK_UP, { input }, { accept });
      expect(direct).toEqual(graphql);
      expect(direct.headers['content-type']).toBe(mediaType);
    }
    const input = { country: 'NL', zipcode: '9998 ZZ', houseNumber: '1' };
    const unknown = await bothWays(LOOK_UP, { input }, { accept: accepts[1][0] });
    expect(unknown.direct).toEqual(unknown.graphql);
    expect(codeOf(unknown.direct.text)).toBe('NO_ORDERS_FOUND');
  });

  it('refuses an unknown address, in the language of the site, as GraphQL does', async () => {
    const input = { country: 'NL', zipcode: '9999 ZZ', houseNumber: '1' };
    for (const host of ['afspraak.nl.example', 'rendezvous.be.example']) {
      const { direct, graphql } = await bothWays(LOOK_UP, { input }, { 'x-forwarded-host': host, host });
      expect(direct).toEqual(graphql);
      expect(codeOf(direct.text)).toBe('NO_ORDERS_FOUND');
    }
  });

  it('counts the attempts of both ways alike, and refuses past the limit as GraphQL does', async () => {
    const input = { country: 'NL', zipcode: '5555 LL', houseNumber: '5' };
    const codes: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const { direct, graphql } = await bothWays(LOOK_UP, { input });
      expect(direct).toEqual(graphql);
      codes.push(codeOf(direct.text), codeOf(graphql.text));
    }
    expect(codes).toEqual([
      'NO_ORDERS_FOUND',
      'NO_ORDERS_FOUND',
      'NO_ORDERS_FOUND',
      'NO_ORDERS_FOUND',
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
  });

  it('leaves input GraphQL refuses to GraphQL: the same 400', async () => {
    for (const input of [
      { country: 'XX', zipcode: '4321 ZX', houseNumber: '77' },
      { country: 'NL', zipcode: '\ud800' },
    ]) {
      const { direct, graphql } = await bothWays(LOOK_UP, { input });
      expect(direct.status).toBe(400);
      expect(direct).toEqual(graphql);
    }
  });

  it("answers a technician's schedule as GraphQL does, and refuses others as GraphQL does", async () => {
    const { direct, graphql } = await bothWays(SCHEDULE, {}, { authorization: `Bearer ${technicianToken}` });
    expect(direct).toEqual(graphql);
    const schedule = (
      JSON.parse(direct.text) as {
        data: { technicianSchedule: { date: string; orders: { flag: number; special: boolean }[] } };
      }
    ).data.technicianSchedule;
    expect(schedule.date).toBe('2026-11-24');
    expect(schedule.orders.map((order) => [order.flag, order.special])).toEqual([
      [0, false],
      [1, true],
      [0, false],
    ]);
    for (const headers of [{ authorization: `Bearer ${adminToken}` }, {}] as Record<string, string>[]) {
      const refused = await bothWays(SCHEDULE, {}, headers);
      expect(refused.direct).toEqual(refused.graphql);
      expect(codeOf(refused.direct.text)).toMatch(/^(FORBIDDEN|UNAUTHENTICATED)$/);
    }
  });

  it("reads a technician's schedule in one statement, and refuses a session that no longer holds as GraphQL does", async () => {
    const em = server.em();
    const technician = await createTechnician(em);
    const admin = await createAdmin(em);
    const stale = tokensFor(server).technician(technician);
    const acting = server.services.tokens.signTechnician(technician, admin);
    server.queries.length = 0;
    const answer = await post(SCHEDULE, {}, { authorization: `Bearer ${stale}` });
    expect(answer.status).toBe(200);
    expect(server.queries).toHaveLength(1);
    technician.tokenVersion += 1;
    admin.inactive = true;
    await em.flush();
    for (const token of [stale, acting]) {
      const { direct, graphql } = await bothWays(SCHEDULE, {}, { authorization: `Bearer ${token}` });
      expect(direct).toEqual(graphql);
      expect(codeOf(direct.text)).toBe('UNAUTHENTICATED');
    }
  });

  it("reads the orders' own fields without their replies and statuses, with the same answer", async () => {
    const headers = { authorization: `Bearer ${technicianToken}` };
    const { direct, graphql } = await bothWays(PLAIN_SCHEDULE, {}, headers);
    expect(direct).toEqual(graphql);
    const { orders } = (JSON.parse(direct.text) as { data: { technicianSchedule: { orders: unknown[] } } }).data
      .technicianSchedule;
    expect(orders).toHaveLength(3);
    const joinsOf = async (query: string) => {
      server.queries.length = 0;
      expect((await post(query, {}, headers)).status).toBe(200);
      expect(server.queries).toHaveLength(1);
      return ['consumer_replies', 'visit_statuses'].filter((table) => server.queries[0].includes(table));
    };
    expect(await joinsOf(PLAIN_SCHEDULE)).toEqual([]);
    expect(await joinsOf(SCHEDULE)).toEqual(['consumer_replies', 'visit_statuses']);
  });

  describe('which requests it takes', () => {
    let url: string;
    let close: () => void;

    beforeAll(async () => {
      const schema = await buildAppSchema();
      const app = express();
      app.use(express.json());
      app.use(
        graphqlDirect({
          schema,
          fields: [lookUpVisitsField, technicianScheduleField],
          validationRules: graphqlValidationRules(graphqlArmor()),
          maxTokens: GRAPHQL_LIMITS.maxTokens,
          metrics: server.services.metrics,
          contextOf: (req: Request, res: Response, technicianSessionInStatement: boolean) =>
            createContext(req, res, server.services, { technicianSessionInStatement }),
        }),
      );
      // Whatever the direct path leaves: GraphQL's executor in the application.
      app.use((_req, res) => res.status(299).end());
      const listener = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => listener.once('listening', resolve));
      url = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
      close = () => listener.close();
    });
    afterAll(() => close());

    const statusOf = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      (
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        })
      ).status;
    const input = { country: 'NL', zipcode: '4321 ZX', houseNumber: '77' };
    const technician = () => ({ authorization: `Bearer ${technicianToken}` });

    it('takes the lookup and the schedule, named or not, aliased or not', async () => {
      expect(await statusOf({ query: LOOK_UP, variables: { input } })).toBe(200);
      expect(await statusOf({ query: LOOK_UP, variables: { input }, operationName: 'LookUpVisits' })).toBe(200);
      const aliased =
        'mutation ($input: LookUpVisitsInput!) { found: lookUpVisits(input: $input) { token: dataToken } }';
      expect(await statusOf({ query: aliased, variables: { input } })).toBe(200);
      expect(await statusOf({ query: SCHEDULE }, technician())).toBe(200);
      expect(await statusOf({ query: SCHEDULE }, { ...technician(), accept: 'application/json' })).toBe(200);
    });

    it('takes our documents again after its memory of query texts filled up and was cleared', async () => {
      for (let made = 0; made < 300; made++) {
        expect(await statusOf({ query: `query { lookUpVisits${made} }` })).toBe(299);
      }
      expect(await statusOf({ query: LOOK_UP, variables: { input } })).toBe(200);
    });

    it('leaves everything else to GraphQL', async () => {
      const left = [
        { query: throughApollo(LOOK_UP), variables: { input } },
        { query: throughApollo(SCHEDULE) },
        { query: LOOK_UP, variables: { input }, operationName: 'Other' },
        { query: LOOK_UP, variables: { input: { ...input, country: 'XX' } } },
        { query: LOOK_UP, variables: { input: { ...input, zipcode: 'a\u0000' } } },
        { query: LOOK_UP, variables: { input }, extensions: { persistedQuery: { version: 1 } } },
        {
          query:
            'mutation ($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { ...Found } } fragment Found on LookUpVisitsPayload { dataToken }',
          variables: { input },
        },
        {
          query:
            'mutation ($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { dataToken } a: lookUpVisits(input: $input) { dataToken } }',
          variables: { input },
        },
        {
          query: 'mutation ($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { dataToken nothing } }',
          variables: { input },
        },
        { query: 'query { serverInfo { now } technicianSchedule { date } }' },
        { query: 'query { technicianSchedule { date' },
      ];
      for (const body of left) expect(await statusOf(body, technician()), JSON.stringify(body)).toBe(299);
      expect(await statusOf({ query: SCHEDULE })).toBe(299);
      expect(await statusOf({ query: SCHEDULE }, { authorization: `Bearer ${adminToken}` })).toBe(299);
      expect(await statusOf({ query: SCHEDULE }, { ...technician(), accept: 'text/html' })).toBe(299);
      expect(
        await statusOf({ query: SCHEDULE }, { ...technician(), accept: 'application/json;q=0.5, text/plain' }),
      ).toBe(299);
    });
  });
});
