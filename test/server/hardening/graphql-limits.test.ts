import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS } from '../../../server/common/graphql-limits.js';
import { createAdmin, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

describe('GraphQL limits', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(() => server.stop());

  const refusal = async (query: string) => {
    const { status, body } = await server.graphql(query, {}, { token });
    return {
      status,
      codes: body.errors?.map((error) => error.extensions?.code),
      messages: body.errors?.map((e) => e.message) ?? [],
      data: body.data,
    };
  };

  it('passes a normal client query', async () => {
    const { body } = await server.graphql(
      '{ serverInfo { brand now } technicians { id firstname lastname email } }',
      {},
      { token },
    );
    expect(body.errors).toBeUndefined();
  });

  it('refuses a query deeper than the depth limit', async () => {
    let selection = 'id';
    for (let level = 0; level < GRAPHQL_LIMITS.maxDepth + 1; level++) selection = `technicians { ${selection} }`;
    const result = await refusal(`{ ${selection} }`);
    expect(result.data).toBeUndefined();
    expect(result.messages.join(' ')).toMatch(/depth limit/i);
  });

  it('refuses more aliases than the alias limit', async () => {
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: serverInfo { brand }`);
    const result = await refusal(`{ ${aliases.join(' ')} }`);
    expect(result.codes).toContain('GRAPHQL_VALIDATION_FAILED');
    expect(result.messages.join(' ')).toMatch(/aliases limit/i);
  });

  it('refuses a document with more tokens than the token limit', async () => {
    const fields = Array.from({ length: GRAPHQL_LIMITS.maxTokens }, () => 'brand').join(' ');
    const result = await refusal(`{ serverInfo { ${fields} } }`);
    expect(result.status).toBe(400);
    expect(result.codes).toEqual(['GRAPHQL_PARSE_FAILED']);
    expect(result.messages.join(' ')).toMatch(/more th\w+ 2000 tokens/i);
  });

  it('refuses more directives than the directive limit', async () => {
    const directives = Array.from({ length: GRAPHQL_LIMITS.maxDirectives + 1 }, () => '@include(if: true)').join(' ');
    const result = await refusal(`{ serverInfo { brand ${directives} } }`);
    expect(result.codes).toContain('GRAPHQL_VALIDATION_FAILED');
    expect(result.messages.join(' ')).toMatch(/directives limit/i);
  });

  it('refuses a query costlier than the cost limit', async () => {
    const spreads = Array.from({ length: 400 }, () => '...T').join(' ');
    const result = await refusal(
      `query { technicians { ${spreads} } } fragment T on Technician { id firstname lastname email personalNumber startingTime country lastOnline createdAt }`,
    );
    expect(result.codes).toContain('GRAPHQL_VALIDATION_FAILED');
    expect(result.messages.join(' ')).toMatch(/cost limit/i);
  });

  it('weighs every list a root field reads: fifteen order lists in one request are refused', async () => {
    const lists = (count: number) =>
      Array.from({ length: count }, (_, i) => `l${i}: orders(first: 1) { totalCount }`).join(' ');
    const fifteen = await refusal(`{ ${lists(15)} }`);
    expect(fifteen.data).toBeUndefined();
    expect(fifteen.codes).toContain('GRAPHQL_VALIDATION_FAILED');
    expect(fifteen.messages.join(' ')).toMatch(/cost limit/i);
    // Through fragments and other list fields alike.
    const mixed = await refusal(
      `{ ...L a: technicians { id } b: admins { id } c: holidays { date } } fragment L on Query { ${lists(2)} }`,
    );
    expect(mixed.messages.join(' ')).toMatch(/cost limit/i);
    // The order list page's own query, and a few lists together, still pass.
    const few = await refusal(`{ ${lists(2)} technicians { id } }`);
    expect(few.codes).toBeUndefined();
  });

  it.each([
    ['visitBoard', 'visitBoard(country: NL) { date technicians { visits { appointment } } }'],
    ['orderMessages', 'orderMessages(orderId: 1) { totalCount messages { kind } }'],
    ['statistics', 'statistics { totalVisits }'],
  ])('weighs %s as a list: as many aliases of it as the alias limit allows are refused', async (_field, selection) => {
    // Each reads many rows (a day's visits, an order's messages, a period's lookups) though it answers one object.
    const aliased = (count: number) => Array.from({ length: count }, (_, i) => `a${i}: ${selection}`).join(' ');
    const many = await refusal(`{ ${aliased(GRAPHQL_LIMITS.maxAliases)} }`);
    expect(many.data).toBeUndefined();
    expect(many.codes).toContain('GRAPHQL_VALIDATION_FAILED');
    expect(many.messages.join(' ')).toMatch(new RegExp(`cost limit of ${GRAPHQL_LIMITS.maxCost}`, 'i'));
    // The screens' own queries ask one, beside a list or two: that still passes validation.
    const one = await refusal(`{ ${aliased(1)} technicians { id } }`);
    expect(one.codes ?? []).not.toContain('GRAPHQL_VALIDATION_FAILED');
  });

  it('refuses batched operations', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ serverInfo { brand } }' }, { query: '{ serverInfo { brand } }' }]),
    });
    expect(response.status).toBe(400);
  });

  it('gives no field suggestions', async () => {
    const result = await refusal('{ serverInf { brand } }');
    expect(result.messages.join(' ')).not.toMatch(/did you mean/i);
  });
});
