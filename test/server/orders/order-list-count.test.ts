import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const LIST = /* GraphQL */ `
  query ($filter: OrderFilterInput, $after: String) {
    orders(filter: $filter, first: 25, after: $after) {
      totalCount
      totalCountExact
      edges {
        node {
          name
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`;

interface ListData {
  orders: {
    totalCount: number;
    totalCountExact: boolean;
    edges: { node: { name: string } }[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  };
}

const MATCHING = 1_030;
/** Far more than the count's limit: the planner's estimate says so, and nothing is counted. */
const BROAD = 3_300;

/**
 * The order list counts its matches only as far as a dispatcher needs: exactly up to 1 000, then "more than
 * 1 000"; not at all when the first page already holds every match or the planner expects far more than 1 000;
 * a rare search's first page and count in one read.
 */
describe("the order list's count", () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ recordQueries: true });
    token = tokensFor(server).admin(await createAdmin(server.em()));
    /** `count` orders named "<name> 1" … "<name> count", one a minute. */
    const insertOrders = (prefix: string, name: string, count: number) =>
      server
        .em()
        .getConnection()
        .execute(
          `insert into orders (reference_number, name, email, phone, phone_normalized, zipcode, house_number, city,
                               country, appointment)
           select '${prefix}-' || g, '${name} ' || g, '${prefix}' || g || '@example.test', '06 12345678', '612345678',
                  '1234AB', g, 'Utrecht', 'NL', timestamptz '2027-03-01 09:00+01' + g * interval '1 minute'
             from generate_series(1, ${count}) as g`,
        );
    await insertOrders('CNT', 'Telbreed', MATCHING);
    await insertOrders('BRD', 'Breedte', BROAD);
    // The estimates the list decides by come from the table's statistics.
    await server.em().getConnection().execute('analyze orders');
  });
  afterAll(() => server?.stop());

  const list = async (variables: Record<string, unknown>) => {
    server.queries.length = 0;
    const { body } = await server.graphql<ListData>(LIST, variables, { token });
    expect(body.errors).toBeUndefined();
    const counted = server.queries.some((sql) => /count\(\*\)/i.test(sql));
    return { ...body.data!.orders, counted };
  };

  it('says "more than 1 000" past 1 000 matches', async () => {
    const page = await list({ filter: { search: 'telbreed' } });
    expect(page.edges).toHaveLength(25);
    expect(page).toMatchObject({ totalCount: 1_000, totalCountExact: false, counted: true });
  });

  it('says "more than 1 000" without counting when the planner expects far more', async () => {
    const page = await list({ filter: { search: 'breedte' } });
    expect(page.edges).toHaveLength(25);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page).toMatchObject({ totalCount: 1_000, totalCountExact: false, counted: false });
  });

  it("counts exactly up to 1 000, on every page; a rare search's first page in one read", async () => {
    // "Telbreed 10", 100-109 and 1000-1030.
    const first = await list({ filter: { search: 'telbreed 10' } });
    expect(first.edges).toHaveLength(25);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first).toMatchObject({ totalCount: 42, totalCountExact: true, counted: false });
    const second = await list({ filter: { search: 'telbreed 10' }, after: first.pageInfo.endCursor });
    expect(second.edges).toHaveLength(17);
    expect(second).toMatchObject({ totalCount: 42, totalCountExact: true, counted: true });
  });

  it('takes the count from a first page that holds every match, without counting', async () => {
    const page = await list({ filter: { search: 'telbreed 102' } });
    expect(page.edges.map((edge) => edge.node.name).sort()).toEqual([
      'Telbreed 102',
      ...Array.from({ length: 10 }, (_, i) => `Telbreed 102${i}`),
    ]);
    expect(page).toMatchObject({ totalCount: 11, totalCountExact: true, counted: false });
    const none = await list({ filter: { search: 'telbreed 9999' } });
    expect(none).toMatchObject({ totalCount: 0, totalCountExact: true, counted: false });
  });
});
