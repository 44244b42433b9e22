import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChangeListener } from '../common/events/change-listener.js';
import { announceChange } from '../common/events/change-notices.js';
import { OrderEventKind } from './order-event-kind.js';

/**
 * The announcement that orders changed, made by the audit trail itself: whatever records order
 * events announces them, so every change to an order reaches the subscribers without each service
 * having to remember it. Delivered after commit to every instance (see change-notices.ts).
 */
const ORDERS_CHANGED_TOPIC = 'orders.changed';

export interface OrdersChanged {
  kind: OrderEventKind;
  /** The orders changed; empty for a bulk change, whose orders are those with events of `importJobId`. */
  orderIds: readonly number[];
  /** Set for a CSV import: its order events (order_events.import_job_id) tell which orders it changed. */
  importJobId: string | null;
}

/** A change as an instance hears it. */
export interface HeardOrdersChange extends OrdersChanged {
  /**
   * Made by this process (or by one that does not say: an instance of an earlier release during a rolling
   * upgrade). Work that one instance does for every change is done by the one that made it; the others only hear.
   */
  madeHere: boolean;
}

/** This process, as the notices it announces name it (never personal: a random id of the process's life). */
const THIS_PROCESS = randomUUID();

/** Inside the transaction of the change (recordOrderEvents and the import's bulk events call it). */
export async function announceOrdersChanged(em: EntityManager, change: OrdersChanged): Promise<void> {
  await announceChange(em, {
    topic: ORDERS_CHANGED_TOPIC,
    ids: change.orderIds,
    detail: { kind: change.kind, importJobId: change.importJobId, madeBy: THIS_PROCESS },
  });
}

const KINDS = new Set<string>(Object.values(OrderEventKind));

/** Calls `handler` for every committed change to orders, on this instance; returns the unsubscribe. */
export function onOrdersChanged(listener: ChangeListener, handler: (change: HeardOrdersChange) => void): () => void {
  return listener.subscribe(ORDERS_CHANGED_TOPIC, (notice) => {
    const { kind, importJobId, madeBy } = notice.detail;
    if (typeof kind !== 'string' || !KINDS.has(kind)) return;
    handler({
      kind: kind as OrderEventKind,
      orderIds: notice.ids,
      importJobId: typeof importJobId === 'string' ? importJobId : null,
      madeHere: typeof madeBy !== 'string' || madeBy === THIS_PROCESS,
    });
  });
}
