import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { TIME_ZONE } from '../../../i18n/locale';
import { localDateOf } from '../../../../../shared/zoned-time.js';
import { canAsk, effectiveParams, filterOf } from '../orders-list-params';
import { OrdersListFiltersQuery, OrdersListPageQuery } from './orders-list-queries';
import { useListParams } from './useListParams';

/**
 * The order list's state: the filters from the URL (useListParams), the technicians and today's date for the
 * filters, and the pages asked for them.
 */
export function useOrdersList() {
  const { params, typed, setTyped, update, remove, clear } = useListParams();

  const zone = TIME_ZONE[params.country === '' ? 'NL' : params.country];
  const filters = useQuery(OrdersListFiltersQuery).data;
  const today = filters ? localDateOf(new Date(filters.serverInfo.now), zone) : '';
  const asked = effectiveParams(params, today);
  // Never a query the server would refuse or that would read every order, whatever the URL says.
  const tooShort = !canAsk(params);
  // What the rows are read with, and what "Exporteer deze selectie" exports: one filter for both.
  const filter = filterOf(asked, zone);
  const list = useQuery(OrdersListPageQuery, {
    variables: {
      filter,
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
    filter,
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
