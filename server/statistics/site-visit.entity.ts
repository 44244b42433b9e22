import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Order } from '../orders/order.entity.js';

/** One successful consumer lookup: the input of the usage statistics. */
@Entity({ tableName: 'site_visits' })
export class SiteVisit {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Index({ name: 'site_visits_visited_at_idx' })
  @Property({ type: 'datetime' })
  visitedAt!: Date;

  @Index({ name: 'site_visits_order_idx' })
  @ManyToOne(() => Order, { deleteRule: 'cascade' })
  order!: Order;

  @Property({ length: 512 })
  userAgent!: string;

  @Property({ length: 100 })
  browser!: string;

  @Property({ length: 100 })
  os!: string;
}
