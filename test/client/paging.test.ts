import { gql, InMemoryCache } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { mergePage, pagedListPolicies, type PagedList } from '../../client/src/lib/paging.js';

interface Item {
  cursor: string;
  node: { id: number };
}

interface ItemPage extends PagedList {
  edges: Item[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
  totalCount: number;
}

const edge = (id: number): Item => ({ cursor: `c${id}`, node: { id } });

/** Items `ids` as one page of a list of `total`; more follow unless the last id is the total. */
const page = (ids: number[], total = 6): ItemPage => ({
  edges: ids.map(edge),
  pageInfo: { endCursor: ids.length > 0 ? `c${ids[ids.length - 1]}` : null, hasNextPage: ids[ids.length - 1] < total },
  totalCount: total,
});

const idsOf = (list: ItemPage) => list.edges.map((item) => item.node.id);

describe('merging the pages of a paged list', () => {
  it('puts the next page after the items shown, in order, and takes its end and count', () => {
    const first = page([1, 2, 3]);
    const merged = mergePage(first, page([4, 5, 6]), 'c3');
    expect(idsOf(merged)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(merged.pageInfo).toEqual({ endCursor: 'c6', hasNextPage: false });
    expect(merged.totalCount).toBe(6);
  });

  it('adds nothing twice when the same page arrives again', () => {
    const once = mergePage(page([1, 2, 3]), page([4, 5]), 'c3');
    const twice = mergePage(once, page([4, 5]), 'c3');
    expect(idsOf(twice)).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves out items already shown when a page overlaps them (a newer item pushed the rest down)', () => {
    const merged = mergePage(page([1, 2, 3]), page([3, 4, 5]), 'c2');
    expect(idsOf(merged)).toEqual([1, 2, 3, 4, 5]);
  });

  it('replaces the pages shown with a page loaded from the start (a refetch)', () => {
    const shown = mergePage(page([1, 2, 3]), page([4, 5, 6]), 'c3');
    const refetched = page([7, 1, 2], 7);
    expect(mergePage(shown, refetched, null)).toBe(refetched);
    expect(mergePage(shown, refetched, undefined)).toBe(refetched);
  });

  it('keeps where the list starts when later pages arrive', () => {
    const first = { edges: [edge(1)], pageInfo: { startCursor: 'c1', endCursor: 'c1', hasNextPage: true } };
    const next = { edges: [edge(2)], pageInfo: { startCursor: 'c2', endCursor: 'c2', hasNextPage: false } };
    expect(mergePage(first, next, 'c1').pageInfo).toEqual({ startCursor: 'c1', endCursor: 'c2', hasNextPage: false });
  });
});

describe('the cache policy of paged lists', () => {
  const HISTORY = gql`
    query History($orderId: Int!, $first: Int, $after: String) {
      orderHistory(orderId: $orderId, first: $first, after: $after) {
        totalCount
        edges {
          cursor
          node {
            id
          }
        }
        pageInfo {
          endCursor
          hasNextPage
        }
      }
    }
  `;

  const historyPage = (ids: number[], hasNextPage: boolean) => ({
    orderHistory: {
      __typename: 'OrderEventConnection',
      totalCount: 3,
      edges: ids.map((id) => ({
        __typename: 'OrderEventEdge',
        cursor: `c${id}`,
        node: { __typename: 'OrderEvent', id },
      })),
      pageInfo: { __typename: 'PageInfo', endCursor: `c${ids[ids.length - 1]}`, hasNextPage },
    },
  });

  const readIds = (cache: InMemoryCache, orderId: number) => {
    const result = cache.readQuery<ReturnType<typeof historyPage>>({
      query: HISTORY,
      variables: { orderId, first: 2 },
    });
    return result?.orderHistory.edges.map((item) => item.node.id);
  };

  it('merges the pages of one order and keeps the histories of two orders apart', () => {
    const cache = new InMemoryCache({ typePolicies: pagedListPolicies });
    cache.writeQuery({ query: HISTORY, variables: { orderId: 1, first: 2 }, data: historyPage([11, 12], true) });
    cache.writeQuery({ query: HISTORY, variables: { orderId: 2, first: 2 }, data: historyPage([21, 22], true) });
    cache.writeQuery({
      query: HISTORY,
      variables: { orderId: 1, first: 2, after: 'c12' },
      data: historyPage([13], false),
    });

    expect(readIds(cache, 1)).toEqual([11, 12, 13]);
    expect(readIds(cache, 2)).toEqual([21, 22]);
  });
});
