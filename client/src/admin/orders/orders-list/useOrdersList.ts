import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { graphql } from '../../../gql';
import type { OrdersListPageQuery as OrdersListPageData } from '../../../gql/graphql';
import { TIME_ZONE } from '../../../i18n/locale';
import { localDateOf } from '../../../../../shared/zoned-time.js';
import {
  canAsk,
  DEFAULT_PARAMS,
  effectiveParams,
  filterOf,
  readParams,
  withoutFilter,
  writeParams,
  type FilterName,
  type OrdersListParams,
} from '../orders-list-params';

/**
 * The rows' fields are written out rather than spread from fragments of the table's parts: each fragment level
 * multiplies the operation's cost (server/common/graphql-cost.ts), and 25 rows with the informed figure would pass
 * the limit.
 */
const OrdersListPageQuery = graphql(`
  query OrdersListPage($filter: OrderFilterInput, $sort: OrderSortInput, $after: String) {
    orders(filter: $filter, sort: $sort, after: $after, first: 25) {
      totalCount
      totalCountExact
      pageInfo {
        endCursor
        hasNextPage
      }
      edges {
        node {
          id
          referenceNumber
          name
          zipcode
          houseNumber
          houseNumberAddition
          city
          country
          appointment
          duration
          technician {
            firstname
            lastname
          }
          special
          externalPartner
          deleted {
            date
          }
          visitStatus {
            stage
          }
          informed {
            lookupCount
            reply {
              answer
              accessNote
            }
          }
        }
      }
    }
  }
`);

const OrdersListFiltersQuery = graphql(`
  query OrdersListFilters {
    serverInfo {
      now
    }
    technicians {
      ...TechnicianSelect_technician
    }
  }
`);

/** One row of the list, as the page query reads it. */
export type OrderRow = OrdersListPageData['orders']['edges'][number]['node'];

/** Waits until typing pauses, so the list is not fetched for every key. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The order list's state: the filters from the URL (a settled search writes itself there), the technicians and
 * today's date for the filters, and the pages asked for them.
 */
export function useOrdersList() {
  const [query, setQuery] = useSearchParams();
  const params = readParams(query);
  const [typed, setTyped] = useState(params.search);
  const settled = useSettled(typed, 300);

  const update = (next: Partial<OrdersListParams>, replace = false) =>
    setQuery(writeParams({ ...params, ...next }), { replace });
  const remove = (name: FilterName) => {
    if (name === 'search') setTyped('');
    setQuery(writeParams(withoutFilter(params, name)));
  };
  const clear = () => {
    setTyped('');
    setQuery(writeParams({ ...DEFAULT_PARAMS, sort: params.sort, direction: params.direction }));
  };

  useEffect(() => {
    if (settled.trim() !== params.search.trim()) update({ search: settled }, true);
    // Only a settled search changes the URL; other changes come from the URL itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const zone = TIME_ZONE[params.country === '' ? 'NL' : params.country];
  const filters = useQuery(OrdersListFiltersQuery).data;
  const today = filters ? localDateOf(new Date(filters.serverInfo.now), zone) : '';
  const asked = effectiveParams(params, today);
  // Never a query the server would refuse or that would read every order, whatever the URL says.
  const tooShort = !canAsk(params);
  const list = useQuery(OrdersListPageQuery, {
    variables: {
      filter: filterOf(asked, zone),
      sort: { field: params.sort, direction: params.direction },
      after: null,
    },
    // "Informed" needs a start date: wait for today's date from the server.
    skip: tooShort || (asked.informed !== '' && asked.from === ''),
    fetchPolicy: 'cache-and-network',
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = async (after: string) => {
    setLoadingMore(true);
    try {
      // The cache adds the page to the list (client/src/lib/paging.ts).
      await list.fetchMore({ variables: { after } });
    } finally {
      setLoadingMore(false);
    }
  };
  const shown = list.data ?? list.previousData;
  return {
    params,
    asked,
    typed,
    setTyped,
    update,
    remove,
    clear,
    technicians: filters?.technicians ?? [],
    tooShort,
    loading: list.loading,
    error: list.error,
    shown: shown?.orders,
    loadingMore,
    loadMore,
  };
}
