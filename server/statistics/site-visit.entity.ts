import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Order, ORDER_RELATION_FILTERS } from '../orders/index.js';

/** One successful consumer lookup: the input of the usage statistics. */
@Entity({ tableName: 'site_visits' })
// Covers the statistics of a period with an index-only scan (migration 20261121080000).
@Index({ name: 'site_visits_statistics_idx', properties: ['visitedAt'], include: ['order', 'browser', 'os'] })
export class SiteVisit {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'datetime' })
  visitedAt!: Date;

  @Index({ name: 'site_visits_order_idx' })
  @ManyToOne(() => Order, { filters: ORDER_RELATION_FILTERS, deleteRule: 'cascade' })
  order!: Order;

  @Property({ length: 512 })
  userAgent!: string;

  @Property({ length: 100 })
  browser!: string;

  @Property({ length: 100 })
  os!: string;
}
