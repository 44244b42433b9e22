import type { FieldPolicy, TypePolicies } from '@apollo/client';

/**
 * A paged list as the server returns it (`connectionType` in server/common/pagination.ts): edges with their
 * cursors, where the page ends and how many items there are in all. A query selects only what it reads, so
 * everything but the edges may be missing; a list that is paged on with `after` selects `edges { cursor }`.
 */
export interface PagedList {
  readonly edges: readonly PagedEdge[];
  readonly pageInfo?: PagedListEnd;
  readonly totalCount?: number;
}

interface PagedEdge {
  readonly cursor?: string;
}

interface PagedListEnd {
  readonly startCursor?: string | null;
  readonly endCursor?: string | null;
  readonly hasNextPage?: boolean;
}

/**
 * The list after a page arrived. A page asked without `after` is the start of the list (a first load or a
 * refetch): it replaces what was there, so a refetch after a change never shows the old pages beside the new.
 * A page asked `after` a cursor follows the item with that cursor: items shown up to there stay, the page comes
 * next. The same page arriving twice therefore replaces itself, and an item already kept is never added again.
 */
export function mergePage<TList extends PagedList>(
  existing: TList | undefined,
  incoming: TList,
  after: string | null | undefined,
): TList {
  if (existing === undefined || after === null || after === undefined) return incoming;
  const afterIndex = existing.edges.findIndex((edge) => edge.cursor === after);
  const kept = afterIndex < 0 ? existing.edges : existing.edges.slice(0, afterIndex + 1);
  const keptCursors = new Set(kept.map((edge) => edge.cursor));
  const added = incoming.edges.filter((edge) => edge.cursor === undefined || !keptCursors.has(edge.cursor));
  // The list still starts where the first page started; it ends, and counts, as the newest page says.
  const startCursor = existing.pageInfo?.startCursor;
  const pageInfo =
    incoming.pageInfo === undefined || startCursor === undefined
      ? incoming.pageInfo
      : { ...incoming.pageInfo, startCursor };
  return { ...incoming, edges: [...kept, ...added], pageInfo };
}

/**
 * The cache policy of one paged list field. `keyArgs` are the arguments that make it another list (the order,
 * the country and date, the filter): lists that differ in one of them are cached apart, while the pages of one
 * list (`first`, `after`) are merged into it.
 */
export function pagedListPolicy(keyArgs: readonly string[]): FieldPolicy<PagedList> {
  return {
    keyArgs: [...keyArgs],
    merge: (existing, incoming, { args }) => {
      const after: unknown = args?.after;
      return mergePage(existing, incoming, typeof after === 'string' ? after : null);
    },
  };
}

/** Every paged list field of the schema, so that `fetchMore` with `after` adds the page to the list shown. */
export const pagedListPolicies: TypePolicies = {
  Query: {
    fields: {
      orders: pagedListPolicy(['filter', 'sort']),
      orderHistory: pagedListPolicy(['orderId']),
      activeOrdersOnDate: pagedListPolicy(['country', 'date']),
    },
  },
};
