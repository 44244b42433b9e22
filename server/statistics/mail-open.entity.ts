import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Order, ORDER_RELATION_FILTERS } from '../orders/index.js';

/** A consumer mail was opened (tracking pixel); feeds averageMailRead. */
@Entity({ tableName: 'mail_opens' })
export class MailOpen {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Index({ name: 'mail_opens_opened_at_idx' })
  @Property({ type: 'datetime' })
  openedAt!: Date;

  @Index({ name: 'mail_opens_order_idx' })
  @ManyToOne(() => Order, { filters: ORDER_RELATION_FILTERS, deleteRule: 'cascade' })
  order!: Order;
}
