import type { EntityClass, EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { RequireRoleForAll } from './auth/require-role.js';
import { OFFICE_ROLES, Role } from './auth/role.js';
import { AppError } from './errors/app-error.js';
import { CommonError } from './errors/common.errors.js';
import { textProblemOf } from './errors/input-text.plugin.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const ANY_ROLE: [Role, ...Role[]] = [Role.CONSUMER, Role.TECHNICIAN, ...OFFICE_ROLES];

@ObjectType({ description: 'Where a page of a list starts and ends, and whether more follows.' })
@RequireRoleForAll(...ANY_ROLE)
export class PageInfo {
  @Field(() => String, { nullable: true, description: 'Cursor of the first item of this page.' })
  startCursor!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Cursor of the last item; pass it as `after` for the next page.',
  })
  endCursor!: string | null;

  @Field({ description: 'True when items follow this page.' })
  hasNextPage!: boolean;
}

@ArgsType()
export class PageArgs {
  @Field(() => Int, {
    nullable: true,
    description: `How many items (1-${MAX_PAGE_SIZE}); ${DEFAULT_PAGE_SIZE} when omitted.`,
  })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The `endCursor` of the previous page.' })
  after?: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
  totalCount: number;
  /** False when counting stopped at a limit: `totalCount` is then that limit, and more match. */
  totalCountExact: boolean;
}

/**
 * The GraphQL types of a paginated list of `nodeType`: `<Name>Connection` with `edges`, `pageInfo`
 * and `totalCount`, and `<Name>Edge` with `cursor` and `node`. Guarded like the nodes themselves.
 */
export function connectionType<T extends object>(
  nodeType: ClassType<T>,
  roles: [Role, ...Role[]],
): ClassType<Connection<T>> {
  const name = nodeType.name;

  @ObjectType(`${name}Edge`, { description: `One ${name} in a list, with its cursor.` })
  @RequireRoleForAll(...roles)
  class EdgeType {
    @Field(() => String, { description: 'Opaque position of this item; pass it as `after` to continue after it.' })
    cursor!: string;

    @Field(() => nodeType, { description: `The ${name}.` })
    node!: T;
  }

  @ObjectType(`${name}Connection`, { description: `A page of ${name} items in a stable order.` })
  @RequireRoleForAll(...roles)
  class ConnectionType {
    @Field(() => [EdgeType], { description: 'The items of this page, in order.' })
    edges!: Edge<T>[];

    @Field(() => PageInfo, { description: 'Where this page ends and whether more follows.' })
    pageInfo!: PageInfo;

    @Field(() => Int, { description: 'How many items match the filter, over all pages.' })
    totalCount!: number;

    @Field({
      description:
        'False when a very large list was counted only up to a limit: `totalCount` is then that limit, and more match.',
    })
    totalCountExact!: boolean;
  }

  return ConnectionType;
}

/** One property of the sort order; the last key must be unique (the id) so the order is total. */
export interface SortKey<T> {
  property: keyof T & string;
  kind: 'date' | 'number' | 'string';
  /** Ascending unless given (e.g. newest first). */
  direction?: 'asc' | 'desc';
}

type CursorValue = string | number | Date;

// A 400 over GraphQL too: the request itself is wrong, like input the edge refuses.
const invalidCursor = () => new AppError(CommonError.INVALID_CURSOR, { data: { http: { status: 400 } } });

/** Far beyond any cursor we write (a sort value of at most a few hundred characters and an id). */
const CURSOR_MAX_LENGTH = 1024;
const CURSOR_VALUE_MAX_LENGTH = 512;

export function encodeCursor(values: readonly CursorValue[]): string {
  const plain = values.map((value) => (value instanceof Date ? value.toISOString() : value));
  return Buffer.from(JSON.stringify(plain), 'utf8').toString('base64url');
}

/** Reads a cursor made by `encodeCursor` for these keys; anything else is a clear input error. */
export function decodeCursor<T>(cursor: string, keys: readonly SortKey<T>[]): CursorValue[] {
  if (cursor.length > CURSOR_MAX_LENGTH) throw invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== keys.length) throw invalidCursor();
  return keys.map((key, index) => {
    const value: unknown = parsed[index];
    if (key.kind === 'number') {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidCursor();
      return value;
    }
    // A decoded cursor is input like any other: its text must be storable (no NUL, no lone surrogate) and short.
    if (typeof value !== 'string' || value.length > CURSOR_VALUE_MAX_LENGTH || textProblemOf(value)) {
      throw invalidCursor();
    }
    if (key.kind === 'date') {
      const date = new Date(value);
      // Only instants we could have written: the database cannot compare years beyond 9999.
      const year = date.getUTCFullYear();
      if (Number.isNaN(date.getTime()) || date.toISOString() !== value || year < 1 || year > 9999) {
        throw invalidCursor();
      }
      return date;
    }
    return value;
  });
}

export function pageSizeOf(first: number | null | undefined): number {
  const size = first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new AppError(CommonError.BAD_USER_INPUT, { message: 'INVALID_PAGE_SIZE', params: { max: MAX_PAGE_SIZE } });
  }
  return size;
}

/** `(k1, k2, ...) > (v1, v2, ...)` as a filter (`<` for descending keys): the rows strictly after the cursor in the sort order. */
function afterFilter<T>(keys: readonly SortKey<T>[], values: readonly CursorValue[]): Record<string, unknown> {
  return {
    $or: keys.map((key, index) => {
      const condition: Record<string, unknown> = {};
      keys.slice(0, index).forEach((earlier, earlierIndex) => (condition[earlier.property] = values[earlierIndex]));
      condition[key.property] = key.direction === 'desc' ? { $lt: values[index] } : { $gt: values[index] };
      return condition;
    }),
  };
}

/**
 * One page of `entity` rows matching `where`, in `keys` order, with keyset (cursor)
 * pagination: a page continues strictly after the previous page's last row, so rows added or removed
 * meanwhile never make a later page repeat or skip a row that was there all along.
 */
export async function findPage<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  where: FilterQuery<T>,
  page: PageArgs,
  keys: readonly SortKey<T>[],
  options: { populate?: readonly string[] } = {},
): Promise<Connection<T>> {
  const size = pageSizeOf(page.first);
  const after = page.after ? decodeCursor(page.after, keys) : undefined;
  // MikroORM's filter types cannot follow a generic entity; the filters are built from T's own keys.
  const pageWhere = (after ? { $and: [where, afterFilter(keys, after)] } : where) as FilterQuery<NoInfer<T>>;
  const orderBy = Object.fromEntries(keys.map((key) => [key.property, key.direction ?? 'asc']));
  const rows = await em.find<T>(entity, pageWhere, {
    orderBy: orderBy as never,
    limit: size + 1,
    populate: (options.populate ?? []) as never,
  });
  const totalCount = await em.count<T>(entity, where as FilterQuery<NoInfer<T>>);
  const nodes = rows.slice(0, size);
  const edges = nodes.map((node) => ({
    node,
    cursor: encodeCursor(keys.map((key) => node[key.property] as CursorValue)),
  }));
  return {
    edges,
    totalCount,
    totalCountExact: true,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasNextPage: rows.length > size,
    },
  };
}
