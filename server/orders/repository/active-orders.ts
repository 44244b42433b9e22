/**
 * "Not deleted": the one home of the soft-delete condition on orders (docs/rules.md, Orders: a deletion is a soft
 * delete). ORM reads get it as a filter that is on by default, so a new query cannot list a deleted order by
 * forgetting a condition; statements written in SQL get it as a fragment from here. Nothing else writes it.
 *
 * This file imports nothing, so that the entity can declare the filter and the domains that may not import the
 * orders domain (it builds on them) still read the same condition.
 */

/** The name of the filter that hides deleted orders from every `em.find`/`findOne`/`count` of `Order`. */
const ACTIVE_ORDERS = 'activeOrders';

/** The filter the `Order` entity declares: on unless a read turns it off (`INCLUDING_DELETED`). */
export const ACTIVE_ORDERS_FILTER = { name: ACTIVE_ORDERS, cond: { deletedAt: null }, default: true } as const;

/**
 * Find options for a read that must see deleted orders too: the admin's order screens and lists (a deleted order
 * stays visible with its deletion), the order's history and messages, and every check that refuses a change to a
 * deleted order with its own error (ORDER_DELETED) rather than "not found".
 */
export const INCLUDING_DELETED = { filters: { [ACTIVE_ORDERS]: false } } as const;

/**
 * For a relation to an order (a reply, a visit status, a message...): it follows its order whether deleted or not,
 * as it did before the filter existed. Without it MikroORM would join the order to apply the filter and drop the
 * rows of deleted orders from reads of those tables.
 */
export const ORDER_RELATION_FILTERS = { [ACTIVE_ORDERS]: false } as const;

/** What tells a deleted order: the one field whose being set is the deletion. */
export interface OrderDeletionState {
  readonly deletedAt: Date | null;
}

/**
 * Whether the order was deleted: for a rule of another domain that answers a deleted order otherwise (a personal
 * link revoked, a cancellation to send, a message not to send again), so that the condition is written here only.
 */
export const isDeleted = (order: OrderDeletionState): boolean => order.deletedAt !== null;

/** SQL: the order aliased `alias` is active (not deleted). */
export const activeOrderSql = (alias: string): string => `${alias}.deleted_at is null`;

/** SQL: the order aliased `alias` was deleted. */
export const deletedOrderSql = (alias: string): string => `${alias}.deleted_at is not null`;
