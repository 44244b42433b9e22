import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  DEFAULT_PARAMS,
  readParams,
  withoutFilter,
  writeParams,
  type FilterName,
  type OrdersListParams,
} from '../orders-list-params';

/** Waits until typing pauses, so the list is not fetched for every key. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The list's filters as the URL holds them, and the search as typed (written to the URL once typing pauses). */
export function useListParams() {
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

  return { params, typed, setTyped, update, remove, clear };
}
