import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Formula, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OrderEventActorType, OrderEventKind } from './order-event-kind.js';
import { OrderEventActor, OrderFieldChange } from './order-event.types.js';
import { ORDER_VALUE_FIELDS, type OrderValue, type OrderValues } from './order-values.js';
import { OFFICE } from '../common/auth/role.js';

const KNOWN_FIELDS = new Map<string, number>(ORDER_VALUE_FIELDS.map((field, index) => [field, index]));

const asText = (value: OrderValue | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

/**
 * One change to one order: the audit trail. Written in the transaction of the change it records
 * (`recordOrderEvents`, or in bulk by the CSV import), never changed afterwards. Names are copied,
 * so the history still reads right after an admin or technician is removed.
 */
@ObjectType({ description: 'One change to an order: when, what, who, and the values before and after.' })
@Entity({ tableName: 'order_events' })
@Index({ name: 'order_events_order_id_idx', properties: ['order', 'id'] })
@RequireRoleForAll(...OFFICE)
export class OrderEvent {
  [OptionalProps]?:
    | 'actorAdminId'
    | 'actorTechnicianId'
    | 'actorName'
    | 'actingAdminName'
    | 'importJobId'
    | 'importFileName'
    | 'actor'
    | 'changes';

  @Field(() => Int, { description: 'Database id; later events have higher ids.' })
  @PrimaryKey()
  id!: number;

  /**
   * The order's id. The trail refers to orders and import jobs by id, not by class, so that every
   * domain that changes orders can record here; the table's foreign key removes the events with the order.
   */
  @Property({ fieldName: 'order_id' })
  order!: number;

  @Field({ name: 'at', description: 'When it happened (server clock).' })
  @Property({ type: 'datetime' })
  occurredAt!: Date;

  @Field(() => OrderEventKind, { description: 'What happened.' })
  // No check constraint: the kinds grow with features, and only the server writes the trail.
  @Property({ type: 'string', columnType: 'varchar(32)' })
  kind!: OrderEventKind;

  @Enum({ items: () => OrderEventActorType, columnType: 'varchar(16)' })
  actorType!: OrderEventActorType;

  /**
   * The admin; for a technician the admin acting as that technician; for an import the admin who ran it.
   * Ids as they were, without foreign keys: removing an account never rewrites the trail.
   */
  @Property({ type: 'integer', nullable: true })
  actorAdminId: number | null = null;

  @Property({ type: 'integer', nullable: true })
  actorTechnicianId: number | null = null;

  /** The admin's or technician's name as it was. */
  @Property({ length: 201, nullable: true })
  actorName: string | null = null;

  /** The name of the admin acting as the technician, as it was. */
  @Property({ length: 201, nullable: true })
  actingAdminName: string | null = null;

  /** The import that wrote the change (import jobs are never removed; no foreign key, as above). */
  @Property({ type: 'uuid', nullable: true })
  importJobId: string | null = null;

  /** The file of that import, read with the event. */
  @Formula<OrderEvent>((columns) => `(select j.file_name from import_jobs j where j.id = ${columns.importJobId})`)
  importFileName: string | null = null;

  @Property({ type: 'json', nullable: true })
  before: OrderValues | null = null;

  @Property({ type: 'json', nullable: true })
  after: OrderValues | null = null;

  @Field(() => OrderEventActor, { description: 'Who did it.' })
  get actor(): OrderEventActor {
    return {
      type: this.actorType,
      name: this.actorName,
      actingAdmin: this.actingAdminName,
      importFileName: this.importFileName ?? null,
    };
  }

  @Field(() => [OrderFieldChange], {
    description: 'The fields that changed (all fields for a new order), in the order of the order screen.',
  })
  get changes(): OrderFieldChange[] {
    const before = this.before ?? {};
    const after = this.after ?? {};
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(
      (a, b) =>
        (KNOWN_FIELDS.get(a) ?? KNOWN_FIELDS.size) - (KNOWN_FIELDS.get(b) ?? KNOWN_FIELDS.size) || a.localeCompare(b),
    );
    return fields.map((field) => ({ field, before: asText(before[field]), after: asText(after[field]) }));
  }
}
